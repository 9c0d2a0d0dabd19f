import { z } from "zod";
import type { AiCheckResult, AiCheckStep } from "../../app/modules/ai/connection-check";

/**
 * The AI endpoint the desktop app uses, chosen in its AI Settings window and kept in the data
 * folder. The key is encrypted with the OS keychain when Electron's safeStorage offers it; it is
 * handed to the server's process in memory (never its environment) and never sent to a renderer.
 */

const aiProviderSchema = z.enum(["builtin", "openai"]);

export const storedAiSettingsSchema = z.object({
  provider: aiProviderSchema,
  baseUrl: z.string().optional(),
  model: z.string().optional(),
  apiKey: z.object({ encrypted: z.boolean(), value: z.string() }).optional(),
});
export type StoredAiSettings = z.infer<typeof storedAiSettingsSchema>;

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const aiSettingsFormSchema = z.object({
  provider: aiProviderSchema,
  baseUrl: z
    .string()
    .trim()
    .max(2000, "The endpoint address is too long")
    .refine((value) => value === "" || isHttpUrl(value), "Enter a full address starting with http:// or https://"),
  model: z.string().trim().max(200, "The model name is too long"),
  apiKey: z.string().trim().max(2000, "The API key is too long"),
  forgetKey: z.boolean().default(false),
});
export type AiSettingsForm = z.input<typeof aiSettingsFormSchema>;

/** What the settings window may see: never the key itself. */
export interface AiSettingsView {
  provider: "builtin" | "openai";
  baseUrl: string;
  model: string;
  hasKey: boolean;
  keyProtected: boolean;
  /** A key was saved but could not be decrypted on this computer: it must be entered again. */
  keyUnreadable: boolean;
}

export interface KeyVault {
  seal(key: string): { encrypted: boolean; value: string };
  open(stored: { encrypted: boolean; value: string }): string;
}

/** `keyringProtects`: the keychain encrypts with a secret of its own (not Linux's basic_text). */
export function aiSettingsView(
  stored: StoredAiSettings | undefined,
  keyringProtects: boolean,
  keyUnreadable = false,
): AiSettingsView {
  return {
    provider: stored?.provider ?? "builtin",
    baseUrl: stored?.baseUrl ?? "",
    model: stored?.model ?? "",
    hasKey: Boolean(stored?.apiKey),
    keyProtected: keyringProtects && (stored?.apiKey ? stored.apiKey.encrypted : true),
    keyUnreadable: keyUnreadable && !stored?.apiKey,
  };
}

export class AiSettingsError extends Error {}

/** Validates the window's form and merges it with what is stored (an empty key keeps the saved one). */
export function mergeAiSettings(
  current: StoredAiSettings | undefined,
  input: unknown,
  vault: KeyVault,
): StoredAiSettings {
  const parsed = aiSettingsFormSchema.safeParse(input);
  if (!parsed.success) {
    throw new AiSettingsError(parsed.error.issues[0]?.message ?? "These settings are not valid");
  }
  const form = parsed.data;
  const apiKey = form.apiKey ? vault.seal(form.apiKey) : form.forgetKey ? undefined : current?.apiKey;
  if (form.provider === "openai" && !apiKey) {
    throw new AiSettingsError("Enter the API key for this endpoint (local servers such as Ollama accept any text)");
  }
  return {
    provider: form.provider,
    ...(form.baseUrl ? { baseUrl: form.baseUrl } : {}),
    ...(form.model ? { model: form.model } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}

/** The endpoint a stored choice means: what the server uses once it is saved, and what "Test connection" tries. */
export interface AiEndpoint {
  provider: "builtin" | "openai";
  baseUrl?: string;
  apiKey?: string;
  model?: string;
}

export function aiEndpoint(stored: StoredAiSettings, vault: KeyVault): AiEndpoint {
  if (stored.provider === "builtin" || !stored.apiKey) return { provider: "builtin" };
  return {
    provider: "openai",
    apiKey: vault.open(stored.apiKey),
    ...(stored.baseUrl ? { baseUrl: stored.baseUrl } : {}),
    ...(stored.model ? { model: stored.model } : {}),
  };
}

/** The server's connection check, as the main process receives it (types only: erased when built). */
export type { AiCheckResult, AiCheckStep };

/** What the settings window shows: each step with its label. */
export type AiCheckView = Omit<AiCheckResult, "steps"> & { steps: Array<AiCheckStep & { label: string }> };

/**
 * The stored choice as the server's config reads it (AI_PROVIDER, OPENAI_*), handed over in
 * memory. With no stored choice there is nothing to hand over, so a developer's own environment
 * variables still work; with one, every AI variable is set or hidden.
 */
export function aiConfigOverrides(
  stored: StoredAiSettings | undefined,
  vault: KeyVault,
): Record<string, string | undefined> {
  if (!stored) return {};
  const endpoint = aiEndpoint(stored, vault);
  return {
    AI_PROVIDER: endpoint.provider,
    OPENAI_API_KEY: endpoint.apiKey,
    OPENAI_BASE_URL: endpoint.baseUrl,
    OPENAI_MODEL: endpoint.model,
  };
}

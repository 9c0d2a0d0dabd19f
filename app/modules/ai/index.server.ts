import { getConfig } from "~/config.server";
import { builtinProvider } from "./builtin/provider.server";
import { openAiProvider } from "./openai/provider.server";
import type { AiProvider } from "./provider";
import { getAiSettings } from "./settings.server";

/**
 * The provider in use: the built-in one unless an OpenAI-compatible key is configured
 * (AI_PROVIDER forces either).
 */
export function getAiProvider(): AiProvider {
  const config = getConfig();
  const choice = config.AI_PROVIDER ?? (config.OPENAI_API_KEY ? "openai" : "builtin");
  return choice === "openai" ? openAiProvider(getAiSettings().model) : builtinProvider;
}

export type { AiProvider } from "./provider";

/** What the AI connection check reports (shared by the server, the Admin Console and the CLI). */

export type AiCheckStepName =
  /** The built-in offline writer is in use. */
  | "builtin"
  /** It wrote a tiny summary offline. */
  | "generation"
  /** Something answers at the endpoint's address, as an OpenAI-compatible API. */
  | "reachable"
  /** The API key was accepted (or none was needed). */
  | "key"
  /** The configured model exists there. */
  | "model"
  /** A tiny JSON-schema (structured output) request came back as JSON matching the schema. */
  | "structured"
  /** JSON schema refused: plain JSON mode, or the schema in the prompt, as the app then asks. */
  | "fallback";

export interface AiCheckStep {
  name: AiCheckStepName;
  ok: boolean;
  detail: string;
  /** Time spent on the request that decided this step. */
  ms: number;
}

export interface AiCheckResult {
  /** True when the app can generate with this configuration. */
  ok: boolean;
  /** One sentence saying so. */
  summary: string;
  provider: "builtin" | "openai";
  /** The endpoint tested (null for the built-in provider). */
  baseUrl: string | null;
  model: string;
  steps: AiCheckStep[];
  totalMs: number;
  /** How to fix the first failure. */
  advice?: string;
}

export const aiCheckStepLabels: Record<AiCheckStepName, string> = {
  builtin: "Built-in writer",
  generation: "Offline generation",
  reachable: "Server reachable",
  key: "API key",
  model: "Model",
  structured: "Structured output",
  fallback: "Fallback JSON mode",
};

/** The Admin Console's form intent for "Test connection". */
export const AI_CHECK_INTENT = "ai-check";

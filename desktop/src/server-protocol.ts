import type { AiCheckResult, AiEndpoint } from "./ai-settings";

/**
 * The messages between the main process and the server's utility process (server-host.ts). The
 * AI key travels in a "start" message, in memory: it is never put in an environment that child
 * processes would inherit.
 */

export interface ServerStartOptions {
  port: number;
  host: string;
  databasePath: string;
  migrationsFolder: string;
  publicDir: string;
  quiet: boolean;
  /** Read by the server's config as environment variables (AI_PROVIDER, OPENAI_API_KEY...). */
  configOverrides: Record<string, string | undefined>;
}

export type HostRequest =
  | { type: "start"; options: ServerStartOptions }
  | { type: "stop" }
  | { type: "has-admin" }
  | { type: "check-ai"; endpoint: AiEndpoint }
  | { type: "exit" };

export interface StartedServer {
  url: string;
  port: number;
  host: string;
}

export interface AiCheckAnswer {
  check: AiCheckResult;
  labels: Record<string, string>;
}

export type HostReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { message: string; code?: string } };

/** The message, followed by its causes (drizzle wraps SQLite's own words in `cause`). */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause === undefined ? error.message : `${error.message.trim()}\n${messageOf(error.cause)}`;
}

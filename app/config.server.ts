import os from "node:os";
import { z } from "zod";
import { parseHost } from "~/utils/host";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATABASE_PATH: z.string().min(1).default("data/sagacity.db"),
  // Where backups (npm run backup, before a migration or a restore) go. Unset: backups/ beside the
  // database. A LiteFS mount holds database files only, so a replicated install sets it.
  BACKUP_DIR: z.string().min(1).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: booleanFlag,
  // Signs the session and toast cookies; comma-separated to rotate (the first signs, all verify).
  // Unset: one is made at the first start and kept in the database (app_settings).
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((secret) => secret.trim())
        .filter(Boolean),
    ),
  // How many reverse proxies stand in front of the server: `true` is one, a number is that many.
  TRUST_PROXY: z
    .union([z.enum(["true", "false", ""]), z.string().regex(/^\d+$/, "true, false or a number of proxies")])
    .optional()
    .transform((value) => (value === "true" ? 1 : value === "false" || !value ? 0 : Number(value))),
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((origin) => origin.trim().replace(/\/$/, ""))
        .filter(Boolean),
    ),
  /** Host names the server answers to besides its own addresses; `*` turns the check off. */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((host) => host === "*" || parseHost(host)), {
      message: "expected comma-separated host names or host:port pairs, or *",
    }),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // Sign-ups per address: a bucket of 40 (a room signing up at once) that refills over an hour.
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(40),
  REGISTER_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  // Sign-ins waiting for a password-hash slot; at ~75 ms a hash and two slots, 128 is ~5 s of work.
  HASH_QUEUE_MAX: z.coerce.number().int().min(0).default(128),
  SIGNUP_MODE: z
    .enum(["open", "invite", "closed", ""])
    .optional()
    .transform((value) => value || undefined),
  AI_PROVIDER: z.enum(["builtin", "openai"]).optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60000),
  /** The connection check's limit per request (npm run ai:check, "Test connection"). */
  AI_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  ALLOW_PRIVATE_URLS: booleanFlag,
  CONTENT_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  YOUTUBE_BASE_URL: z.string().url().optional(),
  LOG_REQUESTS: booleanFlag,
  // The address people open the app at: every link made for someone else starts with it (reset
  // mails, reset and invite links, npm run admin -- reset-link). Unset: the host the Host check
  // accepted for the request. An origin only (the app is served from the root); its host is answered.
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const origin = originOnly(value);
      if (!origin) {
        context.addIssue({ code: "custom", message: "expected an http(s) origin such as https://study.example.org" });
        return z.NEVER;
      }
      return origin;
    }),
  // Mail for "Forgot password?" (needs PUBLIC_URL); without it the page tells people to ask an admin.
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  // Book look-ups ask Open Library's search API; a mirror (or a test's fake) can stand in.
  OPEN_LIBRARY_URL: z.string().url().default("https://openlibrary.org"),
  BOOK_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  // The largest export zip an import accepts (bytes), and what its data.json may inflate to: the
  // largest real export (5,000 library items and 1,000 lesson plans) with room to spare (ADR 0016).
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  IMPORT_MAX_JSON_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024 * 1024),
  // Imports and exports one account may start in an hour (counted across processes).
  IMPORTS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  EXPORTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // An import's reading and checking, or an export's building, in a worker (the largest real
  // export takes about 5 s on a busy 2-core machine).
  IMPORT_EXPORT_TIMEOUT_MS: z.coerce.number().int().min(1).default(120_000),
  // Library content items, and studies, one account may store.
  MAX_ITEMS_PER_USER: z.coerce.number().int().min(1).default(5000),
  // `npm start` serves from this many processes sharing the port and the database; 1 is a single
  // process with no primary (the desktop app and the tests' in-process servers are always one).
  WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(256)
    .default(() => os.availableParallelism()),
  // CPU-heavy work (page extraction, the built-in AI) runs in a pool of worker threads per process.
  // Unset: the cores shared out between the processes serving (see workerThreadsPerProcess).
  WORKER_THREADS: z.coerce.number().int().min(1).optional(),
  // A realistic 4 MB page takes about 2 s to extract here; 20 s leaves room for a slow machine.
  WORKER_TASK_TIMEOUT_MS: z.coerce.number().int().min(1).default(20000),
  WORKER_QUEUE_MAX: z.coerce.number().int().min(0).default(64),
  // Set by the desktop app while it shares on the local network: open sign-up is invite-only then.
  SHARED_ON_LAN: booleanFlag,
  // A worker's heap (V8's old generation, MB): past it the worker is replaced and the task refused.
  WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(768),
});

/** Settings that only make sense together. */
const checkedConfigSchema = configSchema.refine((config) => !config.SMTP_HOST || config.PUBLIC_URL, {
  // A mailed link must not be built from what a request says its host is.
  path: ["PUBLIC_URL"],
  message: "required when SMTP_HOST is set: reset mails link to it (e.g. PUBLIC_URL=https://study.example.org)",
});

/** `scheme://host[:port]` of an http(s) URL without a path, query or credentials; null otherwise. */
function originOnly(value: string) {
  try {
    const url = new URL(value);
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    return /^https?:$/.test(url.protocol) && bare ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * WORKER_THREADS, or the cores shared out between the processes serving so they do not
 * oversubscribe the machine: floor(cores / processes), at least 1. `processes` is WORKERS in an
 * `npm start` worker and 1 in a single process (WORKERS=1, the desktop app, in-process servers).
 */
export function workerThreadsPerProcess(
  config: Pick<Config, "WORKER_THREADS">,
  processes: number,
  cores = os.availableParallelism(),
) {
  return config.WORKER_THREADS ?? Math.max(1, Math.floor(cores / processes));
}

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;
let overrides: Record<string, string | undefined> = {};

/**
 * Settings handed over in memory (the desktop app's AI key and endpoint), read as if they were in
 * the environment but never put there, so child processes do not inherit them. An undefined value
 * hides the environment's own.
 */
export function setConfigOverrides(values: Record<string, string | undefined>) {
  overrides = { ...values };
  cached = undefined;
}

/** The environment, parsed once; a bad variable stops start-up with a readable list. */
export function getConfig(): Config {
  if (cached) return cached;
  const parsed = checkedConfigSchema.safeParse({ ...process.env, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/** Forget the parsed environment (the server entry calls this after applying its options). */
export function resetConfig() {
  cached = undefined;
}

import type { AiEndpoint } from "./ai-settings";
import type { UtilityProcessApi, UtilityProcessLike } from "./electron-api";
import type { AiCheckAnswer, HostReply, HostRequest, ServerStartOptions, StartedServer } from "./server-protocol";

/** An error the server process sent back, with its code (EADDRINUSE...) kept. */
export class ServerProcessError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface RunningServer extends StartedServer {
  close(): Promise<void>;
}

/** How long a clean exit may take (open requests finish first) before the process is killed. */
const EXIT_GRACE_MS = 15_000;

/**
 * The main process's side of the server's utility process: forks it on first use, sends requests
 * and matches the replies. `onUnexpectedExit` hears of a crash (not of an exit it asked for).
 */
export function createServerProcess({
  utilityProcess,
  hostScript,
  serverEntry,
  env,
  log,
  onUnexpectedExit,
}: {
  utilityProcess: UtilityProcessApi;
  hostScript: string;
  /** build/server/index.js, the same server entry `npm start` runs. */
  serverEntry: string;
  /** The server's environment (its config reads it); the AI key is never in it. */
  env: NodeJS.ProcessEnv;
  /** Where the server's own output goes (the log file in the app). */
  log: Pick<Console, "log" | "error">;
  onUnexpectedExit: (code: number) => void;
}) {
  let child: UtilityProcessLike | undefined;
  let exited: Promise<number> | undefined;
  let exiting = false;
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  function spawn() {
    if (child) return child;
    const forked = utilityProcess.fork(hostScript, [serverEntry], {
      serviceName: "Sagacity Bites server",
      stdio: "pipe",
      env,
    });
    const forward = (stream: NodeJS.ReadableStream | null, write: (line: string) => void) =>
      stream?.on("data", (chunk: Buffer | string) => {
        for (const line of String(chunk).split(/\r?\n/)) if (line.trim()) write(`[server] ${line}`);
      });
    forward(forked.stdout, (line) => log.log(line));
    forward(forked.stderr, (line) => log.error(line));
    child = forked;
    exiting = false;
    forked.on("message", (message) => {
      const reply = message as HostReply;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(new ServerProcessError(reply.error.message, reply.error.code));
    });
    exited = new Promise<number>((resolve) =>
      forked.on("exit", (code) => {
        if (child === forked) child = undefined;
        for (const waiting of pending.values()) waiting.reject(new Error(`The server process ended (exit ${code})`));
        pending.clear();
        if (!exiting) onUnexpectedExit(code);
        resolve(code);
      }),
    );
    return forked;
  }

  function request<T>(message: HostRequest): Promise<T> {
    const target = spawn();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      target.postMessage({ ...message, id });
    });
  }

  return {
    /** Starts the process (and its loading of the server) ahead of the first request. */
    spawn: () => void spawn(),
    async start(options: ServerStartOptions): Promise<RunningServer> {
      const started = await request<StartedServer>({ type: "start", options });
      return { ...started, close: () => request<void>({ type: "stop" }) };
    },
    hasAdminAccount: () => request<boolean>({ type: "has-admin" }),
    checkAiConnection: (endpoint: AiEndpoint) => request<AiCheckAnswer>({ type: "check-ai", endpoint }),
    /** Closes the server (and its database) and ends the process; killed if it does not end in time. */
    async exit() {
      const target = child;
      if (!target || !exited) return;
      exiting = true;
      const done = exited;
      target.postMessage({ type: "exit", id: nextId++ });
      const timer = setTimeout(() => target.kill(), EXIT_GRACE_MS);
      await done;
      clearTimeout(timer);
    },
    get pid() {
      return child?.pid;
    },
  };
}

export type ServerProcess = ReturnType<typeof createServerProcess>;

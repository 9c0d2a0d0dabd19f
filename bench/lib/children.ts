import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

const benchRoot = path.resolve(import.meta.dirname, "..");
export const projectRoot = path.resolve(benchRoot, "..");

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** The server process's CPU time so far (user + system), in milliseconds. */
  cpuMs: () => Promise<number>;
  /** The main thread's CPU time so far (the event loop, without worker threads), where the OS tells it. */
  mainThreadCpuMs: () => Promise<number | undefined>;
  /** Starts a CPU profile in the server; the returned function stops it and writes `file`. */
  profile: () => Promise<(file: string) => Promise<void>>;
  close: () => Promise<void>;
}

/**
 * Starts a server in its own process, so the load generator (this process) and the server under
 * test each get a core of their own, the same way for the floor and for the app. The child sends
 * `{ url }` over IPC once it listens, and answers "cpu" with `{ cpu: process.cpuUsage(), mainThreadMs }`.
 */
export function startChildServer(
  script: string,
  args: string[],
  { env = {}, typescript = false }: { env?: Record<string, string>; typescript?: boolean } = {},
): Promise<ChildServer> {
  const child = fork(path.join(benchRoot, "servers", script), args, {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", ...env },
    execArgv: typescript ? ["--import", "tsx"] : [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${script} exited with code ${code} before listening`));
    child.once("exit", onExit);
    child.once("error", reject);
    child.once("message", (message: { url?: string; error?: string }) => {
      child.off("exit", onExit);
      if (!message.url) {
        reject(new Error(`${script} failed: ${message.error ?? "no url"}`));
        return;
      }
      resolve({
        url: message.url,
        child,
        cpuMs: async () => {
          const reply = await ask<{ cpu?: { user: number; system: number } }>(child, "cpu", (answer) =>
            Boolean(answer.cpu),
          );
          return (reply.cpu!.user + reply.cpu!.system) / 1000;
        },
        mainThreadCpuMs: async () => {
          const reply = await ask<{ cpu?: unknown; mainThreadMs?: number }>(child, "cpu", (answer) =>
            Boolean(answer.cpu),
          );
          return reply.mainThreadMs;
        },
        profile: async () => {
          await ask(child, "profile-start", (answer: { profiling?: boolean }) => Boolean(answer.profiling));
          return async (file: string) => {
            await ask(child, { profileStop: file }, (answer: { profiled?: string }) => answer.profiled === file);
          };
        },
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

function ask<T>(child: ChildProcess, message: unknown, isAnswer: (reply: T) => boolean) {
  return new Promise<T>((resolve) => {
    const onMessage = (reply: T) => {
      if (!isAnswer(reply)) return;
      child.off("message", onMessage);
      resolve(reply);
    };
    child.on("message", onMessage);
    child.send(message as never);
  });
}

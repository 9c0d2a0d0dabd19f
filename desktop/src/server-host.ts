/**
 * The server's own process (bundled to main/server-host.js and started by the main process with
 * Electron's utilityProcess.fork, as Trilium and Actual Budget do): a long request never freezes
 * the window. It answers the main process's requests (server-protocol.ts) over process.parentPort.
 * Its argument is the server entry (build/server/index.js), loaded at once, while the main process
 * backs the database up.
 */
import { pathToFileURL } from "node:url";
import type { AiEndpoint } from "./ai-settings";
import {
  messageOf,
  type AiCheckAnswer,
  type HostReply,
  type HostRequest,
  type ServerStartOptions,
  type StartedServer,
} from "./server-protocol";

interface ServerEntry {
  startServer(options: ServerStartOptions): Promise<StartedServer & { close(): Promise<void> }>;
  hasAdminAccount(): boolean;
  checkAiConnection(options: { endpoint: AiEndpoint }): Promise<AiCheckAnswer["check"]>;
  aiCheckStepLabels: Record<string, string>;
}

interface ParentPort {
  on(event: "message", listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (!parentPort) throw new Error("server-host runs in a utility process (utilityProcess.fork)");

const entryFile = process.argv[2];
if (!entryFile) throw new Error("server-host needs the server entry (build/server/index.js) as its argument");
const loading = import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
// Reported with the first request that needs it, not as an unhandled rejection.
loading.catch(() => {});
let entry: ServerEntry | undefined;
let running: (StartedServer & { close(): Promise<void> }) | undefined;

async function stop() {
  const server = running;
  running = undefined;
  // Closing waits for open requests, then closes SQLite, which checkpoints the WAL into the file.
  if (server) await server.close();
}

async function handle(request: HostRequest): Promise<unknown> {
  switch (request.type) {
    case "start": {
      if (running) throw new Error("The server is already running");
      entry = await loading;
      const server = await entry.startServer(request.options);
      running = server;
      return { url: server.url, port: server.port, host: server.host } satisfies StartedServer;
    }
    case "stop":
      return stop();
    case "has-admin":
      return entry?.hasAdminAccount() ?? false;
    case "check-ai": {
      const server = await loading;
      const check = await server.checkAiConnection({ endpoint: request.endpoint });
      return { check, labels: server.aiCheckStepLabels } satisfies AiCheckAnswer;
    }
    case "exit":
      await stop();
      setImmediate(() => process.exit(0));
      return undefined;
  }
}

parentPort.on("message", ({ data }) => {
  const { id, ...request } = data as HostRequest & { id: number };
  handle(request as HostRequest).then(
    (value) => parentPort.postMessage({ id, ok: true, value } satisfies HostReply),
    (error: unknown) =>
      parentPort.postMessage({
        id,
        ok: false,
        error: { message: messageOf(error), code: (error as NodeJS.ErrnoException | undefined)?.code },
      } satisfies HostReply),
  );
});

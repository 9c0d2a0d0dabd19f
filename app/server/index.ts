import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import * as build from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import sirv from "sirv";
import { getConfig, resetConfig } from "~/config.server";
import {
  closeDatabase,
  migrateDatabase,
  openDatabase,
  seedDatabase,
} from "~/db.server";
import {
  applySecurityHeaders,
  createNonce,
  isCrossSiteRequest,
} from "~/server/security.server";
import { setAdminByEmail } from "~/modules/auth/accounts.server";
import { checkAiConnection } from "~/modules/ai/connection-check.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { closeBibleDb, ensureBibleDatabase } from "~/modules/bible/bible-db.server";
import { warmUpScriptureEngine } from "~/modules/bible/passages.server";
import { startWorkerPool, stopWorkerPool } from "~/modules/jobs/pool.server";
import { readBody, BodyTooLargeError } from "~/server/body.server";
import { clientAddressOf } from "~/server/client-address.server";
import { createHostCheck } from "~/server/host-check.server";
import { createApiHandler, createPageHandler, isApiPath } from "~/server/route-tables.server";

export { ensureBibleDatabase } from "~/modules/bible/bible-db.server";
export { backupDatabase, restoreDatabase } from "~/server/backup.server";
export { getConfig } from "~/config.server";
export { hasAdminAccount } from "~/modules/auth/accounts.server";
export { checkAiConnection } from "~/modules/ai/connection-check.server";
export { aiCheckStepLabels } from "~/modules/ai/connection-check";

/** `npm run admin -- grant|revoke EMAIL`: opens (and migrates) the configured database. */
export async function setAdminFromCommandLine(email: string, isAdmin: boolean) {
  const databasePath = getConfig().DATABASE_PATH;
  const db = openDatabase(databasePath);
  try {
    await migrateDatabase(db, { databasePath });
    setAdminByEmail(email, isAdmin);
  } finally {
    closeDatabase();
  }
}

/**
 * `npm run ai:check`: checks the configured AI endpoint. The database is only read, for the
 * admin's model; before the first start there is none and the default model stands in.
 */
export async function checkAiConnectionFromCommandLine() {
  const databasePath = getConfig().DATABASE_PATH;
  if (!fs.existsSync(databasePath)) return checkAiConnection({ adminModel: defaultAiSettings.model });
  openDatabase(databasePath);
  try {
    return await checkAiConnection();
  } finally {
    closeDatabase();
  }
}

export interface StartServerOptions {
  port?: number;
  /** Interface to listen on; all interfaces when omitted. */
  host?: string;
  databasePath?: string;
  migrationsFolder?: string;
  /** Folder holding the static files (public/); resolved from the build when omitted. */
  publicDir?: string;
  /** Called after migrations, before listening (the desktop app uses it for its own setup). */
  onDatabaseReady?: () => void | Promise<void>;
  quiet?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  host: string;
  server: http.Server;
  close: () => Promise<void>;
}


const projectRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
);

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Opens and migrates the database, then serves the app. Used by `npm start`, the tests and the
 * desktop app, so all three run the same server.
 */
export async function startServer(
  options: StartServerOptions = {},
): Promise<RunningServer> {
  if (options.databasePath) process.env.DATABASE_PATH = options.databasePath;
  resetConfig();
  const config = getConfig();
  const log = options.quiet ? () => {} : console.log;

  const databasePath = config.DATABASE_PATH;
  const db = openDatabase(databasePath);
  try {
    const migration = await migrateDatabase(db, {
      migrationsFolder: options.migrationsFolder,
      databasePath,
    });
    if (migration.applied > 0) {
      log(
        `Applied ${migration.applied} migration(s)` +
          (migration.backupPath ? `; backup at ${migration.backupPath}` : ""),
      );
    }
    seedDatabase(db);
    const bible = ensureBibleDatabase();
    if (bible.builtMs !== undefined) log(`Built the Bible database in ${bible.builtMs} ms (${bible.path})`);
    await options.onDatabaseReady?.();
  } catch (error) {
    // A failed start leaves no open handle, so the caller can restore or retry the file.
    closeDatabase();
    closeBibleDb();
    throw error;
  }

  const publicDir = options.publicDir ?? path.join(projectRoot, "public");
  // Pages and the JSON API are matched against their own route tables (see route-tables.server.ts).
  const pageHandler = createPageHandler(build as unknown as ServerBuild, "production");
  const apiHandler = createApiHandler(build as unknown as ServerBuild, "production");
  const compress = compression();
  const serveFingerprinted = sirv(path.join(publicDir, "build"), {
    maxAge: 31536000,
    immutable: true,
    etag: true,
  });
  const servePublic = sirv(publicDir, {
    maxAge: 3600,
    etag: true,
    setHeaders: (res, pathname) => {
      // A new service worker must be picked up on the next visit.
      if (pathname === "/service-worker.js") res.setHeader("cache-control", "no-cache");
    },
  });

  // Checked before anything else is served, /healthz included (DNS rebinding: see host-check.server.ts).
  // The address is read once listening (port 0 picks one): server.address() is null again while
  // the server closes, and requests still in flight are answered then.
  let listening: AddressInfo | undefined;
  const refuseMisdirected = createHostCheck(config, options.host ?? config.HOST, () => listening!);
  const server = http.createServer((req, res) => {
    if (refuseMisdirected(req, res)) return;
    const url = req.url ?? "/";
    if (isApiPath(url)) {
      // The JSON API: no static files live here, nothing needs a nonce, and compression is
      // decided once the answer's size is known (see sendResponse).
      applySecurityHeaders(res, null, config);
      handleWithRemix(req, res, "", false);
      return;
    }
    const nonce = createNonce();
    applySecurityHeaders(res, nonce, config);
    if (url === "/healthz") {
      res.setHeader("content-type", "application/json");
      res.setHeader("cache-control", "no-store");
      db.$client.prepare("select 1").get();
      res.end(JSON.stringify({ status: "ok" }));
      return;
    }
    compress(req as never, res as never, () => {
      if (url.startsWith("/build/")) {
        req.url = url.slice("/build".length);
        serveFingerprinted(req, res, () => {
          req.url = url;
          handleWithRemix(req, res, nonce, true);
        });
        return;
      }
      servePublic(req, res, () => handleWithRemix(req, res, nonce, true));
    });
  });

  async function handleWithRemix(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    nonce: string,
    compressed: boolean,
  ) {
    const clientAddress = clientAddressOf(req, config.TRUST_PROXY);
    try {
      if (isCrossSiteRequest(req, config)) {
        sendJson(res, 403, { error: "Cross-site request refused" });
        return;
      }
      const request = await toFetchRequest(req, res);
      const context = { clientAddress, cspNonce: nonce };
      const response = await (compressed ? pageHandler : apiHandler)(request, context);
      await sendResponse(req, res, response, compressed ? undefined : compress);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        res.setHeader("connection", "close");
        sendJson(res, 413, { error: "Request body is too large (limit 1 MB)" });
        return;
      }
      console.error(error);
      if (!res.headersSent) {
        sendJson(res, 500, { error: "Something went wrong on our side" });
      } else {
        res.destroy();
      }
    }
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? config.PORT, options.host ?? config.HOST, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    closeDatabase();
    closeBibleDb();
    throw error;
  }

  const address = server.address() as AddressInfo;
  listening = address;
  const displayHost =
    !options.host && !config.HOST ? "localhost" : address.address.includes(":")
      ? `[${address.address}]`
      : address.address;
  const url = `http://${displayHost}:${address.port}`;
  log(`Sagacity Bites is ready at ${url} (database ${databasePath})`);
  // Opening the Bible and building the reference parser takes a few hundred milliseconds: done
  // now, after the port is open, rather than during the first lesson someone asks for.
  setImmediate(warmUpScriptureEngine);
  // The workers load build/worker.js, built beside this bundle from app/modules/jobs/tasks.server.ts.
  startWorkerPool({
    filename: new URL("worker.js", import.meta.url).href,
    threads: config.WORKER_THREADS,
    taskTimeoutMs: config.WORKER_TASK_TIMEOUT_MS,
    queueMax: config.WORKER_QUEUE_MAX,
    log: console.error,
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        closeDatabase();
        closeBibleDb();
        // Every request has ended, so no task is waiting for a worker any more.
        stopWorkerPool().catch(console.error).finally(resolve);
      });
      server.closeIdleConnections();
    });
    return closing;
  };

  return { url, port: address.port, host: address.address, server, close };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
}

async function toFetchRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<Request> {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });

  // Handed to Request as a list: one pass, no intermediate Headers object.
  const headers: [string, string][] = [];
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) headers.push([name, item]);
    } else {
      headers.push([name, value]);
    }
  }

  const method = req.method ?? "GET";
  const init: RequestInit = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = new Uint8Array(await readBody(req));
  }
  return new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), init);
}

const JSON_ERROR_MESSAGES: Record<number, string> = {
  400: "Bad request",
  404: "Not found",
  405: "Method not allowed",
};

/** Below this, compressing costs more than it saves (compression's own default threshold). */
const COMPRESSION_THRESHOLD = 1024;

/** Page pieces are gathered up to this size before they are written. */
const COALESCE_LIMIT = 64 * 1024;

type Middleware = (req: never, res: never, next: () => void) => void;

/**
 * Sends Remix's answer. `compress` is given when compression was not set up before the request
 * reached Remix (the JSON API): a whole small answer then goes out in one write, uncompressed,
 * and larger or streamed answers are compressed as usual.
 */
async function sendResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
  compress?: Middleware,
) {
  // The JSON API always answers JSON, even where Remix itself produced the error (an unknown
  // method on a resource route, for example).
  const contentType = response.headers.get("content-type") ?? "";
  if (
    (req.url ?? "").toLowerCase().startsWith("/api/") &&
    response.status >= 400 &&
    !contentType.includes("json")
  ) {
    const message =
      JSON_ERROR_MESSAGES[response.status] ??
      (response.status >= 500 ? "Something went wrong on our side" : "Request failed");
    sendJson(res, response.status, { error: message });
    return;
  }

  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);

  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  // Streamed answers (AI text as it is generated) are flushed chunk by chunk; pages are not,
  // so compression sees whole blocks.
  const flushEachChunk = /event-stream|ndjson/.test(contentType);
  if (compress && !flushEachChunk) {
    const body = new Uint8Array(await response.arrayBuffer());
    if (body.byteLength < COMPRESSION_THRESHOLD) {
      res.setHeader("content-length", body.byteLength);
      res.end(body);
    } else {
      compress(req as never, res as never, () => res.end(body));
    }
    return;
  }
  if (compress) compress(req as never, res as never, () => {});

  const reader = response.body.getReader();
  // One drain and one close listener for the whole response: compression forwards drain
  // listeners to its own stream and never removes them.
  let wake: (() => void) | undefined;
  const onWake = () => wake?.();
  res.on("drain", onWake);
  res.once("close", onWake);
  // Set while the response's buffer is full; the next read waits for it to drain.
  let blocked: Promise<void> | undefined;
  const write = (chunk: Uint8Array) => {
    if (res.write(chunk) || blocked) return;
    blocked = new Promise<void>((resolve) => {
      wake = () => {
        wake = undefined;
        blocked = undefined;
        resolve();
      };
    });
  };
  // React hands a page over in many small pieces at once: they are gathered while they keep
  // coming and leave in one write when the body pauses (or ends), not one system call each.
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pendingBytes === 0 || res.destroyed) return;
    write(pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  try {
    for (;;) {
      if (blocked) await blocked;
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (flushEachChunk) {
        write(value);
        (res as unknown as { flush?: () => void }).flush?.();
        continue;
      }
      pending.push(value);
      pendingBytes += value.byteLength;
      if (pendingBytes >= COALESCE_LIMIT) {
        flush();
      } else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    }
    flush();
  } finally {
    res.off("close", onWake);
    reader.releaseLock();
  }
  res.end();
}

import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import * as build from "@remix-run/dev/server-build";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
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
import { closeBibleDb, ensureBibleDatabase } from "~/modules/bible/bible-db.server";
import { warmUpScriptureEngine } from "~/modules/bible/passages.server";
import { readBody, BodyTooLargeError } from "~/server/body.server";
import { clientAddressOf } from "~/server/client-address.server";

export { ensureBibleDatabase } from "~/modules/bible/bible-db.server";
export { backupDatabase, restoreDatabase } from "~/server/backup.server";
export { getConfig } from "~/config.server";

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
  const handler = createRequestHandler(build as unknown as ServerBuild, "production");
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

  const server = http.createServer((req, res) => {
    const nonce = createNonce();
    applySecurityHeaders(res, nonce, config);
    compress(req as never, res as never, () => {
      const url = req.url ?? "/";
      if (url === "/healthz") {
        res.setHeader("content-type", "application/json");
        res.setHeader("cache-control", "no-store");
        db.$client.prepare("select 1").get();
        res.end(JSON.stringify({ status: "ok" }));
        return;
      }
      if (url.startsWith("/build/")) {
        req.url = url.slice("/build".length);
        serveFingerprinted(req, res, () => {
          req.url = url;
          handleWithRemix(req, res, nonce);
        });
        return;
      }
      servePublic(req, res, () => handleWithRemix(req, res, nonce));
    });
  });

  async function handleWithRemix(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    nonce: string,
  ) {
    const clientAddress = clientAddressOf(req, config.TRUST_PROXY);
    try {
      if (isCrossSiteRequest(req, config)) {
        sendJson(res, 403, { error: "Cross-site request refused" });
        return;
      }
      const request = await toFetchRequest(req, res);
      const context = { clientAddress, cspNonce: nonce };
      const response = await handler(request, context);
      await sendResponse(res, request, response);
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
  const displayHost =
    !options.host && !config.HOST ? "localhost" : address.address.includes(":")
      ? `[${address.address}]`
      : address.address;
  const url = `http://${displayHost}:${address.port}`;
  log(`Sagacity Bites is ready at ${url} (database ${databasePath})`);
  // Opening the Bible and building the reference parser takes a few hundred milliseconds: done
  // now, after the port is open, rather than during the first lesson someone asks for.
  setImmediate(warmUpScriptureEngine);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      server.close(() => {
        clearTimeout(force);
        closeDatabase();
        closeBibleDb();
        resolve();
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
  const host = req.headers.host ?? "localhost";
  const url = new URL(req.url ?? "/", `http://${host}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) headers.append(name, item);
    } else {
      headers.set(name, value);
    }
  }

  const method = req.method ?? "GET";
  const init: RequestInit = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = new Uint8Array(await readBody(req));
  }
  return new Request(url, init);
}

const JSON_ERROR_MESSAGES: Record<number, string> = {
  400: "Bad request",
  404: "Not found",
  405: "Method not allowed",
};

const MACROTASK = Symbol("macrotask");

/** Resolves after the chunks already queued in a stream have been handed out. */
function nextMacrotask() {
  return new Promise<typeof MACROTASK>((resolve) => setImmediate(() => resolve(MACROTASK)));
}

async function sendResponse(
  res: http.ServerResponse,
  request: Request,
  response: Response,
) {
  // The JSON API always answers JSON, even where Remix itself produced the error (an unknown
  // method on a resource route, for example).
  const pathname = new URL(request.url).pathname.toLowerCase();
  const contentType = response.headers.get("content-type") ?? "";
  if (
    pathname.startsWith("/api/") &&
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

  if (!response.body || request.method === "HEAD") {
    res.end();
    return;
  }
  // Streamed answers (AI text as it is generated) are flushed chunk by chunk; pages are not,
  // so compression sees whole blocks.
  const flushEachChunk = /event-stream|ndjson/.test(contentType);
  const reader = response.body.getReader();
  // One close listener for the whole response; `once("drain")` because compression forwards
  // drain listeners to its own stream and does not forward their removal.
  let wake: (() => void) | undefined;
  const onClose = () => wake?.();
  res.once("close", onClose);
  let next = reader.read();
  try {
    for (;;) {
      const first = await next;
      if (first.done) break;
      // React renders a page as a burst of small chunks. Each chunk written on its own costs gzip
      // a trip through libuv's thread pool, one after another, and under load (password hashes
      // hold that pool) a page then waits on a dozen queued trips. The chunks already waiting are
      // written as one block; a stream that pauses (deferred data, AI text) still flows at once.
      const batch = [first.value];
      if (!flushEachChunk) {
        for (;;) {
          next = reader.read();
          const ready = await Promise.race([next, nextMacrotask()]);
          if (ready === MACROTASK || ready.done) break;
          batch.push(ready.value);
        }
      } else {
        next = reader.read();
      }
      const block = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
      if (!res.write(block)) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          res.once("drain", () => resolve());
        });
        wake = undefined;
      }
      if (flushEachChunk) (res as unknown as { flush?: () => void }).flush?.();
      if (res.destroyed) break;
    }
  } finally {
    res.off("close", onClose);
    // A read still pending when the client went away is rejected by releaseLock: nobody waits for it.
    next.catch(() => {});
    reader.releaseLock();
  }
  res.end();
}

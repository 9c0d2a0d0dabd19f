import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import * as build from "virtual:remix/server-build";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import sirv from "sirv";
import { getConfig, resetConfig, setConfigOverrides, workerThreadsPerProcess, type Config } from "~/config.server";
import { closeDatabase, openDatabase, type Db } from "~/db.server";
import { ensureBibleDatabase } from "~/modules/bible/bible-db-build.server";
import { closeBibleDb } from "~/modules/bible/bible-db.server";
import { warmUpScriptureEngine } from "~/modules/bible/passages.server";
import { buildExportTask } from "~/modules/account/export.server";
import { prepareImportTask } from "~/modules/account/import.server";
import { limitBody, requireFormBodies } from "~/server/body.server";
import { clientAddressOf, trustProxySetting } from "~/server/client-address.server";
import { projectRoot } from "~/paths.server";
import { createHostCheck, listensOnEveryInterface, startupWarnings } from "~/server/host-check.server";
import { startWorkerPool, stopWorkerPool } from "~/server/pool.server";
import { settleBackgroundWork } from "~/modules/jobs/background.server";
import { logRequests } from "~/server/request-log.server";
import { createNonce, isCrossSiteRequest, securityHeaders } from "~/server/security.server";
import { prepareDatabase, REPLICA_NOTICE, startSessionPurge } from "~/server/startup.server";

export interface StartServerOptions {
  port?: number;
  /** Interface to listen on; all interfaces when omitted. */
  host?: string;
  databasePath?: string;
  migrationsFolder?: string;
  /** Folder holding the static files (the client build: public/'s files and the fingerprinted assets). */
  publicDir?: string;
  /** Called after migrations, before listening (the desktop app uses it for its own setup). */
  onDatabaseReady?: () => void | Promise<void>;
  quiet?: boolean;
  /** Settings read as environment variables without being set there (the desktop app's AI key). */
  configOverrides?: Record<string, string | undefined>;
}

export interface RunningServer {
  url: string;
  port: number;
  host: string;
  server: http.Server;
  close: () => Promise<void>;
}

export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Opens and migrates the database, then serves the app. Used by `npm start`, the tests and the
 * desktop app, so all three run the same server.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (options.databasePath) process.env.DATABASE_PATH = options.databasePath;
  setConfigOverrides(options.configOverrides ?? {});
  resetConfig();
  const config = getConfig();
  const log = options.quiet ? () => {} : console.log;
  // Under several processes the primary says it once (cluster.server.ts).
  if (!cluster.isWorker)
    for (const warning of startupWarnings(config, options.host ?? config.HOST)) console.warn(warning);

  const databasePath = config.DATABASE_PATH;
  const db = openDatabase(databasePath);
  try {
    const migration = await prepareDatabase(db, config, {
      migrationsFolder: options.migrationsFolder,
      databasePath,
    });
    if (migration.replica) log(REPLICA_NOTICE);
    if (migration.applied > 0) {
      log(
        `Applied ${migration.applied} migration(s)` +
          (migration.backupPath ? `; backup at ${migration.backupPath}` : ""),
      );
    }
    const bible = ensureBibleDatabase();
    if (bible.builtMs !== undefined) log(`Built the Bible database in ${bible.builtMs} ms (${bible.path})`);
    await options.onDatabaseReady?.();
  } catch (error) {
    // A failed start leaves no open handle, so the caller can restore or retry the file.
    closeDatabase();
    closeBibleDb();
    throw error;
  }

  // The Host check reads the listening address once listening (port 0 picks one):
  // server.address() is null again while the server closes, and requests still in flight are
  // answered then.
  // eslint-disable-next-line prefer-const -- assigned once listening, after the closure below that reads it
  let listening: AddressInfo | undefined;
  const app = createApp({
    config,
    db,
    publicDir: options.publicDir ?? path.join(projectRoot, "build/client"),
    listenHost: options.host ?? config.HOST,
    address: () => listening!,
  });
  const server = http.createServer(app);

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
    !options.host && !config.HOST
      ? "localhost"
      : address.address.includes(":")
        ? `[${address.address}]`
        : address.address;
  const url = `http://${displayHost}:${address.port}`;
  log(
    `Sagacity Bites is ready at ${url} (database ${databasePath}${config.NODE_ENV === "development" ? ", development mode" : ""})`,
  );
  // Opening the Bible and building the reference parser takes a few hundred milliseconds: done
  // now, after the port is open, rather than during the first lesson someone asks for.
  setImmediate(warmUpScriptureEngine);
  // The workers load build/server/worker.js, built beside this bundle from app/server/worker.server.ts.
  startWorkerPool({
    filename: new URL("worker.js", import.meta.url).href,
    threads: workerThreadsPerProcess(config, cluster.isWorker ? config.WORKERS : 1),
    taskTimeoutMs: config.WORKER_TASK_TIMEOUT_MS,
    timeoutMsFor: {
      [prepareImportTask.name]: config.IMPORT_EXPORT_TIMEOUT_MS,
      [buildExportTask.name]: config.IMPORT_EXPORT_TIMEOUT_MS,
    },
    queueMax: config.WORKER_QUEUE_MAX,
    memoryMb: config.WORKER_MEMORY_MB,
    log: console.error,
  });
  const stopSessionPurge = startSessionPurge(console.error);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      stopSessionPurge();
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      server.close(async () => {
        clearTimeout(force);
        // Every request has ended; what one of them started and left running (a devotional Today
        // stopped waiting for) is stored before the database closes, within the same grace.
        const unfinished = await settleBackgroundWork(SHUTDOWN_GRACE_MS);
        if (unfinished > 0) console.error(`Shutting down with ${unfinished} background task(s) unfinished.`);
        closeDatabase();
        closeBibleDb();
        // No task is waiting for a worker any more.
        stopWorkerPool().catch(console.error).finally(resolve);
      });
      server.closeIdleConnections();
    });
    return closing;
  };

  return { url, port: address.port, host: address.address, server, close };
}

/** Whether a request goes to the JSON API (ignoring case, as Remix matches paths). */
function isApiPath(url: string) {
  const end = url.search(/[?#]/);
  const pathname = (end < 0 ? url : url.slice(0, end)).toLowerCase();
  return pathname === "/api" || pathname.startsWith("/api/");
}

const IMPORT_PATHS = new Set(["/api/import", "/settings/import"]);

function isImportPath(url: string) {
  return IMPORT_PATHS.has(url.split("?")[0]!.toLowerCase().replace(/\/+$/, ""));
}

interface AppOptions {
  config: Config;
  db: Db;
  publicDir: string;
  listenHost: string | undefined;
  address: () => AddressInfo;
}

/**
 * The HTTP layer: Express with maintained middleware, and Remix through its Express adapter
 * (docs/adr/0004-web-layer.md). The order matters: the Host check comes before anything is served.
 */
function createApp({ config, db, publicDir, listenHost, address }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  const listensOnNetwork = listensOnEveryInterface(listenHost);
  // Remix reads the URL itself: Express need not parse query strings.
  app.set("query parser", false);
  // The caller's address (req.ip) is read from X-Forwarded-For only behind TRUST_PROXY proxies.
  app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));

  // Under several processes each line names the worker that served it.
  if (config.LOG_REQUESTS) app.use(logRequests(console.log, cluster.isWorker ? `[worker ${process.pid}] ` : ""));

  // DNS rebinding: see host-check.server.ts. The origin it accepted is the only one links are
  // built from (Remix's request.url takes its port from X-Forwarded-Host even without a proxy).
  const acceptedOrigin = createHostCheck(config, listenHost, address);
  app.use((req, res, next) => {
    const origin = acceptedOrigin(req, res);
    if (origin === null) return;
    res.locals.requestOrigin = origin;
    next();
  });

  const pageHeaders = securityHeaders("page", config);
  const apiHeaders = securityHeaders("api", config);
  app.use((req, res, next) => {
    // JSON answers run nothing and embed nothing: no nonce to make.
    if (isApiPath(req.url)) return apiHeaders(req, res, next);
    res.locals.cspNonce = createNonce();
    pageHeaders(req, res, next);
  });

  app.get("/healthz", (_req, res) => {
    db.$client.prepare("select 1").get();
    res.set("cache-control", "no-store").json({ status: "ok" });
  });

  // Streamed answers (AI text as it is generated) are flushed chunk by chunk by the adapter.
  app.use(compression());
  app.use("/assets", sirv(path.join(publicDir, "assets"), { maxAge: 31536000, immutable: true, etag: true }));
  app.use(
    sirv(publicDir, {
      maxAge: 3600,
      etag: true,
      setHeaders: (res, pathname) => {
        // A new service worker must be picked up on the next visit.
        if (pathname === "/service-worker.js") res.setHeader("cache-control", "no-cache");
      },
    }),
  );

  app.use((req, res, next) => {
    if (isCrossSiteRequest(req, config)) {
      res.status(403).set("cache-control", "no-store").json({ error: "Cross-site request refused" });
      return;
    }
    next();
  });
  // An export zip being imported may be larger than any other body.
  const importLimit = limitBody(config.IMPORT_MAX_BYTES);
  const bodyLimit = limitBody();
  app.use((req, res, next) => (isImportPath(req.url) ? importLimit : bodyLimit)(req, res, next));
  // The JSON API validates its own bodies; pages read forms only.
  const formBodies = requireFormBodies();
  app.use((req, res, next) => (isApiPath(req.url) ? next() : formBodies(req, res, next)));

  // React Router's `*` does not match across a line break, so an /api/ path holding an encoded one
  // (%0A, %0D, U+2028/9) would fall through to the HTML 404 page: under /api/ the answer stays JSON.
  app.use((req, res, next) => {
    const pathname = req.url.split("?")[0]!;
    if (isApiPath(pathname) && /%0a|%0d|%e2%80%a[89]/i.test(pathname)) {
      res.status(404).set("cache-control", "no-store").json({ error: "Not found" });
      return;
    }
    next();
  });

  app.all(
    "*",
    createRequestHandler({
      build,
      // NODE_ENV=development (npm run dev) is Remix's development mode: errors keep their stacks.
      mode: config.NODE_ENV === "development" ? "development" : "production",
      getLoadContext: (req, res) => ({
        clientAddress: clientAddressOf(req),
        cspNonce: (res.locals.cspNonce as string | undefined) ?? "",
        listensOnNetwork,
        requestOrigin: res.locals.requestOrigin as string,
      }),
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      // A body refused mid-stream (413) ends Remix's reading of it: nothing left to say.
      if (res.statusCode !== 413) console.error(error);
      res.destroy();
      return;
    }
    console.error(error);
    res.status(500).set("cache-control", "no-store").json({ error: "Something went wrong on our side" });
  });

  return app;
}

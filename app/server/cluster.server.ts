import cluster, { type Worker } from "node:cluster";
import { getConfig } from "~/config.server";
import { closeDatabase, openDatabase } from "~/db.server";
import { ensureBibleDatabase } from "~/modules/bible/bible-db-build.server";
import { closeBibleDb } from "~/modules/bible/bible-db.server";
import { startupWarnings } from "~/server/host-check.server";
import { prepareDatabase, REPLICA_NOTICE } from "~/server/startup.server";
import { startServer, SHUTDOWN_GRACE_MS } from "~/server/app.server";

/**
 * `npm start`: WORKERS processes serving one port and one database (docs/adr/0009-several-processes.md).
 * WORKERS=1 is the single process of old, with no primary. Otherwise a primary that never serves:
 * it migrates and seeds once, so workers never race on migrations, then forks the workers (the
 * primary accepts connections and hands them out round-robin), replaces one that dies and drains
 * them all on SIGTERM/SIGINT.
 */
export async function runProductionServer(): Promise<void> {
  if (cluster.isWorker) return runWorker();
  const { WORKERS } = getConfig();
  if (WORKERS === 1) return runSingleProcess();
  return runPrimary(WORKERS);
}

/** A worker that lived less than this before dying counts as a crash loop: its replacement waits. */
const CRASH_LOOP_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

async function runSingleProcess() {
  const server = await startServer();
  onStopSignal(async (signal) => {
    console.log(`\n${signal} received: finishing open requests...`);
    await server.close();
    console.log("Stopped cleanly.");
    process.exit(0);
  });
}

async function runWorker() {
  // The primary says when everything is ready; a worker's own line would repeat it WORKERS times.
  const server = await startServer({ quiet: true });
  onStopSignal(async () => {
    await server.close();
    process.exit(0);
  });
}

async function runPrimary(workerCount: number) {
  const config = getConfig();
  for (const warning of startupWarnings(config, config.HOST)) console.warn(warning);
  const databasePath = config.DATABASE_PATH;
  const db = openDatabase(databasePath);
  try {
    const migration = await prepareDatabase(db, config, { databasePath });
    if (migration.replica) console.log(REPLICA_NOTICE);
    if (migration.applied > 0) {
      console.log(
        `Applied ${migration.applied} migration(s)` +
          (migration.backupPath ? `; backup at ${migration.backupPath}` : ""),
      );
    }
    const bible = ensureBibleDatabase();
    if (bible.builtMs !== undefined) console.log(`Built the Bible database in ${bible.builtMs} ms (${bible.path})`);
  } finally {
    // The primary serves nothing: the workers open their own connections.
    closeDatabase();
    closeBibleDb();
  }

  let stopping = false;
  let everReady = false;
  let restartDelay = 0;
  const startedAt = new Map<Worker, number>();
  const pendingRestarts = new Set<NodeJS.Timeout>();

  const fork = () => startedAt.set(cluster.fork(), Date.now());

  const listening = new Set<Worker>();
  cluster.on("listening", (worker, address) => {
    listening.add(worker);
    console.log(`Worker ${worker.process.pid} listening`);
    if (everReady || listening.size < workerCount) return;
    everReady = true;
    const host = !config.HOST ? "localhost" : address.address.includes(":") ? `[${address.address}]` : address.address;
    console.log(
      `Sagacity Bites is ready at http://${host}:${address.port} (database ${databasePath}, ${workerCount} worker processes)`,
    );
  });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    listening.delete(worker);
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!everReady) {
      // Nothing ever served: the start cannot succeed (a taken port, a bad database), as with one process.
      console.error(`Worker ${worker.process.pid} failed to start (${how}); stopping.`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      return;
    }
    restartDelay = lived < CRASH_LOOP_MS ? Math.min(MAX_RESTART_DELAY_MS, Math.max(500, restartDelay * 2)) : 0;
    console.error(
      `Worker ${worker.process.pid} exited unexpectedly (${how}); starting a replacement in ${restartDelay} ms`,
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) fork();
    }, restartDelay);
    pendingRestarts.add(timer);
  });

  onStopSignal(async (signal) => {
    stopping = true;
    console.log(`\n${signal} received: finishing open requests in ${workerCount} workers...`);
    for (const timer of pendingRestarts) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    const exited = workers.map(
      (worker) => new Promise((resolve) => (worker.isDead() ? resolve(null) : worker.once("exit", resolve))),
    );
    for (const worker of workers) worker.process.kill("SIGTERM");
    // Each worker forces its own connections closed after the grace period; this is the backstop.
    const force = setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS + 5000);
    await Promise.all(exited);
    clearTimeout(force);
    console.log("Stopped cleanly.");
    process.exit(0);
  });

  for (let index = 0; index < workerCount; index++) fork();
}

function onStopSignal(stop: (signal: NodeJS.Signals) => Promise<void>) {
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal).catch((error) => {
        console.error(error);
        process.exit(1);
      });
    });
  }
}

import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "#db/schema";
import { getConfig } from "~/config.server";
import { isReplica } from "~/db-role.server";
import { projectRoot } from "~/paths.server";
import { LRUCache } from "lru-cache";

export type Db = BetterSQLite3Database<typeof schema> & {
  $client: Database.Database;
};

interface OpenDatabase {
  db: Db;
  path: string;
}

// The connection lives on globalThis so every copy of this module (the server bundle, a test
// importing the source) shares one handle per process.
const registryKey = Symbol.for("sagacity-bites.database");
type Registry = { current?: OpenDatabase };
const registry: Registry = ((globalThis as Record<symbol, unknown>)[registryKey] ??= {}) as Registry;

export function defaultMigrationsFolder() {
  return path.join(projectRoot, "db/migrations");
}

export function openDatabase(databasePath: string): Db {
  if (registry.current) {
    if (registry.current.path === databasePath) return registry.current.db;
    closeDatabase();
  }
  if (databasePath !== ":memory:") {
    fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  }
  const sqlite = new Database(databasePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // WAL makes NORMAL durable across application crashes; only an OS crash can lose the last commit.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("cache_size = -16000");
  sqlite.pragma("temp_store = MEMORY");
  const db = drizzle({ client: withStatementCache(sqlite), schema }) as Db;
  db.$client = sqlite;
  registry.current = { db, path: databasePath };
  return db;
}

/** Distinct statements kept compiled: the app's queries are a few hundred texts (parameters are "?"). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * What drizzle is given as its client: the connection, whose prepare() hands back a statement
 * compiled before for the same SQL text. Drizzle prepares a new statement for every query it
 * runs, and SQLite compiling it again was a good part of each page's database time. Safe because
 * every drizzle query runs to completion synchronously (better-sqlite3) before the next one
 * prepares, and drizzle sets raw mode itself when it wants arrays (reset here on reuse).
 */
function withStatementCache(sqlite: Database.Database) {
  const statements = new LRUCache<string, Database.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement) {
        if (statement.reader) statement.raw(false);
      } else {
        statement = sqlite.prepare(source);
        statements.set(source, statement);
      }
      return statement;
    },
    transaction: sqlite.transaction.bind(sqlite),
  } as unknown as Database.Database;
}

/** The process's database, opened from DATABASE_PATH on first use. */
export function getDb(): Db {
  return registry.current?.db ?? openDatabase(getConfig().DATABASE_PATH);
}

/**
 * Statements prepared once per connection and reused: `preparedStatements({ name: sql })` returns
 * `() => ({ name: Statement })` (a preparedQuery of plain SQL), for queries that run on every request.
 */
export function preparedStatements<Name extends string>(
  sql: Record<Name, string>,
): () => Record<Name, Database.Statement> {
  return preparedQuery(
    (db) =>
      Object.fromEntries(Object.entries<string>(sql).map(([name, text]) => [name, db.$client.prepare(text)])) as Record<
        Name,
        Database.Statement
      >,
  );
}

/**
 * A drizzle query built once per connection and run with `sql.placeholder` values: building a
 * query's SQL (drizzle's builder) costs more than SQLite running it, on reads every page makes.
 */
export function preparedQuery<Query>(build: (db: Db) => Query): () => Query {
  const cache = new WeakMap<Db, Query>();
  return () => {
    const db = getDb();
    let query = cache.get(db);
    if (!query) cache.set(db, (query = build(db)));
    return query;
  };
}

export function closeDatabase() {
  const current = registry.current;
  if (!current) return;
  registry.current = undefined;
  if (current.db.$client.open) {
    // `optimize` may run ANALYZE, a write: a read-only replica leaves it to the primary.
    if (!isReplica(current.path)) current.db.$client.pragma("optimize");
    current.db.$client.close();
  }
}

/** Migrations in the folder that the database has not applied (only reads). */
export function pendingMigrationCount(db: Db, migrationsFolder = defaultMigrationsFolder()) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  const hasTable = db.$client
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  if (!hasTable) return journal.entries.length;
  const { applied } = db.$client.prepare("select count(*) as applied from __drizzle_migrations").get() as {
    applied: number;
  };
  return journal.entries.length - applied;
}

function hasUserData(db: Db) {
  return Boolean(db.$client.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get());
}

/**
 * Applies pending migrations. An existing database is first copied with SQLite's online backup,
 * so a failed upgrade can be undone by restoring that file.
 */
export async function migrateDatabase(
  db: Db,
  {
    migrationsFolder = defaultMigrationsFolder(),
    databasePath,
  }: { migrationsFolder?: string; databasePath?: string } = {},
): Promise<{ applied: number; backupPath?: string }> {
  const pending = pendingMigrationCount(db, migrationsFolder);
  if (pending <= 0) return { applied: 0 };
  let backupPath: string | undefined;
  if (databasePath && databasePath !== ":memory:" && hasUserData(db)) {
    backupPath = backupFilePath(databasePath, "pre-migrate");
    await db.$client.backup(backupPath);
  }
  migrate(db, { migrationsFolder });
  return { applied: pending, backupPath };
}

/** A new timestamped file in BACKUP_DIR (default: backups/ beside the database). */
export function backupFilePath(databasePath: string, reason: string) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const folder = path.resolve(getConfig().BACKUP_DIR ?? path.join(path.dirname(path.resolve(databasePath)), "backups"));
  fs.mkdirSync(folder, { recursive: true });
  const base = path.basename(databasePath).replace(/\.db$/, "");
  return path.join(folder, `${base}-${reason}-${stamp}.db`);
}

import Database from "better-sqlite3";
import { ensureBibleDatabase } from "./bible-db-build.server";

/**
 * The read-only Bible database (built by bible-db-build.server.ts when missing or out of date), one
 * connection per process, kept across module reloads in development.
 */
const registryKey = Symbol.for("sagacity-bites.bible-database");
type Registry = { db?: Database.Database };
const registry: Registry = ((globalThis as Record<symbol, unknown>)[registryKey] ??= {}) as Registry;

/** The read-only Bible database, built first if needed. */
export function getBibleDb(): Database.Database {
  if (registry.db?.open) return registry.db;
  const { path: file } = ensureBibleDatabase();
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma("cache_size = -32000");
  registry.db = db;
  return db;
}

/** Closes the connection (a server stopping, a restore replacing files); the next read opens it again. */
export function closeBibleDb() {
  registry.db?.close();
  registry.db = undefined;
}

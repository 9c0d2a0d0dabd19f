import fs from "node:fs";
import path from "node:path";

/**
 * The copy taken just before the server opens the database, so a start that fails (a migration
 * that breaks, a crash half-way) can put the file back as it was. The server itself also backs the
 * database up before it applies migrations (backups/<name>-pre-migrate-<time>.db).
 */
export interface StartSnapshot {
  files: Array<{ from: string; copy: string }>;
}

const COMPANIONS = ["", "-wal"];

function timestamp() {
  return new Date().toISOString().replace(/[:.]/g, "-");
}

export function snapshotBeforeStart(databasePath: string, backupsFolder: string): StartSnapshot | null {
  if (!fs.existsSync(databasePath)) return null;
  fs.mkdirSync(backupsFolder, { recursive: true });
  const base = path.basename(databasePath).replace(/\.db$/, "");
  const files: StartSnapshot["files"] = [];
  for (const suffix of COMPANIONS) {
    const from = databasePath + suffix;
    const copy = path.join(backupsFolder, `${base}-before-start.db${suffix}`);
    fs.rmSync(copy, { force: true });
    if (!fs.existsSync(from)) continue;
    fs.copyFileSync(from, copy);
    files.push({ from, copy });
  }
  return { files };
}

/**
 * Puts the snapshot back (with no snapshot, a first start: the new file is moved away so the next
 * start begins afresh). The database that failed to start is kept beside the backups, for a
 * closer look, rather than deleted.
 */
export function restoreSnapshot(snapshot: StartSnapshot | null, databasePath: string, backupsFolder: string) {
  const base = path.basename(databasePath).replace(/\.db$/, "");
  const failedCopy = path.join(backupsFolder, `${base}-failed-start-${timestamp()}.db`);
  let kept: string | null = null;
  for (const suffix of COMPANIONS) {
    const current = databasePath + suffix;
    if (!fs.existsSync(current)) continue;
    fs.mkdirSync(backupsFolder, { recursive: true });
    fs.renameSync(current, failedCopy + suffix);
    if (!suffix) kept = failedCopy;
  }
  fs.rmSync(`${databasePath}-shm`, { force: true });
  for (const file of snapshot?.files ?? []) fs.copyFileSync(file.copy, file.from);
  return { failedCopy: kept };
}

export interface SqliteHandle {
  backup(destination: string): Promise<unknown>;
  close(): void;
}
export type OpenSqlite = (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteHandle;

/**
 * A consistent copy of the live database, taken with SQLite's online backup through a second,
 * read-only connection (WAL lets it read while the server keeps writing).
 */
export async function backupLiveDatabase(databasePath: string, destination: string, openSqlite: OpenSqlite) {
  const temporary = `${destination}.partial`;
  const source = openSqlite(databasePath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(temporary);
  } finally {
    source.close();
  }
  fs.renameSync(temporary, destination);
  return destination;
}

/** What the checks below need of a connection (better-sqlite3's Database). */
export interface SqliteReader extends SqliteHandle {
  pragma(source: string, options: { simple: true }): unknown;
  prepare(source: string): { get(...parameters: unknown[]): unknown };
}
export type OpenSqliteReader = (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteReader;

/** How many daily copies are kept (the before-upgrade one is kept apart from them). */
export const DAILY_BACKUPS_KEPT = 7;
const DAILY = /^(.+)-daily-(\d{4}-\d{2}-\d{2})\.db$/;

function baseName(databasePath: string) {
  return path.basename(databasePath).replace(/\.db$/, "");
}

/**
 * Today's copy in backups/ (sagacity-daily-YYYY-MM-DD.db), taken at the first start of the day
 * before the server opens the file, and the oldest dropped beyond the last `kept` days. Returns
 * the copy made, or null (no database yet, or today's copy exists).
 */
export async function takeDailyBackup(
  databasePath: string,
  backupsFolder: string,
  openSqlite: OpenSqlite,
  { today = new Date(), kept = DAILY_BACKUPS_KEPT } = {},
) {
  if (!fs.existsSync(databasePath)) return null;
  fs.mkdirSync(backupsFolder, { recursive: true });
  const base = baseName(databasePath);
  const day = today.toISOString().slice(0, 10);
  const target = path.join(backupsFolder, `${base}-daily-${day}.db`);
  const made = fs.existsSync(target) ? null : await backupLiveDatabase(databasePath, target, openSqlite);
  const dailies = fs
    .readdirSync(backupsFolder)
    .filter((name) => DAILY.exec(name)?.[1] === base)
    .sort()
    .reverse();
  for (const old of dailies.slice(kept)) fs.rmSync(path.join(backupsFolder, old), { force: true });
  return made;
}

/**
 * The copy taken before the first start of a new version (sagacity-before-upgrade-<old version>.db):
 * only the latest is kept, since each upgrade's copy supersedes the one before.
 */
export async function takeUpgradeBackup(
  databasePath: string,
  backupsFolder: string,
  previousVersion: string,
  openSqlite: OpenSqlite,
) {
  if (!fs.existsSync(databasePath)) return null;
  fs.mkdirSync(backupsFolder, { recursive: true });
  const base = baseName(databasePath);
  const prefix = `${base}-before-upgrade-`;
  for (const old of fs.readdirSync(backupsFolder).filter((name) => name.startsWith(prefix))) {
    fs.rmSync(path.join(backupsFolder, old), { force: true });
  }
  return backupLiveDatabase(databasePath, path.join(backupsFolder, `${prefix}${previousVersion}.db`), openSqlite);
}

export class NotOurBackupError extends Error {}

const SQLITE_HEADER = "SQLite format 3\0";

/**
 * A file is restorable when it is a sound SQLite database of this app: SQLite's header, an
 * intact file (integrity_check), and the app's own tables (users, and the migrations journal).
 */
export function assertRestorableBackup(file: string, openSqlite: OpenSqliteReader) {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  let read = 0;
  try {
    const handle = fs.openSync(file, "r");
    try {
      read = fs.readSync(handle, header, 0, header.length, 0);
    } finally {
      fs.closeSync(handle);
    }
  } catch {
    throw new NotOurBackupError("The file could not be read.");
  }
  if (read < header.length || header.toString("latin1") !== SQLITE_HEADER) {
    throw new NotOurBackupError("This file is not a database (it is not a SQLite file).");
  }
  let db: SqliteReader;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new NotOurBackupError("This database could not be opened.");
  }
  try {
    let integrity: unknown;
    try {
      integrity = db.pragma("integrity_check", { simple: true });
    } catch {
      integrity = "unreadable";
    }
    if (integrity !== "ok") throw new NotOurBackupError(`This database is damaged (${String(integrity)}).`);
    const table = db.prepare("select count(*) as count from sqlite_master where type = 'table' and name in (?, ?)");
    const { count } = table.get("users", "__drizzle_migrations") as { count: number };
    if (count !== 2) throw new NotOurBackupError("This database is not a Sagacity Bites backup.");
  } finally {
    db.close();
  }
}

/**
 * Replaces the (closed) database with a checked backup. The current file is kept aside in
 * backups/ (sagacity-before-restore-<time>.db) so the restore can be undone; returns its path.
 */
export async function replaceWithBackup(
  backupFile: string,
  databasePath: string,
  backupsFolder: string,
  openSqlite: OpenSqliteReader,
) {
  assertRestorableBackup(backupFile, openSqlite);
  fs.mkdirSync(backupsFolder, { recursive: true });
  let keptAside: string | null = null;
  if (fs.existsSync(databasePath)) {
    keptAside = path.join(backupsFolder, `${baseName(databasePath)}-before-restore-${timestamp()}.db`);
    for (const suffix of COMPANIONS) {
      if (fs.existsSync(databasePath + suffix)) fs.renameSync(databasePath + suffix, keptAside + suffix);
    }
  }
  fs.rmSync(`${databasePath}-shm`, { force: true });
  const temporary = `${databasePath}.restoring`;
  const source = openSqlite(backupFile, { readonly: true, fileMustExist: true });
  try {
    // SQLite's backup gives a single consistent file, whatever WAL state the chosen copy is in.
    await source.backup(temporary);
  } finally {
    source.close();
  }
  fs.renameSync(temporary, databasePath);
  return { keptAside };
}

/** Puts the file kept aside back (the restored backup failed to start); the restored one is removed. */
export function undoRestore(keptAside: string | null, databasePath: string) {
  for (const suffix of [...COMPANIONS, "-shm"]) fs.rmSync(databasePath + suffix, { force: true });
  if (!keptAside) return;
  for (const suffix of COMPANIONS) {
    if (fs.existsSync(keptAside + suffix)) fs.copyFileSync(keptAside + suffix, databasePath + suffix);
  }
}

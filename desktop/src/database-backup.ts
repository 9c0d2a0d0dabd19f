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

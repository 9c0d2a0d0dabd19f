import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { backupFilePath } from "~/db.server";

/**
 * An online backup of the database (SQLite's backup API): consistent even while the server is
 * running and writing. Returns the backup file's path.
 */
export async function backupDatabase(databasePath: string, destination?: string): Promise<string> {
  if (!fs.existsSync(databasePath)) throw new Error(`No database at ${databasePath}`);
  const target = destination ?? backupFilePath(databasePath, "backup");
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const source = new Database(databasePath, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(target);
  } finally {
    source.close();
  }
  return target;
}

function assertUsableBackup(file: string) {
  if (!fs.existsSync(file)) throw new Error(`No backup file at ${file}`);
  let backup: Database.Database;
  try {
    backup = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new Error(`${file} is not a SQLite database`);
  }
  try {
    const integrity = backup.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`${file} is damaged: ${integrity}`);
    const hasUsers = backup.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get();
    if (!hasUsers) throw new Error(`${file} is not a Sagacity Bites database`);
  } catch (error) {
    if (error instanceof Error && error.message.includes(file)) throw error;
    throw new Error(`${file} is not a usable SQLite database`);
  } finally {
    backup.close();
  }
}

/**
 * Replaces the database with a backup. The current database is first backed up itself
 * ("pre-restore"), so a restore can be undone. Migrations still pending for an older backup run
 * at the next start.
 */
export async function restoreDatabase(
  backupFile: string,
  databasePath: string,
): Promise<{ restoredFrom: string; previousCopy?: string }> {
  assertUsableBackup(backupFile);
  let previousCopy: string | undefined;
  if (fs.existsSync(databasePath)) {
    previousCopy = backupFilePath(databasePath, "pre-restore");
    await backupDatabase(databasePath, previousCopy);
  }
  fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  const source = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    // The backup API writes page by page under SQLite's own locks, so it is safe even if
    // another process has the database open.
    await source.backup(databasePath);
  } finally {
    source.close();
  }
  return { restoredFrom: backupFile, previousCopy };
}

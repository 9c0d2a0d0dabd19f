/**
 * `npm run backup [-- DESTINATION]`: an online backup of DATABASE_PATH (safe while the server runs)
 * to a timestamped file in BACKUP_DIR (default: backups/ beside the database), or to DESTINATION.
 */
import { pathToFileURL } from "node:url";
import { buildIfNeeded, serverBuildPath } from "./build-if-needed.mjs";

buildIfNeeded({ quiet: true });
const { backupDatabase, getConfig } = await import(pathToFileURL(serverBuildPath).href);
const databasePath = getConfig().DATABASE_PATH;
try {
  const file = await backupDatabase(databasePath, process.argv[2]);
  console.log(`Backed up ${databasePath} to ${file}`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

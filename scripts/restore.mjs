/**
 * `npm run restore FILE`: replaces DATABASE_PATH with a backup (the current database is saved
 * first as a "pre-restore" backup). Stop the server first; migrations run at its next start.
 */
import { pathToFileURL } from "node:url";
import { buildIfNeeded, serverBuildPath } from "./build-if-needed.mjs";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore FILE");
  process.exit(2);
}
buildIfNeeded({ quiet: true });
const { restoreDatabase, getConfig } = await import(pathToFileURL(serverBuildPath).href);
const databasePath = getConfig().DATABASE_PATH;
try {
  const { previousCopy } = await restoreDatabase(file, databasePath);
  console.log(`Restored ${databasePath} from ${file}.`);
  if (previousCopy) console.log(`The database as it was is saved at ${previousCopy}.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

import fs from "node:fs";
import { getConfig } from "~/config.server";
import { closeDatabase, migrateDatabase, openDatabase } from "~/db.server";
import { setAdminByEmail, userIdByEmail } from "~/modules/auth/accounts.server";
import { buildExportZip } from "~/modules/account/export.server";
import { commandLineLinkBase, createResetLinkForEmail } from "~/modules/account/password.server";
import { checkAiConnection } from "~/modules/ai/connection-check.server";
import { defaultAiSettings } from "~/modules/ai/settings";

// The server bundle's entry (build/server/index.js): what `npm start`, the scripts, the tests and the
// desktop app call. The server itself is in app.server.ts.
export { startServer, type RunningServer, type StartServerOptions } from "~/server/app.server";
export { ensureBibleDatabase } from "~/modules/bible/bible-db-build.server";
export { runProductionServer } from "~/server/cluster.server";
export { backupDatabase, restoreDatabase } from "~/server/backup.server";
export { getConfig } from "~/config.server";
export { hasAdminAccount } from "~/modules/auth/accounts.server";
export { checkAiConnection } from "~/modules/ai/connection-check.server";
export { aiCheckStepLabels } from "~/modules/ai/connection-check";

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

/** `npm run admin -- reset-link EMAIL`: a one-time reset link (PUBLIC_URL, else localhost:PORT). */
export async function resetLinkFromCommandLine(email: string) {
  return withCommandLineDatabase(() => createResetLinkForEmail(email, commandLineLinkBase()));
}

/** `npm run admin -- export EMAIL [FILE]`: the same zip as Export on the settings page. */
export async function exportFromCommandLine(email: string) {
  return withCommandLineDatabase(() => buildExportZip(userIdByEmail(email)));
}

async function withCommandLineDatabase<T>(work: () => T): Promise<T> {
  const databasePath = getConfig().DATABASE_PATH;
  const db = openDatabase(databasePath);
  try {
    await migrateDatabase(db, { databasePath });
    return work();
  } finally {
    closeDatabase();
  }
}

/**
 * `npm run ai:check`: checks the configured AI endpoint. The database is only read, for the
 * admin's model; before the first start there is none and the default model stands in.
 */
export async function checkAiConnectionFromCommandLine() {
  const databasePath = getConfig().DATABASE_PATH;
  if (!fs.existsSync(databasePath)) return checkAiConnection({ adminModel: defaultAiSettings.model });
  openDatabase(databasePath);
  try {
    return await checkAiConnection();
  } finally {
    closeDatabase();
  }
}

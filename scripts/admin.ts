/**
 * Grants or revokes admin rights from the command line:
 *   npm run admin -- grant someone@example.com
 *   npm run admin -- revoke someone@example.com
 */
import { setAdminByEmail } from "~/modules/auth/accounts.server";
import { getConfig } from "~/config.server";
import { closeDatabase, migrateDatabase, openDatabase } from "~/db.server";

const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  console.error("Usage: npm run admin -- grant|revoke EMAIL");
  process.exit(2);
}

const databasePath = getConfig().DATABASE_PATH;
const db = openDatabase(databasePath);
await migrateDatabase(db, { databasePath });
try {
  setAdminByEmail(email, command === "grant");
  console.log(`${email} is ${command === "grant" ? "now an admin" : "no longer an admin"}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  closeDatabase();
}

/**
 * Grants or revokes admin rights from the command line (works on a production install too):
 *   npm run admin -- grant someone@example.com
 *   npm run admin -- revoke someone@example.com
 */
import { pathToFileURL } from "node:url";
import { buildIfNeeded, serverBuildPath } from "./build-if-needed.mjs";

const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  console.error("Usage: npm run admin -- grant|revoke EMAIL");
  process.exit(2);
}

buildIfNeeded({ quiet: true });
const { setAdminFromCommandLine } = await import(pathToFileURL(serverBuildPath).href);
try {
  await setAdminFromCommandLine(email, command === "grant");
  console.log(`${email} is ${command === "grant" ? "now an admin" : "no longer an admin"}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

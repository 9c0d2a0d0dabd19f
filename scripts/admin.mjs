/**
 * Account chores from the command line (works on a production install too):
 *   npm run admin -- grant someone@example.com        make an admin
 *   npm run admin -- revoke someone@example.com       no longer an admin
 *   npm run admin -- reset-link someone@example.com   print a one-time password reset link (24 h)
 *   npm run admin -- export someone@example.com [FILE]  write their data export (a zip)
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { buildIfNeeded, serverBuildPath } from "./build-if-needed.mjs";

const USAGE = "Usage: npm run admin -- grant|revoke|reset-link EMAIL, or export EMAIL [FILE]";
const [command, email, file] = process.argv.slice(2);
if (!["grant", "revoke", "reset-link", "export"].includes(command) || !email) {
  console.error(USAGE);
  process.exit(2);
}

buildIfNeeded({ quiet: true });
const server = await import(pathToFileURL(serverBuildPath).href);
try {
  if (command === "reset-link") {
    const { url, expiresAt } = await server.resetLinkFromCommandLine(email);
    console.log(`Password reset link for ${email} (works once, until ${expiresAt.toISOString()}):\n${url}`);
  } else if (command === "export") {
    const { bytes, fileName } = await server.exportFromCommandLine(email);
    const target = file ?? fileName;
    fs.writeFileSync(target, bytes);
    console.log(`Wrote ${email}'s data to ${target} (${bytes.length} bytes).`);
  } else {
    await server.setAdminFromCommandLine(email, command === "grant");
    console.log(`${email} is ${command === "grant" ? "now an admin" : "no longer an admin"}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

/**
 * The server Playwright tests run against: the built app on a temporary database whose first
 * account (the admin of tests/e2e/fixtures.ts) exists before the port opens.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { registerUser } from "~/modules/auth/accounts.server";
import { E2E_ADMIN, e2eServerInfoFile } from "./e2e-accounts";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-e2e-"));
process.env.NODE_ENV = "test";
process.env.ALLOW_PRIVATE_URLS ??= "true";
// Every test's browser signs up from 127.0.0.1: the per-address sign-up limit would stop the run.
process.env.REGISTER_MAX_PER_IP ??= "100000";
// Book look-ups never reach the internet from a test: a closed loopback port answers "unavailable".
process.env.OPEN_LIBRARY_URL ??= "http://127.0.0.1:9";

const { startServer } = await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href);
const server = await startServer({
  port: Number(process.env.E2E_PORT),
  host: "127.0.0.1",
  databasePath: path.join(folder, "e2e.db"),
  quiet: true,
  onDatabaseReady: async () => {
    await registerUser({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }, null);
  },
});
console.log(`e2e server on ${server.url}`);
// Tests that need rows no screen creates yet (fixtures) find the database through this file.
const infoFile = e2eServerInfoFile(Number(process.env.E2E_PORT));
fs.writeFileSync(infoFile, JSON.stringify({ databasePath: path.join(folder, "e2e.db") }));

const stop = async () => {
  await server.close();
  fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(infoFile, { force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

import os from "node:os";
import path from "node:path";

/** The admin account the e2e server creates first (so it is the admin). */
export const E2E_ADMIN = { email: "admin@e2e.example.com", password: "admin-password" };

/** Where the e2e server on a port writes what fixtures need to know about it (its database path). */
export function e2eServerInfoFile(port: number) {
  return path.join(os.tmpdir(), `sagacity-e2e-${port}.json`);
}

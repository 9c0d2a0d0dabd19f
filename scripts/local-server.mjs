/**
 * `npm start` on a free loopback port with a fresh temporary database, for the scripts that look at
 * the app (screenshots, Lighthouse): production mode, one process, and the first account to sign up
 * is the admin. `stop()` ends it and removes the database.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const projectRoot = path.resolve(import.meta.dirname, "..");

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startLocalServer() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-look-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      WORKERS: "1",
      DATABASE_PATH: path.join(folder, "look.db"),
      // The scripts sign up a few readers from 127.0.0.1, run after run.
      REGISTER_MAX_PER_IP: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it answered`);
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

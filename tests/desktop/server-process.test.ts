/**
 * The main process's side of the server's utility process (desktop/src/server-process.ts), with
 * the stand-in's utilityProcess.fork (a real child process with process.parentPort) running a
 * small host that speaks the same protocol: replies matched to requests, errors with their code,
 * the process's output in the log, a clean exit on request, a crash reported.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { createServerProcess, ServerProcessError } from "../../desktop/src/server-process";
import { createFakeElectron } from "./support/fake-electron";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-server-process-"));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

// A host with the real one's protocol and no server: "start" fails on a taken port, "has-admin"
// answers after a delay (replies may come back out of order), "crash" ends the process.
const host = path.join(scratch, "host.mjs");
fs.writeFileSync(
  host,
  `
  console.log("host up, entry " + process.argv[2]);
  console.error("a warning from the server");
  process.parentPort.on("message", ({ data }) => {
    const reply = (value) => process.parentPort.postMessage({ id: data.id, ok: true, value });
    if (data.type === "start") {
      if (data.options.port === 1) {
        return process.parentPort.postMessage({ id: data.id, ok: false, error: { message: "listen EADDRINUSE", code: "EADDRINUSE" } });
      }
      return reply({ url: "http://127.0.0.1:4321", port: 4321, host: data.options.host, key: data.options.configOverrides.OPENAI_API_KEY });
    }
    if (data.type === "has-admin") return setTimeout(() => reply(true), 50);
    if (data.type === "stop") return reply(undefined);
    if (data.type === "exit") return setImmediate(() => process.exit(0));
    if (data.type === "crash") process.exit(3);
  });
`,
);

function setUp() {
  const fake = createFakeElectron({ userData: scratch });
  const lines: string[] = [];
  const crashes: number[] = [];
  const server = createServerProcess({
    utilityProcess: fake.electron.utilityProcess,
    hostScript: host,
    serverEntry: "/app/build/server/index.js",
    env: { ...process.env },
    log: { log: (line: string) => lines.push(`log ${line}`), error: (line: string) => lines.push(`error ${line}`) },
    onUnexpectedExit: (code) => crashes.push(code),
  });
  return { fake, server, lines, crashes };
}

const options = {
  port: 0,
  host: "127.0.0.1",
  databasePath: "/data/sagacity.db",
  migrationsFolder: "/app/db/migrations",
  publicDir: "/app/build/client",
  quiet: true,
  configOverrides: { OPENAI_API_KEY: "sk-in-memory" },
};

test("requests and replies over the utility process's port; the key arrives by message; output is logged", async () => {
  const { fake, server, lines, crashes } = setUp();
  const [admin, started] = await Promise.all([server.hasAdminAccount(), server.start(options)]);
  assert.equal(admin, true);
  assert.deepEqual(started.port, 4321);
  assert.equal((started as unknown as { key: string }).key, "sk-in-memory");
  await assert.rejects(server.start({ ...options, port: 1 }), (error: unknown) => {
    return error instanceof ServerProcessError && error.code === "EADDRINUSE";
  });
  const forks = fake.callsTo("utilityProcess.fork");
  assert.equal(forks.length, 1, "one process for every request");
  assert.deepEqual(forks[0]!.args.slice(0, 2), [host, ["/app/build/server/index.js"]]);
  assert.equal(JSON.stringify(forks).includes("sk-in-memory"), false, "not in its arguments or environment");

  await server.exit();
  assert.equal(fake.utilityProcesses[0]!.exitCode, 0);
  assert.deepEqual(crashes, [], "an exit asked for is no crash");
  assert.ok(lines.includes("log [server] host up, entry /app/build/server/index.js"), lines.join("\n"));
  assert.ok(lines.includes("error [server] a warning from the server"), lines.join("\n"));
});

test("a crash rejects what was waiting and is reported; the next request starts a new process", async () => {
  const { fake, server, crashes } = setUp();
  await server.start(options);
  const waiting = server.hasAdminAccount();
  fake.utilityProcesses[0]!.postMessage({ id: 999, type: "crash" });
  await assert.rejects(waiting, /The server process ended \(exit 3\)/);
  assert.deepEqual(crashes, [3]);
  assert.equal(await server.hasAdminAccount(), true);
  assert.equal(fake.utilityProcesses.length, 2);
  await server.exit();
});

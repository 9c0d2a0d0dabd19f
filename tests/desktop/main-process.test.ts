/**
 * The desktop app's main process (desktop/src/desktop-app.ts) under Node, with a recording
 * stand-in for the electron module and the REAL server build (build/server/index.js) on real SQLite
 * files; the served app is then driven in Debian's Chromium at the URL the window was given.
 */
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, afterEach, describe, test } from "node:test";
import { chromium } from "@playwright/test";
import Database from "better-sqlite3";
import { buildMain } from "../../desktop/scripts/build-main.mjs";
import { IPC, MENU_IDS, type DesktopApp } from "../../desktop/src/desktop-app";
import { DATA_FOLDER_ENV } from "../../desktop/src/data-folder";
import { api, registerAccount, uniqueEmail } from "../support/server";
import { startFakeEndpoint, type FakeEndpoint } from "../support/fake-ai-endpoints";
import { createTestDesktopApp } from "./support/desktop-app";
import { serverHost } from "./support/server-host";
import { createFakeElectron, type FakeElectron, type LockRegistry } from "./support/fake-electron";
import { chromiumLaunchOptions } from "../support/chromium";
import { openSettingsPage } from "./support/settings-page";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-desktop-"));
const savedEnv = { ...process.env };

/** A made-up Wi-Fi address for the share dialog, next to the machine's real ones. */
const fakeInterfaces = () => ({
  ...os.networkInterfaces(),
  wlan9: [
    {
      address: "192.168.1.23",
      netmask: "255.255.255.0",
      family: "IPv4" as const,
      mac: "00:00:00:00:00:00",
      internal: false,
      cidr: "192.168.1.23/24",
    },
  ],
});

/** A real non-loopback IPv4 address of this machine, when it has one, to knock from "the LAN". */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

let counter = 0;
function freshFolder(name: string) {
  counter += 1;
  const folder = path.join(scratch, `${name}-${counter}`);
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

interface Launched {
  fake: FakeElectron;
  desktop: DesktopApp;
  result: Awaited<ReturnType<DesktopApp["start"]>>;
  errors: unknown[];
  updater: FakeUpdater;
  readonly updaterLoads: number;
}

/** electron-updater's autoUpdater as the app uses it, recording checks and installs. */
class FakeUpdater extends EventEmitter {
  logger: unknown = null;
  autoDownload = false;
  checks = 0;
  installs = 0;
  nextResult: { isUpdateAvailable: boolean; updateInfo: { version: string } } | null = null;
  async checkForUpdates() {
    this.checks += 1;
    return this.nextResult;
  }
  quitAndInstall() {
    this.installs += 1;
  }
}

const running: Launched[] = [];

async function launch({
  userData = freshFolder("user-data"),
  locks = {},
  appRoot = projectRoot,
  displays,
  keychain,
  storageBackend,
  isPackaged,
  secondInstanceArgv,
}: {
  userData?: string;
  locks?: LockRegistry;
  appRoot?: string;
  displays?: Array<{ x: number; y: number; width: number; height: number }>;
  keychain?: string;
  storageBackend?: string;
  isPackaged?: boolean;
  secondInstanceArgv?: string[];
} = {}): Promise<Launched> {
  const fake = createFakeElectron({
    userData,
    locks,
    displays,
    keychain,
    storageBackend,
    isPackaged,
    secondInstanceArgv,
  });
  const errors: unknown[] = [];
  const updater = new FakeUpdater();
  let updaterLoads = 0;
  const desktop = createTestDesktopApp(fake, appRoot, {
    versions: { electron: "41.10.7", chrome: "146", node: "24" },
    networkInterfaces: fakeInterfaces,
    log: { log: () => {}, error: (error: unknown) => errors.push(error) },
    configureLog: (folder) => fs.mkdirSync(folder, { recursive: true }),
    loadUpdater: async () => {
      updaterLoads += 1;
      return updater;
    },
  });
  const result = await desktop.start();
  const launched = {
    fake,
    desktop,
    result,
    errors,
    updater,
    get updaterLoads() {
      return updaterLoads;
    },
  };
  running.push(launched);
  return launched;
}

function mainWindowOf({ fake }: Launched) {
  const window = fake.windows[0];
  assert.ok(window, "a window was opened");
  return window;
}

async function canConnect(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** GET /healthz with the Host header a browser would send for `host` (fetch() would replace it). */
function statusForHost(port: number, host: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/healthz", headers: { host }, agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      })
      .on("error", reject);
  });
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The key the server really sends: an administrator's connection check (POST /api/admin/ai-check)
 * against a fake endpoint that records the Authorization header. Undefined when nothing was sent.
 */
async function keyTheServerSends(origin: string, adminToken: string, endpoint: FakeEndpoint) {
  const before = endpoint.requests.length;
  const answer = await api(origin, "/api/admin/ai-check", { method: "POST", token: adminToken, body: {} });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return endpoint.requests.slice(before)[0]?.authorization;
}

async function quit(launched: Launched) {
  launched.fake.electron.app.quit();
  await launched.fake.quitted;
}

afterEach(async () => {
  for (const launched of running.splice(0)) {
    if (!launched.fake.state.quit) await quit(launched);
  }
  for (const name of [
    "SAGACITY_DATA_DIR",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_MODEL",
    "AI_PROVIDER",
    "BIBLE_DB_PATH",
  ]) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

after(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("data folder", () => {
  test("is the OS user-data folder, with the database in it", async () => {
    const userData = freshFolder("os-user-data");
    const launched = await launch({ userData });
    assert.equal(launched.result, "running");
    const { paths } = launched.desktop.state;
    assert.equal(paths?.folder, userData);
    assert.equal(paths?.database, path.join(userData, "sagacity.db"));
    assert.ok(fs.existsSync(path.join(userData, "sagacity.db")));
    assert.equal(launched.fake.callsTo("app.setPath").length, 0);
  });

  test("is overridden by SAGACITY_DATA_DIR, Chromium's profile included", async () => {
    const override = path.join(freshFolder("portable"), "Sagacity Data");
    process.env[DATA_FOLDER_ENV] = override;
    const launched = await launch();
    assert.equal(launched.desktop.state.paths?.folder, override);
    assert.ok(fs.existsSync(path.join(override, "sagacity.db")));
    assert.deepEqual(launched.fake.callsTo("app.setPath")[0]?.args, ["userData", override]);
  });
});

describe("the server and the window", () => {
  test("the same server entry listens on 127.0.0.1 only, on a free port, and the window loads it", async () => {
    const launched = await launch();
    const { server, appOrigin } = launched.desktop.state;
    assert.ok(server);
    assert.equal(server.host, "127.0.0.1");
    assert.ok(server.port > 0);
    assert.equal(appOrigin, `http://127.0.0.1:${server.port}`);
    assert.deepEqual(mainWindowOf(launched).loadedUrls, [`${appOrigin}/`]);
    const health = await fetch(`${appOrigin}/healthz`);
    assert.equal(health.status, 200);
    if (lanAddress) assert.equal(await canConnect(lanAddress, server.port), false, "not reachable from the network");
  });

  test("the next launch reuses the port, so the pages keep their origin (cookies, local storage)", async () => {
    const userData = freshFolder("same-port");
    const first = await launch({ userData });
    const port = first.desktop.state.server!.port;
    await quit(first);
    const second = await launch({ userData });
    assert.equal(second.desktop.state.server?.port, port);
  });

  test("a port taken since last time falls back to a free one", async () => {
    const userData = freshFolder("port-taken");
    const first = await launch({ userData });
    const port = first.desktop.state.server!.port;
    await quit(first);
    const blocker = net.createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => blocker.once("listening", resolve));
    try {
      const second = await launch({ userData });
      assert.equal(second.result, "running");
      assert.notEqual(second.desktop.state.server?.port, port);
    } finally {
      blocker.close();
    }
  });

  test("the window is locked down: isolated, sandboxed, no Node, web security on", async () => {
    const launched = await launch();
    const options = mainWindowOf(launched).options;
    assert.deepEqual(
      {
        contextIsolation: options.webPreferences?.contextIsolation,
        sandbox: options.webPreferences?.sandbox,
        nodeIntegration: options.webPreferences?.nodeIntegration,
        nodeIntegrationInSubFrames: options.webPreferences?.nodeIntegrationInSubFrames,
        webSecurity: options.webPreferences?.webSecurity,
        allowRunningInsecureContent: options.webPreferences?.allowRunningInsecureContent,
        webviewTag: options.webPreferences?.webviewTag,
      },
      {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
      },
    );
    assert.equal(options.webPreferences?.preload, path.join(projectRoot, "main", "preload.cjs"));
    assert.equal(options.show, false, "shown when ready, without a white flash");
    assert.equal(options.title, "Sagacity Bites");
  });

  test("only the local server's pages load in the window; web links open in the browser", async () => {
    const launched = await launch();
    const window = mainWindowOf(launched);
    const origin = launched.desktop.state.appOrigin!;
    const contents = window.webContents;

    assert.equal(contents.navigate(`${origin}/library`), true);
    assert.equal(contents.navigate("https://www.openbible.info/labs/cross-references/"), false);
    assert.equal(contents.navigate("file:///etc/passwd"), false);
    assert.equal(contents.navigate("javascript:alert(1)"), false);
    assert.equal(contents.navigate("http://127.0.0.1:1/elsewhere"), false, "another port is another site");
    assert.equal(contents.redirect("https://evil.example/"), false);
    assert.equal(contents.attachWebview(), false);

    assert.deepEqual(contents.openWindow("https://github.com/BradyStephenson/bible-data"), { action: "deny" });
    assert.deepEqual(contents.openWindow(`${origin}/today`), { action: "deny" });
    assert.equal(window.loadedUrls.at(-1), `${origin}/today`, "an app link meant for a new tab stays in the window");
    assert.deepEqual(contents.openWindow("smb://server/share"), { action: "deny" });

    assert.deepEqual(
      launched.fake.callsTo("shell.openExternal").map((call) => call.args[0]),
      [
        "https://www.openbible.info/labs/cross-references/",
        "http://127.0.0.1:1/elsewhere",
        "https://evil.example/",
        "https://github.com/BradyStephenson/bible-data",
      ],
    );
  });

  test("permission requests are refused except clipboard writes from the app itself", async () => {
    const launched = await launch();
    const contents = mainWindowOf(launched).webContents;
    const origin = launched.desktop.state.appOrigin!;
    for (const permission of ["media", "geolocation", "notifications", "openExternal", "midi", "fileSystem"]) {
      assert.equal(await launched.fake.requestPermission(contents, permission, `${origin}/`), false, permission);
    }
    assert.equal(
      await launched.fake.requestPermission(contents, "clipboard-sanitized-write", `${origin}/library`),
      true,
    );
    assert.equal(
      await launched.fake.requestPermission(contents, "clipboard-sanitized-write", "https://evil.example/"),
      false,
    );
    assert.equal(launched.fake.checkPermission(contents, "clipboard-sanitized-write", origin), true);
    assert.equal(launched.fake.checkPermission(contents, "geolocation", origin), false);
    assert.equal(launched.fake.checkPermission(null, "clipboard-sanitized-write", "https://evil.example"), false);
  });

  test("signing in works in Chromium at the URL the window was given", async () => {
    const launched = await launch();
    const url = mainWindowOf(launched).loadedUrls[0]!;
    const origin = launched.desktop.state.appOrigin!;
    const browser = await chromium.launch(chromiumLaunchOptions);
    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.waitForURL(/\/login$/);
      await page.getByRole("link", { name: "Create one" }).waitFor();
      await page.goto(`${origin}/register`);
      // Filled once the page's scripts are in, so hydration cannot race the typing.
      await page.waitForLoadState("networkidle");
      const email = uniqueEmail("desktop");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret12");
      await page.getByLabel("Confirm Password").fill("secret12");
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.waitForURL(`${origin}/`, { timeout: 60_000 });
      await page.getByRole("heading", { level: 1, name: new RegExp(email.split("@")[0]!) }).waitFor();

      // A fresh browser profile signs in with the same account.
      const other = await browser.newPage();
      await other.goto(url);
      await other.waitForURL(/\/login$/);
      await other.waitForLoadState("networkidle");
      await other.getByLabel("Email").fill(email);
      await other.getByLabel("Password").fill("secret12");
      await other.getByRole("button", { name: "Sign In" }).click();
      await other.waitForURL(`${origin}/`, { timeout: 60_000 });
      await other.getByRole("heading", { level: 1, name: new RegExp(email.split("@")[0]!) }).waitFor();
    } catch (error) {
      await page
        .screenshot({ path: path.join(projectRoot, "test-results/desktop-sign-in-failure.png") })
        .catch(() => {});
      throw error;
    } finally {
      await browser.close();
    }
  });
});

describe("single instance", () => {
  test("a second launch quits and brings the first window back", async () => {
    const locks: LockRegistry = {};
    const first = await launch({ locks });
    const window = mainWindowOf(first);
    window.minimize();
    const second = await launch({ locks });
    assert.equal(second.result, "second-instance");
    assert.equal(second.fake.callsTo("app.quit").length, 1);
    assert.equal(second.fake.windows.length, 0);
    assert.equal(second.desktop.state.server, undefined);
    assert.equal(window.isMinimized(), false);
    assert.equal(window.focused, true);
  });

  test("a second launch with --quit quits the first one cleanly (the release smoke test's quit)", async () => {
    const locks: LockRegistry = {};
    const first = await launch({ locks });
    const { paths } = first.desktop.state;
    await registerAccount(first.desktop.state.appOrigin!);
    const second = await launch({ locks, secondInstanceArgv: ["--quit"] });
    assert.equal(second.result, "second-instance");
    await first.fake.quitted;
    assert.equal(first.fake.utilityProcesses[0]!.exitCode, 0);
    assert.equal(fs.existsSync(`${paths!.database}-wal`), false, "checkpointed and closed");
  });
});

describe("Share with my group", () => {
  const shareMenuItem = (fake: FakeElectron) => {
    const file = fake.menu.find((item) => item.label === "File");
    return file?.submenu?.find((item) => item.id === MENU_IDS.share);
  };

  test("is refused until the administrator account exists, then allowed", async () => {
    const launched = await launch();
    const { fake, desktop } = launched;
    const appOrigin = desktop.state.appOrigin!;
    fake.clickMenuItem(MENU_IDS.share);
    await desktop.idle();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(desktop.state.sharing, false);
    assert.equal(desktop.state.server?.host, "127.0.0.1", "still on this computer only");
    assert.equal(shareMenuItem(fake)?.checked, false);
    const refusal = fake.messageBoxes.at(-1)!.options;
    assert.equal(refusal.message, "Create the administrator account first.");
    assert.match(refusal.detail ?? "", /register, then turn on sharing/);
    assert.deepEqual(launched.errors, [], "a refusal, not a failure");
    assert.equal(desktop.state.appOrigin, appOrigin, "the server was not restarted");

    // The first account is the administrator; a second one changes nothing.
    const admin = await registerAccount(appOrigin);
    assert.equal(admin.isAdmin, true);
    fake.clickMenuItem(MENU_IDS.share);
    await desktop.idle();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(desktop.state.sharing, true);
    assert.equal(desktop.state.server?.host, "0.0.0.0");
    assert.equal(shareMenuItem(fake)?.checked, true);
    assert.match(fake.messageBoxes.at(-1)!.options.message, /shared on your local network/);

    // While shared, the group reaches it at this computer's addresses; a DNS-rebinding name, or an
    // address that is not this computer's (one a link could be poisoned with), is still refused.
    const port = desktop.state.server!.port;
    if (lanAddress) assert.equal(await statusForHost(port, `${lanAddress}:${port}`), 200);
    assert.equal(await statusForHost(port, `198.51.100.7:${port}`), 421);
    assert.equal(await statusForHost(port, `rebind.example:${port}`), 421);
  });

  test("is off by default, binds 0.0.0.0 on the same port when on, shows the address, and goes back", async () => {
    const launched = await launch();
    const { fake, desktop } = launched;
    const port = desktop.state.server!.port;
    const menuItem = () => shareMenuItem(fake);
    assert.equal(menuItem()?.type, "checkbox");
    assert.equal(menuItem()?.checked, false);
    const admin = await registerAccount(desktop.state.appOrigin!);

    fake.answerNextMessageBox(1); // "Copy Address"
    fake.clickMenuItem(MENU_IDS.share);
    await desktop.idle();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(desktop.state.sharing, true);
    assert.equal(desktop.state.server?.host, "0.0.0.0");
    assert.equal(desktop.state.server?.port, port, "same port: the window keeps working");
    assert.equal(menuItem()?.checked, true);
    const dialog = fake.messageBoxes.at(-1)!.options;
    assert.match(dialog.detail ?? "", new RegExp(`http://192\\.168\\.1\\.23:${port}`));
    assert.match(dialog.detail ?? "", /signs in with their own account/);
    assert.deepEqual(fake.callsTo("clipboard.writeText")[0]?.args, [`http://192.168.1.23:${port}`]);

    if (lanAddress) {
      const fromLan = `http://${lanAddress}:${port}`;
      assert.equal((await fetch(`${fromLan}/healthz`)).status, 200);
      // Sign-in is still required from other devices.
      assert.equal((await api(fromLan, "/api/me")).status, 401);
      const login = await fetch(`${fromLan}/`, { redirect: "manual" });
      assert.equal(login.status, 302);
      assert.match(login.headers.get("location") ?? "", /\/login/);
      // Anyone on the Wi-Fi reaches the sign-up page: while shared it takes an invite from the admin.
      const stranger = await api(fromLan, "/api/auth/register", {
        method: "POST",
        body: { email: "stranger@example.com", password: "correct horse" },
      });
      assert.equal(stranger.status, 403);
      assert.match(stranger.body.error, /by invitation/);
      const invite = await api(fromLan, "/api/admin/invites", { method: "POST", token: admin.token, body: {} });
      assert.equal(invite.status, 201);
      const invited = await api(fromLan, "/api/auth/register", {
        method: "POST",
        body: { email: "member@example.com", password: "correct horse", inviteCode: invite.body.code },
      });
      assert.equal(invited.status, 201);
      assert.equal((await api(fromLan, "/api/me", { token: invited.body.token })).status, 200);
    }

    fake.clickMenuItem(MENU_IDS.shareAddress);
    await new Promise((resolve) => setImmediate(resolve));
    assert.match(fake.messageBoxes.at(-1)!.options.detail ?? "", /192\.168\.1\.23/);

    fake.clickMenuItem(MENU_IDS.share);
    await desktop.idle();
    assert.equal(desktop.state.sharing, false);
    assert.equal(desktop.state.server?.host, "127.0.0.1");
    assert.equal(desktop.state.server?.port, port);
    assert.equal(menuItem()?.checked, false);
    assert.throws(() => fake.clickMenuItem(MENU_IDS.shareAddress), /disabled/);
    if (lanAddress) assert.equal(await canConnect(lanAddress, port), false);
    assert.equal((await fetch(`${desktop.state.appOrigin}/healthz`)).status, 200);
    assert.equal(mainWindowOf(launched).loadedUrls.length, 1, "same origin: no reload was needed");
    // On this computer only again: the admin's choice (open) is back.
    await registerAccount(desktop.state.appOrigin!);
  });
});

describe("window state", () => {
  test("the size and position are remembered, and ignored when that place is off every screen", async () => {
    const userData = freshFolder("window-state");
    const first = await launch({ userData });
    const window = mainWindowOf(first);
    window.setBoundsByUser({ x: 140, y: 90, width: 1100, height: 720 });
    window.close();
    const saved = JSON.parse(fs.readFileSync(path.join(userData, "window-state.json"), "utf8"));
    assert.deepEqual(saved, { x: 140, y: 90, width: 1100, height: 720, maximized: false });
    await quit(first);

    const second = await launch({ userData });
    const options = mainWindowOf(second).options;
    assert.deepEqual([options.x, options.y, options.width, options.height], [140, 90, 1100, 720]);
    await quit(second);

    // That monitor is gone: the window opens at the default size on the one that is left.
    const third = await launch({ userData, displays: [{ x: 3000, y: 0, width: 1280, height: 780 }] });
    const moved = mainWindowOf(third).options;
    assert.equal(moved.x, undefined);
    assert.deepEqual([moved.width, moved.height], [1280, 780]);
  });

  test("a maximized window opens maximized", async () => {
    const userData = freshFolder("maximized");
    const first = await launch({ userData });
    mainWindowOf(first).maximize();
    mainWindowOf(first).close();
    await quit(first);
    const second = await launch({ userData });
    assert.equal(mainWindowOf(second).isMaximized(), true);
  });
});

describe("shutdown", () => {
  test("quitting finishes requests, closes the server and the database, then quits", async () => {
    const launched = await launch();
    const { server, paths, appOrigin } = launched.desktop.state;
    await registerAccount(appOrigin!);
    assert.ok(fs.existsSync(`${paths!.database}-wal`), "the database is open in WAL mode");
    launched.fake.electron.app.quit();
    assert.equal(launched.fake.state.quit, false, "quitting waits for the server to close");
    await launched.fake.quitted;
    assert.equal(await canConnect("127.0.0.1", server!.port), false);
    // The last connection closing checkpoints and removes the WAL file: the database closed cleanly.
    assert.equal(fs.existsSync(`${paths!.database}-wal`), false);
    assert.equal(launched.desktop.state.server, undefined);
    assert.equal(launched.fake.utilityProcesses[0]!.exitCode, 0, "the server's process ended on its own");
  });

  test("the server runs in a utility process of its own, and a crash of it is reported, not hidden", async () => {
    const launched = await launch();
    const forks = launched.fake.callsTo("utilityProcess.fork");
    assert.equal(forks.length, 1);
    assert.equal(forks[0]!.args[0], serverHost);
    const child = launched.fake.utilityProcesses[0]!;
    assert.ok(child.pid && child.pid !== process.pid);
    const { appOrigin } = launched.desktop.state;
    assert.equal((await fetch(`${appOrigin}/healthz`)).status, 200);

    child.child.kill("SIGKILL");
    await launched.fake.quitted;
    assert.ok(launched.errors.some((error) => /server process ended unexpectedly/.test(String(error))));
    assert.equal(launched.fake.messageBoxes.at(-1)?.options.message, "The app's server stopped unexpectedly.");
  });

  test("closing the last window quits on Windows and Linux", async () => {
    const launched = await launch();
    mainWindowOf(launched).close();
    await launched.fake.quitted;
    assert.equal(launched.desktop.state.server, undefined);
  });
});

describe("start-up failure", () => {
  function appFolder() {
    const folder = freshFolder("app");
    fs.symlinkSync(path.join(projectRoot, "build"), path.join(folder, "build"));
    fs.cpSync(path.join(projectRoot, "db/migrations"), path.join(folder, "db/migrations"), { recursive: true });
    return folder;
  }

  function addMigration(folder: string, tag: string, sql: string) {
    const journalFile = path.join(folder, "db/migrations/meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
    const last = journal.entries.at(-1);
    journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1000, tag, breakpoints: true });
    fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    fs.writeFileSync(path.join(folder, "db/migrations", `${tag}.sql`), sql);
  }

  function inspect(file: string) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return {
        users: (db.prepare("select email from users").all() as Array<{ email: string }>).map((row) => row.email),
        migrations: (db.prepare("select count(*) as count from __drizzle_migrations").get() as { count: number }).count,
        probe: Boolean(db.prepare("select 1 from sqlite_master where name = 'desktop_probe'").get()),
        integrity: db.pragma("integrity_check", { simple: true }),
      };
    } finally {
      db.close();
    }
  }

  test("the database is backed up before migrations and put back when the start fails after them", async () => {
    const appRoot = appFolder();
    const userData = freshFolder("failing-start");
    const first = await launch({ userData, appRoot });
    const account = await registerAccount(first.desktop.state.appOrigin!);
    await quit(first);
    const database = path.join(userData, "sagacity.db");
    const before = inspect(database);
    assert.deepEqual(before.users, [account.email]);

    // A new version arrives with a migration, and its start then fails (its Bible database
    // cannot be created): the migration has already changed the file by then.
    addMigration(appRoot, "9001_desktop_probe", "CREATE TABLE `desktop_probe` (`id` integer PRIMARY KEY NOT NULL);\n");
    const notAFolder = path.join(freshFolder("bad-bible"), "file");
    fs.writeFileSync(notAFolder, "");
    process.env.BIBLE_DB_PATH = path.join(notAFolder, "bible.sqlite");
    const failed = await launch({ userData, appRoot });

    assert.equal(failed.result, "failed");
    assert.deepEqual(
      failed.fake.callsTo("app.exit").map((call) => call.args[0]),
      [1],
    );
    assert.equal(failed.fake.windows.length, 0);
    const dialog = failed.fake.messageBoxes.at(-1)!.options;
    assert.equal(dialog.type, "error");
    assert.equal(dialog.title, "Sagacity Bites could not start");
    assert.match(dialog.detail ?? "", /EEXIST|ENOTDIR/);
    assert.match(dialog.detail ?? "", /put back exactly as it was/);
    assert.match(dialog.detail ?? "", new RegExp(`Data folder: ${userData.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    assert.deepEqual(dialog.buttons, ["Quit", "Open Data Folder"]);

    const backups = fs.readdirSync(path.join(userData, "backups"));
    assert.ok(backups.includes("sagacity-before-start.db"), backups.join(", "));
    const preMigrate = backups.find((name) => /^sagacity-pre-migrate-.*\.db$/.test(name));
    const failedCopy = backups.find((name) => /^sagacity-failed-start-.*\.db$/.test(name));
    assert.ok(preMigrate, "the server backed the database up before migrating");
    assert.ok(failedCopy, "the database that failed is kept");
    assert.equal(inspect(path.join(userData, "backups", failedCopy)).probe, true, "the migration had run");
    assert.deepEqual(inspect(database), before, "restored: users kept, migration undone");

    delete process.env.BIBLE_DB_PATH;
    const fixed = await launch({ userData, appRoot });
    assert.equal(fixed.result, "running");
    const login = await api(fixed.desktop.state.appOrigin!, "/api/auth/login", {
      method: "POST",
      body: { email: account.email, password: account.password },
    });
    assert.equal(login.status, 200);
    await quit(fixed);
    assert.equal(inspect(database).probe, true);
  });

  test("a migration that fails shows what went wrong and leaves the data as it was", async () => {
    const appRoot = appFolder();
    const userData = freshFolder("broken-migration");
    const first = await launch({ userData, appRoot });
    await registerAccount(first.desktop.state.appOrigin!);
    await quit(first);
    const before = inspect(path.join(userData, "sagacity.db"));

    addMigration(
      appRoot,
      "9002_broken",
      "CREATE TABLE `desktop_probe` (`id` integer);\n--> statement-breakpoint\nINSERT INTO `no_such_table` VALUES (1);\n",
    );
    const failed = await launch({ userData, appRoot });
    assert.equal(failed.result, "failed");
    assert.match(failed.fake.messageBoxes.at(-1)!.options.detail ?? "", /no such table: no_such_table/);
    assert.deepEqual(inspect(path.join(userData, "sagacity.db")), before);
  });

  test("the first start on an empty folder that fails changes nothing and says so", async () => {
    const appRoot = appFolder();
    addMigration(appRoot, "9003_broken", "THIS IS NOT SQL;\n");
    const userData = freshFolder("broken-first-start");
    const failed = await launch({ userData, appRoot });
    assert.equal(failed.result, "failed");
    assert.match(failed.fake.messageBoxes.at(-1)!.options.detail ?? "", /near "THIS": syntax error/);
    assert.match(failed.fake.messageBoxes.at(-1)!.options.detail ?? "", /No data was changed/);
    assert.equal(fs.existsSync(path.join(userData, "sagacity.db")), false, "the next start begins afresh");
  });
});

describe("AI settings", () => {
  test("are stored in the data folder with the key sealed, reach the server in memory, and never reach a page", async () => {
    const launched = await launch();
    const { fake, desktop } = launched;
    const folder = desktop.state.paths!.folder;
    const port = desktop.state.server!.port;
    const admin = await registerAccount(desktop.state.appOrigin!);
    const endpoint = await startFakeEndpoint("key-refused");
    const origin = desktop.state.appOrigin!;

    fake.clickMenuItem(MENU_IDS.aiSettings);
    const settingsWindow = fake.windows[1]!;
    assert.equal(settingsWindow.options.parent, fake.windows[0]);
    assert.equal(settingsWindow.options.modal, true);
    assert.equal(settingsWindow.options.webPreferences?.sandbox, true);
    assert.equal(settingsWindow.options.webPreferences?.contextIsolation, true);
    assert.equal(
      settingsWindow.options.webPreferences?.preload,
      path.join(projectRoot, "main", "settings-preload.cjs"),
    );
    assert.deepEqual(settingsWindow.loadedFiles, [path.join(projectRoot, "main", "settings.html")]);
    assert.equal(settingsWindow.webContents.navigate("https://example.com/"), false);

    const sender = settingsWindow.webContents;
    assert.deepEqual(await fake.invoke(IPC.loadAiSettings, sender), {
      provider: "builtin",
      baseUrl: "",
      model: "",
      hasKey: false,
      keyProtected: true,
      keyUnreadable: false,
    });
    // The app's own pages cannot use the settings channel.
    await assert.rejects(async () => fake.invoke(IPC.loadAiSettings, fake.windows[0]!.webContents), /Not allowed/);
    await assert.rejects(
      async () =>
        fake.invoke(IPC.saveAiSettings, fake.windows[0]!.webContents, {
          provider: "builtin",
          baseUrl: "",
          model: "",
          apiKey: "",
        }),
      /Not allowed/,
    );

    assert.deepEqual(
      await fake.invoke(IPC.saveAiSettings, sender, {
        provider: "openai",
        baseUrl: "ftp://models",
        model: "",
        apiKey: "k",
      }),
      { ok: false, error: "Enter a full address starting with http:// or https://" },
    );
    const missingKey = (await fake.invoke(IPC.saveAiSettings, sender, {
      provider: "openai",
      baseUrl: "",
      model: "",
      apiKey: "",
    })) as {
      error: string;
    };
    assert.match(missingKey.error, /Enter the API key/);

    const key = "sk-test-desktop-0123456789";
    assert.deepEqual(
      await fake.invoke(IPC.saveAiSettings, sender, {
        provider: "openai",
        baseUrl: endpoint.baseUrl,
        model: "llama3.1",
        apiKey: key,
      }),
      { ok: true },
    );
    const file = fs.readFileSync(path.join(folder, "settings.json"), "utf8");
    assert.equal(file.includes(key), false, "the key is not stored in clear");
    assert.equal(fs.statSync(path.join(folder, "settings.json")).mode & 0o777, 0o600);
    assert.equal(desktop.state.server?.port, port, "restarted on the same port");
    assert.equal(
      await keyTheServerSends(origin, admin.token, endpoint),
      `Bearer ${key}`,
      "the restarted server uses it",
    );
    // Handed over by message: no environment holds it, so no child process inherits it.
    for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_PROVIDER"])
      assert.equal(process.env[name], savedEnv[name], name);
    const forks = fake.callsTo("utilityProcess.fork");
    assert.equal(JSON.stringify(forks).includes(key), false);

    const view = await fake.invoke(IPC.loadAiSettings, sender);
    assert.deepEqual(view, {
      provider: "openai",
      baseUrl: endpoint.baseUrl,
      model: "llama3.1",
      hasKey: true,
      keyProtected: true,
      keyUnreadable: false,
    });
    assert.equal(JSON.stringify(view).includes(key), false);

    // Saving again with the key field empty keeps the key.
    await fake.invoke(IPC.saveAiSettings, sender, {
      provider: "openai",
      baseUrl: endpoint.baseUrl,
      model: "qwen",
      apiKey: "",
    });
    assert.equal(await keyTheServerSends(origin, admin.token, endpoint), `Bearer ${key}`);

    // Back to the built-in generator: the endpoint leaves the environment.
    await fake.invoke(IPC.saveAiSettings, sender, {
      provider: "builtin",
      baseUrl: "",
      model: "",
      apiKey: "",
      forgetKey: true,
    });
    assert.equal(
      await keyTheServerSends(origin, admin.token, endpoint),
      undefined,
      "the built-in generator calls no one",
    );
    assert.equal(((await fake.invoke(IPC.loadAiSettings, sender)) as { hasKey: boolean }).hasKey, false);

    await fake.invoke(IPC.closeAiSettings, sender);
    assert.equal(settingsWindow.isDestroyed(), true);
    assert.equal(fake.windows[0]!.isDestroyed(), false);
    await endpoint.close();
  });

  /** A first run that saves an OpenAI-compatible endpoint (which refuses keys) with a key, then quits. */
  async function savedKeyThenQuit(folder: string, model: string, apiKey: string) {
    const userData = freshFolder(folder);
    const endpoint = await startFakeEndpoint("key-refused");
    const first = await launch({ userData });
    const admin = await registerAccount(first.desktop.state.appOrigin!);
    first.fake.clickMenuItem(MENU_IDS.aiSettings);
    await first.fake.invoke(IPC.saveAiSettings, first.fake.windows[1]!.webContents, {
      provider: "openai",
      baseUrl: endpoint.baseUrl,
      model,
      apiKey,
    });
    await quit(first);
    return { userData, endpoint, admin };
  }

  test("are applied at the next start, before the server starts", async () => {
    const { userData, endpoint, admin } = await savedKeyThenQuit("ai-next-start", "", "sk-next-start");
    const second = await launch({ userData });
    const origin = second.desktop.state.appOrigin!;
    assert.equal(await keyTheServerSends(origin, admin.token, endpoint), "Bearer sk-next-start");
    assert.equal(process.env.OPENAI_API_KEY, savedEnv.OPENAI_API_KEY);
    await endpoint.close();
  });

  test("a saved key the keychain cannot decrypt counts as not saved: the app starts and asks for it again", async () => {
    const { userData, endpoint, admin } = await savedKeyThenQuit(
      "ai-unreadable-key",
      "llama3.1",
      "sk-sealed-elsewhere",
    );

    // The next start under another keychain (the data folder on a USB stick, another user).
    const second = await launch({ userData, keychain: "another-user" });
    assert.equal(second.result, "running", "the app starts");
    assert.equal(second.fake.windows.length, 1);
    assert.equal(second.fake.messageBoxes.length, 0, "no error dialog");
    assert.ok(
      second.errors.some((error) => /saved AI key could not be decrypted/.test(String(error))),
      "the failure is logged",
    );
    const origin = second.desktop.state.appOrigin!;
    assert.equal(await keyTheServerSends(origin, admin.token, endpoint), undefined, "the built-in generator");

    second.fake.clickMenuItem(MENU_IDS.aiSettings);
    const sender = second.fake.windows[1]!.webContents;
    assert.deepEqual(await second.fake.invoke(IPC.loadAiSettings, sender), {
      provider: "openai",
      baseUrl: endpoint.baseUrl,
      model: "llama3.1",
      hasKey: false,
      keyProtected: true,
      keyUnreadable: true,
    });
    // Entering it again puts things right.
    assert.deepEqual(
      await second.fake.invoke(IPC.saveAiSettings, sender, {
        provider: "openai",
        baseUrl: endpoint.baseUrl,
        model: "llama3.1",
        apiKey: "sk-entered-again",
      }),
      { ok: true },
    );
    assert.equal(
      ((await second.fake.invoke(IPC.loadAiSettings, sender)) as { keyUnreadable: boolean }).keyUnreadable,
      false,
    );
    await endpoint.close();
  });

  test("on Linux without a keyring (basic_text) the key is not reported as protected", async () => {
    const launched = await launch({ storageBackend: "basic_text" });
    launched.fake.clickMenuItem(MENU_IDS.aiSettings);
    const view = (await launched.fake.invoke(IPC.loadAiSettings, launched.fake.windows[1]!.webContents)) as {
      keyProtected: boolean;
    };
    assert.equal(view.keyProtected, false);
  });
});

describe("the AI Settings window", () => {
  test("works in Chromium against the main process, and never shows the saved key", async () => {
    // An app folder with the compiled window (main/settings.html, settings.js) beside the build.
    const appRoot = freshFolder("app-with-main");
    for (const folder of ["build", "db"]) fs.symlinkSync(path.join(projectRoot, folder), path.join(appRoot, folder));
    await buildMain(path.join(appRoot, "main"));
    const launched = await launch({ appRoot });
    const { fake } = launched;
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const openSettings = async () => {
        fake.clickMenuItem(MENU_IDS.aiSettings);
        const window = fake.windows.at(-1)!;
        const page = await openSettingsPage(
          browser,
          (channel, ...args) => fake.invoke(channel, window.webContents, ...args),
          window.loadedFiles[0]!,
          640,
        );
        return { window, page };
      };

      const first = await openSettings();
      const page = first.page;
      await page.getByRole("heading", { name: "AI Settings" }).waitFor();
      await page.getByText("encrypted with the system keychain").waitFor();
      assert.equal(await page.getByRole("radio", { name: /Built-in/ }).isChecked(), true);
      assert.equal(await page.getByLabel("Forget the saved key").isVisible(), false, "no key saved yet");
      assert.equal(await page.getByLabel("Endpoint URL").isDisabled(), true);
      await page.getByRole("radio", { name: /OpenAI-compatible endpoint/ }).check();
      assert.equal(await page.getByLabel("Endpoint URL").isEnabled(), true);
      await page.getByLabel("Endpoint URL").fill("not a url");
      await page.getByLabel("API key").fill("sk-from-the-window");
      await page.getByRole("button", { name: "Save" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "Enter a full address starting with http:// or https://" })
        .waitFor();
      await page.screenshot({ path: path.join(projectRoot, "test-results/desktop-ai-settings.png") });

      await page.getByLabel("Endpoint URL").fill("http://127.0.0.1:11434/v1");
      await page.getByLabel("Model").fill("llama3.1");
      await page.getByRole("button", { name: "Save" }).click();
      await waitUntil(() => first.window.isDestroyed());
      const saved = JSON.parse(
        fs.readFileSync(path.join(launched.desktop.state.paths!.folder, "settings.json"), "utf8"),
      );
      assert.equal(saved.ai.baseUrl, "http://127.0.0.1:11434/v1");
      assert.equal(saved.ai.apiKey.encrypted, true);
      assert.equal(process.env.OPENAI_API_KEY, savedEnv.OPENAI_API_KEY, "never in the environment");

      const second = await openSettings();
      await second.page.getByRole("heading", { name: "AI Settings" }).waitFor();
      await waitUntil(async () => (await second.page.getByLabel("Model").inputValue()) === "llama3.1");
      assert.equal(await second.page.getByRole("radio", { name: /OpenAI-compatible endpoint/ }).isChecked(), true);
      assert.equal(await second.page.getByLabel("API key").inputValue(), "");
      assert.equal(
        await second.page.getByLabel("API key").getAttribute("placeholder"),
        "A key is saved (leave empty to keep it)",
      );
      assert.equal(await second.page.getByLabel("Forget the saved key").isVisible(), true);
      assert.equal((await second.page.content()).includes("sk-from-the-window"), false);
      await second.page.keyboard.press("Escape");
      await waitUntil(() => second.window.isDestroyed());
    } finally {
      await browser.close();
    }
  });
});

describe("menu, About and backups", () => {
  test("has Edit, View with zoom, Window and Help with About and credits", async () => {
    const launched = await launch();
    const { fake } = launched;
    const labels = fake.menu.map((item) => item.label);
    assert.deepEqual(labels, ["File", "Edit", "View", "Window", "Help"]);
    assert.equal(fake.menu[1]!.role, "editMenu");
    const viewRoles = fake.menu[2]!.submenu!.map((item) => item.role).filter(Boolean);
    for (const role of ["reload", "resetZoom", "zoomIn", "zoomOut", "togglefullscreen"])
      assert.ok(viewRoles.includes(role as never), role);
    assert.equal(fake.menu[3]!.role, "windowMenu");
    assert.deepEqual(
      fake.menu[4]!.submenu!.map((item) => item.label),
      ["About Sagacity Bites", "Check for Updates…", undefined, "Open Log Folder", "Credits"],
    );
    assert.ok(
      fake.menu[0]!.submenu!.some((item) => item.id === MENU_IDS.restore && item.label === "Restore from Backup…"),
    );

    fake.clickMenuItem(MENU_IDS.about);
    await new Promise((resolve) => setImmediate(resolve));
    const about = fake.messageBoxes.at(-1)!.options;
    assert.equal(about.title, "About Sagacity Bites");
    assert.equal(about.message, "Sagacity Bites 0.1.0");
    assert.match(about.detail ?? "", /Electron 41\.10\.7/);

    fake.clickMenuItem(MENU_IDS.credits);
    await new Promise((resolve) => setImmediate(resolve));
    const credits = fake.messageBoxes.at(-1)!.options.detail ?? "";
    assert.match(credits, /Cross references from OpenBible\.info .*licensed CC BY\./);
    assert.match(credits, /Nave's Topical Bible data from BibleData by Brady Stephenson/);

    fake.clickMenuItem(MENU_IDS.dataFolder);
    assert.deepEqual(fake.callsTo("shell.openPath").at(-1)?.args, [launched.desktop.state.paths!.folder]);
    fake.clickMenuItem(MENU_IDS.logFolder);
    assert.deepEqual(fake.callsTo("shell.openPath").at(-1)?.args, [
      path.join(launched.desktop.state.paths!.folder, "logs"),
    ]);
    assert.ok(fs.existsSync(path.join(launched.desktop.state.paths!.folder, "logs")), "configureLog made it");

    // No publish configuration in this build (no resources/app-update.yml): electron-updater is never loaded.
    await launched.desktop.checkForUpdates();
    assert.equal(fake.messageBoxes.at(-1)!.options.message, "This build does not update itself.");
    assert.equal(launched.updaterLoads, 0);
  });

  test("a packaged build with a publish configuration checks for updates at start and from the menu", async () => {
    const packaged = freshFolder("packaged");
    const appRoot = path.join(packaged, "resources", "app");
    fs.mkdirSync(appRoot, { recursive: true });
    for (const folder of ["build", "db"]) fs.symlinkSync(path.join(projectRoot, folder), path.join(appRoot, folder));
    // What electron-builder writes beside app.asar when the build has "publish" (GitHub Releases).
    fs.writeFileSync(path.join(packaged, "resources", "app-update.yml"), "provider: github\nowner: o\nrepo: r\n");
    const launched = await launch({ appRoot, isPackaged: true });
    await waitUntil(() => launched.updater.checks > 0);
    assert.equal(launched.updaterLoads, 1);
    assert.equal(launched.updater.autoDownload, true);

    launched.updater.nextResult = { isUpdateAvailable: true, updateInfo: { version: "9.9.9" } };
    await launched.desktop.checkForUpdates();
    assert.equal(launched.updater.checks, 2);
    assert.equal(launched.fake.messageBoxes.at(-1)!.options.message, "Sagacity Bites 9.9.9 is downloading.");
    launched.fake.answerNextMessageBox(0);
    launched.updater.emit("update-downloaded", { version: "9.9.9" });
    await waitUntil(() => launched.updater.installs === 1);
  });

  test("Restore from Backup checks the file, asks first, keeps the current data aside and restarts the server", async () => {
    const launched = await launch();
    const { fake, desktop } = launched;
    const before = await registerAccount(desktop.state.appOrigin!);
    const backupFile = path.join(freshFolder("restore-source"), "Sagacity backup.db");
    fake.answerNextSaveDialog({ canceled: false, filePath: backupFile });
    await desktop.backUpData();
    const after = await registerAccount(desktop.state.appOrigin!);
    const port = desktop.state.server!.port;
    const login = (account: { email: string; password: string }) =>
      api(desktop.state.appOrigin!, "/api/auth/login", {
        method: "POST",
        body: { email: account.email, password: account.password },
      });

    // A file that is not one of ours: refused, nothing changed.
    const notOurs = path.join(freshFolder("not-ours"), "notes.db");
    fs.writeFileSync(notOurs, "not a database");
    fake.answerNextOpenDialog({ canceled: false, filePaths: [notOurs] });
    await desktop.restoreFromBackup();
    assert.equal(fake.messageBoxes.at(-1)!.options.message, "This file cannot be restored.");
    assert.equal((await login(after)).status, 200);

    // Cancelled at the question: nothing changed.
    fake.answerNextOpenDialog({ canceled: false, filePaths: [backupFile] });
    fake.answerNextMessageBox(1);
    await desktop.restoreFromBackup();
    assert.equal(fake.messageBoxes.at(-1)!.options.message, "Replace your data with this backup?");
    assert.equal((await login(after)).status, 200);

    fake.answerNextOpenDialog({ canceled: false, filePaths: [backupFile] });
    fake.answerNextMessageBox(0);
    await desktop.restoreFromBackup();
    const done = fake.messageBoxes.at(-1)!.options;
    assert.equal(done.message, "The backup was restored.");
    assert.equal(desktop.state.server?.port, port, "the server restarted on the same port");
    assert.equal(mainWindowOf(launched).loadedUrls.at(-1), `${desktop.state.appOrigin}/`, "the window starts again");
    assert.equal((await login(before)).status, 200);
    assert.equal((await login(after)).status, 401, "the account made after the backup is gone");
    const keptAside = /kept as:\n(.+)$/.exec(done.detail ?? "")?.[1];
    assert.ok(keptAside && fs.existsSync(keptAside), done.detail);
    const kept = new Database(keptAside, { readonly: true });
    const keptEmails = (kept.prepare("select email from users").all() as Array<{ email: string }>).map(
      (row) => row.email,
    );
    kept.close();
    assert.ok(keptEmails.includes(after.email), "the data replaced is kept aside");
  });

  test("Back Up Data writes a consistent copy of the live database", async () => {
    const launched = await launch();
    const account = await registerAccount(launched.desktop.state.appOrigin!);
    const destination = path.join(freshFolder("backup-target"), "Sagacity backup.db");
    launched.fake.answerNextSaveDialog({ canceled: false, filePath: destination });
    await launched.desktop.backUpData();
    const copy = new Database(destination, { readonly: true });
    const emails = (copy.prepare("select email from users").all() as Array<{ email: string }>).map((row) => row.email);
    assert.equal(copy.pragma("integrity_check", { simple: true }), "ok");
    copy.close();
    assert.ok(emails.includes(account.email));
    assert.equal(launched.fake.messageBoxes.at(-1)!.options.message, "Backup saved");
  });
});

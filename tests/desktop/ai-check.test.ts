/**
 * "Test connection" in the desktop app's AI Settings window: the window's values go through IPC
 * to the main process (desktop/src/desktop-app.ts, with the recording Electron stand-in), which
 * runs the REAL server build's connection check against fake endpoints on 127.0.0.1, before
 * anything is saved. Then the window itself, in Debian's Chromium, shows the steps.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, afterEach, describe, test } from "node:test";
import { chromium } from "@playwright/test";
import { buildMain } from "../../desktop/scripts/build-main.mjs";
import type { AiCheckView } from "../../desktop/src/ai-settings";
import { IPC, MENU_IDS, type DesktopApp } from "../../desktop/src/desktop-app";
import { closedPortUrl, startFakeEndpoint, type FakeEndpoint } from "../support/fake-ai-endpoints";
import { createTestDesktopApp } from "./support/desktop-app";
import { createFakeElectron, type FakeElectron } from "./support/fake-electron";
import { chromiumLaunchOptions, chromiumPath } from "../support/chromium";
import { openSettingsPage } from "./support/settings-page";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-desktop-ai-check-"));
const savedEnv = { ...process.env };

type TestAnswer = { ok: true; check: AiCheckView } | { ok: false; error: string };

const running: Array<{ fake: FakeElectron; desktop: DesktopApp }> = [];
const endpoints: FakeEndpoint[] = [];
let counter = 0;

async function launch(appRoot = projectRoot) {
  counter += 1;
  const userData = path.join(scratch, `user-data-${counter}`);
  fs.mkdirSync(userData, { recursive: true });
  const fake = createFakeElectron({ userData });
  const desktop = createTestDesktopApp(fake, appRoot);
  assert.equal(await desktop.start(), "running");
  running.push({ fake, desktop });
  fake.clickMenuItem(MENU_IDS.aiSettings);
  const settingsWindow = fake.windows.at(-1)!;
  const testValues = (values: Record<string, unknown>) =>
    fake.invoke(IPC.testAiSettings, settingsWindow.webContents, values) as Promise<TestAnswer>;
  return {
    fake,
    desktop,
    settingsWindow,
    testValues,
    settingsFile: path.join(desktop.state.paths!.folder, "settings.json"),
  };
}

async function endpoint(mode: Parameters<typeof startFakeEndpoint>[0]) {
  const started = await startFakeEndpoint(mode);
  endpoints.push(started);
  return started;
}

function checked(answer: TestAnswer) {
  assert.equal(answer.ok, true, JSON.stringify(answer));
  return (answer as { check: AiCheckView }).check;
}

afterEach(async () => {
  for (const { fake } of running.splice(0)) {
    fake.electron.app.quit();
    await fake.quitted;
  }
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "AI_PROVIDER", "BIBLE_DB_PATH"]) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});
after(async () => {
  await Promise.all(endpoints.map((started) => started.close()));
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("Test connection over IPC", () => {
  test("checks the values typed, with the server's check, and saves nothing", async () => {
    const { fake, desktop, testValues, settingsFile } = await launch();
    const server = desktop.state.server;
    const models = await endpoint("model-missing");

    await assert.rejects(
      async () => fake.invoke(IPC.testAiSettings, fake.windows[0]!.webContents, { provider: "builtin" }),
      /Not allowed/,
      "the app's own pages cannot use the settings channel",
    );

    const check = checked(
      await testValues({
        provider: "openai",
        baseUrl: models.baseUrl,
        model: "qwen2.5:7b-instruct",
        apiKey: "sk-typed-not-saved",
      }),
    );
    assert.equal(check.ok, true);
    assert.equal(check.baseUrl, models.baseUrl);
    assert.deepEqual(
      check.steps.map((step) => [step.label, step.ok]),
      [
        ["Server reachable", true],
        ["API key", true],
        ["Model", true],
        ["Structured output", true],
      ],
    );
    assert.match(check.summary, /^The connection works: /);
    assert.deepEqual(
      models.requests.map((request) => request.authorization),
      ["Bearer sk-typed-not-saved", "Bearer sk-typed-not-saved"],
    );

    assert.equal(
      fs.existsSync(settingsFile) && "ai" in JSON.parse(fs.readFileSync(settingsFile, "utf8")),
      false,
      "nothing saved",
    );
    assert.equal(process.env.OPENAI_API_KEY, savedEnv.OPENAI_API_KEY, "the server's environment is untouched");
    assert.equal(desktop.state.server, server, "the server was not restarted");
  });

  test("says what is wrong: refused connection, unknown model (the admin's model when the field is empty)", async () => {
    const { testValues } = await launch();
    const closed = await closedPortUrl();
    const refused = checked(await testValues({ provider: "openai", baseUrl: closed, model: "m", apiKey: "k" }));
    assert.equal(refused.ok, false);
    assert.deepEqual(
      refused.steps.map((step) => [step.name, step.ok]),
      [["reachable", false]],
    );
    assert.equal(refused.steps[0]!.detail, `Nothing answers at ${closed} (connection refused).`);
    assert.match(refused.advice ?? "", /ollama serve/);

    const models = await endpoint("model-missing");
    const missing = checked(await testValues({ provider: "openai", baseUrl: models.baseUrl, model: "", apiKey: "k" }));
    assert.equal(missing.model, "gpt-4o", "an empty Model field means the admin's AI model");
    const modelStep = missing.steps.find((step) => step.name === "model");
    assert.equal(
      modelStep?.detail,
      `Model "gpt-4o" not found at ${models.baseUrl}; available: llama3.2:3b, qwen2.5:7b-instruct, mistral-nemo:12b.`,
    );
  });

  test("an empty key field uses the saved key; invalid values get the save's own message", async () => {
    const { testValues, fake, settingsWindow } = await launch();
    const models = await endpoint("model-missing");
    assert.deepEqual(
      await fake.invoke(IPC.saveAiSettings, settingsWindow.webContents, {
        provider: "openai",
        baseUrl: models.baseUrl,
        model: "llama3.2:3b",
        apiKey: "sk-saved-key",
      }),
      { ok: true },
    );
    const check = checked(
      await testValues({ provider: "openai", baseUrl: models.baseUrl, model: "llama3.2:3b", apiKey: "" }),
    );
    assert.equal(check.ok, true);
    assert.equal(models.requests.at(-1)?.authorization, "Bearer sk-saved-key");

    assert.deepEqual(await testValues({ provider: "openai", baseUrl: "ftp://models", model: "", apiKey: "k" }), {
      ok: false,
      error: "Enter a full address starting with http:// or https://",
    });
    const forgotten = await testValues({
      provider: "openai",
      baseUrl: models.baseUrl,
      model: "",
      apiKey: "",
      forgetKey: true,
    });
    assert.equal(forgotten.ok, false);
    assert.match((forgotten as { error: string }).error, /Enter the API key/);

    const builtin = checked(await testValues({ provider: "builtin", baseUrl: "", model: "", apiKey: "" }));
    assert.equal(builtin.ok, true);
    assert.equal(builtin.summary, "The built-in offline writer is in use: nothing needs testing.");
    assert.deepEqual(
      builtin.steps.map((step) => step.label),
      ["Built-in writer", "Offline generation"],
    );
  });
});

describe(
  "the AI Settings window",
  { skip: fs.existsSync(chromiumPath) ? false : `no Chromium at ${chromiumPath}` },
  () => {
    test("Test connection shows each step, then what to fix", async () => {
      // An app folder with the compiled window (main/settings.html, settings.js) beside the build.
      const appRoot = path.join(scratch, "app-with-main");
      fs.mkdirSync(appRoot);
      for (const folder of ["build", "db"]) fs.symlinkSync(path.join(projectRoot, folder), path.join(appRoot, folder));
      await buildMain(path.join(appRoot, "main"));
      const { fake, settingsWindow, settingsFile } = await launch(appRoot);
      const broken = await endpoint("ignores-schema");
      const browser = await chromium.launch(chromiumLaunchOptions);
      try {
        const page = await openSettingsPage(
          browser,
          (channel, ...args) => fake.invoke(channel, settingsWindow.webContents, ...args),
          settingsWindow.loadedFiles[0]!,
          760,
        );

        await page.getByRole("button", { name: "Test connection" }).click();
        const status = page.getByRole("status");
        await status.getByText("The built-in offline writer is in use: nothing needs testing.").waitFor();
        const steps = status.getByRole("list", { name: "Connection check steps" }).getByRole("listitem");
        assert.match(
          (await steps.nth(1).textContent()) ?? "",
          /^✓Passed: Offline generation \(\d+ ms\): Wrote a short test summary offline/,
        );

        await page.getByRole("radio", { name: /OpenAI-compatible endpoint/ }).check();
        await page.getByLabel("Endpoint URL").fill(broken.baseUrl);
        await page.getByLabel("Model").fill("llama3.2:3b");
        await page.getByLabel("API key").fill("sk-window");
        await page.getByRole("button", { name: "Test connection" }).click();
        await status.getByText(/^The connection does not work: /).waitFor();
        assert.deepEqual(
          (await steps.allTextContents()).map((text) => text.split(":")[0]),
          ["✓Passed", "✓Passed", "✓Passed", "✗Failed"],
        );
        assert.match(
          (await steps.nth(3).textContent()) ?? "",
          /Structured output \(\d+ ms\): The model answered, but not with JSON matching the schema/,
        );
        await status.getByText(/^How to fix: This server or model does not keep to response_format/).waitFor();
        assert.equal(
          fs.existsSync(settingsFile) && "ai" in JSON.parse(fs.readFileSync(settingsFile, "utf8")),
          false,
          "nothing saved",
        );
        await page.screenshot({ path: path.join(projectRoot, "test-results/desktop-ai-check.png") });
      } finally {
        await browser.close();
      }
    });
  },
);

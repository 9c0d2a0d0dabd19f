/**
 * Today when the devotionals are still being written as the page is sent (a slow model): the page
 * shows "Generating...", asks its own /today/devotions, and renders them as they come, through the
 * markdown renderer it loads only then. Its own server (npm start) talks to a slow fake model on
 * 127.0.0.1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { startServerProcess } from "../support/server";
import { createAccount, expect, test } from "./fixtures";

// Longer than the 1.5 s Today's loader waits for them.
const MODEL_DELAY_MS = 3000;

let fake: FakeOpenAi;
let server: { child: ChildProcess; url: string };
let folder: string;

test.beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-late-"));
  fake = await startFakeOpenAi();
  fake.fallback = (request) => {
    const user = request.messages.find((message) => message.role === "user")!.content;
    const level = /Write the (.+?) devotional/.exec(user)?.[1] ?? "Unknown";
    return {
      json: { content: `## ${level} reading\n\nThe gospel is **the power of God** for salvation (Romans 1:16).` },
      delayMs: MODEL_DELAY_MS,
    };
  };
  server = await startServerProcess(path.join(folder, "late.db"), {
    env: { OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: fake.baseUrl, AI_TIMEOUT_MS: "20000", WORKERS: "1" },
  });
});

test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await fake?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

test("devotionals that arrive after the page are fetched and rendered as markdown", async ({ page }) => {
  const account = await createAccount(server.url, "late");
  const started = await fetch(`${server.url}/api/plans/user-plans`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json" },
    body: JSON.stringify({ planId: "romans-16-days" }),
  });
  expect(started.status).toBe(201);
  await page
    .context()
    .addCookies([
      { name: "sb_session", value: account.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" },
    ]);

  await page.goto(`${server.url}/today`);
  // The page came before the model answered.
  await expect(page.getByText("Generating...").first()).toBeVisible();

  // Each depth's card shows its title; the reader's own depth opens in full below.
  for (const level of ["Beginner", "Intermediate", "Deep Study"]) {
    await expect(
      page.getByRole("region", { name: level }).getByRole("heading", { name: `${level} reading` }),
    ).toBeVisible({ timeout: 20_000 });
  }
  const open = page.getByRole("article", { name: /^Devotional/ });
  await expect(open.getByRole("heading", { name: "Intermediate reading" })).toBeVisible();
  // Rendered, not shown as markdown source.
  await expect(open.locator("strong", { hasText: "the power of God" })).toHaveCount(1);
  await expect(page.getByText("## ")).toHaveCount(0);
  await expect(page.getByText("Generating...")).toHaveCount(0);
});

import { expect, test } from "./fixtures";

test("the web manifest and service worker are served", async ({ request }) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  const body = await manifest.json();
  expect(body.name).toBe("Sagacity Bites");
  expect(body.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );
  const worker = await request.get("/service-worker.js");
  expect(worker.ok()).toBe(true);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});

test("pages already visited open offline with an offline notice", async ({ signedInPage: page, context }) => {
  await page.goto("/settings");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit installs the worker; visit again under its control so the page is cached.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByText(/You are offline\. Pages you opened before still work/)).toBeVisible();

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});

test("today's devotional opens offline, with the offline notice", async ({
  signedInPage: page,
  account,
  baseURL,
  context,
}) => {
  const started = await fetch(`${baseURL}/api/plans/user-plans`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json" },
    body: JSON.stringify({ planId: "romans-16-days" }),
  });
  expect(started.status).toBe(201);
  await page.goto("/today");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Opened online under the worker's control: this copy is the one kept.
  await page.goto("/today");
  const beginner = page.getByRole("region", { name: "Beginner" });
  await expect(beginner.getByRole("heading", { level: 3 })).toContainText("Romans 1");
  const devotional = (await beginner.textContent())!.trim();
  expect(devotional.length).toBeGreaterThan(200);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Romans 1", level: 3, exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Beginner" })).toHaveText(devotional);
  await expect(page.getByRole("region", { name: "Deep Study" }).getByRole("heading", { level: 3 })).toContainText(
    "Romans 1",
  );
  await expect(page.getByText(/You are offline\. Pages you opened before still work/)).toBeVisible();
  await expect(page.getByRole("button", { name: /Mark.*Complete/i })).toBeVisible();
  await context.setOffline(false);
});

test("a chapter read and My Notes open offline, with the reader's highlight", async ({
  signedInPage: page,
  account,
  baseURL,
  context,
}) => {
  const marked = await fetch(`${baseURL}/api/notes`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json" },
    body: JSON.stringify({ reference: "Psalm 23:1", kind: "highlight", color: "blue" }),
  });
  expect(marked.status).toBe(201);
  await page.goto("/bible/PSA/23");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Read online under the worker's control: these copies are the ones kept.
  await page.goto("/bible/PSA/23");
  await expect(page.getByRole("heading", { name: "Psalm 23", level: 1 })).toBeVisible();
  await page.goto("/notes");
  await expect(page.getByRole("link", { name: "Psalm 23:1" })).toBeVisible();

  await context.setOffline(true);
  await page.goto("/bible/PSA/23");
  await expect(page.getByRole("article", { name: /Psalm 23/ })).toContainText(
    "The LORD is my shepherd; I shall not want.",
  );
  await expect(page.locator("#v1")).toHaveClass(/bg-sky-200/);
  await expect(page.getByText(/You are offline\. Pages you opened before still work/)).toBeVisible();
  await page.goto("/notes");
  await expect(page.getByRole("link", { name: "Psalm 23:1" })).toBeVisible();
  await context.setOffline(false);
});

import fs from "node:fs";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN, e2eServerInfoFile } from "../support/e2e-accounts";
import { insertAccount } from "../support/seed-account";
import { seedAccount, startedHere } from "../support/server";

export interface Account {
  email: string;
  password: string;
  token: string;
}

let counter = 0;

export function uniqueEmail(prefix = "reader") {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

async function apiLogin(baseURL: string, email: string, password: string) {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * A fresh account, written into the server's database (tests/support/seed-account.ts: no argon2
 * hash per test): the e2e server's, found through its info file, or one this worker started.
 * Tests about signing up use the registration page.
 */
export async function createAccount(baseURL: string, prefix?: string): Promise<Account> {
  const email = uniqueEmail(prefix);
  const password = "reader-password";
  const info = e2eServerInfoFile(Number(new URL(baseURL).port));
  // A server this worker started first: an info file for the same port may be left from an earlier run.
  if (startedHere(baseURL) || !fs.existsSync(info))
    return { email, password, token: (await seedAccount(baseURL, email, password)).token };
  const { databasePath } = JSON.parse(fs.readFileSync(info, "utf8")) as { databasePath: string };
  const { token } = await insertAccount(databasePath, email, password);
  return { email, password, token };
}

/** Calls the JSON API as `account`: a GET without a body, a POST with one; anything but 2xx throws. */
export async function apiAs<T>(baseURL: string, account: Account, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${account.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Calls the JSON API as `account` through the page's request context (the browser's origin); anything but 2xx fails the test. */
export async function apiInPage(page: Page, account: Account, method: string, path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${account.token}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return response.json();
}

/** Signs in through the login page's form, as a reader would (the outcome is the caller's to check). */
export async function submitLoginForm(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Fills and sends the registration page's form (the outcome is the caller's to check). */
export async function submitRegisterForm(page: Page, email: string, password: string, confirmation = password) {
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(confirmation);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Puts a session cookie in the browser, as a sign-in through the form would. */
export async function signInAs(page: Page, account: Account) {
  await page
    .context()
    .addCookies([
      { name: "sb_session", value: account.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" },
    ]);
}

export const test = base.extend<{ account: Account; signedInPage: Page; admin: Account; adminPage: Page }>({
  // Nothing but the servers on 127.0.0.1: a page that asks another host for something (a cover
  // image, a font) gets a network error, so no test reaches the internet or depends on it.
  context: async ({ context }, use) => {
    await context.route(
      (url) => url.hostname !== "127.0.0.1",
      (route) => route.abort("blockedbyclient"),
    );
    await use(context);
  },
  account: async ({ baseURL }, use) => {
    await use(await createAccount(baseURL!));
  },
  signedInPage: async ({ page, account }, use) => {
    await signInAs(page, account);
    await use(page);
  },
  admin: async ({ baseURL }, use) => {
    const token = await apiLogin(baseURL!, E2E_ADMIN.email, E2E_ADMIN.password);
    await use({ ...E2E_ADMIN, token });
  },
  adminPage: async ({ page, admin }, use) => {
    await signInAs(page, admin);
    await use(page);
  },
});

export { expect };

/**
 * Clicks `target` and waits for the server's answer to the POST it sends to `path` (a fetcher's,
 * `path.data` under single fetch, or the page's own form before its scripts run). A change the
 * page makes at once (a dismissed card gone) is not yet the server's: a reload right after it
 * could cancel the request (a CI run failed so).
 */
export async function clickAndWaitForPost(page: Page, target: Locator, path: string) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(path),
  );
  await target.click();
  await answered;
}

/**
 * Session fixation and sign-out in a real browser: a token planted before sign-in is never
 * adopted, scripts cannot read the session cookie, and signing out ends the session on the server
 * (replaying the old cookie gets nowhere).
 */
import type { Page } from "@playwright/test";
import { expect, submitLoginForm, test } from "./fixtures";

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "sb_session");
}

test("a session token planted before sign-in is not adopted, and the planted one stays invalid", async ({
  page,
  account,
  baseURL,
  request,
}) => {
  const planted = "planted-by-an-attacker-0123456789abcdef";
  await page
    .context()
    .addCookies([{ name: "sb_session", value: planted, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
  await submitLoginForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Welcome back!").first()).toBeVisible();

  const issued = await sessionCookie(page);
  expect(issued?.value).toBeTruthy();
  expect(issued!.value).not.toBe(planted);
  expect(issued!.httpOnly).toBe(true);
  expect(issued!.sameSite).toBe("Lax");
  expect(await page.evaluate(() => document.cookie)).not.toContain("sb_session");

  const withPlanted = await request.get("/api/me", { headers: { cookie: `sb_session=${planted}` } });
  expect(withPlanted.status()).toBe(401);
  const withIssued = await request.get("/api/me", { headers: { cookie: `sb_session=${issued!.value}` } });
  expect((await withIssued.json()).email).toBe(account.email);
});

test("signing out revokes the session on the server: the old cookie, put back, works nowhere", async ({
  page,
  account,
  baseURL,
  request,
}) => {
  await submitLoginForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  const old = (await sessionCookie(page))!.value;

  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await sessionCookie(page)).toBeUndefined();

  // Someone who copied the cookie before the sign-out puts it back.
  await page.context().addCookies([{ name: "sb_session", value: old, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
  for (const path of ["/", "/library", "/profile"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  for (const path of ["/api/me", "/api/studies", "/api/profile"]) {
    expect((await request.get(path, { headers: { cookie: `sb_session=${old}` } })).status(), path).toBe(401);
  }
  // The account itself is fine: the same password signs in again.
  expect(
    (await request.post("/api/auth/login", { data: { email: account.email, password: account.password } })).status(),
  ).toBe(200);
});

test("a session cookie whose signature no longer holds is cleared, and /login says the session expired", async ({
  page,
  account,
  baseURL,
}) => {
  await submitLoginForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  const issued = (await sessionCookie(page))!.value;
  // As after SESSION_SECRET changes: the same value, its signature no longer ours.
  const decoded = decodeURIComponent(issued);
  const flipped = decoded.slice(0, -2) + (decoded.at(-2) === "A" ? "B" : "A") + decoded.at(-1);
  await page
    .context()
    .addCookies([
      { name: "sb_session", value: encodeURIComponent(flipped), url: baseURL!, httpOnly: true, sameSite: "Lax" },
    ]);

  await page.goto("/library");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Session expired")).toBeVisible();
  await expect(page.getByText("Your session has expired. Please sign in again to continue.")).toBeVisible();
  expect(await sessionCookie(page)).toBeUndefined();

  // Signing in again works, and the notice is not shown twice.
  await submitLoginForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
});

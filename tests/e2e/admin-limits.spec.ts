import type { Page } from "@playwright/test";
import { createAccount, expect, test, type Account } from "./fixtures";

/**
 * The Admin Console's Limits card: five wrong passwords hold an email at this address (the e2e
 * server sees every browser as 127.0.0.1), the admin sees it with when it ends and clears it, and
 * the owner signs in at once.
 */
async function holdSignIn(baseURL: string, account: Account) {
  const attempt = (password: string) =>
    fetch(`${baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email, password }),
    });
  for (let index = 0; index < 5; index++) expect((await attempt("wrong password")).status).toBe(401);
  expect((await attempt(account.password)).status).toBe(429);
  return async () => (await attempt(account.password)).status;
}

function heldItem(page: Page, email: string) {
  return page
    .getByRole("list", { name: "Held limits" })
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ has: page.getByText("Sign-in", { exact: true }) });
}

test.describe("admin console: limits", () => {
  test("lists an email held at an address, with when it ends, and clears it", async ({ adminPage: page, baseURL }) => {
    const user = await createAccount(baseURL!, "held");
    const signIn = await holdSignIn(baseURL!, user);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Limits" })).toBeVisible();
    const item = heldItem(page, user.email);
    await expect(item).toContainText("127.0.0.1");
    await expect(item).toContainText("5 failed sign-ins for this email from this network");
    await expect(item).toContainText(/Ends in 1[45] min \([A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} UTC\)/);
    await item.getByRole("button", { name: `Clear sign-in limit for ${user.email} at 127.0.0.1` }).click();
    await expect(page.getByText("Limit cleared").first()).toBeVisible();
    await expect(item).toHaveCount(0);
    expect(await signIn()).toBe(200);
  });
});

test.describe("admin console limits without JavaScript (plain form posts)", () => {
  test.use({ javaScriptEnabled: false });

  test("clears a limit: the form posts, the page comes back with the toast and without it", async ({
    adminPage: page,
    baseURL,
  }) => {
    const user = await createAccount(baseURL!, "nojs-held");
    const signIn = await holdSignIn(baseURL!, user);
    await page.goto("/admin");
    const item = heldItem(page, user.email);
    await item.getByRole("button", { name: `Clear sign-in limit for ${user.email} at 127.0.0.1` }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Limit cleared")).toBeVisible();
    await expect(item).toHaveCount(0);
    expect(await signIn()).toBe(200);
  });
});

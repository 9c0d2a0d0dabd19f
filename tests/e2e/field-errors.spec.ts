import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { expect, submitLoginForm, submitRegisterForm, test, uniqueEmail } from "./fixtures";

/**
 * Every form says what went wrong beside the field it is about (role=alert, the field pointing at it
 * with aria-describedby), and keeps saying it until the reader changes that field: a toast may repeat
 * it, and vanishes.
 */

let site: FakeSite;
test.beforeAll(async () => {
  site = await startFakeSite();
});
test.afterAll(async () => {
  await site.close();
});

/** The field's error: the alert its control is described by, with `text`. */
async function expectErrorBeside(field: Locator, text: string | RegExp) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const error = field.page().locator(ids.map((id) => `[id="${id}"][role="alert"]`).join(", "));
  await expect(error).toHaveCount(1);
  await expect(error).toContainText(text);
  await expect(field).toHaveAccessibleDescription(text);
}

async function expectNoError(field: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  for (const id of ids) await expect(field.page().locator(`[id="${id}"][role="alert"]`)).toHaveCount(0);
}

/** Waits until a toast with `text` has come and gone (its 5 s run out), however long that takes. */
async function outlastToast(page: Page, text: string) {
  const toast = page.locator("li[data-state]").filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(toast).toHaveCount(0, { timeout: 20_000 });
}

test("register: each error is shown by its field, a toast adds to it, and it stays until that field changes", async ({
  page,
}) => {
  await submitRegisterForm(page, uniqueEmail(), "secret1", "secret2");
  const confirm = page.getByLabel("Confirm Password");
  await expectErrorBeside(confirm, "Please make sure both passwords are the same");
  await outlastToast(page, "Passwords don't match");
  await expectErrorBeside(confirm, "Please make sure both passwords are the same");

  // Another field's edit leaves it; its own edit clears it.
  await page.getByLabel("Email").fill(uniqueEmail("other"));
  await expectErrorBeside(confirm, "Please make sure both passwords are the same");
  await confirm.fill("secret1");
  await expectNoError(confirm);
});

test("register: a taken email is said by the email field", async ({ page, account }) => {
  await submitRegisterForm(page, account.email, "secret12");
  await expectErrorBeside(page.getByLabel("Email"), "An account with this email already exists");
});

test("login: a refusal is shown under the password until the password changes", async ({ page, account }) => {
  await submitLoginForm(page, account.email, "not the password");
  const password = page.getByLabel("Password");
  await expectErrorBeside(password, "Invalid email or password");
  await outlastToast(page, "Login failed");
  await expectErrorBeside(password, "Invalid email or password");
  await password.fill("another try");
  await expectNoError(password);
});

test("add content: a failed URL still says why after its toast has gone", async ({ signedInPage: page }) => {
  await page.goto("/add-content");
  const url = page.getByLabel("URL", { exact: true });
  await url.fill(`${site.url}/no-such-article`);
  await page.getByRole("button", { name: "Process with AI" }).click();
  await expectErrorBeside(url, /Unable to process content - That page was not found \(HTTP 404\)/);
  await outlastToast(page, "Unable to process content");
  await expectErrorBeside(url, /That page was not found/);
  await url.fill(`${site.url}/another`);
  await expectNoError(url);

  // A blank URL is refused in the page, by the field, before anything is sent.
  await url.fill("  ");
  await page.getByRole("button", { name: "Process with AI" }).click();
  await expectErrorBeside(url, "URL required - Please enter a URL to process");
});

test("lesson plans: a failed topic is shown by the topic field", async ({ signedInPage: page }) => {
  await page.goto("/lesson-plans");
  const topic = page.getByLabel("Study topic");
  await topic.fill("Zzyzx quantum crypto");
  await page.getByRole("button", { name: "Generate Study" }).click();
  await expect(topic).toHaveAttribute("aria-invalid", "true");
  const ids = (await topic.getAttribute("aria-describedby"))!.split(" ");
  await expect(page.locator(`[id="${ids.at(-1)}"][role="alert"]`)).toBeVisible();
  await topic.fill("Forgiveness and");
  await expect(topic).not.toHaveAttribute("aria-invalid", "true");
});

test("groups: a wrong invite code is shown by the code field", async ({ signedInPage: page }) => {
  await page.goto("/groups");
  const code = page.getByLabel("Invite code");
  await code.fill("WRONG-CODE-0000");
  await page.getByRole("button", { name: "Join Group" }).click();
  await expectErrorBeside(code, /does not match any group/);
});

test("settings: a wrong current password is shown by that field", async ({ signedInPage: page }) => {
  await page.goto("/settings");
  const current = page.getByLabel("Current password");
  await current.fill("not the password");
  await page.getByLabel("New password", { exact: true }).fill("a-new-password");
  await page.getByLabel("Confirm new password").fill("a-new-password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveAccessibleDescription(/.+/);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`errors beside fields are legible in ${colorScheme} (axe colour contrast)`, async ({ signedInPage: page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/lesson-plans");
    await page.getByLabel("Study topic").fill("Zzyzx quantum crypto");
    await page.getByRole("button", { name: "Generate Study" }).click();
    await expect(page.getByLabel("Study topic")).toHaveAttribute("aria-invalid", "true");
    await outlastToast(page, "Failed to create lesson plan");
    const contrast = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
    expect(contrast.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual(
      [],
    );
  });
}

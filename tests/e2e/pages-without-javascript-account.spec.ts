import type { Page } from "@playwright/test";
import { apiAs, createAccount, expect, test, type Account } from "./fixtures";

/**
 * The account and group pages of issues 18 and 19 with scripts off: each main action is a plain
 * form post to the page's own route (a confirmation asks on the page), checked by the API or by
 * signing in. The older pages are in pages-without-javascript.spec.ts.
 */
test.use({ javaScriptEnabled: false });

const NEW_PASSWORD = "a brand new password";

/** The status of a sign-in through the API: 200 with the right password, 401 without. */
async function signInStatus(baseURL: string, email: string, password: string) {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

type Group = { id: string; name: string; inviteCode: string };
type GroupDetail = { name: string; role: string; plan: { planId: string } | null; studies: Array<{ id: string }> };

/** A group led by `leader`, with one of the leader's lesson plans (made through the API). */
async function groupWithLesson(baseURL: string, leader: Account, name: string) {
  const lesson = await apiAs<{ id: string; title: string }>(baseURL, leader, "/api/studies/topic", {
    topic: "Patience",
  });
  const group = await apiAs<Group>(baseURL, leader, "/api/groups", { name });
  return { lesson, group };
}

async function fillNewPassword(page: Page, password: string) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm new password").fill(password);
}

test.describe("settings", () => {
  test("change password: a wrong current password is refused on the page; the new one signs in, the old one no longer", async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    await page.goto("/settings");
    await page.getByLabel("Current password").fill("not my password");
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
    expect(await signInStatus(baseURL!, account.email, NEW_PASSWORD)).toBe(401);

    await page.getByLabel("Current password").fill(account.password);
    await fillNewPassword(page, NEW_PASSWORD);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText("Your other devices have been signed out.").first()).toBeVisible();
    expect(await signInStatus(baseURL!, account.email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(baseURL!, account.email, account.password)).toBe(401);
  });

  test("delete account: the link asks on the page for the password, then the account is gone", async ({
    signedInPage: page,
    account,
    baseURL,
  }) => {
    await page.goto("/settings");
    await page.getByRole("link", { name: "Delete My Account" }).click();
    await expect(page).toHaveURL(/\/settings\?delete-account/);
    const question = page.getByRole("alertdialog", { name: "Delete your account? This cannot be undone." });
    await question.getByLabel("Your password").fill("not my password");
    await question.getByRole("button", { name: "Delete My Account" }).click();
    await expect(question.getByText("Password is incorrect")).toBeVisible();
    expect(await signInStatus(baseURL!, account.email, account.password)).toBe(200);

    await question.getByLabel("Your password").fill(account.password);
    await question.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your account and all its data have been removed.").first()).toBeVisible();
    expect(await signInStatus(baseURL!, account.email, account.password)).toBe(401);
  });
});

test.describe("signed out", () => {
  test("reset link from an admin: a new password is set and signs in; the link then says it is used", async ({
    page,
    admin,
    baseURL,
  }) => {
    const account = await createAccount(baseURL!, "nojs-reset");
    const { id } = await apiAs<{ id: string }>(baseURL!, account, "/api/me");
    const { url } = await apiAs<{ url: string }>(baseURL!, admin, `/api/admin/users/${id}/reset-link`, {});
    const link = new URL(url);
    expect(link.pathname).toBe("/reset-password");

    await page.goto(link.pathname + link.search);
    await expect(page.getByText(`For ${account.email}.`)).toBeVisible();
    await fillNewPassword(page, NEW_PASSWORD);
    const posting = page.waitForRequest((request) => request.method() === "POST");
    await page.getByRole("button", { name: "Set New Password" }).click();
    // The secret stays out of the Referer; the form's post still names its origin.
    const headers = await (await posting).allHeaders();
    expect(headers.origin).toBe(link.origin);
    expect(headers.referer ?? "").not.toContain("token");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Sign in with your new password.").first()).toBeVisible();
    expect(await signInStatus(baseURL!, account.email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(baseURL!, account.email, account.password)).toBe(401);

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole("alert")).toHaveText(
      "This reset link is invalid or has expired. Ask your group leader or an admin for a new one.",
    );
    await expect(page.getByRole("button", { name: "Set New Password" })).toHaveCount(0);
  });

  test("forgot password without mail settings: the page says to ask the group leader or an admin", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByText("Reset by email is not available.")).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      "This server does not send email. Ask your group leader or an admin for a password reset link: they can make one in the Admin Console.",
    );
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toHaveCount(0);
  });
});

test.describe("groups", () => {
  test("invite link: the member joins through the page's form and is a member", async ({
    signedInPage: page,
    account: member,
    baseURL,
  }) => {
    const leader = await createAccount(baseURL!, "nojs-leader");
    const group = await apiAs<Group>(baseURL!, leader, "/api/groups", { name: "Tuesday Psalms" });
    await page.goto(`/join/${group.inviteCode}`);
    await expect(page.getByText("Join Tuesday Psalms")).toBeVisible();
    await page.getByRole("button", { name: "Join Group" }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
    await expect(page.getByRole("heading", { name: "Tuesday Psalms", level: 1 })).toBeVisible();
    expect((await apiAs<GroupDetail>(baseURL!, member, `/api/groups/${group.id}`)).role).toBe("member");
  });

  test("the leader sets the reading plan, shares a lesson plan and renames the group through the page's forms", async ({
    signedInPage: page,
    account: leader,
    baseURL,
  }) => {
    const { lesson, group } = await groupWithLesson(baseURL!, leader, "Friday Romans");
    const plans = await apiAs<Array<{ id: string; name: string }>>(baseURL!, leader, "/api/plans");
    // Not the list's first plan, which the select shows before any choice.
    const plan = plans[1]!;
    const groupNow = () => apiAs<GroupDetail>(baseURL!, leader, `/api/groups/${group.id}`);

    await page.goto(`/groups/${group.id}`);
    await page.getByLabel("Reading plan").selectOption(plan.id);
    await page.getByRole("button", { name: "Read Together" }).click();
    await expect(page.getByText(`The group reads ${plan.name}`).first()).toBeVisible();
    expect((await groupNow()).plan?.planId).toBe(plan.id);

    await page.getByLabel("Share a lesson plan").selectOption(lesson.id);
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expect(page.getByRole("link", { name: new RegExp(lesson.title) })).toBeVisible();
    expect((await groupNow()).studies.map((study) => study.id)).toContain(lesson.id);

    await page.getByLabel("Name").fill("Friday Romans and Coffee");
    await page.getByRole("button", { name: "Save Details" }).click();
    await expect(page.getByRole("heading", { name: "Friday Romans and Coffee", level: 1 })).toBeVisible();
    expect((await groupNow()).name).toBe("Friday Romans and Coffee");
  });

  test("a member reads the shared lesson and saves it to their library through the page's form", async ({
    signedInPage: page,
    account: member,
    baseURL,
  }) => {
    const leader = await createAccount(baseURL!, "nojs-leader");
    const { lesson, group } = await groupWithLesson(baseURL!, leader, "Sunday Class");
    await apiAs(baseURL!, leader, `/api/groups/${group.id}/studies`, { studyId: lesson.id });
    await apiAs(baseURL!, member, "/api/groups/join", { inviteCode: group.inviteCode });

    await page.goto(`/groups/${group.id}`);
    await page.getByRole("link", { name: new RegExp(lesson.title) }).click();
    await expect(page.getByRole("heading", { name: lesson.title, level: 1 })).toBeVisible();
    await expect(page.locator("[data-section-title]").first()).toBeVisible();
    expect(await apiAs<unknown[]>(baseURL!, member, "/api/library")).toEqual([]);

    await page.getByRole("button", { name: "Save to My Library" }).click();
    await expect(page.getByRole("link", { name: "In My Library" })).toBeVisible();
    const library = await apiAs<Array<{ study: { title: string } }>>(baseURL!, member, "/api/library");
    expect(library.map((save) => save.study.title)).toEqual([lesson.title]);
  });
});

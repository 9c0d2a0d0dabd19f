import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
import { apiAs, createAccount, expect, signInAs, submitLoginForm, test } from "./fixtures";

/** WCAG 2.1 A and AA: no serious or critical violation (as tests/e2e/axe.spec.ts checks the other pages). */
async function expectAccessible(page: Page) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious).toEqual([]);
}

/**
 * Lowercased, ligatures undone ("ﬀ"), every run of whitespace dropped: PDF text keeps the words,
 * not the spacing.
 */
const squeeze = (text: string) => text.normalize("NFKC").replace(/\s+/g, "").toLowerCase();

test("a leader creates a group, a member joins from the invite link, reads the shared lesson and prints it", async ({
  signedInPage: leaderPage,
  account: leader,
  browser,
  baseURL,
}) => {
  const lesson = await apiAs<{ id: string; title: string }>(baseURL!, leader, "/api/studies/topic", {
    topic: "Forgiveness",
  });

  // Create.
  await leaderPage.goto("/groups");
  await expect(leaderPage.getByText("You are not in a group yet")).toBeVisible();
  await leaderPage.getByLabel("Name").fill("Thursday Night Group");
  await leaderPage.getByRole("button", { name: "Create Group" }).click();
  await expect(leaderPage.getByRole("heading", { name: "Thursday Night Group", level: 1 })).toBeVisible();
  const link = (await leaderPage.getByText(/\/join\/[0-9A-Z-]+$/).textContent())!.trim();

  // Invite: a second browser, signed out, follows the link, signs in and comes back to join.
  const member = await createAccount(baseURL!, "member");
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(link);
  await expect(memberPage).toHaveURL(/\/login\?redirectTo=%2Fjoin%2F/);
  await memberPage.getByLabel("Email").fill(member.email);
  await memberPage.getByLabel("Password").fill(member.password);
  await memberPage.getByRole("button", { name: "Sign In" }).click();
  await expect(memberPage.getByRole("heading", { name: "Join Thursday Night Group" })).toBeVisible();
  await memberPage.getByRole("button", { name: "Join Group" }).click();
  await expect(memberPage.getByRole("heading", { name: "Thursday Night Group", level: 1 })).toBeVisible();
  await expect(memberPage.getByText(member.email.split("@")[0]!)).toBeVisible();

  // Share.
  await leaderPage.reload();
  await expect(leaderPage.getByText("Members (2)")).toBeVisible();
  await leaderPage.getByLabel("Share a lesson plan").selectOption(lesson.id);
  await leaderPage.getByRole("button", { name: "Share", exact: true }).click();
  await expect(leaderPage.getByRole("link", { name: new RegExp(lesson.title) })).toBeVisible();
  await expectAccessible(leaderPage);

  // Read.
  await memberPage.reload();
  await memberPage.getByRole("link", { name: new RegExp(lesson.title) }).click();
  await expect(memberPage.getByRole("heading", { name: lesson.title, level: 1 })).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Print / Save as PDF" })).toBeVisible();
  const sections = await memberPage
    .locator("[data-section-title]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-section-title")!));
  expect(sections.length).toBeGreaterThan(3);
  await expectAccessible(memberPage);

  // Print: the frame and buttons are gone, the cited passages are quoted in full.
  await memberPage.emulateMedia({ media: "print" });
  await expect(memberPage.getByRole("complementary", { name: "Main navigation" })).toBeHidden();
  await expect(memberPage.getByRole("button", { name: "Print / Save as PDF" })).toBeHidden();
  await expect(memberPage.getByRole("button", { name: "Save to My Library" })).toBeHidden();
  const scripture = memberPage.getByRole("region", { name: "Scripture quoted in full" });
  await expect(scripture).toBeVisible();
  const verses = await scripture
    .locator("blockquote p:nth-child(2) > span")
    .evaluateAll((nodes) => nodes.map((node) => node.textContent!.replace(/^\S+\s?/, "").trim()));
  expect(verses.length).toBeGreaterThan(3);
  const pdf = squeeze(pdfText(await memberPage.pdf({ format: "Letter" })));
  expect(pdf).toContain(squeeze(lesson.title));
  for (const title of sections) expect(pdf, `section ${title}`).toContain(squeeze(title));
  for (const verse of verses) expect(pdf, `verse ${verse}`).toContain(squeeze(verse));
  expect(pdf).toContain(squeeze("Berean Standard Bible"));
  expect(pdf).not.toContain(squeeze("Save to My Library"));
  expect(pdf).not.toContain(squeeze("My Library"));
  await memberContext.close();

  // The leader removes the member, confirming in the dialog.
  await leaderPage.emulateMedia({ media: "screen" });
  await leaderPage.getByRole("button", { name: "Remove" }).click();
  const dialog = leaderPage.getByRole("alertdialog");
  await expect(dialog).toContainText(`Remove ${member.email.split("@")[0]} from the group?`);
  await dialog.getByRole("button", { name: "Remove Member" }).click();
  await expect(leaderPage.getByText("Members (1)")).toBeVisible();
});

test("without JavaScript: join by code on /groups, and a wrong code says why", async ({ browser, baseURL }) => {
  const leader = await createAccount(baseURL!, "leader");
  const group = await apiAs<{ inviteCode: string }>(baseURL!, leader, "/api/groups", { name: "Men's Breakfast" });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const member = await createAccount(baseURL!, "member");
  await submitLoginForm(page, member.email, member.password);
  await page.goto("/groups");
  await page.getByLabel("Invite code").fill("WRONG-CODE-0000");
  await page.getByRole("button", { name: "Join Group" }).click();
  await expect(page.getByRole("alert")).toContainText("does not match any group");
  await page.getByLabel("Invite code").fill(group.inviteCode.toLowerCase());
  await page.getByRole("button", { name: "Join Group" }).click();
  await expect(page.getByRole("heading", { name: "Men's Breakfast", level: 1 })).toBeVisible();
  // Leaving asks first, on the page itself.
  await page.getByRole("link", { name: "Leave Group" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Leave this group?");
  await page.getByRole("alertdialog").getByRole("button", { name: "Leave Group" }).click();
  await expect(page.getByText("You are not in a group yet")).toBeVisible();
  await context.close();
});

/** Pages in a PDF from page.pdf(): the page tree's /Count. */
function pdfPageCount(pdf: Buffer) {
  const match = /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/.exec(pdf.toString("latin1"));
  if (!match) throw new Error("No page tree in the PDF");
  return Number(match[1]);
}

test("a leader on their own: invite first, a whole code in the link, web wording, Delete Group instead of Leave", async ({
  signedInPage: page,
  account: leader,
  baseURL,
}) => {
  const group = await apiAs<{ id: string; inviteCode: string }>(baseURL!, leader, "/api/groups", { name: "Just Me" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/groups/${group.id}`);
  const invite = page.getByRole("heading", { name: "Invite members" });
  const plan = page.getByRole("heading", { name: "Group reading plan" });
  expect((await invite.boundingBox())!.y).toBeLessThan((await plan.boundingBox())!.y);
  await expect(page.getByText("Your group has no members yet")).toBeVisible();

  // The code in the link is on one line, wherever the link wraps.
  const code = page.locator("[data-invite-link] > span").last();
  await expect(code).toHaveText(group.inviteCode);
  expect(await code.evaluate((node) => node.getClientRects().length)).toBe(1);
  await expect(page.getByRole("button", { name: "Copy Link" })).toBeVisible();

  // The e2e server listens on 127.0.0.1 only: a browser is told about the server, not the desktop's menu.
  await expect(page.getByText("This address works on this computer only.")).toBeVisible();
  await expect(page.getByText(/File > Share with my group/)).toHaveCount(0);

  await expect(page.getByRole("button", { name: "Leave Group" })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete Group" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this group?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete Group" }).click();
  await expect(page.getByText("You are not in a group yet")).toBeVisible();
});

test("in the desktop app's window the note names its File menu", async ({ browser, baseURL }) => {
  const leader = await createAccount(baseURL!, "desktop-leader");
  const group = await apiAs<{ id: string }>(baseURL!, leader, "/api/groups", { name: "Desktop Group" });
  const context = await browser.newContext({
    baseURL,
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Electron/31.0.0",
  });
  const page = await context.newPage();
  await signInAs(page, leader);
  await page.goto(`/groups/${group.id}`);
  await expect(page.getByText(/File > Share with my group/)).toBeVisible();
  await context.close();
});

test("the plan select shows whole plan names, and the leader sheet prints on one page", async ({
  signedInPage: page,
  account: leader,
  baseURL,
}) => {
  const group = await apiAs<{ id: string; inviteCode: string }>(baseURL!, leader, "/api/groups", {
    name: "Thursday Night Group",
  });
  const members: string[] = [];
  for (let index = 0; index < 10; index++) {
    const member = await createAccount(baseURL!, `sheet-member-${index}`);
    await apiAs(baseURL!, member, "/api/groups/join", { inviteCode: group.inviteCode });
    members.push(member.email.split("@")[0]!);
  }
  const older = await apiAs<{ id: string; title: string }>(baseURL!, leader, "/api/studies/topic", { topic: "Hope" });
  const newest = await apiAs<{ id: string; title: string }>(baseURL!, leader, "/api/studies/topic", {
    topic: "Forgiveness",
  });
  for (const lesson of [older, newest]) {
    await apiAs(baseURL!, leader, `/api/groups/${group.id}/studies`, { studyId: lesson.id });
  }

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/groups/${group.id}`);
    const select = page.getByLabel("Reading plan");
    await select.selectOption({ label: "Sermon on the Mount in 7 Days" });
    // The chosen name fits the closed select: its text is no wider than the room inside it.
    const fits = await select.evaluate((node: HTMLSelectElement) => {
      const style = getComputedStyle(node);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(node.selectedOptions[0]!.text).width;
      // Less the drop-down arrow, which Chromium draws inside the right padding's edge.
      const room = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
      return text <= room;
    });
    expect(fits, `at ${width} px`).toBe(true);
  }
  await page.getByRole("button", { name: "Read Together" }).click();
  await expect(page.getByText("Group plan set").first()).toBeVisible();

  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "Letter" });
  expect(pdfPageCount(pdf)).toBe(1);
  const text = squeeze(pdfText(pdf));
  expect(text).toContain(squeeze("Sermon on the Mount in 7 Days"));
  for (const name of members) expect(text, name).toContain(squeeze(name));
  expect(text).toContain(squeeze("This week's lesson"));
  expect(text).toContain(squeeze(newest.title));
  expect(text).not.toContain(squeeze(older.title));
  expect(text).toContain(squeeze(group.inviteCode));
  expect(text).not.toContain(squeeze("Group details"));
});

test("with no lesson shared and no plan set, the leader sheet has no empty headings", async ({
  signedInPage: page,
  account: leader,
  baseURL,
}) => {
  const group = await apiAs<{ id: string; inviteCode: string }>(baseURL!, leader, "/api/groups", {
    name: "New Group",
  });
  await page.goto(`/groups/${group.id}`);
  await expect(page.getByText("Share a lesson plan and every member can read and print it.")).toBeVisible();
  await page.emulateMedia({ media: "print" });
  const text = squeeze(pdfText(await page.pdf({ format: "Letter" })));
  expect(text).toContain(squeeze(group.inviteCode));
  expect(text).not.toContain(squeeze("This week's lesson"));
  expect(text).not.toContain(squeeze("Shared lessons"));
  expect(text).not.toContain(squeeze("Group reading plan"));
});

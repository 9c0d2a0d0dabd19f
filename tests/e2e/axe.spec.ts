import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInAs, test, type Account } from "./fixtures";

/**
 * The rules a palette decides. High contrast, dark and sepia change colours only, never the markup, so
 * in those looks only these run; the normal look runs every WCAG 2.1 A and AA rule on the same screens.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** WCAG 2.1 A and AA rules (or only the colour rules); a serious or critical violation fails the test. */
async function expectNoSeriousViolations(page: Page, label: string, { colourOnly = false } = {}) {
  const builder = new AxeBuilder({ page });
  const results = await (
    colourOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
  ).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`),
    }));
  expect(serious, `${label}\n${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  // Enter animations (dialogs, popovers, toasts) finished, so colors are final: waited for, not timed.
  // (Endless ones, a spinner's, are left out; a cancelled one counts as done.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function markWelcomeDone(page: Page, account: Account) {
  await page.request.patch("/api/onboarding/progress", {
    headers: { authorization: `Bearer ${account.token}` },
    data: { hasCompletedWelcome: true },
  });
}

const signedInPaths = [
  "/",
  "/settings",
  "/profile",
  "/add-content",
  "/process-sermon",
  "/library",
  "/lesson-plans",
  "/bible-plans",
  "/groups",
  "/today",
  "/no-such-page",
];

/**
 * The palettes besides the normal one, each applied to the page already open as the app applies them
 * when a reader chooses one in the accessibility panel (an attribute on <html>), so every screen is
 * loaded once and audited in each look. How a choice reaches the first paint (the theme cookie, high
 * contrast from local storage) is tested in themes.spec.ts and accessibility.spec.ts. Dark as the
 * device asks for it (System) uses the same palette as Dark chosen: one check below shows it is dark.
 */
const LOOKS = [
  { name: "high contrast", attribute: "data-contrast", value: "high" },
  { name: "dark", attribute: "data-theme", value: "dark" },
  { name: "sepia", attribute: "data-theme", value: "sepia" },
] as const;

/** What <html> had before a look was applied, to put back. */
async function applyLook(page: Page, attribute: string, value: string | null) {
  return page.evaluate(
    ([name, next]) => {
      const html = document.documentElement;
      const before = html.getAttribute(name!);
      if (next === null) html.removeAttribute(name!);
      else html.setAttribute(name!, next);
      return before;
    },
    [attribute, value] as const,
  );
}

/** The screen as it is now, in the normal look with every rule, then in each other look with the colour rules. */
async function auditEveryLook(page: Page, label: string) {
  await settle(page);
  await expectNoSeriousViolations(page, `normal ${label}`);
  for (const look of LOOKS) {
    const before = await applyLook(page, look.attribute, look.value);
    await settle(page);
    await expectNoSeriousViolations(page, `${look.name} ${label}`, { colourOnly: true });
    await applyLook(page, look.attribute, before);
  }
  await settle(page);
}

async function backgroundChannels(page: Page) {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return { background, channels: (background.match(/\d+/g) ?? []).slice(0, 3).map(Number) };
}

test.describe("axe in every look: normal (every rule), high contrast, dark and sepia (colour rules)", () => {
  // Each test audits several screens four times; axe takes seconds per screen on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test("login and register, and the accessibility panel", async ({ page }) => {
    for (const path of ["/login", "/register"]) {
      await page.goto(path);
      await auditEveryLook(page, path);
    }
    await page.getByRole("button", { name: "Accessibility options" }).click();
    await auditEveryLook(page, "/register with the accessibility panel open");
  });

  test("the looks are what they say: dark on a dark device (System), dark and sepia chosen", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/login");
    await settle(page);
    const system = await backgroundChannels(page);
    expect(Math.max(...system.channels), `a dark page, not ${system.background}`).toBeLessThan(48);
    await expectNoSeriousViolations(page, "dark (System on a dark device) /login", { colourOnly: true });
    await page.emulateMedia({ colorScheme: "light" });
    await applyLook(page, "data-theme", "dark");
    await settle(page);
    const chosen = await backgroundChannels(page);
    expect(chosen.background, "Dark chosen paints what a dark device gets").toBe(system.background);
    await applyLook(page, "data-theme", "sepia");
    await settle(page);
    const sepia = await backgroundChannels(page);
    expect(sepia.channels[0]! - sepia.channels[2]!, `a sepia page, not ${sepia.background}`).toBeGreaterThan(20);
  });

  test("the dashboard with the welcome dialog and the accessibility panel", async ({ signedInPage: page }) => {
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: "Welcome to your study space" })).toBeVisible();
    await auditEveryLook(page, "/ with the welcome dialog");
    await page.getByRole("button", { name: "Skip for Now" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Accessibility options" }).click();
    await auditEveryLook(page, "/ with the accessibility panel");
  });

  // Two halves, so the two browser workers share them.
  const half = Math.ceil(signedInPaths.length / 2);
  for (const [part, paths] of [signedInPaths.slice(0, half), signedInPaths.slice(half)].entries()) {
    test(`signed-in screens, part ${part + 1}: ${paths.join(" ")}`, async ({ signedInPage: page, account }) => {
      await markWelcomeDone(page, account);
      for (const path of paths) {
        await page.goto(path);
        await auditEveryLook(page, path);
      }
    });
  }

  test("the admin console: users, delete dialog and AI settings, on a desktop and a phone", async ({ page, admin }) => {
    await signInAs(page, admin);
    await page.goto("/admin");
    await auditEveryLook(page, "/admin users");
    const deletable = page.getByRole("button", { name: /^Delete user (?!.*not available)/ }).first();
    if (await deletable.count()) {
      await deletable.click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      await auditEveryLook(page, "/admin delete dialog");
      await page.getByRole("button", { name: "Cancel" }).click();
    }
    await page.getByRole("tab", { name: "AI Settings" }).click();
    await auditEveryLook(page, "/admin AI settings");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin");
    await auditEveryLook(page, "/admin on a phone");
  });
});

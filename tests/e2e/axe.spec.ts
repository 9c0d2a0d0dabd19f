import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signInAs, test, type Account } from "./fixtures";

/**
 * The rules a palette decides. High contrast and dark change colours only, never the markup, so in
 * those modes only these run; the normal mode runs every WCAG 2.1 A and AA rule on the same screens.
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

for (const mode of ["normal", "high contrast"] as const) {
  const colourOnly = mode === "high contrast";
  test.describe(`axe in ${mode} mode`, () => {
    // Each test audits many screens; axe takes seconds per screen on a busy 2-core machine.
    test.describe.configure({ timeout: 180_000 });
    test.beforeEach(async ({ page }) => {
      if (mode === "high contrast") {
        await page.addInitScript(() => window.localStorage.setItem("sb_high_contrast", "true"));
      }
    });

    test("login and register", async ({ page }) => {
      for (const path of ["/login", "/register"]) {
        await page.goto(path);
        await settle(page);
        if (mode === "high contrast") await expect(page.locator("html")).toHaveAttribute("data-contrast", "high");
        await expectNoSeriousViolations(page, `${mode} ${path}`, { colourOnly });
      }
      await page.getByRole("button", { name: "Accessibility options" }).click();
      await settle(page);
      await expectNoSeriousViolations(page, `${mode} /register with the accessibility panel open`, { colourOnly });
    });

    test("the dashboard with the welcome dialog and the accessibility panel", async ({ signedInPage: page }) => {
      await page.goto("/");
      await expect(page.getByRole("dialog", { name: "Welcome to your study space" })).toBeVisible();
      await settle(page);
      await expectNoSeriousViolations(page, `${mode} / with the welcome dialog`, { colourOnly });
      await page.getByRole("button", { name: "Skip for Now" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.getByRole("button", { name: "Accessibility options" }).click();
      await settle(page);
      await expectNoSeriousViolations(page, `${mode} / with the accessibility panel`, { colourOnly });
    });

    test("every signed-in screen", async ({ signedInPage: page, account }) => {
      await markWelcomeDone(page, account);
      for (const path of signedInPaths) {
        await page.goto(path);
        await settle(page);
        await expectNoSeriousViolations(page, `${mode} ${path}`, { colourOnly });
      }
    });

    test("the admin console: users, delete dialog and AI settings", async ({ page, admin }) => {
      await signInAs(page, admin);
      await page.goto("/admin");
      await settle(page);
      await expectNoSeriousViolations(page, `${mode} /admin users`, { colourOnly });
      const deletable = page.getByRole("button", { name: /^Delete user (?!.*not available)/ }).first();
      if (await deletable.count()) {
        await deletable.click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await settle(page);
        await expectNoSeriousViolations(page, `${mode} /admin delete dialog`, { colourOnly });
        await page.getByRole("button", { name: "Cancel" }).click();
      }
      await page.getByRole("tab", { name: "AI Settings" }).click();
      await settle(page);
      await expectNoSeriousViolations(page, `${mode} /admin AI settings`, { colourOnly });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/admin");
      await settle(page);
      await expectNoSeriousViolations(page, `${mode} /admin on a phone`, { colourOnly });
    });
  });
}

/**
 * The other palettes, one pass over the screens each (colour rules only, they are costly): dark as
 * the device asks for it (System), and Dark and Sepia chosen with the theme setting (its cookie),
 * each with the accessibility panel open on the theme choice.
 */
const themed = [
  { name: "dark (System on a dark device)", colorScheme: "dark", theme: undefined, dark: true },
  { name: "dark (chosen)", colorScheme: "light", theme: "dark", dark: true },
  { name: "sepia (chosen)", colorScheme: "dark", theme: "sepia", dark: false },
] as const;

for (const { name, colorScheme, theme, dark } of themed) {
  test.describe(`axe in ${name}`, () => {
    test.describe.configure({ timeout: 180_000 });

    test("sign-in, every signed-in screen and the admin console", async ({ page, admin }) => {
      await page.emulateMedia({ colorScheme });
      if (theme) {
        await page.context().addCookies([{ name: "sb_theme", value: theme, domain: "127.0.0.1", path: "/" }]);
      }
      await page.goto("/login");
      await settle(page);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const channels = (background.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      if (dark) expect(Math.max(...channels), `a dark page, not ${background}`).toBeLessThan(48);
      else expect(channels[0]! - channels[2]!, `a sepia page, not ${background}`).toBeGreaterThan(20);
      await expectNoSeriousViolations(page, `${name} /login`, { colourOnly: true });
      await page.getByRole("button", { name: "Accessibility options" }).click();
      await settle(page);
      await expectNoSeriousViolations(page, `${name} /login with the accessibility panel`, { colourOnly: true });
      await signInAs(page, admin);
      await markWelcomeDone(page, admin);
      for (const path of [...signedInPaths, "/admin"]) {
        await page.goto(path);
        await settle(page);
        await expectNoSeriousViolations(page, `${name} ${path}`, { colourOnly: true });
      }
      await page.getByRole("tab", { name: "AI Settings" }).click();
      await settle(page);
      await expectNoSeriousViolations(page, `${name} /admin AI settings`, { colourOnly: true });
    });
  });
}

import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a bottom tab bar switches in one tap, and More opens the sheet with every section", async ({
    signedInPage: page,
  }) => {
    await page.goto("/");
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    await expect(tabs.getByRole("listitem")).toHaveText(["Today", "Lessons", "Library", "Groups", "More"]);
    const box = (await tabs.boundingBox())!;
    expect(box.y + box.height).toBe(844);

    await tabs.getByRole("link", { name: "Groups" }).click();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(tabs.getByRole("link", { name: "Groups" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Today" }).click();
    await expect(page).toHaveURL(/\/today$/);

    await tabs.getByRole("button", { name: "More" }).click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("link", { name: "Reading Plans" })).toBeVisible();
    await sheet.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(sheet).toBeHidden();
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the tab bar passes axe (WCAG 2.1 AA) in the ${colorScheme} theme`, async ({ signedInPage: page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/groups");
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page })
        .include('nav[aria-label="Tabs"]')
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    });
  }

  test("the help ? sits on the title's line", async ({ signedInPage: page }) => {
    for (const [path, title, help] of [
      ["/bible-plans", "Reading Plans", "About depth levels"],
      ["/lesson-plans", "Lesson Plans", "Help: Topic vs Passage"],
      ["/library", "My Library", "Library help"],
    ] as const) {
      await page.goto(path);
      const heading = (await page.getByRole("heading", { name: title, level: 1 }).boundingBox())!;
      const button = (await page.getByRole("button", { name: help }).boundingBox())!;
      const middle = button.y + button.height / 2;
      expect(middle, path).toBeGreaterThan(heading.y);
      expect(middle, path).toBeLessThan(heading.y + heading.height);
      expect(button.x, path).toBeGreaterThan(heading.x + heading.width);
    }
  });

  test("Sign Out is a neutral button, not red like Delete My Account", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    const colours = async (name: string) =>
      page.getByRole("button", { name, exact: true }).evaluate((node) => {
        const style = getComputedStyle(node);
        return `${style.backgroundColor} ${style.color}`;
      });
    expect(await colours("Sign Out")).not.toBe(await colours("Delete My Account"));
    const outline = await page
      .getByRole("button", { name: "Sign Out", exact: true })
      .evaluate((node) => getComputedStyle(node).borderTopWidth);
    expect(outline).toBe("1px");
  });
});

test("wide screens keep the sidebar and no tab bar", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Tabs" })).toBeHidden();
  await expect(page.getByRole("complementary", { name: "Main navigation" })).toBeVisible();
});

test.describe("help text follows the screen's pointer", () => {
  test("a touch screen reads 'tap', a mouse reads 'hover'", async ({ browser, baseURL, account }) => {
    for (const [touch, words, not] of [
      [true, "tap one to read the verse.", "hover or focus one to read the verse."],
      [false, "hover or focus one to read the verse.", "tap one to read the verse."],
    ] as const) {
      const context = await browser.newContext({
        baseURL,
        ...(touch ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
      });
      await context.addCookies([
        { name: "sb_session", value: account.token, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" },
      ]);
      const page = await context.newPage();
      await page.goto("/lesson-plans");
      await page.getByRole("button", { name: "Help: Topic vs Passage" }).click();
      const help = page.getByRole("dialog");
      await expect(help.getByText(words)).toBeVisible();
      await expect(help.getByText(not)).toBeHidden();
      await context.close();
    }
  });
});

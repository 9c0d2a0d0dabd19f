import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The page's background as its lightness (0 black, 255 white) and whether it leans warm (sepia). */
async function pageColour(page: Page) {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [red, green, blue] = (background.match(/\d+/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
  return { lightness: Math.round((red + green + blue) / 3), warm: red - blue > 20 };
}

async function themeCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "sb_theme")?.value;
}

test.describe("themes", () => {
  test("System follows the device, and a theme chosen in the accessibility panel holds from the first paint", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    expect((await pageColour(page)).lightness).toBeLessThan(48);
    await page.emulateMedia({ colorScheme: "light" });
    expect((await pageColour(page)).lightness).toBeGreaterThan(230);

    // Chosen by keyboard in the panel: the page changes at once and the choice is kept in a cookie.
    await page.getByRole("button", { name: "Accessibility options" }).click();
    const panel = page.getByRole("dialog");
    await panel.getByRole("radio", { name: "System" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(panel.getByRole("radio", { name: "Sepia" })).toBeChecked();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "sepia");
    expect(await pageColour(page)).toMatchObject({ warm: true });
    expect(await themeCookie(page)).toBe("sepia");

    // The server paints the next page in it: the HTML itself carries the theme (no flash, no script).
    const html = await (await page.request.get("/register")).text();
    expect(html).toMatch(/<html[^>]*data-theme="sepia"/);

    // Light holds on a dark device; Dark on a light one.
    await page.emulateMedia({ colorScheme: "dark" });
    await panel.getByText("Light", { exact: true }).click();
    expect((await pageColour(page)).lightness).toBeGreaterThan(230);
    await page.emulateMedia({ colorScheme: "light" });
    await panel.getByText("Dark", { exact: true }).click();
    expect((await pageColour(page)).lightness).toBeLessThan(48);
  });

  test("high contrast keeps the chosen lightness: white on black in dark, black on white in sepia", async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem("sb_high_contrast", "true"));
    for (const [theme, lightness] of [
      ["dark", 0],
      ["sepia", 255],
    ] as const) {
      await page.context().addCookies([{ name: "sb_theme", value: theme, domain: "127.0.0.1", path: "/" }]);
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("data-contrast", "high");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      expect((await pageColour(page)).lightness).toBe(lightness);
      const contrast = await new AxeBuilder({ page }).withRules(["color-contrast", "link-in-text-block"]).analyze();
      expect(contrast.violations.map((violation) => violation.nodes.map((node) => node.target))).toEqual([]);
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Settings changes the theme with a form post", async ({ signedInPage: page }) => {
      await page.goto("/settings");
      await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
      await page.getByText("Dark", { exact: true }).click();
      await page.getByRole("button", { name: "Use this theme" }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByText("Theme changed")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
      expect((await pageColour(page)).lightness).toBeLessThan(48);
      expect(await themeCookie(page)).toBe("dark");
    });
  });
});

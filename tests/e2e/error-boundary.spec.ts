import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

// A page's loader that throws a 404 is shown by the route's ErrorBoundary (app/components/error-boundary.tsx):
// inside the app's shell, saying what was not found, with the way back.

test("an unknown shared lesson is a 404 inside the app shell, with a link back to the groups", async ({
  signedInPage: page,
}) => {
  const answer = await page.goto("/groups/no-such-group/studies/no-such-study");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Lesson plan not found", level: 1 })).toBeVisible();
  await expect(page.getByText("This lesson is not shared with a group you are in")).toBeVisible();
  // The shell is still there: the sidebar's links work.
  await expect(page.getByRole("link", { name: "My Library" })).toBeVisible();
  await page.getByRole("link", { name: "Go to my groups" }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
});

test("a client-side visit to an unknown group shows the boundary too", async ({ signedInPage: page }) => {
  await page.goto("/groups");
  await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
  // A link the page does not have: the router fetches the loader's data (a 404) without a full load.
  await page.evaluate(() => {
    const link = document.createElement("a");
    link.href = "/groups/no-such-group";
    link.textContent = "to nowhere";
    document.querySelector("main")!.append(link);
  });
  await page.getByRole("link", { name: "to nowhere" }).click();
  await expect(page.getByRole("heading", { name: "Group not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "My Library" })).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  for (const width of [390, 1280]) {
    test(`the boundary reads well at ${width} px in the ${theme} theme`, async ({ signedInPage: page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.context().addCookies([{ name: "sb_theme", value: theme, domain: "127.0.0.1", path: "/" }]);
      await page.goto("/groups/no-such-group");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByRole("heading", { name: "Group not found", level: 1 })).toBeVisible();
      const link = page.getByRole("link", { name: "Go to my groups" });
      await expect(link).toBeInViewport();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const contrast = await new AxeBuilder({ page }).include("main").withRules(["color-contrast"]).analyze();
      expect(contrast.violations.map((violation) => violation.nodes.map((node) => node.target))).toEqual([]);
    });
  }
}

import { expect, test } from "./fixtures";

test.describe("admin console: Test connection", () => {
  test("with the built-in provider, says nothing needs testing and shows the offline generation", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin?tab=settings");
    await expect(page.getByRole("heading", { name: "Connection" })).toBeVisible();
    const button = page.getByRole("button", { name: "Test connection" });
    await button.click();
    const status = page.getByRole("status").filter({ has: page.getByRole("list", { name: "Connection check steps" }) });
    await expect(status.getByText("The built-in offline writer is in use: nothing needs testing.")).toBeVisible();
    const steps = status.getByRole("listitem");
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(0)).toContainText("Passed: Built-in writer");
    await expect(steps.nth(0)).toContainText("there is no endpoint, key or model to test");
    await expect(steps.nth(1)).toContainText(
      /Passed: Offline generation \(\d+ ms\): Wrote a short test summary offline/,
    );
    await expect(button).toBeEnabled();
    // A check changes nothing, so the settings are not fetched again.
    await expect(page.getByText("Loading settings...")).toHaveCount(0);
  });

  test("the page action is for admins only", async ({ signedInPage: page }) => {
    const response = await page.request.post("/admin", { form: { intent: "ai-check" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
  });
});

import type { Page } from "@playwright/test";
import { createAccount, expect, signInAs, test, type Account } from "./fixtures";

function rowOf(page: Page, email: string) {
  return page.getByRole("row").filter({ hasText: email });
}

async function adminApi(page: Page, admin: Account, method: "get" | "patch", path: string, data?: unknown) {
  const response = await page.request[method](path, { headers: { authorization: `Bearer ${admin.token}` }, data });
  return { status: response.status(), body: await response.json() };
}

test.describe("admin console: users", () => {
  test("shows the heading, tabs and the users table with its columns", async ({ adminPage: page, baseURL, admin }) => {
    const user = await createAccount(baseURL!, "listed");
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Console", level: 1 })).toBeVisible();
    await expect(page.getByText("Manage users and configure AI settings")).toBeVisible();
    await expect(page.getByRole("tab", { name: "User Management" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "AI Settings" })).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("columnheader")).toHaveText([
      "Email",
      "Admin",
      "Active",
      "Plans Started",
      "Studies Created",
      "Registered",
      "Actions",
    ]);
    const row = rowOf(page, user.email);
    await expect(row.getByText("User", { exact: true })).toBeVisible();
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
    await expect(row.getByRole("cell").nth(3)).toHaveText("0");
    await expect(row.getByRole("cell").nth(4)).toHaveText("0");
    await expect(row.getByRole("cell").nth(5)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const adminRow = rowOf(page, admin.email);
    await expect(adminRow.getByText("Admin", { exact: true })).toBeVisible();
    // An admin cannot act on their own account.
    await expect(adminRow.getByRole("button", { name: /Deactivate user/ })).toBeDisabled();
    await expect(adminRow.getByRole("button", { name: /Delete user/ })).toBeDisabled();
  });

  test("toggles a user's active state, ending their session", async ({ adminPage: page, baseURL }) => {
    const user = await createAccount(baseURL!, "toggled");
    await page.goto("/admin");
    const row = rowOf(page, user.email);
    await row.getByRole("button", { name: `Deactivate user ${user.email}` }).click();
    await expect(page.getByText("User status updated successfully").first()).toBeVisible();
    await expect(row.getByText("Inactive", { exact: true })).toBeVisible();
    const me = await page.request.get("/api/me", { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status()).toBe(401);
    await row.getByRole("button", { name: `Activate user ${user.email}` }).click();
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
  });

  test("grants and revokes admin", async ({ adminPage: page, baseURL }) => {
    const user = await createAccount(baseURL!, "promoted");
    await page.goto("/admin");
    const row = rowOf(page, user.email);
    await row.getByRole("button", { name: `Grant admin to ${user.email}` }).click();
    await expect(page.getByText("Admin status updated successfully").first()).toBeVisible();
    await expect(row.getByText("Admin", { exact: true })).toBeVisible();
    const asAdmin = await page.request.get("/api/admin/users", { headers: { authorization: `Bearer ${user.token}` } });
    expect(asAdmin.status()).toBe(200);
    await row.getByRole("button", { name: `Revoke admin from ${user.email}` }).click();
    await expect(row.getByText("User", { exact: true })).toBeVisible();
  });

  test("delete asks first, cannot be dismissed by clicking outside, and removes the user", async ({
    adminPage: page,
    baseURL,
  }) => {
    const user = await createAccount(baseURL!, "deleted");
    await page.goto("/admin");
    await rowOf(page, user.email)
      .getByRole("button", { name: `Delete user ${user.email}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "This action cannot be undone. This will permanently delete the user and all their associated data including sermons, studies, and reading plans.",
    );
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, user.email)).toHaveCount(1);

    await rowOf(page, user.email)
      .getByRole("button", { name: `Delete user ${user.email}` })
      .click();
    await dialog.getByRole("button", { name: "Delete User" }).click();
    await expect(page.getByText("User deleted successfully").first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(rowOf(page, user.email)).toHaveCount(0);
    const me = await page.request.get("/api/me", { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status()).toBe(401);
  });

  test("works on a 390 px phone: every action is in reach", async ({ adminPage: page, baseURL }) => {
    const user = await createAccount(baseURL!, "phone");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin");
    const row = rowOf(page, user.email);
    const remove = row.getByRole("button", { name: `Delete user ${user.email}` });
    await remove.scrollIntoViewIfNeeded();
    const box = await remove.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await row.getByRole("button", { name: `Deactivate user ${user.email}` }).click();
    await expect(row.getByText("Inactive", { exact: true })).toBeVisible();
  });
});

test.describe("admin console: the scripts arriving move nothing", () => {
  // A click aimed while the page hydrates must land on the button the reader saw: each row's
  // buttons stand where they will be once the scripts run (the reset-link button used to appear
  // only then and push the others 40 px, so a Grant click landed on the row).
  for (const width of [1280, 390]) {
    test(`each row's buttons stand in the same place without scripts and with them at ${width} px`, async ({
      adminPage: page,
      browser,
      admin,
      baseURL,
    }) => {
      const user = await createAccount(baseURL!, `steady${width}`);
      const names = [`Grant admin to ${user.email}`, `Deactivate user ${user.email}`, `Delete user ${user.email}`];
      // Each button's place inside its row (other tests add users above it meanwhile).
      const placesIn = async (target: Page) => {
        const row = rowOf(target, user.email);
        const rowBox = (await row.boundingBox())!;
        return Promise.all(
          names.map(async (name) => {
            const box = (await row
              .getByRole(name.startsWith("Delete") ? "link" : "button", { name })
              .or(row.getByRole("button", { name }))
              .boundingBox())!;
            return { x: box.x - rowBox.x, y: box.y - rowBox.y, width: box.width, height: box.height };
          }),
        );
      };
      const open = async (target: Page) => {
        await target.setViewportSize({ width, height: 900 });
        await target.goto("/admin");
        await target.evaluate(() => document.fonts.ready);
      };
      const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
      try {
        const staticPage = await plain.newPage();
        await signInAs(staticPage, admin);
        await open(staticPage);
        const before = await placesIn(staticPage);
        await open(page);
        await expect(
          page.getByRole("button", { name: `Create a password reset link for ${user.email}` }),
        ).toBeEnabled();
        const after = await placesIn(page);
        expect(after).toEqual(before);
      } finally {
        await plain.close();
      }
    });
  }
});

test.describe("admin console: the users table at 1280 px", () => {
  test("each user is one line: a long email is cut with an ellipsis, whole in its tooltip and details", async ({
    adminPage: page,
    baseURL,
  }) => {
    const user = await createAccount(baseURL!, "a-rather-long-address-for-the-table.with.many.parts");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin");
    const row = rowOf(page, user.email);
    // Hydrated: Delete is a button once the scripts run (a link before), and the tooltips work.
    await expect(row.getByRole("button", { name: `Delete user ${user.email}` })).toBeVisible();
    const summary = row.locator("summary");
    const cut = await summary
      .locator("span")
      .first()
      .evaluate((node) => ({
        clipped: node.scrollWidth > node.clientWidth,
        lines: node.getClientRects().length,
      }));
    expect(cut).toEqual({ clipped: true, lines: 1 });
    // Every cell of the row, actions included, on one line: their tops agree with the email's.
    const actionTops = await row
      .getByRole("button")
      .evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().top)));
    expect(actionTops).toHaveLength(4);
    expect(new Set(actionTops).size).toBe(1);
    const rowBox = (await row.boundingBox())!;
    const buttonBox = (await row.getByRole("button", { name: `Grant admin to ${user.email}` }).boundingBox())!;
    expect(rowBox.height).toBeLessThan(buttonBox.height * 2);
    // And the whole table in view beside the sidebar: nothing to scroll sideways to (Delete was
    // half hidden once, the table 27 px wider than its card).
    const region = page.getByRole("region", { name: "Users" });
    const widths = await region.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    await summary.focus();
    await expect(page.getByRole("tooltip")).toHaveText(user.email);
    await summary.press("Enter");
    await expect(row.getByText(/^Registered [A-Z][a-z]{2} \d{1,2}, \d{4}; 0 reading plans started/)).toBeVisible();

    // Icon actions are named by their tooltips, reached by the keyboard.
    await row.getByRole("button", { name: `Grant admin to ${user.email}` }).focus();
    await expect(page.getByRole("tooltip")).toHaveText("Grant admin");
    await page.keyboard.press("Tab");
    await expect(row.getByRole("button", { name: `Create a password reset link for ${user.email}` })).toBeFocused();
    await expect(page.getByRole("tooltip")).toHaveText("Reset link");
  });

  test("a delete asked in the address (clicked before the scripts loaded) opens the dialog once they run", async ({
    adminPage: page,
    baseURL,
  }) => {
    const user = await createAccount(baseURL!, "asked-early");
    const me = await page.request.get("/api/me", { headers: { authorization: `Bearer ${user.token}` } });
    const { id } = (await me.json()) as { id: string };
    await page.goto(`/admin?delete=${id}`);
    const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(user.email);
    // The page's own question (for browsers without scripts) has given way to the dialog.
    await expect(page.getByRole("alertdialog")).toHaveCount(1);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(rowOf(page, user.email)).toHaveCount(1);

    await page.goto(`/admin?delete=${id}`);
    // The click waits for the dialog (Radix marks it open): one aimed at the page's own question
    // while the scripts replace it lands on the dialog's overlay (a CI run failed so).
    await expect(dialog).toHaveAttribute("data-state", "open");
    await dialog.getByRole("button", { name: "Delete User" }).click();
    await expect(page.getByText("User deleted successfully").first()).toBeVisible();
    await expect(rowOf(page, user.email)).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe("admin console: AI settings", () => {
  test("sliders move in steps of 10 within the §5 ranges, and Reset restores the loaded values", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin");
    await page.getByRole("tab", { name: "AI Settings" }).click();
    const beginner = page.getByRole("slider", { name: "Beginner Word Limit" });
    const start = Number(await beginner.getAttribute("aria-valuenow"));
    await expect(beginner).toHaveAttribute("aria-valuemin", "100");
    await expect(beginner).toHaveAttribute("aria-valuemax", "500");
    await expect(page.getByRole("slider", { name: "Intermediate Word Limit" })).toHaveAttribute("aria-valuemin", "200");
    await expect(page.getByRole("slider", { name: "Intermediate Word Limit" })).toHaveAttribute("aria-valuemax", "800");
    await expect(page.getByRole("slider", { name: "Deep Study Word Limit" })).toHaveAttribute("aria-valuemin", "400");
    await expect(page.getByRole("slider", { name: "Deep Study Word Limit" })).toHaveAttribute("aria-valuemax", "1200");

    await beginner.focus();
    await page.keyboard.press("Home");
    await expect(beginner).toHaveAttribute("aria-valuenow", "100");
    await page.keyboard.press("ArrowRight");
    await expect(beginner).toHaveAttribute("aria-valuenow", "110");
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    await expect(beginner).toHaveAttribute("aria-valuenow", "500");

    await page.getByRole("combobox", { name: "Tone" }).click();
    await expect(page.getByRole("option")).toHaveText(["Pastoral", "Conversational", "Inspirational", "Formal"]);
    await page.getByRole("option", { name: "Inspirational" }).click();
    await expect(page.getByRole("combobox", { name: "Tone" })).toContainText("Inspirational");

    await page.getByRole("button", { name: "Reset" }).click();
    await expect(beginner).toHaveAttribute("aria-valuenow", String(start));
    await expect(page.getByRole("combobox", { name: "Tone" })).not.toContainText("Inspirational");
  });

  test("the selects offer the §5 choices", async ({ adminPage: page }) => {
    await page.goto("/admin?tab=settings");
    const expected: Record<string, string[]> = {
      "AI Model": ["gpt-5", "gpt-4.1", "gpt-4o", "gpt-5-mini", "gpt-4.1-mini"],
      "Bible Translation": ["NKJV", "NIV", "ESV", "KJV"],
      "Writing Style": ["Academic", "Conversational", "Devotional", "Expository"],
      "Citation Format": ["Inline", "Footnotes", "Endnotes"],
      "Target Audience": ["Beginner", "Intermediate", "Advanced", "Mixed"],
      "Language Complexity": ["Simple", "Moderate", "Advanced"],
    };
    for (const [name, options] of Object.entries(expected)) {
      // A click before the page's scripts have hydrated it opens nothing: click until the list opens.
      const select = page.getByRole("combobox", { name });
      await expect(async () => {
        if ((await select.getAttribute("aria-expanded")) !== "true") await select.click();
        await expect(page.getByRole("option").first()).toBeVisible({ timeout: 1000 });
      }).toPass();
      await expect(page.getByRole("option")).toHaveText(options);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("option")).toHaveCount(0);
    }
  });

  test("saves settings, which then are the values Reset returns to", async ({ adminPage: page, admin }) => {
    const original = (await adminApi(page, admin, "get", "/api/admin/settings")).body;
    try {
      await page.goto("/admin?tab=settings");
      const deep = page.getByRole("slider", { name: "Deep Study Word Limit" });
      const chosen = original.deepStudyWordLimit - 10;
      // A key pressed before the page's scripts have hydrated it moves nothing: press until one lands.
      await expect(async () => {
        await deep.focus();
        await page.keyboard.press("ArrowLeft");
        await expect(deep).toHaveAttribute("aria-valuenow", String(chosen), { timeout: 1000 });
      }).toPass();
      // The console's own action (single fetch posts to /admin.data) is slowed to see the pending state.
      await page.route(
        (url) => url.pathname.startsWith("/admin"),
        async (route) => {
          if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 500));
          await route.continue();
        },
      );
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
      await expect(page.getByText("AI settings saved successfully").first()).toBeVisible();
      expect((await adminApi(page, admin, "get", "/api/admin/settings")).body.deepStudyWordLimit).toBe(chosen);

      await deep.focus();
      await page.keyboard.press("Home");
      await page.getByRole("button", { name: "Reset" }).click();
      await expect(deep).toHaveAttribute("aria-valuenow", String(chosen));
      await page.reload();
      await expect(page.getByRole("slider", { name: "Deep Study Word Limit" })).toHaveAttribute(
        "aria-valuenow",
        String(chosen),
      );
    } finally {
      await adminApi(page, admin, "patch", "/api/admin/settings", original);
    }
  });

  test("the server refuses values outside the rules with a clear message", async ({ adminPage: page, admin }) => {
    const answer = await adminApi(page, admin, "patch", "/api/admin/settings", { intermediateWordLimit: 900 });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Intermediate word limit must be between 200 and 800");
  });
});

test.describe("admin console without JavaScript (plain form posts)", () => {
  test.use({ javaScriptEnabled: false });

  test("deactivates a user: the form posts, the page comes back with the toast and the new state", async ({
    adminPage: page,
    baseURL,
  }) => {
    const user = await createAccount(baseURL!, "nojs-toggled");
    await page.goto("/admin");
    const row = rowOf(page, user.email);
    await row.getByRole("button", { name: `Deactivate user ${user.email}` }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("User status updated successfully")).toBeVisible();
    await expect(row.getByText("Inactive", { exact: true })).toBeVisible();
    const me = await page.request.get("/api/me", { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status()).toBe(401);
  });

  test("grants and revokes admin: the role changes with the toast", async ({ adminPage: page, baseURL }) => {
    const user = await createAccount(baseURL!, "nojs-promoted");
    await page.goto("/admin");
    const row = rowOf(page, user.email);
    await row.getByRole("button", { name: `Grant admin to ${user.email}` }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText("Admin status updated successfully")).toBeVisible();
    await expect(row.getByText("Admin", { exact: true })).toBeVisible();
    const me = await page.request.get("/api/me", { headers: { authorization: `Bearer ${user.token}` } });
    expect((await me.json()).isAdmin).toBe(true);
    await row.getByRole("button", { name: `Revoke admin from ${user.email}` }).click();
    await expect(row.getByText("User", { exact: true })).toBeVisible();
  });

  test("an invite is created, its link shown once, and revoked", async ({ adminPage: page }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Create invite" }).click();
    const link = page.getByLabel("New invite link (shown only once)");
    await expect(link).toHaveValue(/\/register\?invite=\S+$/);
    const code = new URL(await link.inputValue(), "http://x").searchParams.get("invite")!;
    const revoke = page.getByRole("button", { name: `Revoke invite ${code.slice(0, 4)}` });
    await expect(revoke).toBeVisible();
    await revoke.click();
    await expect(page.getByText("Invite revoked")).toBeVisible();
    await expect(revoke).toHaveCount(0);
  });

  test("both tabs' panels are on the page: the AI settings are reached without the tab list", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin");
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "AI Generation Settings" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Settings" })).toBeVisible();
  });

  test("a delete asks on the page first, then removes the user", async ({ adminPage: page, baseURL }) => {
    const user = await createAccount(baseURL!, "nojs-deleted");
    await page.goto("/admin");
    await rowOf(page, user.email)
      .getByRole("link", { name: `Delete user ${user.email}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await expect(confirm).toContainText(user.email);
    await confirm.getByRole("button", { name: "Delete User" }).click();
    await expect(page.getByText("User deleted successfully")).toBeVisible();
    await expect(rowOf(page, user.email)).toHaveCount(0);
  });

  test("changes the AI settings", async ({ adminPage: page, admin }) => {
    const original = (await adminApi(page, admin, "get", "/api/admin/settings")).body;
    const tone = original.tone === "Formal" ? "Inspirational" : "Formal";
    try {
      await page.goto("/admin?tab=settings");
      await page.getByLabel("Tone").selectOption(tone);
      await page.getByRole("slider", { name: "Beginner Word Limit" }).fill("150");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page).toHaveURL(/\/admin\?tab=settings$/);
      await expect(page.getByText("AI settings saved successfully")).toBeVisible();
      await expect(page.getByLabel("Tone")).toHaveValue(tone);
      const saved = (await adminApi(page, admin, "get", "/api/admin/settings")).body;
      expect(saved.tone).toBe(tone);
      expect(saved.beginnerWordLimit).toBe(150);
    } finally {
      await adminApi(page, admin, "patch", "/api/admin/settings", original);
    }
  });
});

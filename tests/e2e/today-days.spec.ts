import fs from "node:fs";
import Database from "better-sqlite3";
import { e2eServerInfoFile } from "../support/e2e-accounts";
import { clickAndWaitForPost, expect, test } from "./fixtures";

test("Today's Previous day opens a past reading, and Back to today returns", async ({
  signedInPage: page,
  account,
  baseURL,
}) => {
  const auth = { authorization: `Bearer ${account.token}` };
  const started = await page.request.post("/api/plans/user-plans", {
    headers: auth,
    data: { planId: "proverbs-31-days" },
  });
  expect(started.status()).toBe(201);
  await page.goto("/today");
  // The banner shows at once (optimistic): the server's answer is what says the day is stored.
  await clickAndWaitForPost(page, page.getByRole("button", { name: "Mark Complete" }), "/today");
  await expect(page.getByText("Today's reading completed! Come back tomorrow for your next devotional")).toBeVisible();
  // A day completed today stays on Today; moving the completion two days back makes day 2 today.
  const me = (await (await page.request.get("/api/me", { headers: auth })).json()) as { id: string };
  const { databasePath } = JSON.parse(fs.readFileSync(e2eServerInfoFile(Number(new URL(baseURL!).port)), "utf8")) as {
    databasePath: string;
  };
  const db = new Database(databasePath);
  try {
    db.prepare(
      "update user_plan_progress set completed_at = completed_at - 2 * 86400000 where user_plan_id in (select id from user_plans where user_id = ?)",
    ).run(me.id);
  } finally {
    db.close();
  }

  await page.reload();
  await expect(page.getByText(/· Day 2 of 31/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to today" })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Days of the plan" }).getByRole("link", { name: "Previous day" }).click();
  await expect(page).toHaveURL(/\/today\?day=1$/);
  await expect(page.getByText(/· Day 1 of 31/)).toBeVisible();
  await expect(page.getByText("You completed day 1.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Next day" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to today" }).click();
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByText(/· Day 2 of 31/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();
});

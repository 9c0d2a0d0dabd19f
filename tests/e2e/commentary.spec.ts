import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test("Today shows Matthew Henry on the day's passage, the whole section one click away", async ({
  signedInPage: page,
  account,
}) => {
  const started = await page.request.post("/api/plans/user-plans", {
    headers: { authorization: `Bearer ${account.token}` },
    data: { planId: "gospel-of-john-21-days" },
  });
  expect(started.status()).toBe(201);
  await page.goto("/today");
  // Folded below the devotional until the reader opens it.
  const panel = page.getByRole("region", { name: "Commentary" });
  await expect(panel).toBeHidden();
  await page.getByText("Go deeper: commentary").click();
  await expect(panel).toContainText("Matthew Henry on John 1:");
  await expect(panel).toContainText("Introduction to John 1");
  await expect(panel).toContainText(
    "Commentary: Matthew Henry, Commentary on the Whole Bible (1706-1721), public domain",
  );
  const toggle = panel.getByRole("button", { name: /Read all of Matthew Henry on John 1:/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const collapsed = (await panel.innerText()).length;
  await toggle.click();
  await expect(panel.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  expect((await panel.innerText()).length).toBeGreaterThan(collapsed);
  // Each commentary with text there is a tab: the Concise Commentary is one click (or arrow key) away.
  const concise = panel.getByRole("tab", { name: "Henry Concise" });
  await concise.click();
  await expect(concise).toHaveAttribute("aria-selected", "true");
  await expect(panel.getByText(/^Commentary: Matthew Henry, Concise Commentary on the Whole Bible/)).toBeVisible();
  await expect(panel.getByText(/Commentary on the Whole Bible \(1706-1721\)/)).toBeHidden();
  await concise.press("ArrowLeft");
  await expect(panel.getByRole("tab", { name: "Henry", exact: true })).toHaveAttribute("aria-selected", "true");
  const results = await new AxeBuilder({ page })
    .include("section[aria-labelledby]")
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  expect(results.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual(
    [],
  );
});

test("the commentary loads when its fold opens, and has its own page for a reader without scripts", async ({
  browser,
  signedInPage: page,
  account,
}) => {
  const started = await page.request.post("/api/plans/user-plans", {
    headers: { authorization: `Bearer ${account.token}` },
    data: { planId: "gospel-of-john-21-days" },
  });
  expect(started.status()).toBe(201);
  const intro = "The scope and design of this chapter is to confirm our faith in Christ";
  // Not in Today's first download: only the fold's line and who wrote.
  const todayHtml = await (await page.request.get("/today")).text();
  expect(todayHtml).toContain("Go deeper: commentary");
  expect(todayHtml).not.toContain(intro);

  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await noScripts.newPage();
    await plain.goto("/today");
    await plain.getByText("Go deeper: commentary").click();
    await plain.getByRole("link", { name: "Read the commentary" }).click();
    await expect(plain).toHaveURL(/\/today\/commentary$/);
    await expect(plain.getByRole("heading", { name: "Commentary", level: 1 })).toBeVisible();
    await expect(plain.getByText("On John 1", { exact: true })).toBeVisible();
    await expect(plain.getByRole("region", { name: "Commentary" })).toContainText(intro);
    await plain.getByRole("link", { name: "Back to the reading" }).click();
    await expect(plain).toHaveURL(/\/today$/);
  } finally {
    await noScripts.close();
  }
});

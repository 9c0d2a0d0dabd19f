import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test("a reader opens John 3 from the sidebar by typing 'jn 3', taps verse 16 for its cross-references, and comes back to the same place", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.getByRole("complementary", { name: "Main navigation" }).getByRole("link", { name: "Bible" }).click();
  // The first time: John 1.
  await expect(page).toHaveURL(/\/bible\/JHN\/1$/);
  await expect(page.getByRole("heading", { name: "John 1", level: 1 })).toBeVisible();

  await page.getByRole("searchbox", { name: "Go to a passage" }).fill("jn 3");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/bible\/JHN\/3$/);
  const text = page.getByRole("article", { name: /John 3, Berean Standard Bible/ });
  await expect(text).toContainText("For God so loved the world that He gave His one and only Son");
  // Matthew Henry beside the text.
  await expect(page.getByRole("region", { name: "Commentary" })).toContainText("Matthew Henry on John 3:1-21");

  await text.getByRole("link", { name: "Verse 16: mark it, cross-references and topics" }).click();
  await expect(page).toHaveURL(/\/bible\/JHN\/3\?v=16#v16$/);
  const study = page.getByRole("region", { name: "John 3:16" }).filter({ visible: true });
  await expect(study).toContainText("Romans 5:8");
  await expect(study).toContainText("But God proves His love for us in this");
  await study.getByRole("link", { name: "Close the study of John 3:16" }).click();
  await expect(page).toHaveURL(/\/bible\/JHN\/3$/);

  await page.getByRole("link", { name: "Next chapter: John 4" }).first().click();
  await expect(page.getByRole("heading", { name: "John 4", level: 1 })).toBeVisible();
  // The place is kept (in the database, for every device): /bible opens John 4 again.
  await expect
    .poll(async () => {
      await page.goto("/bible");
      return new URL(page.url()).pathname;
    })
    .toBe("/bible/JHN/4");
});

test("two translations verse beside verse at 1280 px, one at a time with a switch on a phone", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/bible/PSA/23");
  await expect(page.getByRole("heading", { name: "Psalm 23", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Compare with the King James Version" }).click();
  const table = page.getByRole("table", { name: /Berean Standard Bible and King James Version, verse by verse/ });
  // Verse 1 reads the same in both; verse 2 differs.
  await expect(table.getByText("The LORD is my shepherd; I shall not want.")).toHaveCount(2);
  await expect(table.getByText(/He maketh me to lie down in green pastures/)).toBeVisible();
  await expect(table.getByText(/He makes me lie down in green pastures/)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByText(/He makes me lie down in green pastures/)).toBeVisible();
  await expect(table.getByText(/He maketh me to lie down in green pastures/)).toBeHidden();
  await page
    .getByRole("navigation", { name: "Translation shown" })
    .getByRole("link", { name: /King James Version/ })
    .click();
  await expect(table.getByText(/He maketh me to lie down in green pastures/)).toBeVisible();
  await expect(table.getByText(/He makes me lie down in green pastures/)).toBeHidden();
});

test("word study: in the KJV, tap 'loved' in John 3:16 for its Greek, then go back to the chapter", async ({
  signedInPage: page,
}) => {
  await page.goto("/bible/JHN/3");
  await page.getByRole("link", { name: "Word study" }).click();
  await expect(page).toHaveURL(/\/bible\/JHN\/3\?words=1&t=kjv$/);
  const text = page.getByRole("article", { name: /John 3, King James Version/ });
  await text.locator("#v16").getByRole("link", { name: "loved", exact: true }).click();
  await expect(page).toHaveURL(/\/bible\/strongs\/G25\?back=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("ἀγαπάω");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("agapáō");
  await expect(page.getByText(/to love \(in a social or moral sense\)/)).toBeVisible();
  await expect(page.getByRole("link", { name: "John 3:16", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Back to the chapter" }).click();
  await expect(page).toHaveURL(/\/bible\/JHN\/3\?words=1&t=kjv$/);
  await expect(page.getByRole("link", { name: "Word study on" })).toHaveAttribute("aria-current", "true");
});

test("a reference that is not one says why and offers every book; a chapter that does not exist is a 404", async ({
  signedInPage: page,
}) => {
  await page.goto("/bible?q=hezekiah+1");
  await expect(page.getByRole("alert")).toHaveText(/"hezekiah 1" is not a Bible reference we recognize/);
  await page.getByRole("link", { name: "Ruth" }).click();
  await expect(page.getByRole("heading", { name: "Ruth 1", level: 1 })).toBeVisible();
  const missing = await page.goto("/bible/JHN/99");
  expect(missing?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the picker, the verse study and the translations all work as plain links and forms", async ({
    signedInPage: page,
  }) => {
    await page.goto("/bible/JHN/1");
    await page.getByRole("searchbox", { name: "Go to a passage" }).fill("Rom 8:28");
    await page.getByRole("button", { name: "Go" }).click();
    await expect(page).toHaveURL(/\/bible\/ROM\/8\?v=28#v28$/);
    await expect(page.getByRole("region", { name: "Romans 8:28" }).first()).toBeAttached();
    await page.getByRole("link", { name: "Read in the King James Version" }).click();
    await expect(page.getByRole("article", { name: /Romans 8, King James Version/ })).toContainText(
      "all things work together for good to them that love God",
    );
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the reader passes axe (WCAG 2.1 AA) in the ${colorScheme} theme at 390 and 1280 px`, async ({
    signedInPage: page,
  }) => {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/bible/JHN/3?p=kjv&v=16");
      await expect(page.getByRole("heading", { name: "John 3", level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" ")}`,
        ),
      ).toEqual([]);
    }
  });
}

test("Read aloud reads the chapter verse by verse, marking the verse being read", async ({ signedInPage: page }) => {
  // The browser's speech engine, played step by step: each utterance starts and ends when the test
  // says, so what is marked can be checked at each verse (no clock).
  await page.addInitScript(() => {
    const queue: SpeechSynthesisUtterance[] = [];
    const engine = {
      speaking: false,
      pending: false,
      speak: (utterance: SpeechSynthesisUtterance) => void queue.push(utterance),
      cancel: () => void queue.splice(0),
      getVoices: () => [],
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    Object.defineProperty(window, "speechSynthesis", { value: engine, configurable: true });
    (window as unknown as { nextUtterance: () => string | null }).nextUtterance = () => {
      const utterance = queue.shift();
      if (!utterance) return null;
      utterance.onstart?.(new Event("start") as SpeechSynthesisEvent);
      return utterance.text;
    };
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/bible/PSA/23");
  await page.getByRole("button", { name: "Read Psalm 23 aloud" }).click();
  await expect(page.getByRole("button", { name: "Stop reading" })).toBeVisible();
  const next = () => page.evaluate(() => (window as unknown as { nextUtterance: () => string | null }).nextUtterance());
  expect(await next()).toContain("The LORD is my shepherd");
  await expect(page.locator("#v1")).toHaveAttribute("data-reading", "true");
  expect(await next()).toContain("He makes me lie down in green pastures");
  await expect(page.locator("#v2")).toHaveAttribute("data-reading", "true");
  await expect(page.locator("#v1")).not.toHaveAttribute("data-reading");
  await page.getByRole("button", { name: "Stop reading" }).click();
  await expect(page.locator("[data-reading]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Read Psalm 23 aloud" })).toBeVisible();
});

test("Study from a tapped verse to a later one makes a passage lesson on just those verses", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/bible/JHN/3?v=16#v16");
  const panel = page.getByRole("region", { name: "John 3:16" }).filter({ visible: true });
  await panel.getByLabel("From John 3:16 to verse").selectOption("John 3:16-18");
  await panel.getByRole("button", { name: "Study", exact: true }).click();
  await expect(page).toHaveURL(/\/lesson-plans\?study=/);
  await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: "John 3:16-18" }).first()).toBeVisible();
});

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const panelButton = (page: Page) => page.getByRole("button", { name: "Accessibility options" });
const panel = (page: Page) => page.getByRole("dialog", { name: "Accessibility" });

/** Records the <html> attributes in the first animation frame, i.e. before anything is painted. */
async function recordFirstFrame(page: Page) {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const root = document.documentElement;
      (window as unknown as Record<string, unknown>).__firstFrame = {
        font: root.getAttribute("data-font"),
        contrast: root.getAttribute("data-contrast"),
        textSize: root.getAttribute("data-text-size"),
      };
    });
  });
}

/** A stand-in for the browser's speech engine, recording what it is asked to say. */
async function fakeSpeech(page: Page) {
  await page.addInitScript(() => {
    const spoken: Array<{ text: string; rate: number }> = [];
    const queue: Array<{ onend?: () => void; onerror?: () => void }> = [];
    class FakeUtterance {
      text: string;
      rate = 1;
      lang = "";
      onend?: () => void;
      onerror?: () => void;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, "SpeechSynthesisUtterance", { value: FakeUtterance, configurable: true });
    Object.defineProperty(window, "speechSynthesis", {
      configurable: true,
      value: {
        get speaking() {
          return queue.length > 0;
        },
        pending: false,
        speak(utterance: FakeUtterance) {
          spoken.push({ text: utterance.text, rate: utterance.rate });
          queue.push(utterance);
        },
        cancel() {
          while (queue.length) queue.shift()?.onerror?.();
        },
      },
    });
    const target = window as unknown as Record<string, unknown>;
    target.__spoken = spoken;
    target.__finishSpeech = () => {
      while (queue.length) queue.shift()?.onend?.();
    };
  });
}

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: Array<{ text: string; rate: number }> }).__spoken);

test.describe("accessibility panel", () => {
  test("a floating button opens the panel on signed-in pages and on login", async ({ signedInPage: page }) => {
    for (const path of ["/", "/library", "/settings"]) {
      await page.goto(path);
      await panelButton(page).click();
      await expect(panel(page)).toBeVisible();
      await expect(panel(page).getByRole("switch", { name: "Dyslexia-friendly font" })).toBeVisible();
      await expect(panel(page).getByRole("switch", { name: "High Contrast" })).toBeVisible();
      await expect(panel(page).getByRole("button", { name: "Read Aloud" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(panel(page)).toHaveCount(0);
    }
    await page.context().clearCookies();
    await page.goto("/login");
    await panelButton(page).click();
    await expect(panel(page).getByRole("switch", { name: "High Contrast" })).toBeVisible();
  });

  test("on a short phone screen the sign-in pages' button stays at the top and never covers the card", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 560 });
    await page.goto("/register");
    const card = page.getByText("Create your account").locator("xpath=ancestor::div[contains(@class, 'border')][1]");
    const overlaps = async () => {
      const [button, title] = [await panelButton(page).boundingBox(), await card.boundingBox()];
      return (
        button!.y < title!.y + title!.height &&
        button!.y + button!.height > title!.y &&
        button!.x < title!.x + title!.width
      );
    };
    for (const y of [0, 60, 120, 200]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await overlaps(), `scrolled ${y}px`).toBe(false);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await panelButton(page).click();
    await expect(panel(page)).toBeVisible();
  });

  test("font and contrast persist across reloads and apply before the first paint", async ({ signedInPage: page }) => {
    await recordFirstFrame(page);
    await page.goto("/profile");
    await panelButton(page).click();
    await panel(page).getByRole("switch", { name: "Dyslexia-friendly font" }).click();
    await panel(page).getByRole("switch", { name: "High Contrast" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-font", "opendyslexic");
    await expect(page.locator("html")).toHaveAttribute("data-contrast", "high");
    expect(
      await page.evaluate(() => [localStorage.getItem("sb_font"), localStorage.getItem("sb_high_contrast")]),
    ).toEqual(["opendyslexic", "true"]);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?OpenDyslexic/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");

    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __firstFrame: unknown }).__firstFrame)).toEqual({
      font: "opendyslexic",
      contrast: "high",
      textSize: null,
    });
    await panelButton(page).click();
    await expect(panel(page).getByRole("switch", { name: "Dyslexia-friendly font" })).toBeChecked();
    await expect(panel(page).getByRole("switch", { name: "High Contrast" })).toBeChecked();
    // The font file is served by the app itself (offline), not an outside host.
    const fontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some(
        (face) => face.family.replace(/"/g, "") === "OpenDyslexic" && face.status === "loaded",
      );
    });
    expect(fontLoaded).toBe(true);

    await panel(page).getByRole("switch", { name: "Dyslexia-friendly font" }).click();
    await panel(page).getByRole("switch", { name: "High Contrast" }).click();
    expect(
      await page.evaluate(() => [localStorage.getItem("sb_font"), localStorage.getItem("sb_high_contrast")]),
    ).toEqual(["inter", "false"]);
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { __firstFrame: unknown }).__firstFrame)).toEqual({
      font: null,
      contrast: null,
      textSize: null,
    });
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter/);
  });

  test("text size scales the page, is kept like the font and applies before the first paint", async ({
    signedInPage: page,
  }) => {
    await recordFirstFrame(page);
    await page.goto("/profile");
    const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(await rootSize()).toBe("16px");
    await panelButton(page).click();
    await panel(page).getByText("Larger", { exact: true }).click();
    expect(await rootSize()).toBe("20px");
    expect(await page.evaluate(() => localStorage.getItem("sb_text_size"))).toBe("larger");
    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { __firstFrame: { textSize: unknown } }).__firstFrame.textSize),
    ).toBe("larger");
    await panelButton(page).click();
    await expect(panel(page).getByRole("radio", { name: "Larger" })).toBeChecked();
    await panel(page).getByText("Standard", { exact: true }).click();
    expect(await rootSize()).toBe("16px");
  });

  test("the Settings card has the same controls, in step with the panel", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Accessibility", exact: true })).toBeVisible();
    const contrast = page.getByRole("switch", { name: "High Contrast" });
    await expect(contrast).toHaveCount(1);
    await contrast.click();
    await expect(page.locator("html")).toHaveAttribute("data-contrast", "high");
    await panelButton(page).click();
    await expect(panel(page).getByRole("switch", { name: "High Contrast" })).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toHaveCount(0);
    await page.getByRole("switch", { name: "Dyslexia-friendly font" }).click();
    await page.reload();
    await expect(page.getByRole("switch", { name: "High Contrast" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Dyslexia-friendly font" })).toBeChecked();
    // The spec's cards keep their order (Account, Accessibility, Sign Out), with the account's own tools among them.
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "Account",
      "Change Password",
      "Accessibility",
      "Your Data",
      "Sign Out",
      "Leave Sagacity Bites",
    ]);
  });

  test("Read Aloud speaks the selection at rate 0.9 and offers Stop while speaking", async ({ signedInPage: page }) => {
    await fakeSpeech(page);
    await page.goto("/profile");
    await page.getByText("Choose your preferred level of study depth").selectText();
    await panelButton(page).click();
    await panel(page).getByRole("button", { name: "Read Aloud" }).click();
    expect(await spoken(page)).toEqual([{ text: "Choose your preferred level of study depth", rate: 0.9 }]);
    await panel(page).getByRole("button", { name: "Stop" }).click();
    await expect(panel(page).getByRole("button", { name: "Read Aloud" })).toBeVisible();
  });

  test("Read Aloud reads the main content when nothing is selected", async ({ signedInPage: page }) => {
    await fakeSpeech(page);
    await page.goto("/settings");
    await panelButton(page).click();
    await panel(page).getByRole("button", { name: "Read Aloud" }).click();
    const parts = await spoken(page);
    const text = parts.map((part) => part.text).join(" ");
    expect(text).toContain("Settings");
    expect(text).toContain("Manage your account and preferences");
    expect(text).not.toContain("Dashboard");
    expect(parts.every((part) => part.rate === 0.9 && part.text.length <= 200)).toBe(true);
    await expect(panel(page).getByRole("button", { name: "Stop" })).toBeVisible();
    await page.evaluate(() => (window as unknown as { __finishSpeech: () => void }).__finishSpeech());
    await expect(panel(page).getByRole("button", { name: "Read Aloud" })).toBeVisible();
  });

  test("without speech synthesis the button is disabled with a note", async ({ signedInPage: page }) => {
    await page.addInitScript(() => {
      delete (window as unknown as Record<string, unknown>).speechSynthesis;
      Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true });
    });
    await page.goto("/settings");
    await expect(page.getByRole("button", { name: "Read Aloud" })).toBeDisabled();
    await expect(page.getByText("Read Aloud is not available in this browser.")).toBeVisible();
  });
});

/**
 * Screenshots of the main screens at a phone width (390) and a desktop width (1280), light and dark, for looking
 * at a change before and after: `tsx scripts/screenshots.ts http://127.0.0.1:PORT docs/screenshots prefix [today,lesson]`.
 * It registers a fresh reader, starts a plan and writes a lesson through the API, then opens each page.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";

const [baseURL = "http://127.0.0.1:3000", folder = "docs/screenshots", prefix = "after", only] = process.argv.slice(2);

async function api(pathname: string, body: unknown, token?: string, method = "POST") {
  const response = await fetch(`${baseURL}${pathname}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const email = `screens-${Date.now()}@example.com`;
const { token } = (await api("/api/auth/register", { email, password: "reader-password" })) as { token: string };
// A reader past the welcome dialog, with the name the dashboard greets.
await api("/api/onboarding/progress", { hasCompletedWelcome: true }, token, "PATCH");
await api("/api/profile", { displayName: "Reader" }, token, "PATCH");
await api("/api/plans/user-plans", { planId: "sermon-on-the-mount-7-days" }, token).catch(() =>
  api("/api/plans/user-plans", { planId: "gospel-of-john-21-days" }, token),
);
const study = (await api("/api/studies/topic", { topic: "Forgiveness" }, token)) as { id: string };

const pages: Array<[string, string]> = [
  ["dashboard", "/"],
  ["today", "/today"],
  ["lesson", `/lesson-plans?study=${study.id}`],
  ["library", "/library"],
  ["plans", "/bible-plans"],
  ["profile", "/profile"],
  ["add-content", "/process-sermon"],
];
fs.mkdirSync(folder, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const [width, colorScheme] of [390, 1280].flatMap((width) =>
  (["light", "dark"] as const).map((scheme) => [width, scheme] as const),
)) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, colorScheme });
  await context.addCookies([{ name: "sb_session", value: token, domain: "127.0.0.1", path: "/" }]);
  const page = await context.newPage();
  for (const [name, pathname] of pages.filter(([name]) => !only || only.split(",").includes(name))) {
    await page.goto(`${baseURL}${pathname}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(800);
    // A whole-page capture is not a screen: parts the browser renders only when near the screen
    // (content-visibility: auto, `.render-when-near`) would be blank in it.
    await page.addStyleTag({ content: ".render-when-near { content-visibility: visible !important; }" });
    const file = path.join(folder, `${prefix}-${name}-${width}-${colorScheme}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();

/**
 * Every screen at a phone width (390) and a desktop width (1280), light and dark, and a printed
 * lesson (page.pdf()), for looking at a change before and after:
 *   npm run screenshots -- [--out docs/screenshots] [--prefix screen] [--only today,lesson] [--url http://127.0.0.1:PORT]
 * Without --url it builds if needed and starts `npm start` on a fresh temporary database, so the
 * first account (the admin) is its own. It signs up an admin and a reader, gives the reader a plan,
 * two lessons, a library item and a group the admin has joined, then opens each screen in the four
 * looks one after another, so a pair (the dashboard's 390 and 1280) shows the same state.
 * Full pages are saved as JPEG (quality 60): the set stays small enough to commit.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { startLocalServer } from "./local-server.mjs";

const { values: options } = parseArgs({
  options: {
    url: { type: "string" },
    out: { type: "string", default: "docs/screenshots" },
    prefix: { type: "string", default: "screen" },
    only: { type: "string" },
  },
});

if (!options.url) buildIfNeeded();
const server = options.url ? { url: options.url, stop: async () => {} } : await startLocalServer();
const baseURL = server.url;

async function api(pathname: string, body: unknown, token?: string, method = "POST") {
  const response = await fetch(`${baseURL}${pathname}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function signUp(email: string, displayName: string) {
  const { token } = (await api("/api/auth/register", { email, password: "reader-password" })) as { token: string };
  await api("/api/onboarding/progress", { hasCompletedWelcome: true }, token, "PATCH");
  await api("/api/profile", { displayName }, token, "PATCH");
  return token;
}

// On a fresh database the first account is the admin; against another server it may not be.
const stamp = Date.now();
const admin = await signUp(`leader-${stamp}@example.com`, "Leader");
const reader = await signUp(`reader-${stamp}@example.com`, "Reader");
await api("/api/plans/user-plans", { planId: "sermon-on-the-mount-7-days" }, reader).catch(() =>
  api("/api/plans/user-plans", { planId: "gospel-of-john-21-days" }, reader),
);
const lesson = (await api("/api/studies/topic", { topic: "Forgiveness" }, reader)) as { id: string };
const psalm = (await api("/api/studies/passage", { reference: "Psalm 23" }, reader)) as { id: string };
await api(`/api/library/save/${lesson.id}`, {}, reader);
await api(
  "/api/sermons",
  {
    contentType: "quote",
    text: "We are not to measure God's love by our feelings, but by His promises.",
    author: "Charles Spurgeon",
  },
  reader,
);
const group = (await api(
  "/api/groups",
  { name: "Thursday Night Group", description: "Thursdays at 7, in the church library" },
  reader,
)) as { id: string; inviteCode: string };
await api(`/api/groups/${group.id}/plan`, { planId: "sermon-on-the-mount-7-days" }, reader, "PUT").catch(() => null);
await api("/api/groups/join", { inviteCode: group.inviteCode }, admin);
// A reader's marks: highlights, bookmarks and notes (one shared with the group), on the reader,
// My Notes and the group page.
for (const mark of [
  { reference: "John 3:16", kind: "highlight", color: "yellow" },
  { reference: "John 3:14-15", kind: "highlight", color: "green" },
  { reference: "John 3:3", kind: "bookmark", label: "Born again" },
  { reference: "Romans 8:28", kind: "bookmark", label: "Memory verses" },
  { reference: "Psalm 23:1-3", kind: "highlight", color: "blue" },
  {
    reference: "John 3:16",
    kind: "note",
    body: "**Loved** the *world*: not a few, and not the deserving.\n\n- God loved\n- God gave\n- whoever believes has",
    groupId: group.id,
  },
  {
    reference: "Psalm 23:4",
    kind: "note",
    body: "The valley is walked *through*: he is with me in it, not only after it.",
  },
]) {
  await api("/api/notes", mark, reader);
}

type Screen = { name: string; path: string; as: "reader" | "admin" | "nobody" };
const allScreens: Screen[] = [
  { name: "dashboard", path: "/", as: "reader" },
  { name: "today", path: "/today", as: "reader" },
  { name: "lesson", path: `/lesson-plans?study=${lesson.id}`, as: "reader" },
  { name: "library", path: "/library", as: "reader" },
  { name: "plans", path: "/bible-plans", as: "reader" },
  { name: "profile", path: "/profile", as: "reader" },
  { name: "add-content", path: "/add-content", as: "reader" },
  { name: "settings", path: "/settings", as: "reader" },
  { name: "groups", path: "/groups", as: "reader" },
  { name: "group", path: `/groups/${group.id}`, as: "reader" },
  { name: "bible", path: "/bible/JHN/3?v=16#v16", as: "reader" },
  { name: "bible-compare", path: "/bible/PSA/23?p=kjv", as: "reader" },
  { name: "word-study", path: "/bible/strongs/G25?back=%2Fbible%2FJHN%2F3", as: "reader" },
  { name: "search", path: "/search?q=shepherd", as: "reader" },
  { name: "notes", path: "/notes", as: "reader" },
  { name: "admin-users", path: "/admin", as: "admin" },
  { name: "admin-ai-settings", path: "/admin?tab=settings", as: "admin" },
  { name: "not-found", path: "/no-such-page", as: "reader" },
  { name: "login", path: "/login", as: "nobody" },
  { name: "register", path: "/register", as: "nobody" },
];
const screens = allScreens.filter((screen) => !options.only || options.only.split(",").includes(screen.name));

const looks = [390, 1280].flatMap((width) => (["light", "dark"] as const).map((scheme) => ({ width, scheme })));
const tokens = { reader, admin, nobody: null };

fs.mkdirSync(options.out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const contexts = new Map<string, BrowserContext>();
async function contextFor(as: Screen["as"], width: number, scheme: "light" | "dark") {
  const key = `${as}-${width}-${scheme}`;
  if (!contexts.has(key)) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 900 },
      colorScheme: scheme,
      deviceScaleFactor: 1,
      hasTouch: width < 768,
      isMobile: width < 768,
    });
    const token = tokens[as];
    if (token) await context.addCookies([{ name: "sb_session", value: token, url: baseURL }]);
    contexts.set(key, context);
  }
  return contexts.get(key)!;
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  // A whole-page capture is not a screen: parts the browser renders only when near the screen
  // (content-visibility: auto, `.render-when-near`) would be blank in it.
  await page.addStyleTag({ content: ".render-when-near { content-visibility: visible !important; }" });
}

let bytes = 0;
try {
  for (const screen of screens) {
    for (const { width, scheme } of looks) {
      const page = await (await contextFor(screen.as, width, scheme)).newPage();
      await page.goto(`${baseURL}${screen.path}`);
      await settle(page);
      const file = path.join(options.out, `${options.prefix}-${screen.name}-${width}-${scheme}.jpg`);
      await page.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 60 });
      bytes += fs.statSync(file).size;
      console.log(file);
      await page.close();
    }
  }
  if (!options.only || options.only.split(",").includes("lesson-print")) {
    // The Psalm 23 lesson as a reader prints it (Letter, the page's own print styles).
    const page = await (await contextFor("reader", 1280, "light")).newPage();
    await page.goto(`${baseURL}/lesson-plans?study=${psalm.id}`);
    await settle(page);
    await page.emulateMedia({ media: "print" });
    const file = path.join(options.out, `${options.prefix}-lesson-print.pdf`);
    const pdf = await page.pdf({ path: file, format: "Letter", printBackground: true });
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    bytes += pdf.length;
    console.log(`${file} (${pages} pages)`);
    await page.close();
  }
  console.log(`${(bytes / 1024 / 1024).toFixed(1)} MB in ${options.out}`);
} finally {
  await browser.close();
  await server.stop();
}

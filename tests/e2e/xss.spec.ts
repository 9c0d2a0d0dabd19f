/**
 * Stored XSS: script payloads in every field a user or an admin can set, and in a hostile article's
 * title, byline and text, shown on every page that renders them. Chromium must show them as inert
 * text: no dialog, no injected element or handler, no javascript: link, no CSP violation.
 *
 * These tests run their own server (a fresh database) so the admin's settings and accounts they
 * change cannot disturb the other spec files running beside them.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { articlePage, sabbathArticle } from "../fixtures/articles";
import { exportData, zipJson } from "../support/hostile-zips";
import { api, startTestServer, type TestServer } from "../support/server";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const P = {
  script: `<script>alert("xss-script")</script>`,
  img: `<img src=x onerror=alert("xss-img")>`,
  svg: `"><svg onload=alert("xss-svg")>`,
  js: `javascript:alert("xss-js")`,
  md: `[click me](javascript:alert("xss-md"))`,
  html: `<b onmouseover=alert("xss-b")>bold</b>`,
  close: `</script><script>alert("xss-close")</script>`,
  iframe: `<iframe src="javascript:alert('xss-frame')"></iframe>`,
};
const ALL = Object.values(P).join(" ");

// Emails cannot hold spaces; these can.
const ADMIN_EMAIL = `"><svg/onload=alert("admin")>@xss.example`;
const USER_EMAIL = `<img/src=x/onerror=alert("user")></script><script>alert(1)</script>@xss.example`;

let server: TestServer;
let site: http.Server;
let siteUrl: string;
let adminToken: string;
let userToken: string;
const studies: Array<{ id: string; payload: string }> = [];

const hostile = {
  title: `${P.svg} ${P.script} Sabbath`,
  author: `${P.img} Mallory`,
  site: `${P.close} Site`,
  paragraphs: [
    ...sabbathArticle.paragraphs.slice(0, 6),
    `Escaped in the page, literal in the text: ${P.script} ${P.img} ${P.md}`,
    ...sabbathArticle.paragraphs.slice(6),
  ],
};

test.beforeAll(async () => {
  // The hostile site: payloads as text (escaped) and as markup (raw) in one article.
  site = http.createServer((_req, res) => {
    const page = articlePage(hostile).replace(
      "</article>",
      `<p>${P.img}${P.iframe}<a href="javascript:alert('xss-a')">read more</a></p></article>`,
    );
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ ALLOW_PRIVATE_URLS: "true" });

  const register = async (email: string) => {
    const answer = await api(server.url, "/api/auth/register", {
      method: "POST",
      body: { email, password: "xss-password" },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.token as string;
  };
  adminToken = await register(ADMIN_EMAIL);
  userToken = await register(USER_EMAIL);
  const call = async (path: string, method: string, body: unknown, token = userToken) => {
    const answer = await api(server.url, path, { method, body, token });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };

  await call("/api/profile", "PATCH", {
    favoriteTeachers: [P.script, P.img, P.svg, P.md, P.html],
    denomination: `${P.svg}${P.js}`,
  });
  // The built-in writer writes no lesson on a hostile topic (no reviewed passages: a 422 that names
  // it), so hostile lessons come in through an import, as a study written elsewhere could.
  const hostileTopics = [
    [P.img, P.md],
    [P.html, P.close],
    [P.svg, P.iframe],
  ] as const;
  for (const [payload, more] of hostileTopics) {
    const refused = await api(server.url, "/api/studies/topic", {
      method: "POST",
      body: { topic: `${payload} ${more}` },
      token: userToken,
    });
    expect(refused.status).toBe(422);
  }
  const imported = await fetch(`${server.url}/api/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${userToken}`, "content-type": "application/zip" },
    body: zipJson(
      exportData({
        studies: hostileTopics.map(([payload, more], index) => ({
          id: `xss-study-${index}`,
          title: `${payload} ${more}`,
          content: `## ${payload}\n\n${more}\n\n- ${payload} (John 3:16)`,
          studyType: "topic",
          input: `${payload} ${more}`,
          createdAt: new Date(Date.now() - index * 1000).toISOString(),
        })),
      }),
    ),
  });
  expect(imported.status, await imported.clone().text()).toBe(200);
  const rows = (await call("/api/studies", "GET", undefined)) as Array<{ id: string; title: string }>;
  for (const [payload, more] of hostileTopics) {
    const row = rows.find((study) => study.title === `${payload} ${more}`);
    expect(row, `imported ${payload}`).toBeTruthy();
    studies.push({ id: row!.id, payload });
  }
  await call(`/api/library/save/${studies[0]!.id}`, "POST", undefined);
  await call(`/api/library/save/${studies[1]!.id}`, "POST", undefined);
  await call("/api/sermons", "POST", {
    contentType: "quote",
    text: ALL,
    title: `${P.svg} quote`,
    author: P.img,
    source: P.js,
  });
  await call("/api/sermons", "POST", { contentType: "quote", text: P.md, title: P.close, source: `${P.svg}` });
  await call("/api/sermons", "POST", {
    contentType: "book",
    text: P.html,
    title: P.script,
    bookTitle: `${P.img} book`,
    author: P.svg,
    coverUrl: `https://covers.invalid/x.png"onerror="alert('xss-cover')`,
    storeUrl: `https://www.amazon.com/dp/B00ABC1234?"><script>alert('xss-store')</script>`,
  });
  // javascript: and data: URLs are refused where a URL is expected.
  for (const coverUrl of [P.js, "data:text/html,<script>alert(1)</script>"]) {
    const refused = await api(server.url, "/api/sermons", {
      method: "POST",
      token: userToken,
      body: { contentType: "book", text: "x", bookTitle: "x", coverUrl },
    });
    expect(refused.status).toBe(400);
  }
  const processed = await call("/api/sermons/process-url", "POST", { url: `${siteUrl}/hostile` });
  expect(processed.success).toBe(true);
  await call("/api/plans/user-plans", "POST", { planId: "romans-16-days" });
  await call("/api/admin/settings", "PATCH", { model: `${P.svg}${P.img}`.slice(0, 100) }, adminToken);
});

test.afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => site?.close(resolve));
});

const dialogsOf = new WeakMap<Page, string[]>();

/** Records every dialog (an alert would be one) and every CSP violation on this page. */
async function watch(page: Page) {
  let dialogs = dialogsOf.get(page);
  if (dialogs) return dialogs;
  dialogs = [];
  dialogsOf.set(page, dialogs);
  page.on("dialog", async (dialog) => {
    dialogs!.push(dialog.message());
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return dialogs;
}

/** Opens a page as someone and checks that nothing stored there ran or became markup. */
async function expectInert(
  page: Page,
  token: string,
  path: string,
  visibleTexts: string[],
  interact?: (page: Page) => Promise<void>,
) {
  const dialogs = await watch(page);
  await page
    .context()
    .addCookies([{ name: "sb_session", value: token, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  const response = await page.goto(server.url + path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState("networkidle");
  await interact?.(page);
  for (const text of visibleTexts) await expect(page.locator("body"), `${path} shows ${text}`).toContainText(text);
  // Hover everything that carries text, in case a handler attribute slipped through.
  await page.mouse.move(10, 10);
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} has ${attribute.name}`);
        if (
          /^(href|src|action|formaction|xlink:href|srcdoc)$/i.test(attribute.name) &&
          /^\s*(javascript|vbscript|data:text)/i.test(attribute.value)
        ) {
          found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
        }
      }
    }
    for (const script of Array.from(document.querySelectorAll("script"))) {
      if (!script.nonce && !script.src)
        found.push(`a script without the page's nonce: ${script.textContent?.slice(0, 60)}`);
    }
    for (const selector of ["iframe", "object", "embed", "img[src='x']", "svg[onload]", "b[onmouseover]"]) {
      if (document.querySelector(selector)) found.push(`an injected ${selector}`);
    }
    for (const link of Array.from(document.querySelectorAll("a"))) {
      if (!/^(https?:|\/|#|mailto:)/i.test(link.getAttribute("href") ?? "/"))
        found.push(`a link to ${link.getAttribute("href")}`);
    }
    return found.concat(
      (window as unknown as { cspViolations: string[] }).cspViolations.map(
        (violation) => `CSP violation: ${violation}`,
      ),
    );
  });
  expect(problems, path).toEqual([]);
  expect(dialogs, `${path}: dialogs`).toEqual([]);
}

test("a user's own pages show their stored payloads as text", async ({ page }) => {
  const userName = USER_EMAIL.split("@")[0]!;
  await expectInert(page, userToken, "/", [userName]);
  await expectInert(page, userToken, "/settings", [USER_EMAIL]);
  await expectInert(page, userToken, "/profile", [P.script, P.img, P.svg, P.md, P.html], async (page) => {
    await expect(page.getByRole("combobox", { name: /Denomination/ })).toContainText(P.svg);
  });
  await expectInert(page, userToken, "/library", [
    `${P.svg} quote`,
    P.img,
    P.close,
    `${P.img} book`,
    P.svg,
    hostile.title.slice(0, 40),
    "Mallory",
    P.script,
  ]);
  await expectInert(page, userToken, "/today", ["Romans"]);
  await expectInert(page, userToken, "/bible-plans", []);
});

test("lesson plans: titles, inputs and content made from a hostile topic stay text", async ({ page }) => {
  for (const study of studies) {
    await expectInert(page, userToken, `/lesson-plans?study=${study.id}`, [study.payload]);
  }
  // The markdown link with a javascript: target is shown as words; the only links carrying those
  // words are the study list's own links to the study.
  await page.goto(`${server.url}/lesson-plans?study=${studies[0]!.id}`);
  await expect(page.locator("main")).toContainText("click me");
  for (const href of await page
    .locator("main a", { hasText: "click me" })
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
    expect(href).toMatch(/^\/lesson-plans\?study=/);
  }
});

test("the admin console shows hostile emails and a hostile model name as text", async ({ page }) => {
  await expectInert(page, adminToken, "/admin", [ADMIN_EMAIL, USER_EMAIL]);
  await expectInert(page, adminToken, "/admin?tab=settings", [], async (page) => {
    const model = page.getByRole("combobox", { name: "AI Model" });
    await expect(model).toContainText(P.svg);
    await model.click();
    await expect(page.getByRole("option", { name: P.svg, exact: false })).toBeVisible();
    await page.keyboard.press("Escape");
  });
  await expectInert(page, adminToken, "/", [ADMIN_EMAIL.split("@")[0]!]);
});

/**
 * Lighthouse's accessibility, best-practices and performance scores for / and /today, signed in,
 * against a running built server (not part of npm test):
 *   node scripts/lighthouse.mjs http://127.0.0.1:PORT [mobile|desktop]
 * It registers a reader, starts a plan and writes a lesson through the API first.
 */
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const [baseURL = "http://127.0.0.1:3000", formFactor = "mobile"] = process.argv.slice(2);

async function api(path, body, token) {
  const response = await fetch(`${baseURL}${path}`, {
    method: path === "/api/profile" || path === "/api/onboarding/progress" ? "PATCH" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

const { token } = await api("/api/auth/register", {
  email: `lighthouse-${Date.now()}@example.com`,
  password: "reader-password",
});
await api("/api/onboarding/progress", { hasCompletedWelcome: true }, token);
await api("/api/plans/user-plans", { planId: "gospel-of-john-21-days" }, token);
await api("/api/studies/topic", { topic: "Hope" }, token);
// The first view of a day writes its devotionals; measure the page a reader opens every morning.
await fetch(`${baseURL}/today`, { headers: { cookie: `sb_session=${token}` } });

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
try {
  for (const path of ["/", "/today"]) {
    const result = await lighthouse(
      `${baseURL}${path}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
        extraHeaders: { Cookie: `sb_session=${token}` },
      },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (process.env.LIGHTHOUSE_TRACE) {
      writeFileSync(
        `${process.env.LIGHTHOUSE_TRACE}-${formFactor}-${path.replace(/\W/g, "") || "root"}.json`,
        JSON.stringify(result.artifacts.Trace ?? result.artifacts.traces?.defaultPass),
      );
    }
    if (runtimeError)
      console.log(`${formFactor} ${path}: Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`);
    for (const warning of runWarnings ?? []) console.log(`  warning: ${warning}`);
    const score = (id) => Math.round(categories[id].score * 100);
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id);
    console.log(
      `${formFactor} ${path}: performance ${score("performance")}, accessibility ${score("accessibility")}, best practices ${score("best-practices")}` +
        ` (LCP ${Math.round(audits["largest-contentful-paint"].numericValue ?? NaN)} ms, CLS ${(audits["cumulative-layout-shift"].numericValue ?? NaN).toFixed(3)}, TBT ${Math.round(audits["total-blocking-time"].numericValue)} ms)` +
        (failing.length ? `; failing: ${failing.join(", ")}` : ""),
    );
    // What the largest paint was, and where its time went, when LCP is the score's weak part.
    if (process.env.LIGHTHOUSE_DETAIL) {
      const observed = audits.metrics?.details?.items?.[0] ?? {};
      console.log(
        `  observed: FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, DOMContentLoaded ${observed.observedDomContentLoaded} ms, load ${observed.observedLoad} ms`,
      );
      for (const table of audits["largest-contentful-paint-element"]?.details?.items ?? []) {
        for (const item of table.items ?? []) {
          console.log(
            `  lcp ${item.node?.selector ?? item.phase ?? ""} ${item.node?.snippet?.slice(0, 120) ?? ""} ${item.timing ? Math.round(item.timing) + " ms" : ""}`,
          );
        }
      }
      const requests = audits["network-requests"]?.details?.items ?? [];
      for (const request of requests) {
        console.log(
          `  ${Math.round(request.networkRequestTime ?? request.startTime)}-${Math.round(request.networkEndTime ?? request.endTime)} ms ${request.resourceType} ${request.priority} ${request.url.replace(baseURL, "")} ${request.transferSize} B`,
        );
      }
    }
    // What moved, when something did: the first thing to look at when CLS is not 0.
    for (const item of audits["layout-shifts"]?.details?.items ?? []) {
      console.log(`  shift ${item.score.toFixed(3)}: ${item.node?.selector ?? item.node?.snippet ?? "?"}`);
    }
  }
} finally {
  await chrome.kill();
}

/**
 * Lighthouse's accessibility, best-practices and performance scores for / and /today, signed in
 * (not part of npm test):
 *   npm run lighthouse                                   (5 mobile runs a page on a fresh local server, medians)
 *   node scripts/lighthouse.mjs [http://127.0.0.1:PORT] [mobile|desktop] [--runs N]
 * Without a URL it builds if needed and starts `npm start` (production, one process) on a fresh
 * temporary database. It registers a reader, starts a plan and writes a lesson through the API first.
 * Mobile scores on this machine spread widely from run to run (ADR 0014): read the median.
 */
import { existsSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { startLocalServer } from "./local-server.mjs";

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "1" } },
});
const [givenURL, formFactor = "mobile"] = positionals;
const runs = Math.max(1, Number(flags.runs) || 1);
if (!givenURL) buildIfNeeded();
const server = givenURL ? { url: givenURL, stop: async () => {} } : await startLocalServer();
const baseURL = server.url;

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

// The browser `npm test` installs (Debian's chromium-headless-shell), or the full one where only it is there.
const chromePath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => existsSync(candidate));
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const medians = [];
try {
  for (const path of ["/", "/today"]) {
    const performance = [];
    for (let run = 1; run <= runs; run += 1) {
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
      if (process.env.LIGHTHOUSE_REPORT) {
        writeFileSync(
          `${process.env.LIGHTHOUSE_REPORT}-${formFactor}-${path.replace(/\W/g, "") || "root"}-${run}.json`,
          JSON.stringify(result.lhr),
        );
      }
      if (process.env.LIGHTHOUSE_TRACE) {
        writeFileSync(
          `${process.env.LIGHTHOUSE_TRACE}-${formFactor}-${path.replace(/\W/g, "") || "root"}.json`,
          JSON.stringify(result.artifacts.Trace ?? result.artifacts.traces?.defaultPass),
        );
      }
      if (runtimeError)
        console.log(
          `${formFactor} ${path}: Lighthouse could not measure: ${runtimeError.code} ${runtimeError.message}`,
        );
      for (const warning of runWarnings ?? []) console.log(`  warning: ${warning}`);
      const score = (id) => Math.round(categories[id].score * 100);
      const failing = Object.values(audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
        .map((audit) => audit.id);
      performance.push(score("performance"));
      console.log(
        `${formFactor} ${path}${runs > 1 ? ` run ${run}/${runs}` : ""}: performance ${score("performance")}, accessibility ${score("accessibility")}, best practices ${score("best-practices")}` +
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
    const sorted = [...performance].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    medians.push(`${formFactor} ${path}: performance median ${median} over ${runs} runs (${sorted.join(", ")})`);
  }
  for (const line of medians) console.log(line);
} finally {
  await chrome.kill();
  await server.stop();
}

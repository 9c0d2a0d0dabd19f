import fs from "node:fs";
import type { BenchSuite } from "../run";
import { httpFixture } from "../lib/fixture";

const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthousePage {
  page: string;
  /** Scores out of 100, as the Lighthouse report shows them. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: Record<string, number | null>;
  /** Audits that cost points (score below 0.9), for the report. */
  failing: string[];
  error?: string;
}

const METRICS = {
  firstContentfulPaintMs: "first-contentful-paint",
  largestContentfulPaintMs: "largest-contentful-paint",
  totalBlockingTimeMs: "total-blocking-time",
  cumulativeLayoutShift: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
} as const;

/**
 * Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU) on /login and on the
 * dashboard signed in (the session cookie is sent as an extra header), against the app on
 * 127.0.0.1 with Debian's Chromium. Nothing leaves the machine.
 */
export const lighthouseSuite: BenchSuite = {
  name: "lighthouse",
  description: "Lighthouse scores of /login and / (signed in), Debian chromium, headless, offline",
  async run() {
    if (!fs.existsSync(CHROMIUM_PATH)) {
      return {
        ran: false,
        reason: `Chromium was not found at ${CHROMIUM_PATH}; Lighthouse needs a Chrome or Chromium binary.`,
        pages: [],
      };
    }
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    const fixture = await httpFixture();
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      logLevel: "silent",
    });
    const pages: LighthousePage[] = [];
    try {
      for (const [page, headers] of [
        ["/login", undefined],
        ["/", { Cookie: `sb_session=${fixture.main.token}` }],
      ] as const) {
        try {
          const result = await lighthouse(fixture.app.url + page, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
            extraHeaders: headers,
          });
          if (!result) throw new Error("Lighthouse returned no result");
          const { lhr } = result;
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          const scores = Object.fromEntries(
            CATEGORIES.map((category) => {
              const score = lhr.categories[category]?.score;
              return [category, typeof score === "number" ? Math.round(score * 100) : null];
            }),
          ) as LighthousePage["scores"];
          const metrics = Object.fromEntries(
            Object.entries(METRICS).map(([name, audit]) => {
              const value = lhr.audits[audit]?.numericValue;
              return [name, typeof value === "number" ? Math.round(value * 1000) / 1000 : null];
            }),
          );
          const failing = CATEGORIES.flatMap((category) =>
            (lhr.categories[category]?.auditRefs ?? [])
              .filter((ref) => ref.weight > 0)
              .map((ref) => lhr.audits[ref.id])
              .filter((audit) => audit && typeof audit.score === "number" && audit.score < 0.9)
              .map((audit) => `${category}: ${audit!.title}${audit!.displayValue ? ` (${audit!.displayValue})` : ""}`),
          );
          pages.push({ page, scores, metrics, failing });
        } catch (error) {
          pages.push({
            page,
            scores: { performance: null, accessibility: null, "best-practices": null, seo: null },
            metrics: {},
            failing: [],
            error: String(error),
          });
        }
      }
    } finally {
      await chrome.kill();
    }
    const failed = pages.filter((page) => page.error);
    return {
      ran: failed.length < pages.length,
      ...(failed.length > 0 ? { reason: failed.map((page) => `${page.page}: ${page.error}`).join("; ") } : {}),
      settings: "Lighthouse defaults (mobile emulation, simulated throttling: 150 ms RTT, 1.6 Mbps, 4x CPU slowdown)",
      chromium: CHROMIUM_PATH,
      pages,
    };
  },
  print(result) {
    const { ran, reason, pages } = result as { ran: boolean; reason?: string; pages: LighthousePage[] };
    if (!ran) return [`did not run: ${reason}`];
    return pages.map((page) =>
      page.error
        ? `${page.page}: failed: ${page.error}`
        : `${page.page}: performance ${page.scores.performance}, accessibility ${page.scores.accessibility}, best practices ${page.scores["best-practices"]}, SEO ${page.scores.seo}`,
    );
  },
};

/**
 * Turns bench/results.json into its headline figures (kept at the top of results.json) and the
 * markdown report bench/RESULTS.md. Works on whatever sections have figures, so a run of a
 * single section rewrites the whole report from the merged results.
 */
import fs from "node:fs";
import path from "node:path";
import type { CoresResult } from "./suites/cores";
import { coresLabels } from "./suites/cores";
import type { HostileResult } from "./suites/hostile";
import type { IsolationResult } from "./suites/isolation";
import type { EndpointResult } from "./suites/http";
import type { LoadCell } from "./lib/load";

/* eslint-disable @typescript-eslint/no-explicit-any -- results.json merges every section's figures, read here as plain JSON */
type Results = Record<string, any>;

export const TARGETS = {
  apiMeRatio: 0.5,
  dashboardSsrRatio: 0.6,
  todayP50At50Ms: 10,
  firstLoadJsKb: 120,
  scaleP50Ms: 5,
  /** Another user's GET /api/me p95 under hostile input, over its quiet p95. */
  hostileRatio: 2,
  /** Server CPU ms per page at 50 connections (issue 15); the topic lesson's is its main thread's. */
  todayCpuMs: 3,
  libraryCpuMs: 5,
  dashboardCpuMs: 2.5,
  topicCpuMs: 10,
  /** WORKERS=<cores> over WORKERS=1 throughput, at least this x cores. */
  coreScalingPerCore: 0.8,
} as const;

/** The issue 15 CPU figures, from the api section's 50-connection cells. */
const CPU_PAGES = [
  ["today", "todayCpuMs", "GET /today (devotionals cached)"],
  ["library", "libraryCpuMs", "GET /library (500 items)"],
  ["dashboard", "dashboardCpuMs", "GET / (dashboard)"],
  ["topic", "topicCpuMs", "POST /api/studies/topic (built-in), main thread"],
] as const;

function cpuAt50(results: Results, endpoint: string) {
  const cell = cells(results, "api", endpoint)?.find((candidate) => candidate.connections === 50);
  if (!cell) return undefined;
  // The lesson is written in the worker pool: what holds up other requests is the main thread's share.
  const value = endpoint === "topic" ? (cell.mainThreadCpuMsPerRequest ?? cell.cpuMsPerRequest) : cell.cpuMsPerRequest;
  return value === undefined ? undefined : { value: round(value, 2), cell };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function cells(results: Results, section: "floor" | "api", endpoint: string): LoadCell[] | undefined {
  return (results[section]?.endpoints?.[endpoint] as EndpointResult | undefined)?.cells;
}

/** App throughput over the floor's, per connection count, and at each side's peak. */
function ratios(results: Results, endpoint: string) {
  const floor = cells(results, "floor", endpoint);
  const app = cells(results, "api", endpoint);
  if (!floor || !app) return undefined;
  const byConnections: Record<string, number> = {};
  for (const cell of app) {
    const base = floor.find((candidate) => candidate.connections === cell.connections);
    if (base && base.rps > 0) byConnections[cell.connections] = round(cell.rps / base.rps);
  }
  const peak = (list: LoadCell[]) => Math.max(...list.map((cell) => cell.rps));
  const cpu = (list: LoadCell[]) => {
    const values = list
      .map((cell) => cell.cpuMsPerRequest)
      .filter((value): value is number => typeof value === "number");
    return values.length > 0 ? Math.min(...values) : undefined;
  };
  const floorCpu = cpu(floor);
  const appCpu = cpu(app);
  return {
    peak: round(peak(app) / peak(floor)),
    byConnections,
    floorPeakRps: peak(floor),
    appPeakRps: peak(app),
    ...(floorCpu && appCpu ? { cpuPerRequest: round(floorCpu / appCpu), floorCpuMs: floorCpu, appCpuMs: appCpu } : {}),
  };
}

export function headlineFigures(results: Results) {
  const figures: Record<string, unknown> = {};
  const me = ratios(results, "apiMe");
  const dashboard = ratios(results, "dashboard");
  if (me) {
    figures.apiMeRatio = me.peak;
    figures.apiMeRatioByConnections = me.byConnections;
    if (me.cpuPerRequest) figures.apiMeCpuRatio = me.cpuPerRequest;
  }
  if (dashboard) {
    figures.dashboardSsrRatio = dashboard.peak;
    figures.dashboardSsrRatioByConnections = dashboard.byConnections;
    if (dashboard.cpuPerRequest) figures.dashboardSsrCpuRatio = dashboard.cpuPerRequest;
  }
  const today = cells(results, "api", "today")?.find((cell) => cell.connections === 50);
  if (today) figures.todayP50At50Ms = today.p50;
  const endpoints = results.api?.endpoints as Record<string, EndpointResult> | undefined;
  if (endpoints) {
    figures.appErrors = Object.values(endpoints).reduce(
      (sum, endpoint) => sum + endpoint.cells.reduce((total, cell) => total + cell.errors, 0),
      0,
    );
  }
  const pages = results.firstLoadJs?.pages;
  if (pages) {
    figures.firstLoadJsKb = Object.fromEntries(
      Object.entries(pages).map(([name, page]: [string, any]) => [name, page.totalGzipKb]),
    );
  }
  const lighthouse = results.lighthouse;
  if (lighthouse?.pages) {
    figures.lighthouseScores = Object.fromEntries(
      lighthouse.pages.map((page: any) => [page.page, page.error ? { error: page.error } : page.scores]),
    );
  }
  const scale = results.scale;
  if (scale?.queries) {
    figures.scaleP50Ms = Object.fromEntries(
      Object.entries(scale.queries).map(([key, query]: [string, any]) => [key, query.timing.p50]),
    );
    figures.scaleIndexDriven = Object.values(scale.queries).every((query: any) => query.growingScans.length === 0);
  }
  const hostile = results.hostile as HostileResult | undefined;
  if (hostile) {
    figures.quietMeP95Ms = hostile.quiet.p95;
    figures.hostileMeP95Ms = hostile.hostile.p95;
    figures.hostileRatio = hostile.ratio;
  }
  const isolation = results.isolation as IsolationResult | undefined;
  if (isolation) {
    figures.poolFullMeP95Ms = isolation.pool.me.p95;
    figures.slowCallsMeP95Ms = isolation.slowCalls.during.me.p95;
    figures.slowCallsPagesP95Ms = isolation.slowCalls.during.pages.p95;
  }
  for (const [endpoint, key] of CPU_PAGES) {
    const cpu = cpuAt50(results, endpoint);
    if (cpu) figures[key] = cpu.value;
  }
  const cores = results.cores as CoresResult | undefined;
  if (cores) figures.coreScaling = cores.coreScaling;
  figures.targets = TARGETS;
  return figures;
}

function table(header: string[], rows: Array<Array<string | number>>) {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map((cell) => (/^(req\/s|p50|p99|errors|KB|gzip|raw|ms|CPU|ratio|score|rows|items|p95|max|first|conn)/i.test(cell) ? "---:" : "---")).join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

const met = (ok: boolean | undefined) => (ok === undefined ? "not measured" : ok ? "yes" : "**no**");

function loadTable(results: Results) {
  const rows: Array<Array<string | number>> = [];
  for (const section of ["floor", "api"] as const) {
    const endpoints = results[section]?.endpoints as Record<string, EndpointResult> | undefined;
    if (!endpoints) continue;
    for (const endpoint of Object.values(endpoints)) {
      for (const cell of endpoint.cells) {
        rows.push([
          section === "floor" ? "floor" : "app",
          endpoint.label,
          cell.connections,
          cell.rps,
          cell.p50,
          cell.p99,
          cell.errors,
          cell.cpuMsPerRequest ?? "",
        ]);
      }
    }
  }
  return table(["server", "endpoint", "conn", "req/s", "p50 ms", "p99 ms", "errors", "CPU ms/req"], rows);
}

function ratioTable(results: Results) {
  const rows: Array<Array<string | number>> = [];
  for (const [endpoint, label, target] of [
    ["apiMe", "GET /api/me", TARGETS.apiMeRatio],
    ["dashboard", "dashboard SSR (GET /)", TARGETS.dashboardSsrRatio],
  ] as const) {
    const ratio = ratios(results, endpoint);
    if (!ratio) continue;
    rows.push([
      label,
      ratio.byConnections["1"] ?? "",
      ratio.byConnections["10"] ?? "",
      ratio.byConnections["50"] ?? "",
      `**${ratio.peak}** (${ratio.appPeakRps} / ${ratio.floorPeakRps} req/s)`,
      ratio.cpuPerRequest ? `${ratio.cpuPerRequest} (${ratio.floorCpuMs} / ${ratio.appCpuMs} ms)` : "",
      `>= ${target}`,
    ]);
  }
  return table(
    [
      "answer",
      "ratio @1",
      "ratio @10",
      "ratio @50",
      "ratio at peak (app / floor)",
      "CPU ratio (floor / app ms per request)",
      "target",
    ],
    rows,
  );
}

function bundleTables(results: Results) {
  const pages = results.firstLoadJs?.pages as Record<string, any> | undefined;
  if (!pages) return "_Not measured yet: `npm run bench -- bundle`._";
  return Object.values(pages)
    .map((page) =>
      [
        `**${page.page}**: ${page.scripts.length} files, **${page.totalGzipKb} KB gzip** (${page.totalKb} KB raw); inline scripts in the HTML ${round(page.inlineScriptBytes / 1024, 1)} KB, HTML ${round(page.htmlGzipBytes / 1024, 1)} KB gzip. ` +
          (page.deferred
            ? `Not in the first load: ${page.deferred.files.length} files (${round(page.deferred.gzipBytes / 1024, 1)} KB gzip) of overlays (toasts, the accessibility popover, the mobile navigation sheet, tooltips, dialogs) that the page imports on demand, fetched after hydration when the browser is idle or on first use.`
            : ""),
        "",
        table(
          ["file", "raw KB", "gzip KB", "largest contents (raw)"],
          page.scripts.map((script: any) => [
            `\`${script.url.replace(/^\/build\//, "")}\``,
            script.kb,
            script.gzipKb,
            script.contents,
          ]),
        ),
      ].join("\n"),
    )
    .join("\n\n");
}

function lighthouseTable(results: Results) {
  const lighthouse = results.lighthouse;
  if (!lighthouse) return "_Not measured yet: `npm run bench -- lighthouse`._";
  if (!lighthouse.ran) return `Lighthouse did not run: ${lighthouse.reason}`;
  const rows = lighthouse.pages.map((page: any) =>
    page.error
      ? [page.page, "failed", "", "", "", page.error, ""]
      : [
          page.page,
          page.scores.performance,
          page.scores.accessibility,
          page.scores["best-practices"],
          page.scores.seo,
          `FCP ${round(page.metrics.firstContentfulPaintMs / 1000, 2)} s, LCP ${round(page.metrics.largestContentfulPaintMs / 1000, 2)} s, TBT ${Math.round(page.metrics.totalBlockingTimeMs)} ms, CLS ${page.metrics.cumulativeLayoutShift}`,
          page.failing.join("; ") || "none",
        ],
  );
  return [
    `${lighthouse.settings}; ${lighthouse.chromium}, \`--headless=new --no-sandbox --disable-gpu\`, against 127.0.0.1 (no network).`,
    "",
    table(["page", "performance", "accessibility", "best practices", "SEO", "metrics", "audits under 90%"], rows),
  ].join("\n");
}

function scaleTables(results: Results) {
  const scale = results.scale;
  if (!scale) return "_Not measured yet: `npm run bench -- scale`._";
  const db = scale.database;
  const rows = Object.values(scale.queries).map((query: any) => [
    query.label,
    query.timing.p50,
    query.timing.p95,
    `${query.rowsMedian} / ${query.rowsMax}`,
    query.queries.length,
    query.growingScans.length > 0
      ? `**full scan of ${query.growingScans.join(", ")}**`
      : query.queries.every((plan: any) => plan.indexOnly)
        ? "index-only"
        : "index-driven",
    met(query.pass),
  ]);
  const plans = Object.entries(scale.queries)
    .map(([key, query]: [string, any]) =>
      [
        `- **${key}**`,
        ...query.queries.map(
          (plan: any) =>
            `  - \`${plan.sql.length > 140 ? `${plan.sql.slice(0, 137)}...` : plan.sql}\`<br>→ ${plan.plan.join("; ")}`,
        ),
      ].join("\n"),
    )
    .join("\n");
  return [
    `Database: ${db.rows.users.toLocaleString("en-US")} users, ${(db.rows.sermons + db.rows.studies + db.rows.library_saves).toLocaleString("en-US")} library items ` +
      `(${db.rows.sermons.toLocaleString("en-US")} sermons and articles, ${db.rows.studies.toLocaleString("en-US")} lesson plans, ${db.rows.library_saves.toLocaleString("en-US")} library saves), ` +
      `${db.rows.user_plans.toLocaleString("en-US")} plans in progress with ${db.rows.user_plan_progress.toLocaleString("en-US")} completed days, ${db.rows.sessions.toLocaleString("en-US")} sessions, ` +
      `${db.rows.devotionals.toLocaleString("en-US")} cached devotionals; ${db.megabytes} MB. ` +
      `${db.reused ? "Reused from an earlier run" : "Generated in this run"}; generation took **${db.generationSeconds} s** (raw prepared inserts, 50,000 rows a transaction, indexes rebuilt after the load). ` +
      `Each function is the app's own, on this database, for ${scale.sampleUsers} users who own such rows; times in ms.`,
    "",
    table(
      [
        "query (app function)",
        "p50 ms",
        "p95 ms",
        "rows median / max",
        "statements",
        "plan",
        `p50 <= ${scale.targetP50Ms} ms and no scan`,
      ],
      rows,
    ),
    "",
    "Query plans (`EXPLAIN QUERY PLAN` of every statement each function ran):",
    "",
    plans,
  ].join("\n");
}

function hostileTables(results: Results) {
  const h = results.hostile as HostileResult | undefined;
  if (!h) return "_Not measured yet: `npm run bench -- hostile`._";
  const row = (label: string, s: HostileResult["quiet"], seconds: string) => [
    label,
    s.p50,
    s.p95,
    s.max,
    s.n,
    s.timeouts,
    seconds,
  ];
  return [
    `Another user's \`GET /api/me\` (bearer), one request at a time, on npm start's server in its own process: first quiet, then while two senders attack it for ${h.hostileSeconds} s ` +
      `(${h.requests.sent} requests): every field of every API route and page action (tests/support/hostile.ts; ${h.requests.units} characters and mixes, each as a bare run, ` +
      "with a trailing letter, inside an address shape and among words; 250k characters to just under the 1 MB body limit; hostile ids, query strings, headers and keys), " +
      "and the hostile pages through `POST /api/sermons/process-url` over and over (400,000 dots, a 500,000-character author, a 300k title, 100,000 nested divs, a 5 MB sentence without spaces, a 1 MB line, 20,000 scripts, 200,000 quotes in attributes). " +
      `Seed ${h.seed}. A request that freezes the server is abandoned after 3 s and the server restarted: probes meanwhile count as 3,000 ms, ` +
      "and the other sender's request caught in that freeze fails too (the fuzz test, tests/api/fuzz.test.ts, sends one at a time and names the case to blame).",
    "",
    table(
      ["GET /api/me of another user", "p50 ms", "p95 ms", "max ms", "probes", "no answer", "seconds"],
      [row("quiet", h.quiet, ""), row("under hostile load", h.hostile, String(h.hostileSeconds))],
    ),
    "",
    `Ratio of the p95s: **${h.ratio}** (target <= ${TARGETS.hostileRatio}). Hostile requests that failed (a 5xx, a stack trace, over 1 s, or a frozen server): **${h.requests.failures}**; server restarts: **${h.requests.restarts}**.`,
    "",
    table(
      ["hostile page", "status", "slowest ms", "bound ms", "problems"],
      h.pages.map((page) => [
        `\`${page.path}\``,
        page.status || "no answer",
        page.ms,
        page.boundMs,
        page.problems.join("; ") || "none",
      ]),
    ),
    ...(h.failures.length > 0
      ? ["", "First failures:", "", ...h.failures.map((failure) => `- \`${failure.replace(/`/g, "'")}\``)]
      : []),
  ].join("\n");
}

/** Markdown blocks (a heading or a paragraph, tables), each followed by a blank line. */
function section(...blocks: string[]) {
  return blocks.flatMap((block) => [block, ""]).join("\n");
}

function otherTables(results: Results) {
  const { content: c, plans, builtinLessons: l, bibleStartup: b } = results;
  const sections = [
    c &&
      section(
        "**Content processing (built-in provider)**",
        table(
          ["article", "extract + summarize p50 ms", "p95 ms", "first ms", "whole POST process-url p50 ms", "p95 ms"],
          Object.keys(c.inProcess).map((size) => [
            `${size} words (${c.inProcess[size].words} extracted, ${c.inProcess[size].bites} bites)`,
            c.inProcess[size].p50,
            c.inProcess[size].p95,
            c.inProcess[size].first,
            c.overHttp[size].p50,
            c.overHttp[size].p95,
          ]),
        ),
      ),
    plans &&
      section(
        "**Reading plans**",
        table(
          ["built-in devotional (first generation)", "p50 ms", "max ms"],
          plans.generation.map((row: any) => [`${row.level} (${row.days} plan days)`, row.p50Ms, row.maxMs]),
        ),
        table(
          [
            "GET /api/plans/user-plans/today (sequential)",
            "first view ms (3 levels written)",
            "cached p50 ms",
            "cached p95 ms",
          ],
          plans.today.map((row: any) => [
            `${row.plan}: ${row.reading}`,
            row.firstViewMs,
            row.cachedP50Ms,
            row.cachedP95Ms,
          ]),
        ),
      ),
    l &&
      section(
        "**Built-in lesson plans** (50 topics, 50 passages; target p50 <= 50 ms)",
        table(
          ["kind", "p50 ms", "p95 ms", "max ms"],
          [
            ["topic", l.topic.p50, l.topic.p95, l.topic.max],
            ["passage", l.passage.p50, l.passage.p95, l.passage.max],
          ],
        ),
      ),
    b &&
      section(
        `**Bible database**: first build ${b.firstBuildMs} ms (once per install, ${round(b.fileBytes / 1024 / 1024, 1)} MB); later starts ${b.laterStartMs} ms; open + first query ${b.openAndFirstQueryMs} ms.`,
      ),
  ];
  return sections.filter(Boolean).join("\n") || "_Not measured yet._";
}

function coresTable(results: Results) {
  const c = results.cores as CoresResult | undefined;
  if (!c) return "_Not measured yet: `npm run bench -- cores`._";
  const rows = Object.keys(c.single.cells).map((name) => {
    const [one, all] = [c.single.cells[name]!, c.all.cells[name]!];
    return [
      coresLabels[name] ?? name,
      one.rps,
      all.rps,
      `**${c.ratios[name]}**`,
      one.p50,
      all.p50,
      one.cpuMsPerRequest ?? "",
      all.cpuMsPerRequest ?? "",
      one.errors + all.errors,
    ];
  });
  return [
    `\`node scripts/start.mjs\` (what \`npm start\` runs) on its own temporary database, seeded through the API (one reader with a plan whose devotionals are cached, ${
      c.single.cells.library ? "40 quotes in the library" : "a short library"
    }), started twice on it, with WORKERS=1 and with WORKERS=${c.cores} (os.availableParallelism()); each endpoint is loaded on one and straight away on the other (so what else the machine runs weighs on both alike): autocannon, ${c.connections} connections, from the bench's own process. ` +
      `Processes serving, counted in /proc under load: ${c.single.processes ?? "?"} and ${c.all.processes ?? "?"}. CPU ms/req is the whole process tree's (primary and workers).`,
    "",
    table(
      [
        "endpoint",
        `req/s WORKERS=1`,
        `req/s WORKERS=${c.cores}`,
        "ratio",
        "p50 ms (1)",
        `p50 ms (${c.cores})`,
        "CPU ms/req (1)",
        `CPU ms/req (${c.cores})`,
        "errors",
      ],
      rows,
    ),
    "",
    `Lowest ratio over /today, / and /api/me: **${c.coreScaling}** (target ${c.target} = ${TARGETS.coreScalingPerCore} x ${c.cores} cores).`,
  ].join("\n");
}

/** Issue 15's before (its figures) and after (this run) of the CPU per request and req/s at 50 connections. */
function issue15Table(results: Results) {
  const file = path.join(import.meta.dirname, "baseline.json");
  const before = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")).issue15 : undefined;
  if (!before) return "";
  const rows = CPU_PAGES.map(([endpoint, key, label]) => {
    const now = cpuAt50(results, endpoint);
    const whole =
      endpoint === "topic" && now?.cell.mainThreadCpuMsPerRequest !== undefined
        ? ` (all threads ${now.cell.cpuMsPerRequest})`
        : "";
    return [
      label,
      before.cpuMs[endpoint] ?? "",
      now ? `${now.value}${whole}` : "",
      `<= ${TARGETS[key]}`,
      before.rps[endpoint] ?? "",
      now?.cell.rps ?? "",
    ];
  });
  const me = cpuAt50(results, "apiMe");
  return [
    `${before.about} ${me ? `For scale: GET /api/me, unchanged, cost ${me.value} ms in this run against ${before.cpuMs.apiMe} ms in the issue's, so a loaded machine inflates every "now". ` : ""}The topic lesson's "before" is the whole process (the lesson was already written in the worker pool); its "now" is the main thread's share, what other requests wait for, with all threads in brackets.`,
    "",
    table(
      ["page (50 connections, one process)", "CPU ms before", "CPU ms now", "target ms", "req/s before", "req/s now"],
      rows,
    ),
    ...(before.previousPass
      ? [
          "",
          `${before.previousPass.about}: ${CPU_PAGES.filter(
            ([endpoint]) => before.previousPass.cpuMs[endpoint] !== undefined,
          )
            .map(([endpoint, , label]) => `${label} ${before.previousPass.cpuMs[endpoint]} ms`)
            .join(", ")}.`,
        ]
      : []),
  ].join("\n");
}

function baselineTable(results: Results) {
  const file = path.join(import.meta.dirname, "baseline.json");
  if (!fs.existsSync(file)) return "";
  const baseline = JSON.parse(fs.readFileSync(file, "utf8"));
  const rows: Array<Array<string | number>> = [];
  const now = (section: "floor" | "api", endpoint: string, connections: number) =>
    cells(results, section, endpoint)?.find((cell) => cell.connections === connections)?.rps ?? "";
  for (const [section, key, label] of [
    ["floor", "apiMe", "floor GET /api/me"],
    ["app", "apiMe", "app GET /api/me"],
    ["floor", "dashboard", "floor dashboard"],
    ["app", "dashboard", "app dashboard SSR"],
    ["app", "today", "app /today"],
    ["app", "library", "app /library (500 items)"],
    ["app", "topic", "app POST /api/studies/topic"],
  ] as const) {
    const before = baseline[section]?.[key];
    if (!before) continue;
    rows.push([
      label,
      ...[1, 10, 50].flatMap((connections) => [
        before[connections] ?? "",
        now(section === "floor" ? "floor" : "api", key, connections),
      ]),
    ]);
  }
  return [
    baseline.about,
    "",
    table(["req/s", "@1 before", "@1 now", "@10 before", "@10 now", "@50 before", "@50 now"], rows),
    "",
    ...Object.entries(baseline.notes).map(([key, note]) => `- Before, ${key}: ${note}.`),
  ].join("\n");
}

export function buildReport(results: Results) {
  const figures = headlineFigures(results);
  const me = ratios(results, "apiMe");
  const dashboard = ratios(results, "dashboard");
  const firstLoad = figures.firstLoadJsKb as Record<string, number> | undefined;
  const scale = results.scale;
  const headline = table(
    ["target", "measured", "met"],
    [
      [
        `GET /api/me >= ${TARGETS.apiMeRatio} of its floor (req/s at peak)`,
        me
          ? `${me.peak} (per connection count: ${Object.entries(me.byConnections)
              .map(([c, r]) => `${r} @${c}`)
              .join(", ")})`
          : "not measured",
        met(me ? me.peak >= TARGETS.apiMeRatio : undefined),
      ],
      [
        `dashboard SSR >= ${TARGETS.dashboardSsrRatio} of its floor`,
        dashboard
          ? `${dashboard.peak} (per connection count: ${Object.entries(dashboard.byConnections)
              .map(([c, r]) => `${r} @${c}`)
              .join(", ")})`
          : "not measured",
        met(dashboard ? dashboard.peak >= TARGETS.dashboardSsrRatio : undefined),
      ],
      [
        `/today p50 <= ${TARGETS.todayP50At50Ms} ms at 50 connections`,
        figures.todayP50At50Ms !== undefined ? `${figures.todayP50At50Ms} ms` : "not measured",
        met(
          figures.todayP50At50Ms !== undefined
            ? (figures.todayP50At50Ms as number) <= TARGETS.todayP50At50Ms
            : undefined,
        ),
      ],
      [
        "zero errors (every app cell)",
        figures.appErrors !== undefined ? `${figures.appErrors} errors` : "not measured",
        met(figures.appErrors !== undefined ? figures.appErrors === 0 : undefined),
      ],
      [
        `first-load JS <= ${TARGETS.firstLoadJsKb} KB gzip`,
        firstLoad
          ? Object.entries(firstLoad)
              .map(([page, kb]) => `${page === "dashboard" ? "/" : "/login"} ${kb} KB`)
              .join(", ")
          : "not measured",
        met(firstLoad ? Object.values(firstLoad).every((kb) => kb <= TARGETS.firstLoadJsKb) : undefined),
      ],
      [
        "Lighthouse on /login and /",
        results.lighthouse?.ran
          ? results.lighthouse.pages
              .map((page: any) =>
                page.error
                  ? `${page.page}: failed`
                  : `${page.page}: ${page.scores.performance}/${page.scores.accessibility}/${page.scores["best-practices"]}/${page.scores.seo}`,
              )
              .join(", ") + " (perf/a11y/BP/SEO)"
          : results.lighthouse
            ? `did not run: ${results.lighthouse.reason}`
            : "not measured",
        results.lighthouse?.ran ? "ran" : met(undefined),
      ],
      [
        `another user's /api/me p95 under hostile input <= ${TARGETS.hostileRatio} x quiet`,
        results.hostile
          ? `${results.hostile.ratio} (${results.hostile.hostile.p95} / ${results.hostile.quiet.p95} ms)`
          : "not measured",
        met(results.hostile ? results.hostile.ratio <= TARGETS.hostileRatio : undefined),
      ],
      [
        "another user's /api/me with the worker pool full, p95 / max",
        results.isolation
          ? `${results.isolation.pool.me.p95} / ${results.isolation.pool.me.max} ms (target ${results.isolation.targets.poolMeP95Ms} / ${results.isolation.targets.poolMeMaxMs} ms)`
          : "not measured",
        met(results.isolation ? results.isolation.pool.met : undefined),
      ],
      [
        "another user's /api/me and pages while 7 slow calls hang, p95",
        results.isolation
          ? `${results.isolation.slowCalls.during.me.p95} / ${results.isolation.slowCalls.during.pages.p95} ms (bound ${results.isolation.slowCalls.boundMs.me} / ${results.isolation.slowCalls.boundMs.pages} ms)`
          : "not measured",
        met(results.isolation ? results.isolation.slowCalls.met : undefined),
      ],
      ...CPU_PAGES.map(([endpoint, key, label]) => {
        const cpu = cpuAt50(results, endpoint);
        return [
          `${label}: CPU <= ${TARGETS[key]} ms a request`,
          cpu ? `${cpu.value} ms` : "not measured",
          met(cpu ? cpu.value <= TARGETS[key] : undefined),
        ];
      }),
      [
        `npm start with every core: req/s >= ${TARGETS.coreScalingPerCore} x cores of WORKERS=1 (lowest of /today, /, /api/me)`,
        results.cores
          ? `${results.cores.coreScaling} (${results.cores.cores} cores, target ${results.cores.target})`
          : "not measured",
        met(results.cores ? results.cores.coreScaling >= results.cores.target : undefined),
      ],
      [
        `scale: own lists index-driven, p50 <= ${TARGETS.scaleP50Ms} ms`,
        scale
          ? Object.values(scale.queries)
              .map((query: any) => `${query.timing.p50}`)
              .join(" / ") + " ms"
          : "not measured",
        met(scale ? scale.pass : undefined),
      ],
    ],
  );
  const machine = results.machine ?? {};
  const lastRun = results.lastRun ?? {};
  const sections = Object.entries(results)
    .filter(([, value]) => typeof value === "object" && value && "measuredAt" in value)
    .map(([name, value]: [string, any]) => `${name} ${value.measuredAt.slice(0, 16).replace("T", " ")}`)
    .join(", ");
  return `# Benchmark results

Written by \`npm run bench\` (bench/run.ts) from bench/results.json; do not edit by hand. The
"what fell short" notes at the end are the bench's own text (bench/report.ts), kept with the
figures they explain.

Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}.
Last run: sections ${(lastRun.sections ?? []).join(", ")} in ${lastRun.seconds} s. Sections measured: ${sections}.
Load cells: autocannon on 127.0.0.1, ${process.env.BENCH_DURATION ?? 6} s per cell after a warm-up; each server in its own
process (the load generator in another), so server and load each have a core. No Accept-Encoding is
sent, as API clients and autocannon do not; the floor and the app are measured the same way. CPU
ms/req is the server process's CPU time divided by its answers: steadier than req/s on a shared
machine. It counts every thread of the process; the topic lesson's target counts the main thread
alone (read from /proc), since the lesson itself is written in the worker pool.

## Targets

${headline}

## Load: the floor and the app side by side

${loadTable(results)}

Notes: ${[results.api?.endpoints?.today?.note && `/today: ${results.api.endpoints.today.note}.`, results.api?.endpoints?.library?.note && `/library: ${results.api.endpoints.library.note}.`, results.api?.endpoints?.topic?.note && `POST /api/studies/topic: ${results.api.endpoints.topic.note}.`].filter(Boolean).join(" ")}

## Ratios app / floor

${ratioTable(results)}

## First-load JavaScript

Every script and modulepreload the page's HTML references, with the bytes the server sends to a
browser that accepts gzip.

${bundleTables(results)}

## Lighthouse

${lighthouseTable(results)}

## Scale: 100k users, 1M library items

${scaleTables(results)}

## Hostile input

${hostileTables(results)}

## Other sections

${otherTables(results)}

## Every core: WORKERS=1 against WORKERS=<cores>

${coresTable(results)}

## Before and after the fixes

${issue15Table(results)}

${baselineTable(results)}

## What fell short and why

${shortfalls(results)}
`;
}

/** Explanations of the targets not met, with the figures of this run. */
function shortfalls(results: Results) {
  const notes: string[] = [];
  const me = ratios(results, "apiMe");
  if (me && me.peak < TARGETS.apiMeRatio) {
    notes.push(
      `- **GET /api/me: ${me.peak} of the floor (target ${TARGETS.apiMeRatio}).** The floor answers in ${me.floorCpuMs ?? "?"} ms of CPU, the app in ${me.appCpuMs ?? "?"} ms. ` +
        `The app's own work is the same single indexed lookup${results.scale?.queries?.session ? ` (${results.scale.queries.session.timing.p50} ms at 100k users, see the scale section)` : ""}; ` +
        "the rest is Remix's path for a resource route: the Node request becomes a Fetch `Request` " +
        "(and Remix makes two more copies of it for the loader), React Router's data layer runs the loader (route matching, `queryRoute`, the data strategy), the loader's value becomes a `Response` " +
        "that is read back into the Node response, and the security headers are set. What could go without leaving Remix went: the match against every route (an API request is matched against the API's routes and the root only, " +
        "app/server/index.ts; React Router compiles a regular expression per route on every match), the CSP nonce, the static-file lookup and the compression wrapper for small answers. " +
        "The rest is the price of keeping /api/me a Remix resource route, as the design card asks; a bare handler does not pay it.",
    );
  }
  const dashboard = ratios(results, "dashboard");
  if (dashboard && dashboard.peak < TARGETS.dashboardSsrRatio) {
    const floorBytes = results.floor?.endpoints?.dashboard?.bytes;
    const appBytes = results.api?.endpoints?.dashboard?.bytes;
    notes.push(
      `- **Dashboard SSR: ${dashboard.peak} of the floor (target ${TARGETS.dashboardSsrRatio}).** Both render the same component tree with the same data: the floor in ${dashboard.floorCpuMs ?? "?"} ms of CPU, the app in ${dashboard.appCpuMs ?? "?"} ms. ` +
        "On top, the app renders what makes the page a Remix app: the document head and `<Scripts>` (the route manifest, a modulepreload link per chunk, the loader data serialized with turbo-stream for hydration: " +
        `${appBytes ?? "?"} bytes of HTML against the floor's ${floorBytes ?? "?"}), runs its three loaders through React Router's data layer (each loader gets two fresh copies of the request), ` +
        "and streams with `renderToPipeableStream`, whose work React schedules across timer turns, instead of one `renderToString`. Pages are now rendered from a table of only the routes the page's first manifest holds " +
        "and written in one piece; what remains is that per-page framework cost.",
    );
  }
  const today = cells(results, "api", "today");
  const today50 = today?.find((cell) => cell.connections === 50);
  if (today50 && today50.p50 > TARGETS.todayP50At50Ms) {
    const today1 = today?.find((cell) => cell.connections === 1);
    notes.push(
      `- **/today p50 ${today50.p50} ms at 50 connections (target ${TARGETS.todayP50At50Ms} ms).** One /today page costs ${today50.cpuMsPerRequest ?? "?"} ms of server CPU (p50 ${today1?.p50 ?? "?"} ms with one connection). ` +
        `With 50 requests always in flight on one Node process, each waits for the others: by Little's law the median latency is about 50 / throughput = 50 / ${today50.rps} req/s ≈ ${Math.round((50 / Math.max(1, today50.rps)) * 1000)} ms. ` +
        `A p50 of ${TARGETS.todayP50At50Ms} ms at 50 connections needs ${Math.round(50 / (TARGETS.todayP50At50Ms / 1000))} pages a second from one core, 0.2 ms a page: less than the floor's React render of the much smaller dashboard. ` +
        "It is met only by queueing less (more processes or cores) or by not rendering (caching whole pages, which a per-user page with a per-request CSP nonce cannot be).",
    );
  }
  const errors = Object.values((results.api?.endpoints ?? {}) as Record<string, EndpointResult>).flatMap((endpoint) =>
    endpoint.cells
      .filter((cell) => cell.errors > 0)
      .map((cell) => `${endpoint.label} @${cell.connections}: ${cell.errors} (${JSON.stringify(cell.statusCodes)})`),
  );
  if (errors.length > 0) notes.push(`- **Errors:** ${errors.join("; ")}.`);
  const pages = results.firstLoadJs?.pages as Record<string, any> | undefined;
  for (const page of Object.values(pages ?? {})) {
    if (page.totalGzipKb > TARGETS.firstLoadJsKb) {
      const base = page.scripts[0];
      notes.push(
        `- **First-load JS of ${page.page}: ${page.totalGzipKb} KB (target ${TARGETS.firstLoadJsKb} KB).** The largest file alone, ${base?.gzipKb} KB, is React DOM, React Router and Remix's browser runtime (${base?.contents}), which every Remix page needs before it can hydrate. ` +
          "The rest is the page's own interface: the sidebar, Radix primitives, tailwind-merge and the icons.",
      );
    }
  }
  const hostile = results.hostile as HostileResult | undefined;
  if (hostile && hostile.ratio > TARGETS.hostileRatio) {
    notes.push(
      `- **Another user's /api/me under hostile input: p95 ${hostile.hostile.p95} ms against ${hostile.quiet.p95} ms quiet (ratio ${hostile.ratio}, target ${TARGETS.hostileRatio}).** ` +
        `${hostile.requests.failures} hostile requests failed and the server was restarted ${hostile.requests.restarts} times; the failures are listed in the hostile-input section.`,
    );
  }
  const explanations: Record<string, string> = {
    today:
      "The three devotionals are no longer parsed as markdown on each request: each is rendered once by the app's Markdown component and kept by a hash of its text (app/components/today/markdown.server.tsx). " +
      "Today's reads (active plan, completions, plan day, cached devotionals, AI settings, profile) are drizzle queries built once per connection (preparedQuery in app/db.server.ts): building their SQL had cost more than running it, and the loader fell from 18% to 10% of the page's CPU. " +
      "What is left (CPU profile under load): the render of 51 verses and three devotionals (about 30%), the same text serialized again as the loader data hydration needs (turbo-stream, about 9%), the four route matches over all 50 routes (about 12%), " +
      "the three loaders (about 10%) and the HTTP request and response themselves (about 15%).",
    library:
      "The page shows the first 20 of each list (Show more adds 20; tests/e2e/content.spec.ts holds it to that). The cards' icons are drawn once per page (IconSprite) and each card points at them with <use>: the HTML fell from 190 KB to 140 KB. " +
      "The delete dialog is not in the server's HTML (a card renders a plain link until hydrated), so one shared dialog would not change this figure. " +
      "What is left (CPU profile under load): React writing the 40 cards, now mostly text and Tailwind class lists (about 25% with the text encoding), the loader's two list queries through drizzle (about 14%: building the SQL, running it, mapping 42 rows), " +
      "the loader data again for hydration (turbo-stream, about 7%), garbage collection (about 7%) and the route matches (about 5%). A lower figure needs fewer cards on the first page, which the spec's 20 does not allow, or a page that is not rendered per request.",
    dashboard:
      `The dashboard's own work is one indexed read; the floor renders the same tree with a bare renderToString in ${cells(results, "floor", "dashboard")?.find((cell) => cell.connections === 50)?.cpuMsPerRequest ?? "?"} ms. The rest is the framework's per-page price: React Router matches the URL four times a page ` +
      "(flattening and compiling all 50 route patterns each time: about 21% of the page's CPU; a handler holding only the pages' 20 routes cut that to 13%, but it meant cutting Remix's build apart, which issue 14 rules out), Remix's document request path (three loaders through the data layer, the route manifest, `<Scripts>`, about 15%), " +
      "the HTTP parsing and writing (about 15%) and React's streaming render of the shell and the page (about 20%).",
    topic:
      "The lesson is written in the worker pool already (app/modules/jobs): what is left on the main thread is the request, validation, the study's insert and the JSON answer.",
  };
  for (const [endpoint, key, label] of CPU_PAGES) {
    const cpu = cpuAt50(results, endpoint);
    if (cpu && cpu.value > TARGETS[key])
      notes.push(
        `- **${label}: ${cpu.value} ms of CPU a request (target ${TARGETS[key]} ms).** ${explanations[endpoint]}`,
      );
  }
  const cores = results.cores as CoresResult | undefined;
  if (cores && cores.coreScaling < cores.target) {
    notes.push(
      `- **Every core: lowest ratio ${cores.coreScaling} (target ${cores.target}).** ` +
        (cores.all.processes !== null && cores.all.processes <= 1
          ? `With WORKERS=${cores.cores} one process served: this build ignores WORKERS (npm start's several processes had not been merged into the measured code), so the ratio is about 1 by construction. `
          : "") +
        `The load generator needs the machine too: autocannon runs in the bench's own process and, at these rates, takes most of a core, so on ${cores.cores} cores the ${cores.cores} workers share what it leaves. ` +
        "The ratio can reach its target only on a machine with a core or more to spare for the load, or with the load sent from another machine.",
    );
  }
  if (results.lighthouse && !results.lighthouse.ran)
    notes.push(`- **Lighthouse did not run:** ${results.lighthouse.reason}`);
  if (results.scale && !results.scale.pass) {
    for (const query of Object.values(results.scale.queries) as any[]) {
      if (!query.pass)
        notes.push(
          `- **Scale, ${query.label}:** p50 ${query.timing.p50} ms${query.growingScans.length ? `, full scans of ${query.growingScans.join(", ")}` : ""}.`,
        );
    }
  }
  return notes.length > 0 ? notes.join("\n") : "Every target measured in this run was met.";
}

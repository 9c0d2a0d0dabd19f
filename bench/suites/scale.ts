import type Database from "better-sqlite3";
import { USER_DATA_TABLES } from "../../tests/support/user-tables";
import type { BenchSuite } from "../run";
import { ensureScaleDatabase, scaleToken, SCALE } from "../scale/generate";
import { summarize, type Timing } from "../stats";

/** Tables whose size grows with the number of users: a full scan of one of them fails. */
const GROWING_TABLES = new Set<string>([...USER_DATA_TABLES, "user_plan_progress", "devotionals"]);
const SCALE_TARGET_P50_MS = 5;
const SAMPLE = 300;

export interface QueryPlan {
  sql: string;
  plan: string[];
  /** Tables read by a full scan ("SCAN t" without an index). */
  fullScans: string[];
  indexOnly: boolean;
}

export interface ScaleQuery {
  label: string;
  /** What the users sampled own of what the function lists (median, max). */
  rowsMedian: number;
  rowsMax: number;
  timing: Timing;
  queries: QueryPlan[];
  /** Full scans of tables that grow with users. */
  growingScans: string[];
  pass: boolean;
}

/** Table names behind the aliases a statement uses (`from sessions s join users u`). */
function aliasesOf(sql: string) {
  const aliases = new Map<string, string>();
  for (const match of sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
    const table = match[1]!;
    aliases.set(table, table);
    if (match[2] && !/^(on|where|join|left|inner|order|group|limit|using)$/i.test(match[2]))
      aliases.set(match[2], table);
  }
  return aliases;
}

/** Runs `work` while recording every statement it prepares, with the parameters it ran with. */
async function captureStatements(sqlite: Database.Database, work: () => unknown) {
  const seen = new Map<string, unknown[]>();
  const original = sqlite.prepare;
  sqlite.prepare = function prepare(this: Database.Database, source: string) {
    const statement = original.call(this, source) as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ["all", "get", "run", "iterate"]) {
      const call = statement[method]!;
      statement[method] = function (this: unknown, ...params: unknown[]) {
        if (!seen.has(source)) seen.set(source, params);
        return call.apply(this, params);
      };
    }
    return statement as never;
  } as typeof sqlite.prepare;
  try {
    await work();
  } finally {
    sqlite.prepare = original;
  }
  return seen;
}

function explain(sqlite: Database.Database, statements: Map<string, unknown[]>): QueryPlan[] {
  return [...statements].map(([sql, params]) => {
    const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as never[])) as Array<{ detail: string }>;
    const aliases = aliasesOf(sql);
    const plan = rows.map((row) => row.detail);
    const fullScans = plan
      .map((detail) => /^SCAN (\w+)(?: AS \w+)?$/.exec(detail)?.[1])
      .filter((name): name is string => Boolean(name))
      .map((name) => aliases.get(name) ?? name);
    const reads = plan.filter((detail) => /^(SCAN|SEARCH) /.test(detail));
    return {
      sql: sql.replace(/\s+/g, " ").trim(),
      plan,
      fullScans,
      indexOnly: reads.length > 0 && reads.every((detail) => /COVERING INDEX|INTEGER PRIMARY KEY/.test(detail)),
    };
  });
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A fixed sample, so runs compare the same users. */
function sample<T>(items: T[], count: number) {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, index) => index % step === 0).slice(0, count);
}

/**
 * The own-list queries at the size of a large service, through the app's own functions on the
 * generated database: their query plans (no full scan of a table that grows with users) and
 * their time for a sample of users.
 */
export const scaleSuite: BenchSuite = {
  name: "scale",
  description: `100k users, 1M library items: own-list queries index-driven and p50 <= ${SCALE_TARGET_P50_MS} ms`,
  async run() {
    const database = await ensureScaleDatabase((line) => console.log(`   ${line}`));
    const { openDatabase, closeDatabase } = await import("~/db.server");
    const { resetConfig } = await import("~/config.server");
    const previousPath = process.env.DATABASE_PATH;
    process.env.DATABASE_PATH = database.path;
    resetConfig();
    const db = openDatabase(database.path);
    const sqlite = db.$client;
    try {
      const { countLibraryItems, listLibraryItems } = await import("~/modules/library/items.server");
      const { EXCERPT_LENGTH, LIBRARY_PAGE_SIZE, STUDY_PREVIEW_LENGTH } = await import("~/modules/library/display");
      const { countLibrarySaves, listLibrarySaves } = await import("~/modules/library/saves.server");
      const { listStudies, RECENT_STUDIES } = await import("~/modules/studies/studies.server");
      const { DEFAULT_PAGE_SIZE } = await import("~/utils/pagination.server");
      const { getToday } = await import("~/modules/plans/today.server");
      const { findSessionUser } = await import("~/modules/auth/sessions.server");
      const { getOnboardingStatus } = await import("~/modules/onboarding/onboarding.server");

      const users = (
        sqlite.prepare("select id, email from users order by rowid").all() as Array<{ id: string; email: string }>
      ).map((user, index) => ({ ...user, token: scaleToken(index) }));
      const owners = (table: string) =>
        new Set(
          (sqlite.prepare(`select distinct user_id as id from ${table}`).all() as Array<{ id: string }>).map(
            (row) => row.id,
          ),
        );
      const withSermons = owners("sermons");
      const withSaves = owners("library_saves");
      const withStudies = owners("studies");
      const withPlans = owners("user_plans");
      const everyone = sample(users, SAMPLE);
      const pick = (owning: Set<string>) =>
        sample(
          users.filter((user) => owning.has(user.id)),
          SAMPLE,
        );

      const cases: Array<{
        key: string;
        label: string;
        users: typeof users;
        /** A list (the rows counted are its length) or one thing (counted as 1). */
        run: (user: (typeof users)[number]) => unknown;
      }> = [
        {
          key: "librarySermons",
          label: "Library page: own sermons and articles, newest 20 (listLibraryItems + countLibraryItems)",
          users: pick(withSermons),
          run: (user) => {
            const { items } = listLibraryItems(user.id, {
              transcriptLimit: EXCERPT_LENGTH + 1,
              limit: LIBRARY_PAGE_SIZE,
            });
            countLibraryItems(user.id);
            return items;
          },
        },
        {
          key: "librarySaves",
          label: "Library page: saved lesson plans, newest 20 (listLibrarySaves + countLibrarySaves)",
          users: pick(withSaves),
          run: (user) => {
            const saves = listLibrarySaves(user.id, {
              contentLimit: STUDY_PREVIEW_LENGTH + 1,
              limit: LIBRARY_PAGE_SIZE,
            }).items;
            countLibrarySaves(user.id);
            return saves;
          },
        },
        {
          key: "studies",
          label: "GET /api/studies: first page of own studies (listStudies, default limit)",
          users: pick(withStudies),
          run: (user) => listStudies(user.id, { limit: DEFAULT_PAGE_SIZE }).items,
        },
        {
          key: "recentStudies",
          label: "Lesson plans page: 5 most recent studies (listStudies limit 5)",
          users: pick(withStudies),
          run: (user) => listStudies(user.id, { limit: RECENT_STUDIES }).items,
        },
        {
          key: "today",
          label: "Today: active plan, progress, streak, passages, cached devotionals (getToday)",
          users: pick(withPlans),
          run: (user) => getToday(user.id, { timeZone: "UTC" }),
        },
        {
          key: "session",
          label: "Every request: session lookup (findSessionUser)",
          users: everyone,
          run: (user) => findSessionUser(user.token),
        },
        {
          key: "onboarding",
          label: "Dashboard: onboarding status (getOnboardingStatus)",
          users: everyone,
          run: (user) => getOnboardingStatus(user.id),
        },
      ];

      const queries: Record<string, ScaleQuery> = {};
      for (const entry of cases) {
        // Plans of every statement the function ran, for its first user.
        const statements = await captureStatements(sqlite, () => entry.run(entry.users[0]!));
        const plans = explain(sqlite, statements);
        const counts: number[] = [];
        // Warm the statement caches and the page cache the way a running server has them.
        for (const user of entry.users.slice(0, 20)) await entry.run(user);
        const times: number[] = [];
        const cpu: number[] = [];
        for (const user of entry.users) {
          const cpuBefore = process.cpuUsage();
          const started = performance.now();
          const result = await entry.run(user);
          times.push(performance.now() - started);
          const used = process.cpuUsage(cpuBefore);
          cpu.push((used.user + used.system) / 1000);
          counts.push(Array.isArray(result) ? result.length : 1);
        }
        const timing = summarize(times, cpu, 3);
        const growingScans = [
          ...new Set(plans.flatMap((plan) => plan.fullScans).filter((table) => GROWING_TABLES.has(table))),
        ];
        queries[entry.key] = {
          label: entry.label,
          rowsMedian: median(counts),
          rowsMax: Math.max(...counts),
          timing,
          queries: plans,
          growingScans,
          pass: growingScans.length === 0 && timing.p50 <= SCALE_TARGET_P50_MS,
        };
      }
      return {
        database: { ...database, megabytes: Math.round(database.bytes / 1024 / 1024) },
        scale: SCALE,
        sampleUsers: SAMPLE,
        targetP50Ms: SCALE_TARGET_P50_MS,
        queries,
        pass: Object.values(queries).every((query) => query.pass),
      };
    } finally {
      closeDatabase();
      if (previousPath === undefined) delete process.env.DATABASE_PATH;
      else process.env.DATABASE_PATH = previousPath;
      resetConfig();
    }
  },
  print(result) {
    const r = result as {
      database: { reused: boolean; generationSeconds: number; megabytes: number; rows: Record<string, number> };
      queries: Record<string, ScaleQuery>;
    };
    return [
      `database: ${r.database.megabytes} MB, ${r.database.reused ? "reused" : "generated"} (generation took ${r.database.generationSeconds} s); ${r.database.rows.users} users, ${r.database.rows.sermons + r.database.rows.studies + r.database.rows.library_saves} library items`,
      ...Object.values(r.queries).map(
        (query) =>
          `${query.pass ? "ok  " : "FAIL"} ${query.label}: p50 ${query.timing.p50} ms, p95 ${query.timing.p95} ms (rows median ${query.rowsMedian}, max ${query.rowsMax}); ` +
          `${query.queries.length} statements, ${query.growingScans.length > 0 ? `full scans of ${query.growingScans.join(", ")}` : "no full scan of a growing table"}`,
      ),
    ];
  },
};

/**
 * The soak test: N simulated users (200 by default) use the real built server for a while (60 s by
 * default) the way people do — sign up, sign in, open pages with their cookie, list things, create
 * lesson plans with the built-in AI, save and remove them, add and delete quotes, start plans, read
 * Today, complete days, edit their profile, sign out and in again — one thing at a time each.
 *
 * The server runs in its own process (`node scripts/start.mjs`, exactly what `npm start` runs) on a
 * temporary database. Every answer is checked (status, and for lists that they match what the user
 * wrote so far), and at the end every acknowledged write is looked up in the database: what each
 * user believes it wrote must be exactly what the database holds.
 *
 * `npm run soak [-- --users 200 --seconds 60]` (bench/soak.ts) prints a table and writes
 * bench/soak-results.json; tests/api/soak.test.ts runs a shorter version in `npm test`. Here, in
 * tests/support, because the bench may import from the tests and never the other way round.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { seededRandom } from "./random";
import { startServerProcess } from "./server";
import { percentile } from "./percentile";

export interface SoakOptions {
  users?: number;
  durationMs?: number;
  /** Users arrive over this long (everyone signing up in the same millisecond is not a real day). */
  rampMs?: number;
  /** Pause between one user's actions: uniform in [min, max] ms. */
  thinkMs?: [number, number];
  /** Deterministic choices, so a failing run can be repeated. */
  seed?: number;
  /**
   * Users go on past durationMs until these have happened (each operation at least once, and more
   * acknowledged writes than this), up to maxDurationMs: a busy machine makes a run slower, not
   * shorter of what it is meant to exercise.
   */
  until?: { operations?: string[]; acknowledgedWrites?: number };
  /** The longest a run with `until` may go on (durationMs x 6 by default). */
  maxDurationMs?: number;
  /** Added to the server's environment (e.g. WORKERS). */
  serverEnv?: Record<string, string>;
  /** Extra node flags for the server process (e.g. --cpu-prof to see where its time goes). */
  serverNodeArgs?: string[];
  /** Receives what the server prints once it is ready (e.g. --trace-gc lines). */
  serverOutput?: (text: string) => void;
  log?: (line: string) => void;
}

export interface OperationStats {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface SoakReport {
  users: number;
  durationMs: number;
  /** Each user's pause between actions, uniform in [min, max] ms. */
  thinkMs: [number, number];
  elapsedMs: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  /** The first errors, described. */
  errorSamples: string[];
  operations: Record<string, OperationStats>;
  writes: { acknowledged: number; verified: number; problems: string[] };
  database: {
    studies: number;
    librarySaves: number;
    sermons: number;
    userPlans: number;
    completions: number;
    users: number;
    integrity: string;
  };
  memory: {
    rssStartMb: number;
    rssAfterRampMb: number;
    rssEndMb: number;
    rssMaxMb: number;
    /** V8's live heap after each full (mark-compact) collection once everyone arrived: what a leak would grow. */
    liveHeapAfterFullGcMb: number[];
  };
  /** CPU seconds used during the run by the server and by the simulated users (this process). */
  cpu: { serverSeconds: number; clientSeconds: number; serverShareOfOneCore: number };
  machine: { node: string; cpus: number };
}

/* ------------------------------------------------------------------------------------------ */
/* A tiny browser: keep-alive connections, a cookie jar, gzip, and timing per request.         */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

class HttpError extends Error {}

class Recorder {
  readonly timings = new Map<string, number[]>();
  readonly errorCounts = new Map<string, number>();
  readonly errorSamples: string[] = [];
  requests = 0;
  errors = 0;

  time(operation: string, ms: number) {
    this.requests += 1;
    let list = this.timings.get(operation);
    if (!list) this.timings.set(operation, (list = []));
    list.push(ms);
  }

  error(operation: string, description: string) {
    this.errors += 1;
    this.errorCounts.set(operation, (this.errorCounts.get(operation) ?? 0) + 1);
    if (this.errorSamples.length < 20) this.errorSamples.push(`${operation}: ${description}`);
  }
}

class Browser {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: URL,
    private readonly recorder: Recorder,
  ) {}

  get sessionCookie() {
    return this.cookies.get("sb_session");
  }

  private storeCookies(header: string[] | undefined) {
    for (const line of header ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * One request, timed under `operation`. `expect` lists the statuses a well-behaved user can get;
   * anything else (and any connection error) counts as an error and throws.
   */
  async request(
    operation: string,
    pathname: string,
    {
      method = "GET",
      json,
      form,
      expect = [200],
      cookies = true,
      headers: extra = {},
    }: {
      method?: string;
      json?: unknown;
      form?: Record<string, string>;
      expect?: number[];
      cookies?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const body = json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = {
      "accept-encoding": "gzip",
      "x-time-zone": "UTC",
      ...extra,
    };
    if (json !== undefined) headers["content-type"] = "application/json";
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    if (method !== "GET") {
      // What a browser sends with a same-origin form post or fetch.
      headers.origin = this.base.origin;
      headers["sec-fetch-site"] = "same-origin";
    }
    if (cookies && this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await new Promise<Answer>((resolve, reject) => {
        const request = http.request(
          new URL(pathname, this.base),
          { method, headers, agent: this.agent, timeout: 30_000 },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("error", reject);
            response.on("end", () => {
              try {
                let raw = Buffer.concat(chunks);
                if (response.headers["content-encoding"] === "gzip") raw = zlib.gunzipSync(raw);
                resolve({ status: response.statusCode ?? 0, headers: response.headers, text: raw.toString("utf8") });
              } catch (error) {
                reject(error);
              }
            });
          },
        );
        request.on("timeout", () => request.destroy(new Error("no answer within 30 s")));
        request.on("error", reject);
        request.end(body);
      });
    } catch (error) {
      this.recorder.time(operation, performance.now() - started);
      this.recorder.error(operation, `${method} ${pathname}: connection error ${(error as Error).message}`);
      throw new HttpError((error as Error).message);
    }
    this.recorder.time(operation, performance.now() - started);
    if (cookies) this.storeCookies(answer.headers["set-cookie"]);
    if (!expect.includes(answer.status)) {
      this.recorder.error(operation, `${method} ${pathname}: ${answer.status} ${answer.text.slice(0, 200)}`);
      throw new HttpError(`${operation} answered ${answer.status}`);
    }
    return answer;
  }

  close() {
    this.agent.destroy();
  }
}

function parseJson<T>(answer: Answer): T {
  return JSON.parse(answer.text) as T;
}

/* ------------------------------------------------------------------------------------------ */
/* The virtual user                                                                             */

const TEACHERS = [
  "Tim Keller",
  "John Stott",
  "Corrie ten Boom",
  "C. S. Lewis",
  "Dallas Willard",
  "Eugene Peterson",
  "A. W. Tozer",
  "Elisabeth Elliot",
];
const DENOMINATIONS = ["Baptist", "Methodist", "Presbyterian", "Anglican", "Lutheran", "Non-denominational", null];
const DEPTHS = ["beginner", "intermediate", "advanced"] as const;
const TOPICS = [
  "Faith and Works",
  "Forgiveness",
  "Prayer",
  "Hope in suffering",
  "Grace",
  "Humility",
  "Generosity",
  "Sabbath rest",
  "The Holy Spirit",
  "Love your neighbor",
];
const REFERENCES = [
  "John 3:16-21",
  "Psalm 23",
  "Romans 8:28-39",
  "Philippians 4:4-9",
  "Matthew 5:1-12",
  "James 2:14-26",
  "Ephesians 2:1-10",
  "1 Corinthians 13",
];
const QUOTES = [
  [
    "We are not necessarily doubting that God will do the best for us; we are wondering how painful the best will turn out to be.",
    "C. S. Lewis",
  ],
  ["God is most glorified in us when we are most satisfied in him.", "John Piper"],
  [
    "The Bible is alive, it speaks to me; it has feet, it runs after me; it has hands, it lays hold of me.",
    "Martin Luther",
  ],
  ["There is no pit so deep that God's love is not deeper still.", "Corrie ten Boom"],
] as const;

interface PlanInfo {
  id: string;
  name: string;
}

interface TodayView {
  planId: string;
  currentDay: number;
  isCompleted: boolean;
}

interface Beliefs {
  email: string;
  password: string;
  userId?: string;
  studies: Set<string>;
  saved: Set<string>;
  /** Library items added through the API (ids known) or found later by their unique title. */
  sermons: Set<string>;
  /** Items added through the page form: the answer carries the title, not the id. */
  formQuotes: Set<string>;
  /** planId -> completed day numbers of that plan. */
  plans: Map<string, Set<number>>;
  activePlanId: string | null;
  profile: { favoriteTeachers: string[]; denomination: string | null; studyDepthPreference: string } | null;
  welcomed: boolean;
  visitedLibrary: boolean;
  acknowledgedWrites: number;
}

type Action = {
  name: string;
  weight: number;
  when?: (user: VirtualUser) => boolean;
  run: (user: VirtualUser) => Promise<void>;
};

class VirtualUser {
  readonly beliefs: Beliefs;
  readonly browser: Browser;
  private sequence = 0;
  private today: TodayView | null = null;

  constructor(
    readonly index: number,
    base: URL,
    readonly recorder: Recorder,
    readonly random: () => number,
    readonly plans: PlanInfo[],
    runId: string,
  ) {
    this.browser = new Browser(base, recorder);
    this.beliefs = {
      email: `soak-${runId}-${index}@example.com`,
      password: `soak-password-${index}`,
      studies: new Set(),
      saved: new Set(),
      sermons: new Set(),
      formQuotes: new Set(),
      plans: new Map(),
      activePlanId: null,
      profile: null,
      welcomed: false,
      visitedLibrary: false,
      acknowledgedWrites: 0,
    };
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  unique(label: string) {
    this.sequence += 1;
    return `${label} ${this.index}-${this.sequence}`;
  }

  problem(operation: string, description: string) {
    this.recorder.error(operation, `${this.beliefs.email}: ${description}`);
  }

  /** Half sign up on the register page, half through the API and then sign in on the login page. */
  async signUp() {
    const { email, password } = this.beliefs;
    if (this.index % 2 === 0) {
      const answer = await this.browser.request("sign up (page)", "/register", {
        method: "POST",
        form: { email, password, confirmPassword: password },
        expect: [302],
      });
      if (answer.headers.location !== "/" || !this.browser.sessionCookie)
        this.problem("sign up (page)", "no session after sign-up");
    } else {
      await this.browser.request("sign up (API)", "/api/auth/register", {
        method: "POST",
        json: { email, password },
        expect: [201],
        cookies: false,
      });
      await this.signIn();
    }
    this.beliefs.acknowledgedWrites += 1;
    const me = parseJson<{ id: string; email: string }>(await this.browser.request("GET /api/me", "/api/me"));
    if (me.email !== email) this.problem("GET /api/me", `signed in as ${me.email}`);
    this.beliefs.userId = me.id;
  }

  async signIn() {
    const { email, password } = this.beliefs;
    const answer = await this.browser.request("sign in (page)", "/login", {
      method: "POST",
      form: { email, password },
      expect: [302],
    });
    if (answer.headers.location !== "/" || !this.browser.sessionCookie)
      this.problem("sign in (page)", "no session after sign-in");
  }

  /** Sign out, check the old cookie is dead, sign in again. */
  async signOutAndIn() {
    const old = this.browser.sessionCookie;
    await this.browser.request("sign out (page)", "/logout", { method: "POST", form: {}, expect: [302] });
    if (this.browser.sessionCookie) this.problem("sign out (page)", "the session cookie was not cleared");
    // The old cookie must be dead on the server (a 401), not merely forgotten by the browser.
    await this.browser.request("GET /api/me (signed out)", "/api/me", {
      expect: [401],
      cookies: false,
      headers: { cookie: `sb_session=${old}` },
    });
    await this.signIn();
  }

  readonly actions: Action[] = [
    // Page loads, as a browser asks for them (full documents and client-side navigations).
    {
      name: "page /",
      weight: 10,
      run: async (user) => {
        const answer = await user.browser.request("page /", "/");
        const name = user.beliefs.email.split("@")[0]!;
        if (!answer.text.includes(name)) user.problem("page /", "the dashboard does not greet the user");
      },
    },
    {
      name: "page /library",
      weight: 4,
      run: async (user) => {
        await user.browser.request("page /library", "/library");
        // Once the page is up, the browser reports the visit (a GET never writes).
        await user.browser.request("page /library", "/resources/onboarding", {
          method: "POST",
          form: { step: "hasVisitedLibrary" },
        });
        user.wrote(() => (user.beliefs.visitedLibrary = true));
      },
    },
    {
      name: "page /lesson-plans",
      weight: 3,
      run: async (user) => {
        const study =
          user.beliefs.studies.size > 0 && user.random() < 0.5 ? user.pick([...user.beliefs.studies]) : null;
        await user.browser.request("page /lesson-plans", study ? `/lesson-plans?study=${study}` : "/lesson-plans");
      },
    },
    { name: "page /today", weight: 4, run: async (user) => void (await user.browser.request("page /today", "/today")) },
    {
      name: "page /profile",
      weight: 2,
      run: async (user) => void (await user.browser.request("page /profile", "/profile")),
    },
    {
      name: "page /bible-plans",
      weight: 2,
      run: async (user) => void (await user.browser.request("page /bible-plans", "/bible-plans")),
    },
    {
      name: "page /settings",
      weight: 1,
      run: async (user) => void (await user.browser.request("page /settings", "/settings")),
    },
    {
      name: "navigate (data)",
      weight: 4,
      run: async (user) => {
        // Client-side navigation fetches the loaders' data (Remix single fetch: /path.data).
        const target = user.pick([
          "/_root.data",
          "/library.data",
          "/lesson-plans.data",
          "/today.data",
          "/profile.data",
        ]);
        const answer = await user.browser.request("navigate (data)", target);
        if (!answer.text.startsWith("["))
          user.problem("navigate (data)", `${target} answered ${answer.text.slice(0, 80)}`);
      },
    },
    // JSON reads; the lists must hold exactly what this user wrote.
    {
      name: "GET /api/me",
      weight: 4,
      run: async (user) => void (await user.browser.request("GET /api/me", "/api/me")),
    },
    {
      name: "GET /api/studies",
      weight: 4,
      run: async (user) => {
        const list = parseJson<Array<{ id: string }>>(await user.browser.request("GET /api/studies", "/api/studies"));
        user.compare(
          "GET /api/studies",
          list.map((study) => study.id),
          user.beliefs.studies,
        );
      },
    },
    {
      name: "GET /api/studies/:id",
      weight: 2,
      when: (user) => user.beliefs.studies.size > 0,
      run: async (user) => {
        const id = user.pick([...user.beliefs.studies]);
        const study = parseJson<{ id: string }>(
          await user.browser.request("GET /api/studies/:id", `/api/studies/${id}`),
        );
        if (study.id !== id) user.problem("GET /api/studies/:id", "another study came back");
      },
    },
    {
      name: "GET /api/library",
      weight: 4,
      run: async (user) => {
        const list = parseJson<Array<{ study: { id: string } }>>(
          await user.browser.request("GET /api/library", "/api/library"),
        );
        user.compare(
          "GET /api/library",
          list.map((entry) => entry.study.id),
          user.beliefs.saved,
        );
      },
    },
    {
      name: "GET /api/sermons",
      weight: 3,
      run: async (user) => {
        const list = parseJson<Array<{ id: string; title: string }>>(
          await user.browser.request("GET /api/sermons", "/api/sermons"),
        );
        // Items added on the page are known by title until their id is seen here.
        for (const item of list) {
          if (user.beliefs.formQuotes.delete(item.title)) user.beliefs.sermons.add(item.id);
        }
        if (user.beliefs.formQuotes.size > 0)
          user.problem("GET /api/sermons", `missing page-added items ${[...user.beliefs.formQuotes].join(", ")}`);
        user.compare(
          "GET /api/sermons",
          list.map((item) => item.id),
          user.beliefs.sermons,
        );
      },
    },
    {
      name: "GET /api/plans",
      weight: 2,
      run: async (user) => void (await user.browser.request("GET /api/plans", "/api/plans")),
    },
    {
      name: "GET /api/profile",
      weight: 2,
      run: async (user) => {
        const profile = parseJson<Beliefs["profile"]>(await user.browser.request("GET /api/profile", "/api/profile"));
        const expected = user.beliefs.profile;
        if (expected && JSON.stringify(pickProfile(profile!)) !== JSON.stringify(expected)) {
          user.problem(
            "GET /api/profile",
            `profile ${JSON.stringify(profile)} is not the one saved ${JSON.stringify(expected)}`,
          );
        }
      },
    },
    {
      name: "GET /api/onboarding/status",
      weight: 2,
      run: async (user) => void (await user.browser.request("GET /api/onboarding/status", "/api/onboarding/status")),
    },
    {
      name: "GET /api/plans/user-plans/today",
      weight: 4,
      run: async (user) => {
        const today = parseJson<{
          userPlan: { planId: string } | null;
          currentDay: number | null;
          isCompleted: boolean;
        }>(await user.browser.request("GET /api/plans/user-plans/today", "/api/plans/user-plans/today"));
        const active = user.beliefs.activePlanId;
        if ((today.userPlan?.planId ?? null) !== active)
          user.problem("GET /api/plans/user-plans/today", `active plan ${today.userPlan?.planId} is not ${active}`);
        user.today = today.userPlan
          ? { planId: today.userPlan.planId, currentDay: today.currentDay!, isCompleted: today.isCompleted }
          : null;
      },
    },
    // Writes.
    {
      name: "create study (API)",
      weight: 1,
      run: async (user) => {
        const passage = user.random() < 0.4;
        const answer = passage
          ? await user.browser.request("create study (API)", "/api/studies/passage", {
              method: "POST",
              json: { reference: user.pick(REFERENCES) },
              expect: [201],
            })
          : await user.browser.request("create study (API)", "/api/studies/topic", {
              method: "POST",
              json: { topic: user.pick(TOPICS) },
              expect: [201],
            });
        user.wrote(() => user.beliefs.studies.add(parseJson<{ id: string }>(answer).id));
      },
    },
    {
      name: "create study (stream)",
      weight: 1,
      run: async (user) => {
        // What the Lesson Plans page's script sends: its form, to the page's own streaming route.
        const answer = await user.browser.request("create study (stream)", "/lesson-plans/generate", {
          method: "POST",
          form: { studyType: "topic", topic: user.pick(TOPICS) },
        });
        const events = answer.text
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { type: string; study?: { id: string }; error?: string });
        const last = events.at(-1);
        if (last?.type !== "study" || !last.study) {
          user.problem("create study (stream)", `the stream ended with ${JSON.stringify(last)}`);
          return;
        }
        user.wrote(() => user.beliefs.studies.add(last.study!.id));
      },
    },
    {
      name: "create study (page form)",
      weight: 0.5,
      run: async (user) => {
        const answer = await user.browser.request("create study (page form)", "/lesson-plans", {
          method: "POST",
          form: { studyType: "passage", reference: user.pick(REFERENCES) },
          expect: [302],
        });
        const id = /[?&]study=([\w-]+)/.exec(String(answer.headers.location))?.[1];
        if (!id) {
          user.problem("create study (page form)", `redirected to ${answer.headers.location}`);
          return;
        }
        user.wrote(() => user.beliefs.studies.add(id));
      },
    },
    {
      name: "save to library",
      weight: 3,
      when: (user) => [...user.beliefs.studies].some((id) => !user.beliefs.saved.has(id)),
      run: async (user) => {
        const id = user.pick([...user.beliefs.studies].filter((study) => !user.beliefs.saved.has(study)));
        await user.browser.request("save to library", `/api/library/save/${id}`, { method: "POST" });
        user.wrote(() => user.beliefs.saved.add(id));
      },
    },
    {
      name: "remove from library",
      weight: 1,
      when: (user) => user.beliefs.saved.size > 0,
      run: async (user) => {
        const id = user.pick([...user.beliefs.saved]);
        await user.browser.request("remove from library", `/api/library/remove/${id}`, { method: "DELETE" });
        user.wrote(() => user.beliefs.saved.delete(id));
      },
    },
    {
      name: "add quote (API)",
      weight: 2,
      run: async (user) => {
        const [text, author] = user.pick(QUOTES);
        const answer = await user.browser.request("add quote (API)", "/api/sermons", {
          method: "POST",
          json: { contentType: "quote", text, author, title: user.unique("Quote") },
          expect: [201],
        });
        user.wrote(() => user.beliefs.sermons.add(parseJson<{ id: string }>(answer).id));
      },
    },
    {
      name: "add quote (page form)",
      weight: 1,
      run: async (user) => {
        const [text, author] = user.pick(QUOTES);
        const title = user.unique("Page quote");
        await user.browser.request("add quote (page form)", "/library", {
          method: "POST",
          form: { intent: "add", contentType: "quote", text, author, title },
        });
        user.wrote(() => user.beliefs.formQuotes.add(title));
      },
    },
    {
      name: "delete library item",
      weight: 0.5,
      when: (user) => user.beliefs.sermons.size > 0,
      run: async (user) => {
        const id = user.pick([...user.beliefs.sermons]);
        await user.browser.request("delete library item", `/api/sermons/${id}`, { method: "DELETE" });
        user.wrote(() => user.beliefs.sermons.delete(id));
      },
    },
    {
      name: "start plan",
      weight: 1,
      when: (user) => user.beliefs.activePlanId === null || user.random() < 0.2,
      run: async (user) => {
        const plan = user.pick(user.plans.slice(0, 4));
        if (user.random() < 0.5) {
          await user.browser.request("start plan", "/api/plans/user-plans", {
            method: "POST",
            json: { planId: plan.id, translation: "NKJV" },
            expect: user.beliefs.plans.has(plan.id) ? [200] : [201],
          });
        } else {
          const answer = await user.browser.request("start plan", "/bible-plans", {
            method: "POST",
            form: { planId: plan.id, translation: "NKJV", timeZone: "UTC" },
            expect: [302],
          });
          if (answer.headers.location !== "/today")
            user.problem("start plan", `redirected to ${answer.headers.location}`);
        }
        user.wrote(() => {
          if (!user.beliefs.plans.has(plan.id)) user.beliefs.plans.set(plan.id, new Set());
          user.beliefs.activePlanId = plan.id;
          user.today = null;
        });
      },
    },
    {
      name: "complete day",
      weight: 2,
      when: (user) => user.today !== null && user.today.planId === user.beliefs.activePlanId,
      run: async (user) => {
        const today = user.today!;
        const answer = await user.browser.request("complete day", "/api/plans/user-plans/complete", {
          method: "POST",
          json: { dayNumber: today.currentDay },
        });
        const result = parseJson<{ dayNumber: number; isCompleted: boolean }>(answer);
        if (!result.isCompleted || result.dayNumber !== today.currentDay)
          user.problem("complete day", JSON.stringify(result));
        user.wrote(() => {
          user.beliefs.plans.get(today.planId)!.add(today.currentDay);
          user.today = { ...today, isCompleted: true };
        });
      },
    },
    {
      name: "update profile",
      weight: 1.5,
      run: async (user) => {
        const count = 1 + Math.floor(user.random() * 3);
        const favoriteTeachers = [...new Set(Array.from({ length: count }, () => user.pick(TEACHERS)))];
        const profile = {
          favoriteTeachers,
          denomination: user.pick(DENOMINATIONS),
          studyDepthPreference: user.pick(DEPTHS),
        };
        const saved = parseJson<NonNullable<Beliefs["profile"]>>(
          await user.browser.request("update profile", "/api/profile", { method: "PATCH", json: profile }),
        );
        if (JSON.stringify(pickProfile(saved)) !== JSON.stringify(profile))
          user.problem("update profile", `answered ${JSON.stringify(saved)}`);
        user.wrote(() => (user.beliefs.profile = profile));
      },
    },
    {
      name: "welcome dialog",
      weight: 1,
      when: (user) => !user.beliefs.welcomed,
      run: async (user) => {
        await user.browser.request("welcome dialog", "/api/onboarding/progress", {
          method: "PATCH",
          json: { hasCompletedWelcome: true },
        });
        user.wrote(() => (user.beliefs.welcomed = true));
      },
    },
    { name: "sign out and in", weight: 0.4, run: (user) => user.signOutAndIn() },
  ];

  wrote(apply: () => void) {
    apply();
    this.beliefs.acknowledgedWrites += 1;
  }

  compare(operation: string, got: string[], expected: Set<string>) {
    const gotSet = new Set(got);
    if (got.length !== gotSet.size || gotSet.size !== expected.size || [...expected].some((id) => !gotSet.has(id))) {
      this.problem(operation, `holds ${got.length} ids, the user wrote ${expected.size}`);
    }
  }

  nextAction(): Action {
    const available = this.actions.filter((action) => !action.when || action.when(this));
    const total = available.reduce((sum, action) => sum + action.weight, 0);
    let roll = this.random() * total;
    for (const action of available) {
      roll -= action.weight;
      if (roll <= 0) return action;
    }
    return available.at(-1)!;
  }

  /** Acts until `goOn` says the run is over (checked before and after each pause). */
  async live(goOn: () => boolean, thinkMs: [number, number]) {
    const think = () =>
      new Promise((resolve) => setTimeout(resolve, thinkMs[0] + this.random() * (thinkMs[1] - thinkMs[0])));
    try {
      await this.signUp();
      while (goOn()) {
        await think();
        if (!goOn()) break;
        await this.nextAction().run(this);
      }
    } catch (error) {
      // The failed request was recorded; this user stops (a real user would reload, but the run has failed anyway).
      if (!(error instanceof HttpError))
        this.recorder.error("client", `${this.beliefs.email}: ${(error as Error).stack ?? error}`);
    } finally {
      this.browser.close();
    }
  }
}

function pickProfile(profile: NonNullable<Beliefs["profile"]>) {
  return {
    favoriteTeachers: profile.favoriteTeachers,
    denomination: profile.denomination,
    studyDepthPreference: profile.studyDepthPreference,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* The server process                                                                           */

const serverErrors: string[] = [];

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function rssMb(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Checking every write against the database                                                    */

function verifyWrites(databasePath: string, users: VirtualUser[], otherAccounts: number) {
  const db = new Database(databasePath, { readonly: true });
  const problems: string[] = [];
  let verified = 0;
  const note = (user: VirtualUser, what: string) => {
    if (problems.length < 50) problems.push(`${user.beliefs.email}: ${what}`);
  };
  const sameSet = (a: Iterable<string>, b: Iterable<string>) => {
    const left = new Set(a);
    const right = new Set(b);
    return left.size === right.size && [...left].every((value) => right.has(value));
  };
  const userByEmail = db.prepare("select id from users where email = ?");
  const studiesOf = db.prepare("select id from studies where user_id = ?");
  const savesOf = db.prepare("select study_id as studyId from library_saves where user_id = ?");
  const sermonsOf = db.prepare("select id, title from sermons where user_id = ?");
  const plansOf = db.prepare("select id, plan_id as planId from user_plans where user_id = ?");
  const progressOf = db.prepare("select day_number as dayNumber from user_plan_progress where user_plan_id = ?");
  const activeOf = db.prepare(
    "select plan_id as planId from user_plans where user_id = ? order by activated_at desc limit 1",
  );
  const profileOf = db.prepare(
    "select favorite_teachers as teachers, denomination, study_depth_preference as depth from user_profiles where user_id = ?",
  );
  const onboardingOf = db.prepare(
    "select has_completed_welcome as welcome, has_started_plan as plan, has_created_study as study, has_visited_library as library from user_onboarding where user_id = ?",
  );

  for (const user of users) {
    const beliefs = user.beliefs;
    if (beliefs.acknowledgedWrites === 0) continue; // never got as far as signing up
    const row = userByEmail.get(beliefs.email) as { id: string } | undefined;
    if (!row || row.id !== beliefs.userId) {
      note(user, "the account is missing");
      continue;
    }
    const id = row.id;
    const studies = (studiesOf.all(id) as Array<{ id: string }>).map((study) => study.id);
    if (!sameSet(studies, beliefs.studies))
      note(user, `studies: database ${studies.length}, user ${beliefs.studies.size}`);
    const saves = (savesOf.all(id) as Array<{ studyId: string }>).map((save) => save.studyId);
    if (!sameSet(saves, beliefs.saved))
      note(user, `library saves: database ${saves.length}, user ${beliefs.saved.size}`);
    const sermons = sermonsOf.all(id) as Array<{ id: string; title: string }>;
    const byId = sermons.filter((item) => beliefs.sermons.has(item.id));
    const byTitle = sermons.filter((item) => beliefs.formQuotes.has(item.title));
    if (
      byId.length !== beliefs.sermons.size ||
      byTitle.length !== beliefs.formQuotes.size ||
      sermons.length !== byId.length + byTitle.length
    ) {
      note(user, `library items: database ${sermons.length}, user ${beliefs.sermons.size + beliefs.formQuotes.size}`);
    }
    const userPlans = plansOf.all(id) as Array<{ id: string; planId: string }>;
    if (
      !sameSet(
        userPlans.map((plan) => plan.planId),
        beliefs.plans.keys(),
      )
    )
      note(user, `plans: database ${userPlans.length}, user ${beliefs.plans.size}`);
    for (const plan of userPlans) {
      const days = (progressOf.all(plan.id) as Array<{ dayNumber: number }>).map((day) => String(day.dayNumber));
      const believed = [...(beliefs.plans.get(plan.planId) ?? [])].map(String);
      if (!sameSet(days, believed))
        note(user, `completed days of ${plan.planId}: database [${days}], user [${believed}]`);
    }
    const active = (activeOf.get(id) as { planId: string } | undefined)?.planId ?? null;
    if (active !== beliefs.activePlanId) note(user, `active plan: database ${active}, user ${beliefs.activePlanId}`);
    if (beliefs.profile) {
      const profile = profileOf.get(id) as { teachers: string; denomination: string | null; depth: string };
      const stored = {
        favoriteTeachers: JSON.parse(profile.teachers),
        denomination: profile.denomination,
        studyDepthPreference: profile.depth,
      };
      if (JSON.stringify(stored) !== JSON.stringify(beliefs.profile))
        note(user, `profile: database ${JSON.stringify(stored)}, user ${JSON.stringify(beliefs.profile)}`);
    }
    const onboarding = onboardingOf.get(id) as { welcome: number; plan: number; study: number; library: number };
    const expectedFlags = {
      welcome: beliefs.welcomed,
      plan: beliefs.plans.size > 0,
      study: beliefs.studies.size > 0,
      library: beliefs.visitedLibrary,
    };
    for (const [flag, expected] of Object.entries(expectedFlags)) {
      // A flag set by an action the user did not count (e.g. a library visit through a page load) may be true;
      // one the user earned must be.
      if (expected && !onboarding[flag as keyof typeof onboarding]) note(user, `onboarding flag ${flag} is not set`);
    }
    verified += beliefs.acknowledgedWrites;
  }

  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const database = {
    users: count("select count(*) as n from users"),
    studies: count("select count(*) as n from studies"),
    librarySaves: count("select count(*) as n from library_saves"),
    sermons: count("select count(*) as n from sermons"),
    userPlans: count("select count(*) as n from user_plans"),
    completions: count("select count(*) as n from user_plan_progress"),
    integrity: String(db.pragma("integrity_check", { simple: true })),
  };
  const believedStudies = users.reduce((sum, user) => sum + user.beliefs.studies.size, 0);
  if (database.studies !== believedStudies)
    problems.push(`the database holds ${database.studies} studies, the users wrote ${believedStudies}`);
  const believedSermons = users.reduce(
    (sum, user) => sum + user.beliefs.sermons.size + user.beliefs.formQuotes.size,
    0,
  );
  if (database.sermons !== believedSermons)
    problems.push(`the database holds ${database.sermons} library items, the users wrote ${believedSermons}`);
  const signedUp = users.filter((user) => user.beliefs.userId).length;
  if (database.users !== signedUp + otherAccounts)
    problems.push(`the database holds ${database.users} accounts, ${signedUp} users signed up`);
  if (database.integrity !== "ok") problems.push(`integrity check: ${database.integrity}`);
  db.close();
  return { verified, problems, database };
}

/* ------------------------------------------------------------------------------------------ */

const round = (value: number) => Math.round(value * 10) / 10;

export async function runSoak(options: SoakOptions = {}): Promise<SoakReport> {
  const userCount = options.users ?? 200;
  const durationMs = options.durationMs ?? 60_000;
  const rampMs = options.rampMs ?? Math.min(5000, durationMs / 4);
  // People read a page for a few seconds before their next click.
  const thinkMs = options.thinkMs ?? [1000, 5000];
  const log = options.log ?? (() => {});
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-soak-"));
  const databasePath = path.join(folder, "soak.db");
  serverErrors.length = 0;
  let rampDone = false;
  const liveHeap: number[] = [];
  const { child, url } = await startServerProcess(databasePath, {
    env: { AI_PROVIDER: "builtin", OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, ...options.serverEnv },
    nodeArgs: ["--trace-gc", ...(options.serverNodeArgs ?? [])],
    onErrorOutput: (text) => serverErrors.push(text),
    onOutput: (text) => {
      options.serverOutput?.(text);
      for (const match of text.matchAll(/Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+)/g)) {
        if (rampDone) liveHeap.push(Number(match[1]));
      }
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const recorder = new Recorder();
  const memory = {
    rssStartMb: rssMb(child.pid!),
    rssAfterRampMb: 0,
    rssEndMb: 0,
    rssMaxMb: 0,
    liveHeapAfterFullGcMb: liveHeap,
  };
  const sampler = setInterval(() => (memory.rssMaxMb = Math.max(memory.rssMaxMb, rssMb(child.pid!))), 500);
  let users: VirtualUser[] = [];
  let elapsedMs = 0;
  let serverCpuStart = 0;
  let serverCpu = 0;
  let clientCpu = 0;
  let clientCpuStart = process.cpuUsage();
  try {
    const base = new URL(url);
    const plans = await listPlans(base);
    const random = seededRandom(options.seed ?? 20261122);
    const runId = `${process.pid}${Date.now().toString(36)}`;
    users = Array.from(
      { length: userCount },
      (_, index) => new VirtualUser(index, base, recorder, seededRandom(Math.floor(random() * 2 ** 32)), plans, runId),
    );
    log(`soak: ${userCount} users for ${durationMs / 1000} s against ${url}`);
    const started = Date.now();
    serverCpuStart = cpuSeconds(child.pid!);
    clientCpuStart = process.cpuUsage();
    const deadline = started + durationMs;
    const lastDeadline = started + (options.maxDurationMs ?? durationMs * 6);
    const { operations: wanted = [], acknowledgedWrites: writesWanted = 0 } = options.until ?? {};
    const goOn = () => {
      const now = Date.now();
      if (now < deadline) return true;
      if (now >= lastDeadline) return false;
      const seenAll = wanted.every((name) => (recorder.timings.get(name)?.length ?? 0) > 0);
      return !seenAll || users.reduce((sum, user) => sum + user.beliefs.acknowledgedWrites, 0) <= writesWanted;
    };
    setTimeout(() => {
      memory.rssAfterRampMb = rssMb(child.pid!);
      rampDone = true;
    }, rampMs + 1000).unref();
    await Promise.all(
      users.map(async (user, index) => {
        await new Promise((resolve) => setTimeout(resolve, (index / userCount) * rampMs));
        await user.live(goOn, thinkMs);
      }),
    );
    elapsedMs = Date.now() - started;
    memory.rssEndMb = rssMb(child.pid!);
    serverCpu = cpuSeconds(child.pid!) - serverCpuStart;
    const client = process.cpuUsage(clientCpuStart);
    clientCpu = (client.user + client.system) / 1e6;
  } finally {
    clearInterval(sampler);
    child.kill("SIGTERM");
  }
  const code = await exited;
  if (code !== 0) recorder.error("server", `the server exited with ${code} on SIGTERM`);
  for (const line of serverErrors) recorder.error("server log", line.slice(0, 300));

  const { verified, problems, database } = verifyWrites(databasePath, users, 1);
  fs.rmSync(folder, { recursive: true, force: true });

  const operations: Record<string, OperationStats> = {};
  for (const [name, times] of [...recorder.timings].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...times].sort((a, b) => a - b);
    operations[name] = {
      count: sorted.length,
      errors: recorder.errorCounts.get(name) ?? 0,
      p50: round(percentile(sorted, 0.5)),
      p99: round(percentile(sorted, 0.99)),
      max: round(sorted.at(-1) ?? 0),
    };
  }
  const acknowledged = users.reduce((sum, user) => sum + user.beliefs.acknowledgedWrites, 0);
  return {
    users: userCount,
    durationMs,
    thinkMs,
    elapsedMs,
    requests: recorder.requests,
    requestsPerSecond: round(recorder.requests / (elapsedMs / 1000)),
    errors: recorder.errors,
    errorSamples: recorder.errorSamples,
    operations,
    writes: { acknowledged, verified, problems },
    database,
    memory,
    cpu: {
      serverSeconds: round(serverCpu),
      clientSeconds: round(clientCpu),
      serverShareOfOneCore: Math.round((serverCpu / (elapsedMs / 1000)) * 100) / 100,
    },
    machine: { node: process.version, cpus: os.cpus().length },
  };
}

/** The plan catalogue, as the Reading Plans page shows it (any account sees the same plans). */
async function listPlans(base: URL): Promise<PlanInfo[]> {
  const browser = new Browser(base, new Recorder());
  try {
    const answer = await browser.request("setup", "/api/auth/register", {
      method: "POST",
      json: { email: `soak-catalogue-${Date.now()}@example.com`, password: "soak-catalogue" },
      expect: [201],
      cookies: false,
    });
    const { token } = parseJson<{ token: string }>(answer);
    const plans = parseJson<PlanInfo[]>(
      await browser.request("setup", "/api/plans", { headers: { authorization: `Bearer ${token}` }, cookies: false }),
    );
    if (plans.length < 4) throw new Error(`expected the plan catalogue, got ${plans.length} plans`);
    return plans;
  } finally {
    browser.close();
  }
}

export function formatSoakReport(report: SoakReport): string {
  const lines: string[] = [];
  lines.push(
    `Soak: ${report.users} users (pausing ${report.thinkMs[0] / 1000}-${report.thinkMs[1] / 1000} s between actions), ${round(report.elapsedMs / 1000)} s, ${report.requests} requests (${report.requestsPerSecond} req/s), ` +
      `${report.errors} errors; writes ${report.writes.verified}/${report.writes.acknowledged} verified` +
      (report.writes.problems.length ? `, ${report.writes.problems.length} problems` : ""),
  );
  lines.push("");
  lines.push("| Operation | Requests | p50 ms | p99 ms | max ms | Errors |");
  lines.push("|---|---:|---:|---:|---:|---:|");
  for (const [name, stats] of Object.entries(report.operations)) {
    lines.push(`| ${name} | ${stats.count} | ${stats.p50} | ${stats.p99} | ${stats.max} | ${stats.errors} |`);
  }
  lines.push("");
  lines.push(
    `Database: ${report.database.users} accounts, ${report.database.studies} studies, ${report.database.librarySaves} library saves, ` +
      `${report.database.sermons} library items, ${report.database.userPlans} plans started, ${report.database.completions} days completed; integrity ${report.database.integrity}`,
  );
  lines.push(
    `Server memory (RSS): ${report.memory.rssStartMb} MB at start, ${report.memory.rssAfterRampMb} MB once everyone arrived, ` +
      `${report.memory.rssEndMb} MB at the end, ${report.memory.rssMaxMb} MB at most; live heap after full collections ` +
      (report.memory.liveHeapAfterFullGcMb.length
        ? `${report.memory.liveHeapAfterFullGcMb.join(", ")} MB`
        : "(no full collection after the ramp)"),
  );
  lines.push(
    `CPU: the server used ${report.cpu.serverSeconds} s (${Math.round(report.cpu.serverShareOfOneCore * 100)}% of one core), ` +
      `the simulated users ${report.cpu.clientSeconds} s, on ${report.machine.cpus} cores`,
  );
  for (const sample of report.errorSamples) lines.push(`error: ${sample}`);
  for (const problem of report.writes.problems) lines.push(`write problem: ${problem}`);
  return lines.join("\n");
}

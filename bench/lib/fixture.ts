import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeSite } from "../../tests/support/fake-site";
import { startChildServer, type ChildServer } from "./children";

/**
 * Users sharing the topic generation load. Requests take turns through them, so at 50
 * connections a user has one generation under way (the app allows two at once per user).
 */
export const TOPIC_USERS = 100;
export const LIBRARY_ITEMS = { manual: 300, processed: 100, savedStudies: 100 } as const;
export const TODAY_PLAN = "gospel-of-john-21-days";

export interface Account {
  id: string;
  email: string;
  token: string;
}

/**
 * The app on a fresh temporary database, seeded only through its own JSON API: the accounts and
 * data the load cells use. Built once per bench run and shared by the floor and app sections
 * (the floor reads the same database file).
 */
export interface HttpFixture {
  databasePath: string;
  app: ChildServer;
  main: Account;
  library: Account;
  topicUsers: Account[];
  seed: { ms: number; libraryItems: number; todayReading: string };
  close: () => Promise<void>;
}

async function call<T = unknown>(
  base: string,
  pathname: string,
  { method = "GET", token, body }: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(base + pathname, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Every item of a paginated list, following X-Next-Cursor (lists answer at most 100 a page). */
async function countAll(base: string, pathname: string, token: string) {
  let count = 0;
  let cursor: string | null = null;
  do {
    const response: Response = await fetch(
      `${base}${pathname}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
    count += ((await response.json()) as unknown[]).length;
    cursor = response.headers.get("x-next-cursor");
  } while (cursor);
  return count;
}

async function register(base: string, email: string): Promise<Account> {
  const answer = await call<{ token: string; user: { id: string } }>(base, "/api/auth/register", {
    method: "POST",
    body: { email, password: "bench-password-1" },
  });
  return { id: answer.user.id, email, token: answer.token };
}

/** Runs `work` over the items, `parallel` at a time. */
async function pool<T, R>(items: T[], parallel: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

const QUOTES = [
  "Grace is not opposed to effort, it is opposed to earning.",
  "God is most glorified in us when we are most satisfied in Him.",
  "Prayer does not fit us for the greater work; prayer is the greater work.",
  "The Bible is alive, it speaks to me; it has feet, it runs after me; it has hands, it lays hold of me.",
];

let fixture: Promise<HttpFixture> | undefined;

export function httpFixture(): Promise<HttpFixture> {
  fixture ??= createFixture();
  return fixture;
}

export async function closeHttpFixture() {
  if (!fixture) return;
  const current = await fixture;
  fixture = undefined;
  await current.close();
}

async function createFixture(): Promise<HttpFixture> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-bench-http-"));
  const databasePath = path.join(folder, "bench.db");
  const started = performance.now();
  // The fake article site is on loopback; the app may fetch it only with this switch. Every
  // bench account signs up from 127.0.0.1, past the default per-address sign-up limit.
  const app = await startChildServer("app.mjs", [databasePath], {
    env: { ALLOW_PRIVATE_URLS: "true", REGISTER_MAX_PER_IP: "100000" },
  });
  const base = app.url;
  const site = await startFakeSite();
  try {
    const main = await register(base, "reader@bench.example");
    const library = await register(base, "librarian@bench.example");
    const topicUsers = await pool(
      Array.from({ length: TOPIC_USERS }, (_, index) => index),
      4,
      (index) => register(base, `teacher-${index}@bench.example`),
    );

    // The main reader has seen the welcome and reads a plan whose day's devotionals are cached.
    await call(base, "/api/onboarding/progress", {
      method: "PATCH",
      token: main.token,
      body: { hasCompletedWelcome: true },
    });
    await call(base, "/api/plans/user-plans", {
      method: "POST",
      token: main.token,
      body: { planId: TODAY_PLAN, timeZone: "UTC" },
    });
    const today = await call<{ references: string[]; devotions: unknown[] }>(base, "/api/plans/user-plans/today", {
      token: main.token,
    });
    if (today.devotions.length !== 3) throw new Error("Today's devotionals were not written");

    // The library of 500: quotes and book excerpts, processed articles, saved lesson plans.
    await pool(
      Array.from({ length: LIBRARY_ITEMS.manual }, (_, index) => index),
      2,
      (index) =>
        call(base, "/api/sermons", {
          method: "POST",
          token: library.token,
          body:
            index % 3 === 0
              ? {
                  contentType: "book",
                  text: `${QUOTES[index % QUOTES.length]} (${index})`,
                  bookTitle: `Book ${index % 40}`,
                  author: `Author ${index % 25}`,
                }
              : {
                  contentType: "quote",
                  text: `${QUOTES[index % QUOTES.length]} (${index})`,
                  author: `Author ${index % 25}`,
                  source: "Sermon notes",
                },
        }),
    );
    await pool(
      Array.from({ length: LIBRARY_ITEMS.processed }, (_, index) => index),
      2,
      (index) =>
        call(base, "/api/sermons/process-url", {
          method: "POST",
          token: library.token,
          body: { url: `${site.url}/articles/generated?words=${600 + (index % 10) * 60}&n=${index}` },
        }),
    );
    const topics = ["Grace", "Prayer", "Forgiveness", "Hope", "Faith", "Patience", "Wisdom", "Joy", "Peace", "Courage"];
    await pool(
      Array.from({ length: LIBRARY_ITEMS.savedStudies }, (_, index) => index),
      2,
      async (index) => {
        const study = await call<{ id: string }>(base, "/api/studies/topic", {
          method: "POST",
          token: library.token,
          body: { topic: `${topics[index % topics.length]} ${index}` },
        });
        await call(base, `/api/library/save/${study.id}`, { method: "POST", token: library.token });
      },
    );
    const libraryItems =
      (await countAll(base, "/api/sermons", library.token)) + (await countAll(base, "/api/library", library.token));
    if (libraryItems !== LIBRARY_ITEMS.manual + LIBRARY_ITEMS.processed + LIBRARY_ITEMS.savedStudies) {
      throw new Error(`Library seeding gave ${libraryItems} items`);
    }
    return {
      databasePath,
      app,
      main,
      library,
      topicUsers,
      seed: { ms: Math.round(performance.now() - started), libraryItems, todayReading: today.references.join("; ") },
      close: async () => {
        await app.close();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app.close();
    fs.rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    await site.close();
  }
}

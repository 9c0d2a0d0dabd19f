/**
 * A database the size of a large hosted service: 100,000 users and 1,000,000 library items
 * (sermons and articles, lesson plans, library saves), with reading plans in progress, sessions
 * and cached devotionals. Written with raw prepared inserts in large transactions into a file
 * in the temp folder, with the app's own migrations (the indexes are dropped during the load
 * and rebuilt from their own definitions after), and kept for the next run: a new generator
 * version or a new migration makes a new file.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { closeDatabase, defaultMigrationsFolder, migrateDatabase, openDatabase } from "~/db.server";
import { seedDatabase } from "~/server/startup.server";
import { getAiProvider } from "~/modules/ai/index.server";
import { getAiSettings } from "~/modules/ai/settings.server";
import { devotionalSettingsKey } from "~/modules/plans/devotionals.server";
import { devotionLevels } from "~/modules/plans/levels";
import { seededRandom } from "../../tests/support/random";

const GENERATOR_VERSION = 1;
export const SCALE = {
  users: 100_000,
  sermons: 400_000,
  studies: 400_000,
  librarySaves: 200_000,
  /** Share of users reading a plan. */
  planReaders: 0.6,
} as const;

export interface ScaleDatabase {
  path: string;
  reused: boolean;
  generationSeconds: number;
  bytes: number;
  rows: Record<string, number>;
}

/**
 * How many of `total` items each of `users` users owns: most own a few, a few own hundreds
 * (a pastor's sermon archive), as libraries grow in real life.
 */
function shares(total: number, users: number, next: () => number) {
  const weights = Array.from({ length: users }, () => {
    const r = next();
    return r < 0.2 ? 0 : r < 0.99 ? 1 + next() * 6 : 40 + next() * 400;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((weight / sum) * total));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let index = 0; missing > 0; index = (index + 7919) % users) {
    if (counts[index]! > 0) {
      counts[index]! += 1;
      missing -= 1;
    }
  }
  return counts;
}

const WORDS =
  "grace faith hope love mercy prayer scripture gospel kingdom spirit truth light peace joy patience kindness goodness humility wisdom church disciple shepherd covenant promise redemption forgiveness worship service neighbor".split(
    " ",
  );

function text(next: () => number, words: number) {
  const out: string[] = [];
  for (let index = 0; index < words; index++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  return `${out.join(" ")}.`;
}

/** The token of scale user n (its session id is the SHA-256 of it, as the app stores). */
export function scaleToken(n: number) {
  return `scale-session-${n}`;
}

function journalKey() {
  const journal = JSON.parse(fs.readFileSync(path.join(defaultMigrationsFolder(), "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  return `${journal.entries.length}-${crypto.createHash("sha256").update(JSON.stringify(journal.entries)).digest("hex").slice(0, 8)}`;
}

function scaleDatabasePath() {
  return (
    process.env.BENCH_SCALE_DB ??
    path.join(os.tmpdir(), `sagacity-bench-scale-v${GENERATOR_VERSION}-m${journalKey()}.db`)
  );
}

function countRows(file: string) {
  const db = new Database(file, { readonly: true });
  const tables = [
    "users",
    "sessions",
    "sermons",
    "authors",
    "books",
    "studies",
    "library_saves",
    "user_plans",
    "user_plan_progress",
    "devotionals",
    "plan_days",
    "reading_plans",
    "ai_settings",
  ];
  const rows = Object.fromEntries(
    tables.map((table) => [table, (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n]),
  );
  db.close();
  return rows;
}

export async function ensureScaleDatabase(log: (line: string) => void = () => {}): Promise<ScaleDatabase> {
  const file = scaleDatabasePath();
  const infoFile = `${file}.json`;
  if (fs.existsSync(file) && fs.existsSync(infoFile)) {
    const info = JSON.parse(fs.readFileSync(infoFile, "utf8")) as ScaleDatabase;
    return { ...info, path: file, reused: true };
  }
  for (const stale of [file, `${file}-wal`, `${file}-shm`, infoFile]) fs.rmSync(stale, { force: true });
  log(`generating ${file} (100k users, 1M library items; about a minute or two)`);
  const started = performance.now();

  // The app's own schema, plans catalogue and AI settings row.
  const appDb = openDatabase(file);
  await migrateDatabase(appDb, { databasePath: file });
  seedDatabase(appDb);
  const provider = getAiProvider();
  const settings = getAiSettings();
  const settingsKeys = Object.fromEntries(
    devotionLevels.map((level) => [level, devotionalSettingsKey(provider, settings, level)]),
  );
  closeDatabase();

  const db = new Database(file);
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -200000");
  db.pragma("foreign_keys = OFF");
  const indexes = db
    .prepare("select name, sql from sqlite_master where type = 'index' and sql is not null")
    .all() as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`drop index "${index.name}"`);

  const next = seededRandom(20261122);
  const now = Date.now();
  const day = 86_400_000;
  const userIds: string[] = [];
  const insert = {
    user: db.prepare(
      "insert into users (id, email, password_hash, is_admin, is_active, last_active_at, created_at) values (?, ?, ?, 0, 1, ?, ?)",
    ),
    profile: db.prepare(
      "insert into user_profiles (id, user_id, favorite_teachers, study_depth_preference, time_zone, created_at, updated_at) values (?, ?, '[]', ?, ?, ?, ?)",
    ),
    onboarding: db.prepare(
      "insert into user_onboarding (id, user_id, has_completed_welcome, has_started_plan, has_created_study, has_visited_library, created_at) values (?, ?, 1, ?, ?, ?, ?)",
    ),
    session: db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)"),
    author: db.prepare("insert into authors (id, user_id, name, is_favorite, created_at) values (?, ?, ?, 0, ?)"),
    book: db.prepare(
      "insert into books (id, user_id, author_id, asin, title, author_name, amazon_url, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    sermon: db.prepare(
      "insert into sermons (id, user_id, author_id, book_id, title, url, transcript, content_type, source, author_name, ai_summary, ai_learning_bites, ai_provider, ai_model, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    study: db.prepare(
      "insert into studies (id, user_id, title, content, study_type, input, translation, ai_provider, ai_model, created_at) values (?, ?, ?, ?, ?, ?, 'BSB', 'builtin', 'builtin', ?)",
    ),
    save: db.prepare("insert into library_saves (id, user_id, study_id, created_at) values (?, ?, ?, ?)"),
    userPlan: db.prepare(
      "insert into user_plans (id, user_id, plan_id, translation, start_date, activated_at, created_at) values (?, ?, ?, ?, ?, ?, ?)",
    ),
    progress: db.prepare(
      "insert into user_plan_progress (id, user_plan_id, day_number, completed_at) values (?, ?, ?, ?)",
    ),
    devotional: db.prepare(
      "insert into devotionals (id, plan_day_id, level, translation, settings_key, content, ai_provider, ai_model, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ),
  };
  const inBatches = (count: number, write: (index: number) => void) => {
    const batch = db.transaction((from: number, to: number) => {
      for (let index = from; index < to; index++) write(index);
    });
    for (let from = 0; from < count; from += 50_000) batch(from, Math.min(count, from + 50_000));
  };

  const passwordHash = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0$bm90LWEtcmVhbC1oYXNo";
  const depths = ["beginner", "intermediate", "advanced"];
  inBatches(SCALE.users, (n) => {
    const id = crypto.randomUUID();
    userIds.push(id);
    const created = now - Math.floor(next() * 700) * day;
    insert.user.run(id, `reader${n}@scale.example`, passwordHash, now - Math.floor(next() * 30) * day, created);
    insert.profile.run(crypto.randomUUID(), id, depths[n % 3], "UTC", created, created);
    insert.onboarding.run(crypto.randomUUID(), id, 1, 1, 1, created);
    insert.session.run(crypto.createHash("sha256").update(scaleToken(n)).digest("hex"), id, now + 20 * day, now - day);
  });
  log(`  users, profiles, sessions: ${Math.round(performance.now() - started)} ms`);

  // Sermons, articles and excerpts, with authors and some books.
  const sermonCounts = shares(SCALE.sermons, SCALE.users, next);
  const transcript = Array.from({ length: 64 }, () => text(next, 110));
  const summaries = Array.from({ length: 64 }, () => text(next, 35));
  const bites = Array.from({ length: 64 }, () => JSON.stringify([text(next, 10), text(next, 12), text(next, 9)]));
  const types = ["blog", "audio", "quote", "book"];
  let sermonUser = 0;
  let sermonLeft = sermonCounts[0]!;
  let authorIds: string[] = [];
  inBatches(SCALE.sermons, (n) => {
    while (sermonLeft === 0) {
      sermonUser += 1;
      sermonLeft = sermonCounts[sermonUser]!;
      authorIds = [];
    }
    sermonLeft -= 1;
    const userId = userIds[sermonUser]!;
    const created = now - Math.floor(next() * 600 * day);
    if (authorIds.length < 3 && next() < 0.5) {
      const authorId = crypto.randomUUID();
      insert.author.run(authorId, userId, `Teacher ${Math.floor(next() * 5000)}`, created);
      authorIds.push(authorId);
    }
    const authorId = authorIds.length > 0 && next() < 0.7 ? authorIds[Math.floor(next() * authorIds.length)]! : null;
    const type = types[n % 4]!;
    let bookId: string | null = null;
    if (type === "book") {
      bookId = crypto.randomUUID();
      insert.book.run(
        bookId,
        userId,
        authorId,
        "B00SCALE01",
        `Book ${n % 997}`,
        null,
        "https://www.amazon.com/dp/B00SCALE01",
        created,
      );
    }
    const processed = type === "blog" || type === "audio";
    insert.sermon.run(
      crypto.randomUUID(),
      userId,
      authorId,
      bookId,
      `Item ${n}: ${text(next, 5)}`,
      processed ? `https://example.org/articles/${n}` : null,
      transcript[n % 64],
      type,
      processed ? `https://example.org/articles/${n}` : null,
      null,
      processed ? summaries[n % 64] : null,
      processed ? bites[n % 64] : null,
      processed ? "builtin" : null,
      processed ? "builtin" : null,
      created,
    );
  });
  log(`  sermons, authors, books: ${Math.round(performance.now() - started)} ms`);

  // Lesson plans, about half of them saved to the owner's library.
  const studyCounts = shares(SCALE.studies, SCALE.users, next);
  const lessons = Array.from(
    { length: 64 },
    () => `## Lesson\n\n${text(next, 60)}\n\n### Key scriptures\n\n- John 3:16\n\n### Discussion\n\n${text(next, 40)}`,
  );
  let saved = 0;
  let studyUser = 0;
  let studyLeft = studyCounts[0]!;
  inBatches(SCALE.studies, (n) => {
    while (studyLeft === 0) {
      studyUser += 1;
      studyLeft = studyCounts[studyUser]!;
    }
    studyLeft -= 1;
    const userId = userIds[studyUser]!;
    const id = crypto.randomUUID();
    const created = now - Math.floor(next() * 600 * day);
    const topic = WORDS[n % WORDS.length]!;
    insert.study.run(
      id,
      userId,
      `Lesson on ${topic}`,
      lessons[n % 64],
      n % 3 === 0 ? "passage" : "topic",
      n % 3 === 0 ? "John 3:16-21" : topic,
      created,
    );
    if (saved < SCALE.librarySaves && (n % 2 === 0 || SCALE.studies - n <= SCALE.librarySaves - saved)) {
      insert.save.run(crypto.randomUUID(), userId, id, created + 60_000);
      saved += 1;
    }
  });
  log(`  studies, library saves: ${Math.round(performance.now() - started)} ms`);

  // Reading plans in progress: each reader a plan or two, a few weeks of completed days.
  const plans = db.prepare("select id, days_count as days from reading_plans").all() as Array<{
    id: string;
    days: number;
  }>;
  const translations = ["NKJV", "BSB", "KJV", "WEB"];
  inBatches(Math.floor(SCALE.users * SCALE.planReaders), (n) => {
    const userId = userIds[Math.floor((n / SCALE.planReaders) % SCALE.users)]!;
    const count = next() < 0.2 ? 2 : 1;
    for (let index = 0; index < count; index++) {
      const plan = plans[(n + index * 3) % plans.length]!;
      const userPlanId = crypto.randomUUID();
      const daysAgo = Math.floor(next() * 90 + 2);
      const startDate = now - daysAgo * day;
      insert.userPlan.run(userPlanId, userId, plan.id, translations[n % 4], startDate, startDate + index, startDate);
      const done = Math.min(plan.days - 1, daysAgo - 1, Math.floor(next() * 25));
      for (let dayNumber = 1; dayNumber <= done; dayNumber++) {
        insert.progress.run(crypto.randomUUID(), userPlanId, dayNumber, startDate + dayNumber * day);
      }
    }
  });
  log(`  user plans, progress: ${Math.round(performance.now() - started)} ms`);

  // Every plan day's devotionals, cached for each translation shown and level.
  const planDayIds = (db.prepare("select id from plan_days").all() as Array<{ id: string }>).map((row) => row.id);
  const devotional = `## Devotional\n\n${text(next, 200)}`;
  inBatches(planDayIds.length, (n) => {
    for (const translation of ["BSB", "KJV", "WEB"]) {
      for (const level of devotionLevels) {
        insert.devotional.run(
          crypto.randomUUID(),
          planDayIds[n],
          level,
          translation,
          settingsKeys[level],
          devotional,
          provider.name,
          provider.model,
          now,
        );
      }
    }
  });

  const indexStarted = performance.now();
  // No ANALYZE: the query planner works without statistics, as on a new server.
  for (const index of indexes) db.exec(index.sql);
  log(`  indexes rebuilt: ${Math.round(performance.now() - indexStarted)} ms`);
  db.pragma("journal_mode = WAL");
  db.close();

  const info: ScaleDatabase = {
    path: file,
    reused: false,
    generationSeconds: Math.round((performance.now() - started) / 100) / 10,
    bytes: fs.statSync(file).size,
    rows: countRows(file),
  };
  fs.writeFileSync(infoFile, JSON.stringify(info, null, 2));
  return info;
}

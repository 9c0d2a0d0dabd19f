import crypto from "node:crypto";
import type { Config } from "~/config.server";
import { migrateDatabase, type Db } from "~/db.server";
import { purgeExpiredSessions } from "~/modules/auth/sessions.server";
import { purgeExpiredLeases } from "~/modules/jobs/leases.server";
import { seedReadingPlans } from "~/modules/plans/seed.server";
import { configureCookies } from "~/utils/cookies.server";

/**
 * What a start does to the database before the first request, in one place: the database layer
 * knows nothing of the domain, and the domain modules only read what is seeded here.
 */

const SESSION_SECRET_KEY = "session_secret";
const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Idempotent seed data every install needs: the AI settings row and the reading-plan catalogue. */
export function seedDatabase(db: Db) {
  db.$client
    .prepare("insert into ai_settings (id) select ? where not exists (select 1 from ai_settings)")
    .run(crypto.randomUUID());
  seedReadingPlans(db);
}

/**
 * SESSION_SECRET when set; otherwise a secret made at the first start and kept in app_settings,
 * so sessions outlive a restart and every process on the database signs alike. Insert-or-ignore
 * then read: two processes starting together agree on the first one written.
 */
export function cookieSecrets(db: Db, config: Pick<Config, "SESSION_SECRET">): string[] {
  if (config.SESSION_SECRET.length > 0) return config.SESSION_SECRET;
  const sqlite = db.$client;
  sqlite
    .prepare("insert into app_settings (key, value, updated_at) values (?, ?, ?) on conflict (key) do nothing")
    .run(SESSION_SECRET_KEY, crypto.randomBytes(32).toString("base64url"), Date.now());
  const row = sqlite.prepare("select value from app_settings where key = ?").get(SESSION_SECRET_KEY) as { value: string };
  return [row.value];
}

/** Migrates (with a backup of an existing database first), seeds and sets up the cookie secrets. */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, "SESSION_SECRET" | "COOKIE_SECURE">,
  { databasePath, migrationsFolder }: { databasePath: string; migrationsFolder?: string },
) {
  const migration = await migrateDatabase(db, { migrationsFolder, databasePath });
  seedDatabase(db);
  await configureCookies({ secrets: cookieSecrets(db, config), secure: config.COOKIE_SECURE });
  return migration;
}

/** Deletes expired sessions and leases now and every hour after (the tables would otherwise only grow). */
export function startSessionPurge(log: (message: string) => void) {
  const purge = () => {
    try {
      purgeExpiredSessions();
      purgeExpiredLeases();
    } catch (error) {
      log(`Purging expired sessions failed: ${String(error)}`);
    }
  };
  purge();
  const timer = setInterval(purge, SESSION_PURGE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

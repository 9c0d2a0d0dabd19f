import crypto from "node:crypto";
import type { Config } from "~/config.server";
import { isReplica } from "~/db-role.server";
import { defaultMigrationsFolder, migrateDatabase, pendingMigrationCount, type Db } from "~/db.server";
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

export const REPLICA_NOTICE =
  "Read-only replica (LiteFS): migrations, seeding and session upkeep are left to the primary";

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
 * then read: two processes starting together agree on the first one written. A read-only replica
 * (`writable` false) reads the one the primary made.
 */
export function cookieSecrets(db: Db, config: Pick<Config, "SESSION_SECRET">, { writable = true } = {}): string[] {
  if (config.SESSION_SECRET.length > 0) return config.SESSION_SECRET;
  const sqlite = db.$client;
  if (writable) {
    sqlite
      .prepare("insert into app_settings (key, value, updated_at) values (?, ?, ?) on conflict (key) do nothing")
      .run(SESSION_SECRET_KEY, crypto.randomBytes(32).toString("base64url"), Date.now());
  }
  const row = sqlite.prepare("select value from app_settings where key = ?").get(SESSION_SECRET_KEY) as
    { value: string } | undefined;
  if (!row)
    throw new Error("This replica's database holds no session secret yet: the primary makes it at its first start.");
  return [row.value];
}

/**
 * Migrates (with a backup of an existing database first), seeds and sets up the cookie secrets.
 * A read-only replica (LiteFS) writes nothing: the primary has migrated and seeded, and LiteFS
 * copied it. One whose database is behind this code (a deploy under way, the primary not yet
 * migrated) cannot serve it: it throws, the process exits non-zero and the machine restarts later.
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, "SESSION_SECRET" | "COOKIE_SECURE">,
  { databasePath, migrationsFolder = defaultMigrationsFolder() }: { databasePath: string; migrationsFolder?: string },
) {
  if (isReplica(databasePath)) {
    const pending = pendingMigrationCount(db, migrationsFolder);
    if (pending > 0) {
      throw new Error(
        `This machine is a read-only replica and its database lacks ${pending} migration(s) this code needs; ` +
          "the primary applies them at its start. Exiting so the machine restarts once it has.",
      );
    }
    await configureCookies({ secrets: cookieSecrets(db, config, { writable: false }), secure: config.COOKIE_SECURE });
    return { applied: 0, replica: true };
  }
  const migration = await migrateDatabase(db, { migrationsFolder, databasePath });
  seedDatabase(db);
  await configureCookies({ secrets: cookieSecrets(db, config), secure: config.COOKIE_SECURE });
  return { ...migration, replica: false };
}

/**
 * Deletes expired sessions and leases now and every hour after (the tables would otherwise only
 * grow). Checked at each run, as a replica may become the primary: only the primary deletes.
 */
export function startSessionPurge(log: (message: string) => void) {
  const purge = () => {
    if (isReplica()) return;
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

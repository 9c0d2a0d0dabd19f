/**
 * Accounts for tests that are not about signing up: the rows a sign-up writes (the user, its
 * profile and onboarding rows, the first account an admin) and a session, inserted straight into
 * a running server's database. Sign-up hashes the password with argon2 (about 0.1 s of a core and
 * 19 MB each); these reuse one hash made once per password, as epic-stack's Playwright fixtures do.
 */
import crypto from "node:crypto";
import { hash } from "@node-rs/argon2";
import Database from "better-sqlite3";

// The app's own parameters (app/modules/auth/password.server.ts): a seeded account signs in like any other.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Made once with ARGON2 for the passwords the fixtures use; any other is hashed once per process. */
const hashes = new Map<string, Promise<string>>([
  [
    "correct horse",
    Promise.resolve(
      "$argon2id$v=19$m=19456,t=2,p=1$PwXLe0EFbhPOXrr0HwbWEg$rv6yYLMnsH58u6a+IBPRVQntOYPBWLVF0egCGHvzDHY",
    ),
  ],
  [
    "reader-password",
    Promise.resolve(
      "$argon2id$v=19$m=19456,t=2,p=1$18d2OpV8PIqURYMnJb3zbw$6M8oFVSKPa0/oJwA7d9stHPJSzuAY3br+XxMehTaLNA",
    ),
  ],
]);

function passwordHash(password: string) {
  let made = hashes.get(password);
  if (!made) hashes.set(password, (made = hash(password, ARGON2)));
  return made;
}

/** SESSION_TTL_DAYS' default. */
const SESSION_TTL_MS = 30 * 24 * 3_600_000;

/**
 * Inserts an account with a session into the database at `databasePath` (the server keeps
 * running: one short write transaction). The token works as a bearer token and as the cookie.
 */
export async function insertAccount(databasePath: string, email: string, password: string) {
  const passwordHashed = await passwordHash(password);
  const db = new Database(databasePath, { timeout: 10_000 });
  try {
    const token = crypto.randomBytes(32).toString("base64url");
    const now = Date.now();
    const id = crypto.randomUUID();
    const isAdmin = db
      .transaction(() => {
        const { count } = db.prepare("select count(*) as count from users").get() as { count: number };
        db.prepare("insert into users (id, email, password_hash, is_admin, last_active_at) values (?, ?, ?, ?, ?)").run(
          id,
          email,
          passwordHashed,
          count === 0 ? 1 : 0,
          now,
        );
        db.prepare("insert into user_profiles (id, user_id) values (?, ?)").run(crypto.randomUUID(), id);
        db.prepare("insert into user_onboarding (id, user_id) values (?, ?)").run(crypto.randomUUID(), id);
        db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(
          crypto.createHash("sha256").update(token).digest("hex"),
          id,
          now + SESSION_TTL_MS,
          now,
        );
        return count === 0;
      })
      .immediate();
    return { id, token, isAdmin };
  } finally {
    db.close();
  }
}

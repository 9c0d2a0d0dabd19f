import crypto from "node:crypto";
import { getConfig } from "~/config.server";
import { isReplica } from "~/db-role.server";
import { preparedStatements } from "~/db.server";

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function sessionTtlMs() {
  return getConfig().SESSION_TTL_DAYS * DAY_MS;
}

// Session lookup runs on every request: prepared once per connection, not rebuilt each time.
const statements = preparedStatements({
  lookup: `select u.id, u.email, u.is_admin as isAdmin, u.is_active as isActive,
                  u.last_active_at as lastActiveAt, s.expires_at as expiresAt
             from sessions s join users u on u.id = s.user_id
            where s.id = ?`,
  touchUser: "update users set last_active_at = ? where id = ?",
  extend: "update sessions set expires_at = ? where id = ?",
  insert: "insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)",
  revoke: "delete from sessions where id = ?",
  revokeUser: "delete from sessions where user_id = ?",
  purge: "delete from sessions where expires_at <= ?",
});

export function createSession(userId: string, now = Date.now()) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + sessionTtlMs());
  const stmts = statements();
  stmts.insert.run(hashToken(token), userId, expiresAt.getTime(), now);
  stmts.touchUser.run(now, userId);
  return { token, expiresAt };
}

/**
 * The user behind a session token, or null when the token is unknown, expired, revoked or the
 * account was deactivated. Keeps lastActiveAt current (at most one write a minute) and slides the
 * expiry forward once half of it has passed. A read-only replica (LiteFS) only reads: the next
 * request that reaches the primary does this bookkeeping.
 */
export function findSessionUser(token: string, now = Date.now()): SessionUser | null {
  const stmts = statements();
  const id = hashToken(token);
  const row = stmts.lookup.get(id) as
    | {
        id: string;
        email: string;
        isAdmin: number;
        isActive: number;
        lastActiveAt: number | null;
        expiresAt: number;
      }
    | undefined;
  if (!row) return null;
  const writable = !isReplica();
  if (row.expiresAt <= now) {
    if (writable) stmts.revoke.run(id);
    return null;
  }
  if (!row.isActive) return null;
  if (writable) {
    if (row.lastActiveAt === null || now - row.lastActiveAt >= ACTIVITY_WRITE_INTERVAL_MS) {
      stmts.touchUser.run(now, row.id);
    }
    const ttl = sessionTtlMs();
    if (row.expiresAt - now < ttl / 2) stmts.extend.run(now + ttl, id);
  }
  return { id: row.id, email: row.email, isAdmin: Boolean(row.isAdmin) };
}

export function revokeSession(token: string) {
  statements().revoke.run(hashToken(token));
}

/** Ends every session of a user at once (deactivation, deletion, password change). */
export function revokeUserSessions(userId: string) {
  statements().revokeUser.run(userId);
}

export function purgeExpiredSessions(now = Date.now()) {
  return statements().purge.run(now).changes;
}

import crypto from "node:crypto";
import { and, eq, gt, isNull, lte, ne, or } from "drizzle-orm";
import { passwordResetTokens, sessions, users } from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb } from "~/db.server";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { userIdByEmail } from "~/modules/auth/accounts.server";
import { beginLoginAttempt } from "~/modules/auth/rate-limit.server";
import { hashToken, type SessionUser } from "~/modules/auth/sessions.server";
import { ConflictError, NotFoundError, ServiceBusyError, ValidationError } from "~/utils/errors";
import { RESET_LINK_INVALID } from "~/modules/account/password";

export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";
export const RESET_LINK_DEACTIVATED = "This account is deactivated. Reactivate it first, then make a reset link.";

/**
 * Checks the password of a signed-in user, counted with the sign-in failures of that email and
 * address: a stolen session cannot be used to guess the password faster than the sign-in page.
 * A wrong password is a 400 (never 401, which would sign the client out).
 */
export async function confirmPassword(
  user: SessionUser,
  password: string,
  clientAddress: string,
  field: "currentPassword" | "password",
) {
  const attempt = beginLoginAttempt(user.email, clientAddress);
  const row = getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  let valid: boolean;
  try {
    valid = row ? await verifyPassword(row.passwordHash, password) : false;
  } catch (error) {
    if (error instanceof ServiceBusyError) attempt.abandoned();
    throw error;
  }
  if (!valid) {
    attempt.failed();
    const message = field === "currentPassword" ? CURRENT_PASSWORD_WRONG : "Password is incorrect";
    throw new ValidationError(message, { [field]: [message] });
  }
  attempt.succeeded();
}

/**
 * Changes a signed-in user's password. Every other session of theirs ends (a thief's included);
 * the one making the change stays signed in. Unused reset links stop working too.
 */
export async function changePassword(
  user: SessionUser,
  currentSessionToken: string,
  input: { currentPassword: string; newPassword: string },
  clientAddress: string,
) {
  await confirmPassword(user, input.currentPassword, clientAddress, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  const keep = hashToken(currentSessionToken);
  getDb().transaction(
    (tx) => {
      tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
      tx.delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, keep)))
        .run();
      tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).run();
    },
    { behavior: "immediate" },
  );
}

/** Where reset links made on the command line start: PUBLIC_URL when set, else this server's own port. */
export function commandLineLinkBase() {
  const base = getConfig().PUBLIC_URL ?? `http://localhost:${getConfig().PORT}`;
  return base.replace(/\/+$/, "");
}

/**
 * A one-time link that lets the user set a new password, valid 24 hours. Only the token's hash is
 * stored, so the link exists only in this answer. A new link replaces the user's unused ones. A
 * deactivated account gets none (409): its owner could not sign in with the new password anyway,
 * and an admin who means it reactivates the account first.
 */
export function createResetLink(userId: string, base: string, now = Date.now()) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now + RESET_LINK_TTL_MS);
  getDb().transaction(
    (tx) => {
      const user = tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId)).get();
      if (!user) throw new NotFoundError("User not found");
      if (!user.isActive) throw new ConflictError(RESET_LINK_DEACTIVATED);
      tx.delete(passwordResetTokens)
        .where(or(eq(passwordResetTokens.userId, userId), lte(passwordResetTokens.expiresAt, new Date(now))))
        .run();
      tx.insert(passwordResetTokens)
        .values({ tokenHash: hashToken(token), userId, expiresAt })
        .run();
    },
    { behavior: "immediate" },
  );
  return { url: `${base}/reset-password?token=${token}`, expiresAt };
}

/** `npm run admin -- reset-link EMAIL` */
export function createResetLinkForEmail(email: string, base: string) {
  return createResetLink(userIdByEmail(email), base);
}

/** The account a reset token opens, or null when it is unknown, used, expired or deactivated (reads only). */
export function findResetToken(token: string, now = Date.now()) {
  const row = getDb()
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      email: users.email,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        eq(users.isActive, true),
      ),
    )
    .get();
  return row && row.expiresAt.getTime() > now ? row : null;
}

/**
 * Sets a new password through a reset link. The link is spent in the same transaction that
 * changes the password (two tabs racing with one link: the second is refused), and every session
 * of the account ends.
 */
export async function resetPassword(input: { token: string; newPassword: string }) {
  if (!findResetToken(input.token)) throw new ValidationError(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(input.newPassword);
  getDb().transaction(
    (tx) => {
      const now = Date.now();
      const spent = tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date(now) })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(input.token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date(now)),
          ),
        )
        .returning({ userId: passwordResetTokens.userId })
        .get();
      if (!spent) throw new ValidationError(RESET_LINK_INVALID);
      // Deactivated while the password was being hashed: the rollback leaves the link unspent.
      const changed = tx
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, spent.userId), eq(users.isActive, true)))
        .run();
      if (changed.changes !== 1) throw new ValidationError(RESET_LINK_INVALID);
      tx.delete(sessions).where(eq(sessions.userId, spent.userId)).run();
    },
    { behavior: "immediate" },
  );
}

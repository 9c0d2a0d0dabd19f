import { and, eq, sql } from "drizzle-orm";
import { userOnboarding, userProfiles, users } from "#db/schema";
import { getDb } from "~/db.server";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from "~/utils/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.server";
import { beginLoginAttempt } from "./rate-limit.server";
import type { SessionUser } from "./sessions.server";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const ACCOUNT_DEACTIVATED =
  "This account has been deactivated. Please contact your administrator.";

function isUniqueViolation(error: unknown) {
  return (
    error instanceof Error &&
    "code" in error &&
    (error as { code: string }).code === "SQLITE_CONSTRAINT_UNIQUE"
  );
}

/**
 * Creates an account with its profile and onboarding rows. The first account on an empty
 * database becomes an admin; the check and the insert share one transaction.
 */
export async function registerUser(input: { email: string; password: string }): Promise<SessionUser> {
  const db = getDb();
  const existing = db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
  if (existing) throw new ConflictError("An account with this email already exists");

  const passwordHash = await hashPassword(input.password);
  try {
    return db.transaction((tx) => {
      const { count } = tx
        .select({ count: sql<number>`count(*)` })
        .from(users)
        .get()!;
      const user = tx
        .insert(users)
        .values({ email: input.email, passwordHash, isAdmin: count === 0 })
        .returning({ id: users.id, email: users.email, isAdmin: users.isAdmin })
        .get();
      tx.insert(userProfiles).values({ userId: user.id }).run();
      tx.insert(userOnboarding).values({ userId: user.id }).run();
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError("An account with this email already exists");
    }
    throw error;
  }
}

/**
 * Checks an email and password. Failures are counted per email and per client address; past the
 * limit the answer is a 429 whatever the password.
 */
export async function verifyLogin(
  input: { email: string; password: string },
  clientAddress: string,
): Promise<SessionUser> {
  const attempt = beginLoginAttempt(input.email, clientAddress);
  const user = getDb()
    .select()
    .from(users)
    .where(eq(users.email, input.email))
    .get();
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    attempt.failed();
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  attempt.succeeded();
  // Told only to someone who knows the password, so it reveals nothing to a guesser.
  if (!user.isActive) throw new ForbiddenError(ACCOUNT_DEACTIVATED);
  return { id: user.id, email: user.email, isAdmin: user.isAdmin };
}

/**
 * Whether an active admin account exists. The desktop app shares on the network only then:
 * before it, the first person there to register would become the admin.
 */
export function hasAdminAccount() {
  const admin = getDb()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .limit(1)
    .get();
  return admin !== undefined;
}

/** Used by the `npm run admin` command line. */
export function setAdminByEmail(email: string, isAdmin: boolean) {
  const updated = getDb()
    .update(users)
    .set({ isAdmin })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id })
    .get();
  if (!updated) throw new NotFoundError(`No account with the email ${email}`);
  return updated;
}

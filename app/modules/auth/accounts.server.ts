import { and, eq, sql } from "drizzle-orm";
import { userOnboarding, userProfiles, users } from "#db/schema";
import { getDb } from "~/db.server";
import { ConflictError, ForbiddenError, NotFoundError, ServiceBusyError, UnauthorizedError } from "~/utils/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.server";
import { beginLoginAttempt, rememberSignInAddress } from "./rate-limit.server";
import type { SessionUser } from "./sessions.server";
import { admitSignUp, chargeTakenEmail, claimSignUp, releaseSignUp } from "./signup.server";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const ACCOUNT_DEACTIVATED = "This account has been deactivated. Please contact your administrator.";

function isUniqueViolation(error: unknown) {
  return error instanceof Error && "code" in error && (error as { code: string }).code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * Creates an account with its profile and onboarding rows. The first account on an empty
 * database becomes an admin; the check and the insert share one transaction. Sign-ups from the
 * network (`clientAddress` given) must pass the sign-up mode and the per-address limit (which a
 * valid invite or group join code skips), both before the password is hashed; `null` is for the
 * server's own setup (tests, command line).
 */
export async function registerUser(
  input: { email: string; password: string; inviteCode?: string; groupCode?: string },
  clientAddress: string | null,
): Promise<SessionUser> {
  const db = getDb();
  const admission = clientAddress === null ? null : admitSignUp(input, clientAddress);
  const existing = db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
  if (existing) {
    if (admission) chargeTakenEmail(admission);
    throw new ConflictError("An account with this email already exists");
  }

  let passwordHash: string;
  try {
    passwordHash = await hashPassword(input.password);
  } catch (error) {
    // A sign-up the busy server turned away does not use up any allowance.
    if (error instanceof ServiceBusyError && admission) releaseSignUp(admission);
    throw error;
  }
  let user: SessionUser;
  try {
    user = db.transaction(
      (tx) => {
        const { count } = tx
          .select({ count: sql<number>`count(*)` })
          .from(users)
          .get()!;
        const created = tx
          .insert(users)
          .values({ email: input.email, passwordHash, isAdmin: count === 0 })
          .returning({ id: users.id, email: users.email, isAdmin: users.isAdmin })
          .get();
        if (admission) claimSignUp(tx, created.id, admission, count === 0);
        tx.insert(userProfiles).values({ userId: created.id }).run();
        tx.insert(userOnboarding).values({ userId: created.id }).run();
        return created;
      },
      { behavior: "immediate" },
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      if (admission) chargeTakenEmail(admission);
      throw new ConflictError("An account with this email already exists");
    }
    throw error;
  }
  if (clientAddress !== null) rememberSignInAddress(user.email, clientAddress);
  return user;
}

/**
 * Checks an email and password. Failures are counted per email and address together, per address
 * and per email (see rate-limit.server.ts); past a limit the answer is a 429 whatever the password.
 */
export async function verifyLogin(
  input: { email: string; password: string },
  clientAddress: string,
): Promise<SessionUser> {
  const attempt = beginLoginAttempt(input.email, clientAddress);
  const user = getDb().select().from(users).where(eq(users.email, input.email)).get();
  let valid: boolean;
  try {
    valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  } catch (error) {
    if (error instanceof ServiceBusyError) attempt.abandoned();
    throw error;
  }
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

/** Used by the `npm run admin` command line. */
export function userIdByEmail(email: string) {
  const user = getDb().select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).get();
  if (!user) throw new NotFoundError(`No account with the email ${email}`);
  return user.id;
}

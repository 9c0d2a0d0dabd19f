import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { appSettings, invites, users } from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb, type Db } from "~/db.server";
import { signupModes, type InviteListItem, type SignupMode, type SignupSettings } from "./schemas";
import { lookupGroupByInviteCode } from "~/modules/groups/membership.server";
import { ConflictError, ForbiddenError, NotFoundError } from "~/utils/errors";
import { chargeGroupSignUp, chargeSignUp, refundGroupSignUp, refundSignUp } from "./rate-limit.server";
import { hashToken } from "./sessions.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const MODE_KEY = "signup_mode";
const DAY_MS = 24 * 60 * 60 * 1000;

export const SIGNUP_CLOSED = "Sign-up is closed on this server. Ask an administrator for an account.";
export const INVITE_REQUIRED =
  "Sign-up on this server is by invitation. Enter the invite code an administrator gave you.";
export const INVITE_INVALID = "This invite code is not valid. It may have been used, revoked or have expired.";

/**
 * The sign-up mode in force: SIGNUP_MODE, else the admin's choice. While the desktop app shares
 * on the local network (SHARED_ON_LAN), open sign-up takes an invite: anyone on that Wi-Fi can
 * reach the leader's computer. The admin's choice is kept for when sharing ends.
 */
export function getSignupSettings(): SignupSettings {
  const { SIGNUP_MODE: fixed, SHARED_ON_LAN: shared } = getConfig();
  const atMostInvite = (mode: SignupMode): SignupMode => (shared && mode === "open" ? "invite" : mode);
  if (fixed) return { mode: atMostInvite(fixed), fixedByServer: true };
  const row = getDb().select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MODE_KEY)).get();
  const stored = signupModes.find((mode) => mode === row?.value);
  return { mode: atMostInvite(stored ?? "open"), fixedByServer: false };
}

export function setSignupMode(mode: SignupMode): SignupSettings {
  if (getConfig().SIGNUP_MODE) {
    throw new ConflictError("The sign-up mode is fixed by the server's SIGNUP_MODE setting");
  }
  getDb()
    .insert(appSettings)
    .values({ key: MODE_KEY, value: mode, updatedAt: new Date() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: mode, updatedAt: new Date() } })
    .run();
  return getSignupSettings();
}

function hasUsers(db: Db | Tx) {
  return (
    db
      .select({ one: sql`1` })
      .from(users)
      .limit(1)
      .get() !== undefined
  );
}

function pendingInviteByCode(db: Db | Tx, code: string, now: number) {
  return db
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(invites.codeHash, hashToken(code)), isNull(invites.usedAt), gt(invites.expiresAt, new Date(now))))
    .get();
}

/**
 * What let a sign-up from the network in, decided before the password is hashed: a valid admin
 * invite (claimed with the account), a group's join code (counted against the group), or the
 * address's own allowance (counted against the address).
 */
export type SignUpAdmission =
  | { by: "invite"; clientAddress: string; inviteCode: string }
  | { by: "group"; clientAddress: string; groupId: string }
  | { by: "address"; clientAddress: string };

/**
 * Whether this sign-up may go ahead and what it is counted against, checked before any hashing.
 * The very first account (the admin of a new install) is always allowed, whatever the mode. Only
 * a code that is valid now skips the address's limit: a wrong, used or revoked one counts against
 * the address like any sign-up, so codes cannot be tried faster than accounts can be made.
 */
export function admitSignUp(
  input: { inviteCode?: string; groupCode?: string },
  clientAddress: string,
  now = Date.now(),
): SignUpAdmission {
  const { mode } = getSignupSettings();
  const db = getDb();
  if (hasUsers(db)) {
    if (mode === "closed") throw new ForbiddenError(SIGNUP_CLOSED);
    if (input.inviteCode && pendingInviteByCode(db, input.inviteCode, now)) {
      return { by: "invite", clientAddress, inviteCode: input.inviteCode };
    }
    if (mode === "invite") throw new ForbiddenError(input.inviteCode ? INVITE_INVALID : INVITE_REQUIRED);
    const group = input.groupCode ? lookupGroupByInviteCode(input.groupCode) : undefined;
    if (group && chargeGroupSignUp(group.id, now)) return { by: "group", clientAddress, groupId: group.id };
  }
  // Counted before the email is looked up, so the limit also slows probing for taken emails.
  chargeSignUp(clientAddress, now);
  return { by: "address", clientAddress };
}

/** The busy server turned the sign-up away before hashing: it uses up nothing. */
export function releaseSignUp(admission: SignUpAdmission) {
  if (admission.by === "address") refundSignUp(admission.clientAddress);
  if (admission.by === "group") refundGroupSignUp(admission.groupId);
}

/**
 * The email is taken. Telling so reveals an account, so it costs the address's allowance even
 * with a code: a valid code must not make probing for accounts free.
 */
export function chargeTakenEmail(admission: SignUpAdmission) {
  if (admission.by === "address") return;
  releaseSignUp(admission);
  chargeSignUp(admission.clientAddress);
}

/**
 * The same rules inside the transaction that creates the account, where they cannot race: two
 * "first" accounts or two uses of one invite. An invite that let the sign-up in is marked used by
 * the new account here, whatever the mode: without it the sign-up would have been counted.
 */
export function claimSignUp(
  tx: Tx,
  userId: string,
  admission: SignUpAdmission,
  isFirstAccount: boolean,
  now = Date.now(),
) {
  if (isFirstAccount) return;
  const { mode } = getSignupSettings();
  if (mode === "closed") throw new ForbiddenError(SIGNUP_CLOSED);
  if (admission.by === "invite") {
    const claimed = tx
      .update(invites)
      .set({ usedAt: new Date(now), usedBy: userId })
      .where(
        and(
          eq(invites.codeHash, hashToken(admission.inviteCode)),
          isNull(invites.usedAt),
          gt(invites.expiresAt, new Date(now)),
        ),
      )
      .run();
    if (claimed.changes !== 1) throw new ForbiddenError(INVITE_INVALID);
    return;
  }
  if (mode === "invite") throw new ForbiddenError(INVITE_REQUIRED);
}

function toListItem(row: { id: string; hint: string; createdAt: Date; expiresAt: Date }): InviteListItem {
  return { id: row.id, hint: row.hint, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

/** A new invite; its code is returned only here (the database keeps its hash). */
export function createInvite(adminId: string, expiresInDays: number, now = Date.now()) {
  const code = crypto.randomBytes(18).toString("base64url");
  const db = getDb();
  return db.transaction(
    (tx) => {
      // Expired invites that were never used mean nothing any more.
      tx.delete(invites)
        .where(and(isNull(invites.usedAt), lte(invites.expiresAt, new Date(now))))
        .run();
      const row = tx
        .insert(invites)
        .values({
          codeHash: hashToken(code),
          hint: code.slice(0, 4),
          createdBy: adminId,
          createdAt: new Date(now),
          expiresAt: new Date(now + expiresInDays * DAY_MS),
        })
        .returning({ id: invites.id, hint: invites.hint, createdAt: invites.createdAt, expiresAt: invites.expiresAt })
        .get();
      return { invite: toListItem(row), code, path: `/register?invite=${code}` };
    },
    { behavior: "immediate" },
  );
}

/** Invites not yet used, revoked or expired, soonest to expire first. */
export function listPendingInvites(now = Date.now()): InviteListItem[] {
  return getDb()
    .select({ id: invites.id, hint: invites.hint, createdAt: invites.createdAt, expiresAt: invites.expiresAt })
    .from(invites)
    .where(and(isNull(invites.usedAt), gt(invites.expiresAt, new Date(now))))
    .orderBy(asc(invites.expiresAt))
    .all()
    .map(toListItem);
}

/** Revoking deletes a pending invite; a used one is history and cannot be revoked. */
export function revokeInvite(inviteId: string) {
  const removed = getDb()
    .delete(invites)
    .where(and(eq(invites.id, inviteId), isNull(invites.usedAt)))
    .returning({ id: invites.id })
    .get();
  if (!removed) throw new NotFoundError("Invite not found");
}

import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { appSettings, invites, users } from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb, type Db } from "~/db.server";
import { signupModes, type InviteListItem, type SignupMode, type SignupSettings } from "~/modules/admin/schemas";
import { ConflictError, ForbiddenError, NotFoundError } from "~/utils/errors";
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
 * Whether this sign-up may go ahead, checked before any hashing. The very first account (the
 * admin of a new install) is always allowed, whatever the mode.
 */
export function assertSignUpPermitted(inviteCode: string | undefined, now = Date.now()) {
  const { mode } = getSignupSettings();
  if (mode === "open") return;
  const db = getDb();
  if (!hasUsers(db)) return;
  if (mode === "closed") throw new ForbiddenError(SIGNUP_CLOSED);
  if (!inviteCode) throw new ForbiddenError(INVITE_REQUIRED);
  if (!pendingInviteByCode(db, inviteCode, now)) throw new ForbiddenError(INVITE_INVALID);
}

/**
 * The same rules inside the transaction that creates the account, where they cannot race: two
 * "first" accounts or two uses of one invite. An invite is marked used by the new account here.
 */
export function claimSignUp(
  tx: Tx,
  userId: string,
  inviteCode: string | undefined,
  isFirstAccount: boolean,
  now = Date.now(),
) {
  if (isFirstAccount) return;
  const { mode } = getSignupSettings();
  if (mode === "open") return;
  if (mode === "closed") throw new ForbiddenError(SIGNUP_CLOSED);
  if (!inviteCode) throw new ForbiddenError(INVITE_REQUIRED);
  const claimed = tx
    .update(invites)
    .set({ usedAt: new Date(now), usedBy: userId })
    .where(
      and(eq(invites.codeHash, hashToken(inviteCode)), isNull(invites.usedAt), gt(invites.expiresAt, new Date(now))),
    )
    .run();
  if (claimed.changes !== 1) throw new ForbiddenError(INVITE_INVALID);
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

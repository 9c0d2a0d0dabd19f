import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { users } from "#db/schema";
import { getDb, type Db } from "~/db.server";
import { revokeUserSessions } from "~/modules/auth/sessions.server";
import { ConflictError, NotFoundError, ValidationError } from "~/utils/errors";
import { afterCursor, toPage, type Page, type PageRequest } from "~/utils/pagination.server";
import type { AdminUserListItem, AdminUserUpdate } from "./schemas";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const listColumns = {
  id: users.id,
  email: users.email,
  isAdmin: users.isAdmin,
  isActive: users.isActive,
  createdAt: users.createdAt,
  // Correlated counts in the same statement (both use a user_id index): one query for the page.
  // (Written out in SQL: drizzle drops the table name from columns, which would be ambiguous here.)
  readingPlansStarted: sql<number>`(select count(*) from "user_plans" "up" where "up"."user_id" = "users"."id")`,
  studiesCreated: sql<number>`(select count(*) from "studies" "s" where "s"."user_id" = "users"."id")`,
};

type ListRow = SelectResultFields<typeof listColumns>;

function toListItem(row: ListRow): AdminUserListItem {
  return {
    id: row.id,
    email: row.email,
    isAdmin: row.isAdmin,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    stats: { readingPlansStarted: Number(row.readingPlansStarted), studiesCreated: Number(row.studiesCreated) },
  };
}

/** A page of the accounts with their usage stats, newest first; `query` keeps emails that contain it. */
export function listUsers({ limit, cursor, query }: PageRequest & { query?: string }): Page<AdminUserListItem> {
  const words = query?.trim().toLowerCase();
  // LIKE's own wildcards in the admin's text are matched as themselves.
  const pattern = words ? `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const rows = getDb()
    .select({ ...listColumns, rowid: sql<number>`"users".rowid` })
    .from(users)
    .where(
      and(
        pattern ? sql`lower(${users.email}) like ${pattern} escape '\\'` : undefined,
        afterCursor(cursor, users.createdAt, sql`"users".rowid`),
      ),
    )
    .orderBy(desc(users.createdAt), desc(sql`"users".rowid`))
    .limit(limit + 1)
    .all();
  return toPage(rows, limit, toListItem);
}

function findUser(tx: Tx, userId: string) {
  const user = tx
    .select({ id: users.id, isAdmin: users.isAdmin, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) throw new NotFoundError("User not found");
  return user;
}

/** The rule that keeps someone able to run the app: at least one active admin must remain. */
function assertAnotherActiveAdmin(tx: Tx, userId: string, message: string) {
  const other = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, userId)))
    .limit(1)
    .get();
  if (!other) throw new ConflictError(message);
}

/**
 * Activates or deactivates an account, or grants or revokes admin. An admin cannot deactivate or
 * demote themselves, and the last active admin stays. Deactivation ends the user's sessions at once.
 */
export function updateUser(actorId: string, userId: string, change: AdminUserUpdate): AdminUserListItem {
  const db = getDb();
  db.transaction(
    (tx) => {
      const target = findUser(tx, userId);
      if ("isActive" in change) {
        if (!change.isActive) {
          if (userId === actorId) throw new ValidationError("You cannot deactivate your own account");
          if (target.isAdmin && target.isActive) {
            assertAnotherActiveAdmin(tx, userId, "The last active admin cannot be deactivated");
          }
        }
        tx.update(users).set({ isActive: change.isActive }).where(eq(users.id, userId)).run();
        if (!change.isActive) revokeUserSessions(userId);
      } else {
        if (!change.isAdmin) {
          if (userId === actorId) throw new ValidationError("You cannot remove your own admin access");
          if (target.isAdmin && target.isActive) {
            assertAnotherActiveAdmin(tx, userId, "The last active admin cannot lose admin access");
          }
        }
        tx.update(users).set({ isAdmin: change.isAdmin }).where(eq(users.id, userId)).run();
      }
    },
    { behavior: "immediate" },
  );
  return toListItem(db.select(listColumns).from(users).where(eq(users.id, userId)).get()!);
}

/**
 * Deletes an account and everything it owns (profile, onboarding, authors, books, sermons, studies,
 * saves, plans and their progress, sessions) in one transaction: the rows go through the foreign
 * keys' ON DELETE CASCADE, so a table added later cannot be forgotten here.
 */
export function deleteUser(actorId: string, userId: string) {
  getDb().transaction(
    (tx) => {
      const target = findUser(tx, userId);
      if (userId === actorId) throw new ValidationError("You cannot delete your own account");
      if (target.isAdmin && target.isActive) {
        assertAnotherActiveAdmin(tx, userId, "The last active admin cannot be deleted");
      }
      revokeUserSessions(userId);
      tx.delete(users).where(eq(users.id, userId)).run();
    },
    { behavior: "immediate" },
  );
}

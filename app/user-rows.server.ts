import { eq, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { requirePrimary } from "~/db-role.server";
import { getDb, preparedQuery } from "~/db.server";

/** A table whose rows belong to one user each (a user_id column). */
type UserTable = SQLiteTable & { userId: SQLiteColumn };

/**
 * The reader of a row every account has from sign-up (its profile, its onboarding marks). It
 * reads first: the row almost always exists, and a read needs no write lock. An account from
 * before the table has none: the row is made then, with the table's defaults, on the primary (a
 * replica has the request replayed there).
 */
export function userRowReader<Table extends UserTable>(table: Table) {
  type Row = Table["$inferSelect"];
  const rowQuery = preparedQuery((db) =>
    db
      .select()
      .from(table as SQLiteTable)
      .where(eq(table.userId, sql.placeholder("userId")))
      .prepare(),
  );
  const find = (userId: string) => rowQuery().get({ userId }) as Row | undefined;
  return (userId: string): Row => {
    const row = find(userId);
    if (row) return row;
    requirePrimary();
    getDb()
      .insert(table)
      .values({ userId } as Table["$inferInsert"])
      .onConflictDoNothing()
      .run();
    return find(userId)!;
  };
}

/** How many rows of `table` the user has (read from its user_id index alone). */
export function countUserRows(table: UserTable, userId: string): number {
  return (
    getDb()
      .select({ count: sql<number>`count(*)` })
      .from(table)
      .where(eq(table.userId, userId))
      .get()?.count ?? 0
  );
}

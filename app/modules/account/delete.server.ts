import { and, eq, ne } from "drizzle-orm";
import { users } from "#db/schema";
import { getDb } from "~/db.server";
import type { SessionUser } from "~/modules/auth/sessions.server";
import { revokeUserSessions } from "~/modules/auth/sessions.server";
import { ConflictError, NotFoundError } from "~/utils/errors";
import { confirmPassword } from "./password.server";

export const LAST_ADMIN_CANNOT_LEAVE =
  "You are the last active admin: make another account an admin before deleting yours.";

/**
 * Deletes the signed-in user's own account after checking their password. Like the Admin
 * Console's delete (admin/users.server.ts), the row goes in one transaction and everything the
 * account owns follows through the foreign keys' ON DELETE CASCADE; the last active admin stays.
 */
export async function deleteOwnAccount(user: SessionUser, password: string, clientAddress: string) {
  await confirmPassword(user, password, clientAddress, "password");
  getDb().transaction(
    (tx) => {
      const target = tx
        .select({ isAdmin: users.isAdmin, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, user.id))
        .get();
      if (!target) throw new NotFoundError("User not found");
      if (target.isAdmin && target.isActive) {
        const other = tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, user.id)))
          .limit(1)
          .get();
        if (!other) throw new ConflictError(LAST_ADMIN_CANNOT_LEAVE);
      }
      revokeUserSessions(user.id);
      tx.delete(users).where(eq(users.id, user.id)).run();
    },
    { behavior: "immediate" },
  );
}

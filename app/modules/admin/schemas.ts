import { z } from "zod";
import { aiSettingsSchema } from "~/modules/ai/settings";

/** PATCH /api/admin/users/{userId}: exactly one of isActive or isAdmin. */
export const adminUserUpdateSchema = z.union(
  [
    z.strictObject({ isActive: z.boolean({ error: "isActive must be true or false" }) }),
    z.strictObject({ isAdmin: z.boolean({ error: "isAdmin must be true or false" }) }),
  ],
  { error: "Send either isActive or isAdmin (true or false), one at a time" },
);

export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** PATCH /api/admin/settings: any of the ten AI settings, each checked against the §5 rules. */
export const aiSettingsUpdateSchema = aiSettingsSchema
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: "Send at least one AI setting to change",
  });

export interface AdminUserListItem {
  id: string;
  email: string;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: string;
  stats: { readingPlansStarted: number; studiesCreated: number };
}

import { z } from "zod";
import { AI_CHECK_INTENT } from "~/modules/ai/connection-check";
import { aiSettingsSchema } from "~/modules/ai/settings";
import { heldLimitKinds, signupModes, type HeldLimitKind } from "~/modules/auth/schemas";

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

/** PATCH /api/admin/signup */
export const signupModeUpdateSchema = z.strictObject({
  mode: z.enum(signupModes, { error: `mode must be one of ${signupModes.join(", ")}` }),
});

export const INVITE_DEFAULT_DAYS = 7;

/** POST /api/admin/invites (the body may be empty). */
export const inviteCreateSchema = z.strictObject({
  expiresInDays: z
    .number({ error: "expiresInDays must be a number" })
    .int("expiresInDays must be a whole number")
    .min(1, "expiresInDays must be between 1 and 90")
    .max(90, "expiresInDays must be between 1 and 90")
    .default(INVITE_DEFAULT_DAYS),
});

export interface HeldLimitListItem {
  kind: HeldLimitKind;
  /** The limit's key as counted: send it back with `kind` to clear the limit. */
  key: string;
  email: string | null;
  /** An IPv4 address or an IPv6 network ("2001:db8:1:2::/64"). */
  address: string | null;
  /** Sign-ups, or failed sign-ins, counted. */
  count: number;
  /** When the limit ends by itself. */
  until: string;
}

/** The most held limits listed (the longest-held first). */
export const HELD_LIMITS_LISTED = 100;

const limitFields = {
  kind: z.enum(heldLimitKinds, { error: `kind must be one of ${heldLimitKinds.join(", ")}` }),
  key: z.string({ error: "key is required" }).min(1, "key is required").max(400, "key is too long"),
};

/** DELETE /api/admin/limits: lifts one limit. */
export const limitClearSchema = z.strictObject(limitFields);

/** The Admin Console's forms: each posts to the admin route's action with one of these intents. */
export const adminIntents = {
  setActive: "set-active",
  setAdmin: "set-admin",
  deleteUser: "delete-user",
  aiSettings: "ai-settings",
  signupMode: "signup-mode",
  createInvite: "create-invite",
  revokeInvite: "revoke-invite",
  clearLimit: "clear-limit",
} as const;

const userId = z.string({ error: "userId is required" }).min(1, "userId is required").max(100, "userId is too long");
const flag = (name: string) =>
  z.enum(["true", "false"], { error: `${name} must be true or false` }).transform((value) => value === "true");

export const adminFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal(adminIntents.setActive), userId, isActive: flag("isActive") }),
    z.object({ intent: z.literal(adminIntents.setAdmin), userId, isAdmin: flag("isAdmin") }),
    z.object({ intent: z.literal(adminIntents.deleteUser), userId }),
    aiSettingsSchema.extend({ intent: z.literal(adminIntents.aiSettings) }),
    signupModeUpdateSchema.extend({ intent: z.literal(adminIntents.signupMode) }),
    z.object({
      intent: z.literal(adminIntents.createInvite),
      expiresInDays: inviteCreateSchema.shape.expiresInDays,
    }),
    z.object({
      intent: z.literal(adminIntents.revokeInvite),
      inviteId: z
        .string({ error: "inviteId is required" })
        .min(1, "inviteId is required")
        .max(100, "inviteId is too long"),
    }),
    z.object({ intent: z.literal(adminIntents.clearLimit), ...limitFields }),
    z.object({ intent: z.literal(AI_CHECK_INTENT) }),
  ],
  { error: "Unknown action" },
);

import { z } from "zod";
import { normalizeInviteCode } from "./invite-codes";

export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 500;

const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(GROUP_NAME_MAX, `Name is too long (${GROUP_NAME_MAX} characters at most)`);

const description = z
  .string({ error: "Description must be text" })
  .trim()
  .max(GROUP_DESCRIPTION_MAX, `Description is too long (${GROUP_DESCRIPTION_MAX} characters at most)`)
  .nullish()
  .transform((value) => value || null);

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

/** POST /api/groups and the "Create a group" form. */
export const createGroupSchema = z.object({ name, description });
export type CreateGroupInput = z.infer<typeof createGroupSchema>;

/** PATCH /api/groups/{id}: what the leader may rename or reword (a blank description clears it). */
export const updateGroupSchema = z
  .object({
    name: name.optional(),
    description: z
      .string({ error: "Description must be text" })
      .trim()
      .max(GROUP_DESCRIPTION_MAX, `Description is too long (${GROUP_DESCRIPTION_MAX} characters at most)`)
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null)),
  })
  .refine((value) => value.name !== undefined || value.description !== undefined, "Send name or description");

/** POST /api/groups/join: the code as shown ("K7QM-2XPD-9HRT") or typed loosely ("k7qm 2xpd 9hrt"). */
export const joinGroupSchema = z.object({
  inviteCode: z
    .string({ error: "inviteCode is required" })
    .max(100, "inviteCode is too long")
    .transform(normalizeInviteCode)
    .pipe(z.string().min(1, "inviteCode is required")),
});

export const shareStudySchema = z.object({ studyId: id("studyId") });

/** A calendar date, "YYYY-MM-DD", that exists (no 2025-02-30). */
export const calendarDateSchema = z
  .string({ error: "startDate must be a date like 2025-09-01" })
  .max(40, "startDate must be a date like 2025-09-01")
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "startDate must be a date like 2025-09-01")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "startDate is not a real date")
  .refine((value) => value >= "2000-01-01" && value <= "2099-12-31", "startDate must be between 2000 and 2099");

/** PUT /api/groups/{id}/plan: the plan (id or slug) and the day the group reads day 1 (default: today). */
export const setGroupPlanSchema = z.object({
  planId: id("planId"),
  startDate: calendarDateSchema.nullish().transform((value) => value ?? undefined),
  timeZone: z.string().trim().min(1).max(64).optional(),
});

/** POST /api/groups/{id}/leader: hands the group to another member. */
export const handOverSchema = z.object({ userId: id("userId") });

/** PATCH /api/groups/{id}/members/{userId}: a member's own setting. */
export const memberSettingsSchema = z.object({
  hideProgress: z.boolean({ error: "hideProgress must be true or false" }),
});

/**
 * The group page's forms, one per intent. Each is the same action as an API row, so both parse
 * the same fields.
 */
export const groupPageFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("share"), studyId: id("Lesson plan") }),
    z.object({ intent: z.literal("unshare"), studyId: id("Lesson plan") }),
    z.object({
      intent: z.literal("set-plan"),
      planId: id("Reading plan"),
      startDate: calendarDateSchema.optional(),
      timeZone: z.string().trim().max(64).optional(),
    }),
    z.object({ intent: z.literal("clear-plan") }),
    z.object({ intent: z.literal("regenerate-code") }),
    z.object({ intent: z.literal("remove-member"), userId: id("Member") }),
    z.object({ intent: z.literal("hand-over"), userId: id("Member") }),
    z.object({ intent: z.literal("leave") }),
    z.object({ intent: z.literal("delete-group") }),
    // The details form sends both fields; a blank description removes it.
    createGroupSchema.extend({ intent: z.literal("rename") }),
    z.object({
      intent: z.literal("hide-progress"),
      // A checkbox: present ("on") when ticked, absent when not.
      hideProgress: z
        .string()
        .optional()
        .transform((value) => value === "on" || value === "true"),
    }),
  ],
  { error: "Unknown action" },
);
export type GroupPageForm = z.infer<typeof groupPageFormSchema>;

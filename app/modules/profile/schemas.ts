import { z } from "zod";
import {
  MAX_DENOMINATION_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_TEACHER_NAME_LENGTH,
  MAX_TEACHERS,
  isValidTimeZone,
  studyDepthChoices,
} from "./choices";

const teacherName = z
  .string({ error: "Each favorite teacher must be a text name" })
  .trim()
  .min(1, "Favorite teacher names cannot be blank")
  .max(MAX_TEACHER_NAME_LENGTH, `Favorite teacher names must be at most ${MAX_TEACHER_NAME_LENGTH} characters`);

/** PATCH /api/profile (and the profile page): any of the fields; the others are left as they are. */
export const profileUpdateSchema = z.object(
  {
    favoriteTeachers: z
      .array(teacherName, { error: "Favorite teachers must be a list of names" })
      .max(MAX_TEACHERS, `At most ${MAX_TEACHERS} favorite teachers can be saved`)
      // The same teacher twice (in any letter case) is kept once.
      .transform((names) =>
        names.filter((name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index),
      )
      .optional(),
    displayName: z
      .string({ error: "Display name must be text" })
      .trim()
      .min(1, `Display name must be 1 to ${MAX_DISPLAY_NAME_LENGTH} characters`)
      .max(MAX_DISPLAY_NAME_LENGTH, `Display name must be 1 to ${MAX_DISPLAY_NAME_LENGTH} characters`)
      .nullable()
      .optional(),
    studyDepthPreference: z
      .enum(studyDepthChoices, { error: "Study depth preference must be one of beginner, intermediate, advanced" })
      .optional(),
    denomination: z
      .string({ error: "Denomination must be text" })
      .trim()
      .max(MAX_DENOMINATION_LENGTH, `Denomination must be at most ${MAX_DENOMINATION_LENGTH} characters`)
      .nullable()
      .optional()
      .transform((value) => (value === "" ? null : value)),
    timeZone: z
      .string({ error: "Time zone must be text" })
      .refine(isValidTimeZone, "Time zone must be an IANA time zone such as Europe/London")
      .nullable()
      .optional(),
  },
  { error: "Expected an object with profile fields" },
);

/**
 * The profile page's form: it always sends the whole profile, so a missing teacher list is an
 * empty one and a missing denomination is none (an empty field never reaches the schema).
 */
export const profileFormSchema = z.object({
  // An emptied field (which the form does not send) clears the name.
  displayName: profileUpdateSchema.shape.displayName.transform((value) => value ?? null),
  studyDepthPreference: profileUpdateSchema.shape.studyDepthPreference.unwrap(),
  denomination: profileUpdateSchema.shape.denomination.transform((value) => value ?? null),
  favoriteTeachers: profileUpdateSchema.shape.favoriteTeachers.transform((names) => names ?? []),
});

import { z } from "zod";

/** SPEC §5: the profile's choices and the limits that keep a profile a reasonable size. */
export const studyDepthChoices = ["beginner", "intermediate", "advanced"] as const;
export type StudyDepth = (typeof studyDepthChoices)[number];

export const studyDepthLabels: Record<StudyDepth, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

export const denominationChoices = [
  "Baptist",
  "Methodist",
  "Presbyterian",
  "Catholic",
  "Orthodox",
  "Pentecostal",
  "Lutheran",
  "Anglican",
  "Non-denominational",
  "Other",
] as const;

export const MAX_TEACHERS = 50;
export const MAX_TEACHER_NAME_LENGTH = 100;
export const MAX_DENOMINATION_LENGTH = 100;

/** Whether a string is an IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isValidTimeZone(timeZone: string) {
  if (timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A teacher's name as typed: trimmed; blank names are not added. */
export function normalizeTeacherName(name: string) {
  return name.trim();
}

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
        names.filter(
          (name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index,
        ),
      )
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

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

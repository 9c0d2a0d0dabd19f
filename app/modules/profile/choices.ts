// The profile's choices and limits without zod, so the profile page can show them without
// shipping the schema library to the browser.

/** SPEC §5: the profile's choices and the limits that keep a profile a reasonable size. */
/** What the app and a reader's groups call them, instead of their email's first part. */
export const MAX_DISPLAY_NAME_LENGTH = 60;

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

/**
 * The list with one more teacher, or the same list and why not: blank names are ignored, the
 * same name in any letter case is kept once, and the list and names have their limits. The page
 * adds in the browser with it, and its no-JavaScript form on the server.
 */
export function withTeacher(teachers: string[], typed: string): { teachers: string[]; notice: string } {
  const name = normalizeTeacherName(typed);
  if (!name) return { teachers, notice: "" };
  if (teachers.some((teacher) => teacher.toLowerCase() === name.toLowerCase())) {
    return { teachers, notice: `${name} is already in your list.` };
  }
  if (name.length > MAX_TEACHER_NAME_LENGTH) {
    return { teachers, notice: `Teacher names can be up to ${MAX_TEACHER_NAME_LENGTH} characters.` };
  }
  if (teachers.length >= MAX_TEACHERS) return { teachers, notice: `You can keep up to ${MAX_TEACHERS} teachers.` };
  return { teachers: [...teachers, name], notice: "" };
}

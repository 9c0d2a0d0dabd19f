// The lesson format (this folder): the section titles (here), a model's structured lesson written
// as markdown (lesson-markdown.ts) and the markdown cut back into sections (markdown.ts). The
// writers (modules/ai) and the readers (modules/studies, the Lesson Plans page, the print layout)
// share it, so neither imports the other for it.

/**
 * The sections of a lesson plan, by the titles its markdown gives them (`## Key Scriptures`), one
 * name each whoever writes the lesson (the built-in writer or a model, lesson-markdown.ts); the
 * Lesson Plans page's section list and the print layout read them back from the markdown.
 */
export const SECTION = {
  keyScriptures: "Key Scriptures",
  outline: "Outline",
  commentary: "Commentary",
  keyWords: "Key Words",
  whatScriptureSays: "What Scripture Says",
  discussionQuestions: "Discussion Questions",
  applicationPoints: "Application Points",
  crossReferences: "Cross-References",
  groupActivity: "Group Activity",
  sessionPlan: "Session Plan",
  closingPrayer: "Closing Prayer",
} as const;

/** What every topic lesson holds, in this order, from either writer (others may come between). */
export const TOPIC_LESSON_SECTIONS = [
  SECTION.keyScriptures,
  SECTION.discussionQuestions,
  SECTION.applicationPoints,
  SECTION.crossReferences,
  SECTION.groupActivity,
  SECTION.closingPrayer,
] as const;

/** What a built-in passage lesson holds when the passage has more than one movement, in this order. */
export const PASSAGE_LESSON_SECTIONS = [
  SECTION.keyScriptures,
  SECTION.outline,
  SECTION.keyWords,
  SECTION.crossReferences,
  SECTION.discussionQuestions,
  SECTION.applicationPoints,
  SECTION.groupActivity,
] as const;

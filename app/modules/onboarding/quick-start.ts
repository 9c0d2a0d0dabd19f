// Shared with the browser: kept apart from the zod schemas so pages do not ship zod.

/** SPEC §4: the Quick Start checklist, one item per onboarding flag, in this order. */
export const quickStartItems = [
  { step: "hasCompletedWelcome", key: "welcome", label: "Get familiar with Sagacity Bites", to: null },
  { step: "hasStartedPlan", key: "plan", label: "Start a reading plan", to: "/bible-plans" },
  { step: "hasCreatedStudy", key: "study", label: "Create a lesson plan", to: "/lesson-plans" },
  { step: "hasVisitedLibrary", key: "library", label: "Save to your library", to: "/library" },
] as const;

/** Cookie holding the id of the user who collapsed the checklist in this browser (read on the server, so no flash). */
export const QUICK_START_COLLAPSED_COOKIE = "sb_quick_start_collapsed";

/**
 * The tables whose rows carry a user's id (and users itself): what deleting a user must empty
 * (tests/api/admin.test.ts), and most of what grows with the number of users, where a full scan
 * fails `npm run bench -- scale`.
 */
export const USER_DATA_TABLES = [
  "users",
  "sessions",
  "user_profiles",
  "user_onboarding",
  "authors",
  "books",
  "sermons",
  "studies",
  "library_saves",
  "user_plans",
  "verse_notes",
] as const;

/**
 * Hostile input, shared by the fuzz test (tests/api/fuzz.test.ts) and `npm run bench -- hostile`:
 * the characters, one table of every API route and page action with the fields it reads, the
 * cases built from them (deterministic for a seed), one way to send a case and judge its answer,
 * the hostile pages the fake site serves, and a probe timing another user's GET /api/me meanwhile.
 *
 * What an attacker controls and the app must survive: a long run of one punctuation character (or
 * a short mix) makes a backtracking regular expression or a quadratic loop freeze the one event
 * loop, and every other user waits. Each answer must come within its bound, as a 4xx (or a 2xx
 * where ignoring or capping the value is right), never a 5xx or a stack trace.
 */
import type { ChildProcess } from "node:child_process";
import { HOSTILE_UNITS } from "./hostile-text";
import { encodeSegment } from "./routes";
import { startServerProcess } from "./server";
import { seededRandom } from "./random";
import { percentile } from "./percentile";

/** The server's request body limit (app/server/body.server.ts); beyond it the answer is a 413. */
const BODY_LIMIT = 1024 * 1024;

const UNITS = HOSTILE_UNITS.request;

/**
 * Value lengths of a field case (characters); bodies are trimmed to fit under BODY_LIMIT. `npm test`
 * draws from three sizes up to 300,000 (every field still gets its cases, and the near-limit cases still
 * send 1 MB bodies); `npm run test:deep` (HOSTILE_SIZES=all) from all five.
 */
const TEST_SIZES =
  process.env.HOSTILE_SIZES === "all"
    ? ([100_000, 160_000, 250_000, 400_000, 500_000] as const)
    : ([100_000, 160_000, 300_000] as const);
export const BENCH_SIZES = [250_000, 500_000, 900_000] as const;
/** Path and query values: the HTTP parser refuses a request head past 16 KB with a 431. */
const URL_VALUE_LENGTH = 4_000;
const HUGE_URL_VALUE_LENGTH = 100_000;

/** Every answer to a field case must come within this (ms): the bench's target (`timeBounds`). */
const FIELD_BOUND_MS = 1_000;
/** Past this a case is abandoned, and the server checked (and restarted if it is frozen). */
const STALL_MS = 3_000;
/**
 * The same without `timeBounds` (npm test): only a frozen server counts, not a slow answer from a
 * busy machine (the patterns this hunts for froze it for minutes).
 */
const LOOSE_STALL_MS = 30_000;
const stallFor = (timeBounds: boolean) => (timeBounds ? STALL_MS : LOOSE_STALL_MS);

export const DEFAULT_SEED = 20261122;

function hostileValue(unit: string, length: number) {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/**
 * How a run sits in a value: alone, or just failing a pattern at its end, or inside the shape a
 * validator looks for (an address, words). Backtracking needs the almost-match: "a@" + 160,000
 * dots + "@a" is what freezes an email pattern that a bare run of dots does not.
 */
const HOSTILE_FRAMES = {
  run: (unit: string, length: number) => hostileValue(unit, length),
  tail: (unit: string, length: number) => `${hostileValue(unit, length - 1)}x`,
  email: (unit: string, length: number) => `a@${hostileValue(`${unit}.`, length - 4)}@a`,
  words: (unit: string, length: number) => `a ${hostileValue(`${unit} `, length - 4)} a`,
} as const;
export type HostileFrame = keyof typeof HOSTILE_FRAMES;
const FRAME_NAMES = Object.keys(HOSTILE_FRAMES) as HostileFrame[];

type FieldKind = "string" | "number" | "boolean" | "stringArray";

export interface HostileField {
  name: string;
  kind: FieldKind;
  /**
   * "reject": a hostile value must be refused with a 4xx (every text field has a length cap far
   * below 100k characters, every number or boolean is the wrong type). "any": ignoring the value
   * and answering 2xx/3xx is right too (the field does not exist for that request, or only picks
   * a branch).
   */
  expect: "reject" | "any";
}

export type Caller = "admin" | "user" | "none";

/** One request shape: a route, a method, a valid body around the field under attack. */
export interface HostileTarget {
  id: string;
  /** The route file under app/routes: every file must have a target (the test checks). */
  file: string;
  kind: "api" | "page";
  method: string;
  /** The address, with :param placeholders. */
  path: string;
  params?: string[];
  caller: Caller;
  /** Valid values for the other fields, so the one under attack is why an answer is a 4xx. */
  base?: Record<string, unknown>;
  fields: HostileField[];
  /** A header the route reads (tried with a hostile value, as a query string is). */
  header?: string;
}

const text = (name: string, expect: HostileField["expect"] = "reject"): HostileField => ({
  name,
  kind: "string",
  expect,
});
const number = (name: string): HostileField => ({ name, kind: "number", expect: "reject" });
const flag = (name: string): HostileField => ({ name, kind: "boolean", expect: "reject" });
const SOME_ID = "00000000-0000-4000-8000-000000000000";

const AI_SETTING_CHOICES = [
  "model",
  "tone",
  "translation",
  "writingStyle",
  "citationFormat",
  "targetAudience",
  "languageComplexity",
];
const CONTENT_FIELDS = ["text", "title", "source", "author", "bookTitle", "coverUrl", "storeUrl", "asin", "isbn"];
// A wrong current password: no case changes anything (a valid one would sign the caller's other sessions out).
const PASSWORD_CHANGE = {
  currentPassword: "not the password",
  newPassword: "new password",
  confirmPassword: "new password",
};

/** What a target sends besides its address: a body (`base` and the `fields` under attack), a header. */
type TargetRequest = Pick<HostileTarget, "base" | "header"> & { fields?: HostileField[] };

function target(
  id: string,
  file: string,
  kind: HostileTarget["kind"],
  method: string,
  path: string,
  caller: Caller,
  { fields = [], ...request }: TargetRequest,
): HostileTarget {
  // The path's :placeholders are the parameters tried with hostile values.
  const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return { id, file, kind, method, path, ...(params.length > 0 && { params }), caller, fields, ...request };
}

/** An API route; `route` is "METHOD /path". */
function api(id: string, file: string, route: string, caller: Caller, request: TargetRequest = {}) {
  const [method, path] = route.split(" ") as [string, string];
  return target(id, file, "api", method, path, caller, request);
}

/** A page action: its form POSTed to the page's path. */
function page(id: string, file: string, path: string, caller: Caller, request: TargetRequest) {
  return target(id, file, "page", "POST", path, caller, request);
}

// Requests that an API route and the page over the same service take alike.
const SIGN_IN: TargetRequest = {
  base: { email: "nobody@example.com", password: "not the password" },
  fields: [text("email"), text("password")],
};
const PASSWORD_RESET: TargetRequest = {
  base: { token: "not-a-reset-token", newPassword: "new password", confirmPassword: "new password" },
  fields: [text("token"), text("newPassword"), text("confirmPassword")],
};
const PLAN_START: TargetRequest = {
  base: { planId: "romans-16-days" },
  fields: [text("planId"), text("translation"), text("timeZone")],
};
const PROCESS_URL: TargetRequest = {
  base: { url: "http://127.0.0.1:9/never-fetched" },
  fields: [text("url"), text("title"), text("contentType")],
};
const PASSAGE_STUDY: TargetRequest = {
  base: { studyType: "passage", reference: "John 3:16" },
  fields: [text("reference")],
};
/** The pages take any studyType other than "passage" as a topic request; the API names the two. */
const topicStudy = (studyType: HostileField["expect"]): TargetRequest => ({
  base: { studyType: "topic", topic: "Grace" },
  fields: [text("studyType", studyType), text("topic")],
});

/**
 * Every API route and page action, with every field it reads. Pages post forms (with an Origin
 * the CSRF check accepts and the session cookie); the API takes JSON and a bearer token.
 */
export const HOSTILE_TARGETS: HostileTarget[] = [
  // API
  api("api-unknown", "api.$.ts", "POST /api/:splat", "user", { base: {}, fields: [text("anything", "any")] }),
  api("api-unknown-get", "api.$.ts", "GET /api/:splat", "user"),
  api("admin-settings", "api.admin.settings.ts", "PATCH /api/admin/settings", "admin", {
    base: { tone: "Pastoral" },
    fields: [
      ...AI_SETTING_CHOICES.map((name) => text(name)),
      number("beginnerWordLimit"),
      number("intermediateWordLimit"),
      number("deepStudyWordLimit"),
    ],
  }),
  api("admin-settings-get", "api.admin.settings.ts", "GET /api/admin/settings", "admin"),
  api("admin-user-patch", "api.admin.users.$userId.ts", "PATCH /api/admin/users/:userId", "admin", {
    base: {},
    fields: [flag("isActive"), flag("isAdmin")],
  }),
  api("admin-user-delete", "api.admin.users.$userId.ts", "DELETE /api/admin/users/:userId", "admin"),
  api("admin-ai-check", "api.admin.ai-check.ts", "POST /api/admin/ai-check", "admin", {
    base: {},
    fields: [text("baseUrl"), text("model")],
  }),
  api("admin-invites", "api.admin.invites._index.ts", "POST /api/admin/invites", "admin", {
    base: {},
    fields: [number("expiresInDays")],
  }),
  api("admin-invites-get", "api.admin.invites._index.ts", "GET /api/admin/invites", "admin"),
  api("admin-invite-delete", "api.admin.invites.$inviteId.ts", "DELETE /api/admin/invites/:inviteId", "admin"),
  api("admin-signup", "api.admin.signup.ts", "PATCH /api/admin/signup", "admin", {
    base: { mode: "open" },
    fields: [text("mode")],
  }),
  api("admin-signup-get", "api.admin.signup.ts", "GET /api/admin/signup", "admin"),
  api("admin-users", "api.admin.users._index.ts", "GET /api/admin/users", "admin"),
  // No such limit: the base answers 404, a hostile kind or key 400.
  api("admin-limits", "api.admin.limits.ts", "DELETE /api/admin/limits", "admin", {
    base: { kind: "sign-up", key: "192.0.2.1" },
    fields: [text("kind"), text("key")],
  }),
  api("admin-limits-get", "api.admin.limits.ts", "GET /api/admin/limits", "admin"),
  // Issue 19: the account, export and import, book look-ups.
  api("api-change-password", "api.auth.change-password.ts", "POST /api/auth/change-password", "user", {
    base: PASSWORD_CHANGE,
    fields: [text("currentPassword"), text("newPassword"), text("confirmPassword")],
  }),
  api("api-reset", "api.auth.reset.ts", "POST /api/auth/reset", "none", PASSWORD_RESET),
  api("api-account-delete", "api.account.ts", "DELETE /api/account", "user", {
    base: { password: "not the password" },
    fields: [text("password")],
  }),
  api("api-export", "api.export.ts", "GET /api/export", "user"),
  // The body is meant to be a zip: any JSON is refused as "not an export".
  api("api-import", "api.import.ts", "POST /api/import", "user", { base: {}, fields: [text("file")] }),
  // The reference comes in the query string (tried with hostile values like every query).
  api("api-commentary", "api.commentary.ts", "GET /api/commentary", "user"),
  api("api-books-search", "api.books.search.ts", "GET /api/books/search", "user"),
  api(
    "api-bible-chapter",
    "api.bible.$translation.$book.$chapter.ts",
    "GET /api/bible/:translation/:book/:chapter",
    "user",
  ),
  api("admin-reset-link", "api.admin.users.$userId.reset-link.ts", "POST /api/admin/users/:userId/reset-link", "admin"),
  api("api-login", "api.auth.login.ts", "POST /api/auth/login", "none", SIGN_IN),
  api("api-logout", "api.auth.logout.ts", "POST /api/auth/logout", "none", {
    base: {},
    fields: [text("token", "any")],
  }),
  api("api-register", "api.auth.register.ts", "POST /api/auth/register", "none", {
    base: { email: "fuzz-never@example.com", password: "correct horse" },
    fields: [text("email"), text("password"), text("inviteCode"), text("groupCode")],
  }),
  api("library-remove", "api.library.remove.$studyId.ts", "DELETE /api/library/remove/:studyId", "user"),
  api("library-save", "api.library.save.$studyId.ts", "POST /api/library/save/:studyId", "user"),
  api("library", "api.library.ts", "GET /api/library", "user"),
  api("me", "api.me.ts", "GET /api/me", "user"),
  api("onboarding-progress", "api.onboarding.progress.ts", "PATCH /api/onboarding/progress", "user", {
    base: {},
    fields: [flag("hasCompletedWelcome"), flag("hasStartedPlan"), flag("hasCreatedStudy"), flag("hasVisitedLibrary")],
  }),
  api("onboarding-status", "api.onboarding.status.ts", "GET /api/onboarding/status", "user"),
  api("plans", "api.plans.ts", "GET /api/plans", "user"),
  api("plan-complete", "api.plans.user-plans.complete.ts", "POST /api/plans/user-plans/complete", "user", {
    base: { dayNumber: 1 },
    fields: [number("dayNumber"), text("timeZone")],
    header: "x-time-zone",
  }),
  api("plan-today", "api.plans.user-plans.today.ts", "GET /api/plans/user-plans/today", "user", {
    header: "x-time-zone",
  }),
  api("api-strongs", "api.strongs.$id.ts", "GET /api/strongs/:id", "user"),
  api("api-search", "api.search.ts", "GET /api/search", "user"),
  // Notes, highlights, bookmarks: SOME_ID is no note of the caller's, so the item routes answer 404 before the body.
  api("notes", "api.notes.ts", "GET /api/notes", "user"),
  api("notes-create", "api.notes.ts", "POST /api/notes", "user", {
    base: { reference: "John 3:16", kind: "note", body: "A thought" },
    fields: [text("reference"), text("kind"), text("body"), text("color"), text("label"), text("groupId")],
  }),
  api("note-get", "api.notes.$noteId.ts", "GET /api/notes/:noteId", "user"),
  api("note-update", "api.notes.$noteId.ts", "PATCH /api/notes/:noteId", "user", {
    base: { body: "Changed" },
    fields: [text("reference"), text("body"), text("color"), text("label"), text("groupId")],
  }),
  api("note-delete", "api.notes.$noteId.ts", "DELETE /api/notes/:noteId", "user"),
  api("verse-of-the-day", "api.verse-of-the-day.ts", "GET /api/verse-of-the-day", "user", { header: "x-time-zone" }),
  api("plan-start", "api.plans.user-plans.ts", "POST /api/plans/user-plans", "user", {
    ...PLAN_START,
    header: "x-time-zone",
  }),
  api("profile", "api.profile.ts", "PATCH /api/profile", "user", {
    base: {},
    fields: [
      { name: "favoriteTeachers", kind: "stringArray", expect: "reject" },
      text("studyDepthPreference"),
      text("denomination"),
      text("timeZone"),
    ],
  }),
  api("sermons-add", "api.sermons.ts", "POST /api/sermons", "user", {
    base: { contentType: "book", text: "Grace upon grace.", bookTitle: "Grace" },
    fields: [text("contentType"), ...CONTENT_FIELDS.map((name) => text(name))],
  }),
  api("sermon-get", "api.sermons_.$id.ts", "GET /api/sermons/:id", "user"),
  api("sermon-delete", "api.sermons_.$id.ts", "DELETE /api/sermons/:id", "user"),
  api("process-url", "api.sermons_.process-url.ts", "POST /api/sermons/process-url", "user", PROCESS_URL),
  api("study-get", "api.studies.$studyId.ts", "GET /api/studies/:studyId", "user"),
  api("study-generate-topic", "api.studies.generate.ts", "POST /api/studies/generate", "user", topicStudy("reject")),
  api("study-generate-passage", "api.studies.generate.ts", "POST /api/studies/generate", "user", PASSAGE_STUDY),
  api("study-passage", "api.studies.passage.ts", "POST /api/studies/passage", "user", {
    base: { reference: "John 3:16" },
    fields: [text("reference")],
  }),
  api("study-topic", "api.studies.topic.ts", "POST /api/studies/topic", "user", {
    base: { topic: "Grace" },
    fields: [text("topic")],
  }),
  api("studies", "api.studies.ts", "GET /api/studies", "user"),
  // Groups: SOME_ID is no group of the caller's, so every group route answers 404 before the body.
  api("groups-create", "api.groups.ts", "POST /api/groups", "user", {
    base: { name: "Fuzz group" },
    fields: [text("name"), text("description")],
  }),
  api("groups-join", "api.groups.join.ts", "POST /api/groups/join", "user", {
    base: { inviteCode: "0000-0000-0000" },
    fields: [text("inviteCode")],
  }),
  api("group-update", "api.groups.$groupId.ts", "PATCH /api/groups/:groupId", "user", {
    base: { name: "Renamed" },
    fields: [text("name"), text("description")],
  }),
  api("group-share", "api.groups.$groupId.studies.ts", "POST /api/groups/:groupId/studies", "user", {
    base: { studyId: SOME_ID },
    fields: [text("studyId")],
  }),
  api("group-study", "api.groups.$groupId.studies.$studyId.ts", "GET /api/groups/:groupId/studies/:studyId", "user"),
  api(
    "group-study-save",
    "api.groups.$groupId.studies.$studyId.save.ts",
    "POST /api/groups/:groupId/studies/:studyId/save",
    "user",
  ),
  api("group-plan", "api.groups.$groupId.plan.ts", "PUT /api/groups/:groupId/plan", "user", {
    base: { planId: "romans-16-days", startDate: "2025-09-01" },
    fields: [text("planId"), text("startDate"), text("timeZone")],
  }),
  api("group-member", "api.groups.$groupId.members.$userId.ts", "PATCH /api/groups/:groupId/members/:userId", "user", {
    base: { hideProgress: true },
    fields: [flag("hideProgress")],
  }),
  api("group-invite-code", "api.groups.$groupId.invite-code.ts", "POST /api/groups/:groupId/invite-code", "user"),
  api("group-leader", "api.groups.$groupId.leader.ts", "POST /api/groups/:groupId/leader", "user", {
    base: { userId: SOME_ID },
    fields: [text("userId")],
  }),
  // Pages (their forms)
  page("page-settings-change-password", "_app.settings.tsx", "/settings", "user", {
    base: { intent: "change-password", ...PASSWORD_CHANGE },
    fields: [text("intent"), text("currentPassword"), text("newPassword"), text("confirmPassword")],
  }),
  page("page-settings-delete-account", "_app.settings.tsx", "/settings", "user", {
    base: { intent: "delete-account", password: "not the password" },
    fields: [text("password")],
  }),
  // Not a zip: the import answers with a redirect and an "Import failed" toast.
  page("page-settings-import", "_app.settings.import.tsx", "/settings/import", "user", {
    base: {},
    fields: [text("file", "any")],
  }),
  page("page-admin-reset-link", "_app.admin.reset-link.tsx", "/admin/reset-link", "admin", {
    base: { userId: SOME_ID },
    fields: [text("userId")],
  }),
  page("page-forgot-password", "_auth.forgot-password.tsx", "/forgot-password", "none", {
    base: { email: "nobody@example.com" },
    fields: [text("email")],
  }),
  page("page-reset-password", "_auth.reset-password.tsx", "/reset-password", "none", PASSWORD_RESET),
  page("page-add-content", "_app.add-content/route.tsx", "/add-content", "user", PROCESS_URL),
  page("page-process-sermon", "_app.process-sermon.tsx", "/process-sermon", "user", PROCESS_URL),
  page("page-bible-plans", "_app.bible-plans.tsx", "/bible-plans", "user", PLAN_START),
  // A studyType other than "passage" is a topic request: a hostile one only picks that branch.
  page("page-lesson-plans-topic", "_app.lesson-plans/route.tsx", "/lesson-plans", "user", topicStudy("any")),
  page("page-lesson-plans-passage", "_app.lesson-plans/route.tsx", "/lesson-plans", "user", PASSAGE_STUDY),
  page(
    "page-lesson-plans-generate-topic",
    "_app.lesson-plans.generate.tsx",
    "/lesson-plans/generate",
    "user",
    topicStudy("any"),
  ),
  page(
    "page-lesson-plans-generate-passage",
    "_app.lesson-plans.generate.tsx",
    "/lesson-plans/generate",
    "user",
    PASSAGE_STUDY,
  ),
  page("page-library-add", "_app.library/route.tsx", "/library", "user", {
    base: { intent: "add", contentType: "book", text: "Grace upon grace.", bookTitle: "Grace" },
    fields: [text("intent"), text("contentType"), ...CONTENT_FIELDS.map((name) => text(name)), text("redirectTo")],
  }),
  page("page-library-delete", "_app.library/route.tsx", "/library", "user", {
    base: { intent: "delete", id: SOME_ID },
    fields: [text("id"), text("redirectTo")],
  }),
  page("page-library-save", "_app.library/route.tsx", "/library", "user", {
    base: { intent: "save", studyId: SOME_ID },
    fields: [text("studyId"), text("redirectTo")],
  }),
  page("page-profile", "_app.profile/route.tsx", "/profile", "user", {
    base: { intent: "save", studyDepthPreference: "advanced" },
    fields: [
      text("studyDepthPreference"),
      text("denomination"),
      text("favoriteTeachers[0]"),
      text("newTeacher", "any"),
      text("removeTeacher", "any"),
      text("intent", "any"),
    ],
  }),
  page("page-onboarding", "resources.onboarding.tsx", "/resources/onboarding", "user", {
    base: { step: "hasCompletedWelcome" },
    fields: [text("step"), text("redirectTo")],
  }),
  page("page-bible-place", "resources.bible-place.tsx", "/resources/bible-place", "user", {
    base: { book: "JHN", chapter: "3", translation: "BSB" },
    fields: [text("book"), text("chapter"), text("translation")],
  }),
  page("page-bible-highlight", "_app.bible.$book.$chapter/route.tsx", "/bible/JHN/3", "user", {
    base: { intent: "highlight", reference: "John 3:16", color: "yellow" },
    fields: [text("intent"), text("reference"), text("color")],
  }),
  page("page-bible-bookmark", "_app.bible.$book.$chapter/route.tsx", "/bible/JHN/3", "user", {
    base: { intent: "bookmark", reference: "John 3:16", label: "Fuzz" },
    fields: [text("reference"), text("label")],
  }),
  page("page-bible-note", "_app.bible.$book.$chapter/route.tsx", "/bible/JHN/3", "user", {
    base: { intent: "note", reference: "John 3:16", body: "A note." },
    fields: [text("reference"), text("body"), text("groupId")],
  }),
  page("page-bible-note-edit", "_app.bible.$book.$chapter/route.tsx", "/bible/JHN/3", "user", {
    base: { intent: "edit-note", id: SOME_ID, body: "A note." },
    fields: [text("id"), text("body"), text("groupId")],
  }),
  page("page-notes-delete", "_app.notes.tsx", "/notes", "user", {
    base: { intent: "delete", id: SOME_ID },
    fields: [text("intent"), text("id")],
  }),
  page("page-today-complete", "_app.today/route.tsx", "/today", "user", {
    base: { intent: "complete", dayNumber: "1" },
    fields: [text("dayNumber"), text("timeZone")],
  }),
  page("page-time-zone", "resources.time-zone.tsx", "/resources/time-zone", "user", {
    base: { timeZone: "UTC" },
    fields: [text("timeZone")],
  }),
  page("page-login", "_auth.login.tsx", "/login", "none", SIGN_IN),
  page("page-register", "_auth.register.tsx", "/register", "none", {
    base: { email: "fuzz-never@example.com", password: "correct horse", confirmPassword: "correct horse" },
    fields: [text("email"), text("password"), text("confirmPassword"), text("inviteCode")],
  }),
  page("page-admin", "_app.admin.tsx", "/admin", "admin", { base: { intent: "ai-check" }, fields: [text("intent")] }),
  // The console's other forms, aimed at nobody: SOME_ID is no user and no invite.
  page("page-admin-active", "_app.admin.tsx", "/admin", "admin", {
    base: { intent: "set-active", userId: SOME_ID, isActive: "true" },
    fields: [text("userId"), text("isActive")],
  }),
  page("page-admin-admin", "_app.admin.tsx", "/admin", "admin", {
    base: { intent: "set-admin", userId: SOME_ID, isAdmin: "true" },
    fields: [text("userId"), text("isAdmin")],
  }),
  page("page-admin-delete", "_app.admin.tsx", "/admin", "admin", {
    base: { intent: "delete-user", userId: SOME_ID },
    fields: [text("userId")],
  }),
  page("page-admin-settings", "_app.admin.tsx", "/admin", "admin", {
    base: {
      intent: "ai-settings",
      model: "gpt-4o",
      tone: "Pastoral",
      beginnerWordLimit: "300",
      intermediateWordLimit: "500",
      deepStudyWordLimit: "800",
      translation: "NKJV",
      writingStyle: "Conversational",
      citationFormat: "Inline",
      targetAudience: "Mixed",
      languageComplexity: "Moderate",
    },
    fields: [
      ...AI_SETTING_CHOICES.filter((name) => name !== "model").map((name) => text(name)),
      text("beginnerWordLimit"),
      text("intermediateWordLimit"),
      text("deepStudyWordLimit"),
    ],
  }),
  page("page-admin-signup", "_app.admin.tsx", "/admin", "admin", {
    base: { intent: "signup-mode", mode: "open" },
    fields: [text("mode")],
  }),
  page("page-admin-invite", "_app.admin.tsx", "/admin", "admin", {
    base: { intent: "create-invite" },
    fields: [text("expiresInDays")],
  }),
  page("page-admin-revoke", "_app.admin.tsx", "/admin", "admin", {
    base: { intent: "revoke-invite", inviteId: SOME_ID },
    fields: [text("inviteId")],
  }),
  page("page-admin-clear-limit", "_app.admin.tsx", "/admin", "admin", {
    base: { intent: "clear-limit", kind: "sign-up", key: "192.0.2.1" },
    fields: [text("kind"), text("key")],
  }),
  page("page-groups-create", "_app.groups/route.tsx", "/groups", "user", {
    base: { intent: "create", name: "Fuzz group" },
    fields: [text("name"), text("description"), text("intent", "any")],
  }),
  page("page-groups-join", "_app.groups/route.tsx", "/groups", "user", {
    base: { intent: "join", inviteCode: "0000-0000-0000" },
    fields: [text("inviteCode")],
  }),
  page("page-group", "_app.groups_.$groupId/route.tsx", "/groups/:groupId", "user", {
    base: { intent: "set-plan", planId: "romans-16-days", startDate: "2025-09-01" },
    fields: [text("intent"), text("planId"), text("startDate"), text("timeZone")],
  }),
  page("page-group-rename", "_app.groups_.$groupId/route.tsx", "/groups/:groupId", "user", {
    base: { intent: "rename", name: "Renamed", description: "" },
    fields: [text("name"), text("description")],
  }),
  page(
    "page-group-study-save",
    "_app.groups_.$groupId_.studies.$studyId.tsx",
    "/groups/:groupId/studies/:studyId",
    "user",
    { base: {}, fields: [text("anything", "any")] },
  ),
  page("page-join", "join.$code.tsx", "/join/:code", "user", { base: {}, fields: [text("anything", "any")] }),
  // Without a session cookie: signing out the fuzzing user would end the run.
  page("page-logout", "logout.tsx", "/logout", "none", { base: {}, fields: [text("anything", "any")] }),
];

export type CaseKind =
  "field" | "wrong-type" | "near-limit" | "over-limit" | "key" | "param" | "query" | "header" | "huge-url";

export interface HostileCase {
  /** Stable within a seed: "api-login email '.'x160000". */
  label: string;
  target: HostileTarget;
  kind: CaseKind;
  field?: string;
  unit: string;
  frame: HostileFrame;
  /** Characters of hostile value (after trimming to fit the body limit). */
  size: number;
  expect: "reject" | "any";
  /** Answer bound (ms). */
  boundMs: number;
  /** Built lazily: a megabyte per case is not kept for hundreds of cases. */
  build: () => { path: string; body?: string; headers: Record<string, string> };
}

function shown(unit: string) {
  return JSON.stringify(unit);
}

function encodeBody(target: HostileTarget, body: Record<string, unknown>) {
  if (target.kind === "api") return JSON.stringify(body);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body))
    form.append(key, typeof value === "string" ? value : JSON.stringify(value));
  return form.toString();
}

/** The field's value for a hostile string, in the field's own kind or (wrongType) another. */
function fieldValue(field: HostileField, hostile: string, wrongType: number | false): unknown {
  if (wrongType !== false) {
    if (field.kind === "stringArray") return hostile;
    return wrongType % 2 === 0 ? [hostile, hostile.slice(0, 1000)] : { [hostile.slice(0, 1000)]: hostile };
  }
  return field.kind === "stringArray" ? [hostile] : hostile;
}

/**
 * The longest value up to `length` characters of `unit` whose encoded body fits `limit` bytes
 * (JSON escapes quotes and backslashes, forms percent-encode punctuation). The encoded size grows
 * linearly with the value, so two small samples give it without building the megabyte.
 */
function fittingSize(
  target: HostileTarget,
  make: (value: string) => Record<string, unknown>,
  value: (size: number) => string,
  length: number,
  limit: number,
) {
  const bytes = (size: number) => Buffer.byteLength(encodeBody(target, make(value(size))));
  const [small, large] = [bytes(4_000), bytes(8_000)];
  const perChar = (large - small) / 4_000;
  const fixed = small - perChar * 4_000;
  return Math.min(length, Math.floor((limit - fixed) / perChar) - 16);
}

export interface CaseOptions {
  seed?: number;
  /** Cases per field: the characters rotate through HOSTILE_UNITS.request across the run, the frames through HOSTILE_FRAMES per field. */
  unitsPerField?: number;
  sizes?: readonly number[];
}

/**
 * Every target × every field × a rotating subset of the characters (the whole set is covered
 * across the run), plus per target: a wrong-typed value per field, a body just under the limit,
 * a hostile key, hostile path parameters, query string and header; and one request past the body
 * limit and one past the header limit per kind. Sizes are drawn from `sizes` with the seed.
 */
export function hostileCases({
  seed = DEFAULT_SEED,
  unitsPerField = FRAME_NAMES.length,
  sizes = TEST_SIZES,
}: CaseOptions = {}): HostileCase[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  let slot = Math.floor(random() * UNITS.length);
  const nextUnit = () => UNITS[slot++ % UNITS.length]!;
  const cases: HostileCase[] = [];

  for (const target of HOSTILE_TARGETS) {
    const filled = (value?: string) =>
      (target.params ?? []).reduce(
        (url, param) =>
          url.replace(`:${param}`, encodeSegment(value ?? (param === "splat" ? "no-such-endpoint" : SOME_ID))),
        target.path,
      );
    const bodyCase = (
      kind: CaseKind,
      field: string | undefined,
      unit: string,
      length: number,
      expect: HostileCase["expect"],
      make: (value: string) => Record<string, unknown>,
      frame: HostileFrame = "run",
    ) => {
      const value = (size: number) => HOSTILE_FRAMES[frame](unit, size);
      const size = fittingSize(target, make, value, length, BODY_LIMIT - 256);
      cases.push({
        label: `${target.id} ${kind}${field ? ` ${field}` : ""}${frame === "run" ? "" : ` (${frame})`} ${shown(unit)}x${size}`,
        target,
        kind,
        field,
        unit,
        frame,
        size,
        expect,
        boundMs: FIELD_BOUND_MS,
        build: () => ({ path: filled(), body: encodeBody(target, make(value(size))), headers: {} }),
      });
    };

    for (const field of target.fields) {
      for (let index = 0; index < unitsPerField; index += 1) {
        const unit = nextUnit();
        const frame = FRAME_NAMES[index % FRAME_NAMES.length]!;
        // Whitespace around a short value is trimmed away (the run alone is a blank, left out):
        // accepting what remains is right.
        const expect =
          field.kind === "string" && HOSTILE_FRAMES[frame](unit, 100_000).trim().length < 1_000 ? "any" : field.expect;
        bodyCase(
          "field",
          field.name,
          unit,
          pick(sizes),
          expect,
          (value) => ({ ...target.base, [field.name]: fieldValue(field, value, false) }),
          frame,
        );
      }
      if (field.kind === "string" || field.kind === "stringArray") {
        const shape = Math.floor(random() * 2);
        bodyCase("wrong-type", field.name, nextUnit(), pick(sizes), field.expect, (value) => ({
          ...target.base,
          [field.name]: fieldValue(field, value, shape),
        }));
      }
    }
    if (target.base) {
      const first = target.fields[0];
      const unit = nextUnit();
      if (first)
        bodyCase("near-limit", first.name, unit, BODY_LIMIT, unit.trim() === "" ? "any" : first.expect, (value) => ({
          ...target.base,
          [first.name]: fieldValue(first, value, false),
        }));
      // An unknown key is dropped (or refused by a strict schema): either is right.
      bodyCase("key", undefined, nextUnit(), 100_000, "any", (value) => ({ ...target.base, [value]: "x" }));
    }
    // A hostile value in the address or a header, with the target's valid body.
    const addressCase = (
      kind: CaseKind,
      field: string | undefined,
      unit: string,
      expect: HostileCase["expect"],
      request: () => { path: string; headers?: Record<string, string> },
    ) =>
      cases.push({
        label: `${target.id} ${kind}${field ? ` ${field}` : ""} ${shown(unit)}x${URL_VALUE_LENGTH}`,
        target,
        kind,
        field,
        unit,
        frame: "run",
        size: URL_VALUE_LENGTH,
        expect,
        boundMs: FIELD_BOUND_MS,
        build: () => {
          const { path, headers = {} } = request();
          return { path, body: target.base ? encodeBody(target, target.base) : undefined, headers };
        },
      });
    for (const param of target.params ?? []) {
      for (let index = 0; index < unitsPerField; index += 1) {
        const unit = nextUnit();
        const value = hostileValue(unit, URL_VALUE_LENGTH);
        addressCase("param", param, unit, "reject", () => ({ path: filled(value) }));
      }
    }
    {
      const unit = nextUnit();
      const value = hostileValue(unit, URL_VALUE_LENGTH);
      // Query strings are read by no route: ignoring them is right, unless the request is refused anyway.
      addressCase("query", undefined, unit, "any", () => ({
        path: `${filled()}?q=${encodeSegment(value)}&${encodeSegment(value.slice(0, 100))}=1`,
      }));
    }
    const { header } = target;
    if (header) {
      const unit = nextUnit();
      // Header values cannot hold a newline; the rest of the set can.
      const value = hostileValue(unit === "\n" ? " " : unit, URL_VALUE_LENGTH);
      addressCase("header", header, unit, "any", () => ({ path: filled(), headers: { [header]: value } }));
    }
  }

  for (const kind of ["api", "page"] as const) {
    const target = HOSTILE_TARGETS.find(
      (candidate) => candidate.kind === kind && candidate.base && candidate.fields.length > 0,
    )!;
    const field = target.fields[0]!;
    const unit = nextUnit();
    cases.push({
      label: `${target.id} over-limit ${field.name} ${shown(unit)}x${BODY_LIMIT}`,
      target,
      kind: "over-limit",
      field: field.name,
      unit,
      frame: "run",
      size: BODY_LIMIT,
      expect: "reject",
      boundMs: FIELD_BOUND_MS,
      build: () => ({
        path: target.path,
        body: encodeBody(target, { ...target.base, [field.name]: hostileValue(unit, BODY_LIMIT) }),
        headers: {},
      }),
    });
    const value = hostileValue(unit, HUGE_URL_VALUE_LENGTH);
    cases.push({
      label: `${target.id} huge-url ${shown(unit)}x${HUGE_URL_VALUE_LENGTH}`,
      target,
      kind: "huge-url",
      unit,
      frame: "run",
      size: HUGE_URL_VALUE_LENGTH,
      expect: "reject",
      boundMs: FIELD_BOUND_MS,
      build: () => ({
        path: `${target.path}?q=${encodeSegment(value)}`,
        body: encodeBody(target, target.base ?? {}),
        headers: {},
      }),
    });
  }
  return cases;
}

export interface Tokens {
  admin: string;
  user: string;
}

export interface CaseAnswer {
  status: number;
  ms: number;
  contentType: string;
  text: string;
  /** Set when the answer did not come before STALL_MS (or the connection failed). */
  failure?: string;
}

/** Sends one case: JSON with a bearer token to the API, a form with Origin and cookie to a page. */
async function sendCase(baseUrl: string, hostile: HostileCase, tokens: Tokens, stallMs: number): Promise<CaseAnswer> {
  const { target } = hostile;
  const { path, body, headers } = hostile.build();
  const token = target.caller === "none" ? undefined : tokens[target.caller];
  const requestHeaders: Record<string, string> = { ...headers };
  if (body !== undefined)
    requestHeaders["content-type"] = target.kind === "api" ? "application/json" : "application/x-www-form-urlencoded";
  if (target.kind === "api") {
    if (token) requestHeaders.authorization = `Bearer ${token}`;
  } else {
    requestHeaders.origin = baseUrl;
    if (token) requestHeaders.cookie = `sb_session=${token}`;
  }
  for (let attempt = 1; ; attempt += 1) {
    const started = performance.now();
    try {
      const response = await fetch(baseUrl + path, {
        method: target.method,
        headers: requestHeaders,
        body: target.method === "GET" ? undefined : body,
        redirect: "manual",
        signal: AbortSignal.timeout(stallMs),
      });
      const text = await response.text();
      return {
        status: response.status,
        ms: performance.now() - started,
        contentType: response.headers.get("content-type") ?? "",
        text,
      };
    } catch (error) {
      const ms = performance.now() - started;
      if ((error as Error).name === "TimeoutError")
        return { status: 0, ms, contentType: "", text: "", failure: `no answer in ${stallMs} ms` };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      // A kept-alive connection the server had just closed as idle: sent again once, on a new one.
      if (attempt === 1 && ms < 100 && (cause?.code === "ECONNRESET" || cause?.code === "UND_ERR_SOCKET")) continue;
      return {
        status: 0,
        ms,
        contentType: "",
        text: "",
        failure: `request failed: ${(error as Error).message} (${cause?.code ?? cause?.message ?? "no cause"})`,
      };
    }
  }
}

// Linear on any input: the answers echo megabytes of punctuation back, and a backtracking
// pattern here would freeze the test (and its probe) instead of the server.
const STACK_TRACE =
  /\n {4}at [^\n]{0,300}:\d+:\d+|node_modules\/|build\/index\.js|\b(TypeError|RangeError|ReferenceError|SyntaxError): /;
/** A 4xx that echoes the hostile value back (a megabyte of it) is itself a defect. */
const MAX_API_ERROR_BYTES = 16 * 1024;
/** Repetitions of the hostile unit that count as the value sent back (a page never has them). */
const ECHO_REPEATS = 2_000;
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** A page re-rendered with its form's values must not carry the hostile value back, in any spelling. */
function echoes(text: string, unit: string) {
  if (unit.trim() === "") return false;
  const spellings = new Set([
    unit,
    [...unit].map((char) => HTML_ESCAPES[char] ?? char).join(""),
    JSON.stringify(unit).slice(1, -1),
  ]);
  for (const spelling of spellings) {
    // Twice: in the page's HTML and again in its hydration data, escaped once more.
    for (const form of [spelling, JSON.stringify(spelling).slice(1, -1)]) {
      if (form.length * ECHO_REPEATS <= text.length && text.includes(form.repeat(ECHO_REPEATS))) return true;
    }
  }
  return false;
}

/** What is wrong with an answer (empty when nothing is). */
function judgeAnswer(hostile: HostileCase, answer: CaseAnswer, timeBounds: boolean): string[] {
  if (answer.failure) return [answer.failure];
  const problems: string[] = [];
  const { status } = answer;
  if (timeBounds && answer.ms > hostile.boundMs)
    problems.push(`took ${Math.round(answer.ms)} ms (bound ${hostile.boundMs} ms)`);
  if (status >= 500) problems.push(`status ${status}`);
  else if (hostile.expect === "reject" && (status < 400 || status >= 500))
    problems.push(`status ${status}, expected a 4xx (the value must be refused, not stored)`);
  else if (status < 200) problems.push(`status ${status}`);
  if (STACK_TRACE.test(answer.text))
    problems.push(`a stack trace in the answer: ${answer.text.match(STACK_TRACE)![0]}`);
  // (A query string or path id is bounded by the HTTP parser's 16 KB and is part of the page's URL.)
  if (
    hostile.target.kind === "page" &&
    hostile.kind !== "query" &&
    hostile.kind !== "param" &&
    echoes(answer.text, hostile.unit)
  ) {
    problems.push(`the page answer (${Buffer.byteLength(answer.text)} bytes) echoes the hostile value`);
  }
  // 431 and 413 from the HTTP parser come before any route (431 has no body at all).
  if (hostile.target.kind === "api" && status >= 400 && status !== 431) {
    let error: unknown;
    try {
      error = (JSON.parse(answer.text) as { error?: unknown }).error;
    } catch {
      error = undefined;
    }
    if (!answer.contentType.includes("json") || typeof error !== "string")
      problems.push(`answer is not JSON { error }: ${answer.text.slice(0, 120)}`);
    if (Buffer.byteLength(answer.text) > MAX_API_ERROR_BYTES)
      problems.push(`the error answer is ${Buffer.byteLength(answer.text)} bytes: it echoes the hostile value`);
  }
  return problems;
}

export interface CaseFailure {
  label: string;
  status: number;
  ms: number;
  problems: string[];
}

export function describeFailure(failure: CaseFailure, seed: number) {
  return `${failure.label} -> ${failure.status || "no answer"} in ${Math.round(failure.ms)} ms: ${failure.problems.join("; ")} (seed ${seed})`;
}

/** The server under attack: its address may change when a frozen one is restarted. */
export interface HostileServer {
  url: string;
  /** Replaces a frozen server (same database, so sessions survive). */
  restart: () => Promise<void>;
}

/** Rate limits out of the way: thousands of refused sign-ins are the point here. */
const HOSTILE_SERVER_ENV = {
  ALLOW_PRIVATE_URLS: "true",
  LOGIN_MAX_FAILURES_PER_IP: "1000000",
  LOGIN_MAX_FAILURES_PER_EMAIL: "1000000",
};

function stopChild(child: ChildProcess, signal: NodeJS.Signals) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * `npm start`'s server in a process of its own: a case that freezes it cannot freeze the test's
 * own timers, and a frozen one is killed (only this child) and started again on the same file.
 */
export async function startHostileServer(
  databasePath: string,
  env: Record<string, string> = {},
): Promise<HostileServer & { close: () => Promise<void> }> {
  // BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE;
  const options = {
    env: { ...HOSTILE_SERVER_ENV, ...env },
    nodeArgs: profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
  };
  let { child, url } = await startServerProcess(databasePath, options);
  // Two senders that both find the server frozen share one restart.
  let restarting: Promise<void> | undefined;
  const server = {
    url,
    restart: () =>
      (restarting ??= (async () => {
        await stopChild(child, "SIGKILL");
        ({ child, url } = await startServerProcess(databasePath, options));
        server.url = url;
      })().finally(() => {
        restarting = undefined;
      })),
    close: async () => {
      await restarting;
      await stopChild(child, "SIGTERM");
    },
  };
  return server;
}

/** Whether the server answers /healthz within `ms`. */
async function isResponsive(url: string, ms: number) {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(ms) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export interface RunResult {
  sent: number;
  failures: CaseFailure[];
  /** Cases not sent because an earlier case of the same field froze the server. */
  skipped: string[];
  restarts: number;
  slowest: { label: string; ms: number; status: number }[];
}

/**
 * Sends the cases one at a time. A case that freezes the server is a failure; the server is then
 * restarted and the rest of that target's field is skipped (each would freeze it again), so a
 * run on a broken build stays bounded. `shouldStop` ends the run early (the bench's time budget);
 * `timeBounds` (the bench) also fails an answer slower than its case's bound.
 */
export async function runCases(
  server: HostileServer,
  cases: HostileCase[],
  tokens: Tokens,
  {
    shouldStop = () => false,
    onAnswer,
    timeBounds = false,
  }: {
    shouldStop?: () => boolean;
    onAnswer?: (hostile: HostileCase, answer: CaseAnswer) => void;
    timeBounds?: boolean;
  } = {},
): Promise<RunResult> {
  const result: RunResult = { sent: 0, failures: [], skipped: [], restarts: 0, slowest: [] };
  const frozen = new Set<string>();
  for (const hostile of cases) {
    if (shouldStop()) break;
    const key = `${hostile.target.id} ${hostile.field ?? hostile.kind}`;
    if (frozen.has(key)) {
      result.skipped.push(hostile.label);
      continue;
    }
    const answer = await sendCase(server.url, hostile, tokens, stallFor(timeBounds));
    result.sent += 1;
    onAnswer?.(hostile, answer);
    result.slowest.push({ label: hostile.label, ms: Math.round(answer.ms), status: answer.status });
    const problems = judgeAnswer(hostile, answer, timeBounds);
    if (answer.failure && !(await isResponsive(server.url, stallFor(timeBounds) / 6))) {
      problems.push("the server stopped answering /healthz: restarted");
      frozen.add(key);
      result.restarts += 1;
      await server.restart();
    }
    if (problems.length > 0)
      result.failures.push({ label: hostile.label, status: answer.status, ms: answer.ms, problems });
  }
  result.slowest = result.slowest.sort((a, b) => b.ms - a.ms).slice(0, 10);
  return result;
}

export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  max: number;
  /** Probes that got no answer within their timeout (counted at the timeout). */
  timeouts: number;
}

export function summarizeLatencies(times: number[], timeouts = 0): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    max: round(sorted.at(-1) ?? 0),
    timeouts,
  };
}

/**
 * Another user's GET /api/me, one at a time with a short pause, for as long as it runs: what
 * every other user feels while the hostile requests are served. Bounded by `maxProbes`.
 */
export function startMeProbe(
  server: { url: string },
  token: string,
  { pauseMs = 10, timeoutMs = STALL_MS, maxProbes = 20_000 } = {},
) {
  const times: number[] = [];
  let timeouts = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped && times.length < maxProbes) {
      const started = performance.now();
      try {
        const response = await fetch(`${server.url}/api/me`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`GET /api/me answered ${response.status}`);
        times.push(performance.now() - started);
      } catch (error) {
        if ((error as Error).name !== "TimeoutError" && !/fetch failed/.test((error as Error).message)) throw error;
        // A frozen, killed or restarting server: a user gets no answer, counted as the timeout.
        timeouts += 1;
        times.push(timeoutMs);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    stop: async (): Promise<LatencySummary> => {
      stopped = true;
      await loop;
      return summarizeLatencies(times, timeouts);
    },
  };
}

/** A hostile page the fake site serves, and how long processing it may take. */
export interface HostilePage {
  path: string;
  description: string;
  boundMs: number;
  contentType: string;
  body: () => Buffer;
}

const SENTENCE_WORDS =
  "Grace is the unearned favor of God shown to people who could never repay it and it changes how they live".split(" ");
/** About `count` words of plain prose, so a page passes the 60-word minimum and reaches the summary. */
function prose(count: number) {
  return Array.from({ length: count }, (_, index) => SENTENCE_WORDS[index % SENTENCE_WORDS.length]).join(" ") + ".";
}

function article({ head = "", body = prose(300) }: { head?: string; body?: string } = {}) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile page</title>${head}</head><body><main><article><h1>Hostile page</h1><p>${prose(150)}</p>${body}<p>${prose(150)}</p></article></main></body></html>`;
}

/** Just under the 5 MB fetch limit (app/modules/content/fetch.server.ts). */
const NEAR_FETCH_LIMIT = 5 * 1024 * 1024 - 64 * 1024;

export const HOSTILE_PAGES: HostilePage[] = [
  {
    path: "/hostile/dots.txt",
    description: "text/plain, prose around a run of 400,000 dots",
    boundMs: 1_000,
    contentType: "text/plain; charset=utf-8",
    body: () => Buffer.from(`${prose(120)}\n\n${".".repeat(400_000)}\n\n${prose(120)}`),
  },
  {
    path: "/hostile/author",
    description: '<meta name="author"> of 500,000 punctuation characters',
    boundMs: 1_000,
    contentType: "text/html; charset=utf-8",
    body: () =>
      Buffer.from(article({ head: `<meta name="author" content="${".,;:".repeat(125_000).slice(0, 499_999)}!">` })),
  },
  {
    path: "/hostile/title",
    description: "<title> of 300,000 characters",
    boundMs: 1_000,
    contentType: "text/html; charset=utf-8",
    body: () => Buffer.from(article({ head: `<title>${hostileValue("Grace. , ; : ", 300_000)}</title>` })),
  },
  {
    path: "/hostile/nested",
    description: "100,000 nested <div>s around the article",
    boundMs: 1_000,
    contentType: "text/html; charset=utf-8",
    body: () =>
      Buffer.from(article({ body: `${"<div>".repeat(100_000)}<p>${prose(200)}</p>${"</div>".repeat(100_000)}` })),
  },
  {
    path: "/hostile/sentence-5mb",
    description: "a 5 MB page of one sentence repeated without spaces",
    boundMs: 5_000,
    contentType: "text/html; charset=utf-8",
    body: () =>
      Buffer.from(
        article({ body: `<p>${hostileValue("TheLordismyshepherdIshallnotwant.", NEAR_FETCH_LIMIT - 20_000)}</p>` }),
      ),
  },
  {
    path: "/hostile/long-line",
    description: "one 1 MB line without a sentence end",
    boundMs: 2_000,
    contentType: "text/html; charset=utf-8",
    body: () => Buffer.from(article({ body: `<p>${hostileValue("grace upon grace and mercy ", 1024 * 1024)}</p>` })),
  },
  {
    path: "/hostile/scripts",
    description: "20,000 <script>s between the paragraphs",
    boundMs: 1_000,
    contentType: "text/html; charset=utf-8",
    body: () =>
      Buffer.from(
        article({
          body: Array.from(
            { length: 20_000 },
            (_, index) =>
              `<script>var a${index} = "${index}";</script>${index % 200 === 0 ? `<p>${prose(20)}</p>` : ""}`,
          ).join(""),
        }),
      ),
  },
  {
    path: "/hostile/quotes",
    description: "attributes of 200,000 quotes",
    boundMs: 1_000,
    contentType: "text/html; charset=utf-8",
    body: () =>
      Buffer.from(
        article({
          body: `<div data-x='${'"'.repeat(200_000)}'><p title="${"'".repeat(200_000)}">${prose(100)}</p></div>`,
        }),
      ),
  },
];

/** What a processed page may leave in the library: a title, author and summary of sensible size. */
const SAVED_CAPS = { title: 200, authorName: 200, sourceTitle: 300, aiSummary: 10_000, bite: 2_000 };

async function listSermons(url: string, token: string, stallMs: number) {
  const response = await fetch(`${url}/api/sermons`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(stallMs),
  });
  if (response.status !== 200) throw new Error(`GET /api/sermons answered ${response.status}`);
  return (await response.json()) as Array<Record<string, unknown> & { id: string; aiLearningBites: string[] | null }>;
}

export interface PageResult {
  path: string;
  status: number;
  ms: number;
  boundMs: number;
  problems: string[];
}

/**
 * POSTs each hostile page's address to /api/sermons/process-url as `token`'s user (who should own
 * nothing else): the answer must come as a 2xx or a 4xx with `{ success: false, error }` (and
 * within the page's bound with `timeBounds`, the bench); a 2xx saves exactly one item with capped
 * fields (removed again after the check), a 4xx saves nothing.
 */
export async function runHostilePages(
  server: HostileServer,
  siteUrl: string,
  token: string,
  pages: HostilePage[] = HOSTILE_PAGES,
  { timeBounds = false }: { timeBounds?: boolean } = {},
) {
  const stallMs = stallFor(timeBounds);
  const results: PageResult[] = [];
  let restarts = 0;
  for (const page of pages) {
    const problems: string[] = [];
    const before = await listSermons(server.url, token, stallMs);
    const started = performance.now();
    let status = 0;
    let body: { success?: boolean; error?: unknown; content?: { id: string } } = {};
    try {
      const response = await fetch(`${server.url}/api/sermons/process-url`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ url: siteUrl + page.path }),
        signal: AbortSignal.timeout(page.boundMs + stallMs),
      });
      status = response.status;
      const text = await response.text();
      if (STACK_TRACE.test(text)) problems.push("a stack trace in the answer");
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`answer is not JSON: ${text.slice(0, 120)}`);
      }
    } catch (error) {
      problems.push(
        (error as Error).name === "TimeoutError"
          ? `no answer in ${page.boundMs + stallMs} ms`
          : `request failed: ${(error as Error).message}`,
      );
    }
    const ms = performance.now() - started;
    if (timeBounds && status !== 0 && ms > page.boundMs)
      problems.push(`took ${Math.round(ms)} ms (bound ${page.boundMs} ms)`);
    if (status >= 500 || (status !== 0 && status < 200)) problems.push(`status ${status}`);
    if (status >= 400 && status < 500 && typeof body.error !== "string") problems.push("a 4xx without { error }");
    if (status === 0 && !(await isResponsive(server.url, stallMs / 6))) {
      problems.push("the server stopped answering /healthz: restarted");
      restarts += 1;
      await server.restart();
    }
    const after = await listSermons(server.url, token, stallMs);
    const added = after.filter((item) => !before.some((old) => old.id === item.id));
    if (status >= 200 && status < 300) {
      if (added.length !== 1 || added[0]!.id !== body.content?.id) problems.push(`a 2xx saved ${added.length} items`);
      for (const item of added) {
        for (const field of ["title", "authorName", "sourceTitle", "aiSummary"] as const) {
          const value = item[field];
          if (typeof value === "string" && value.length > SAVED_CAPS[field])
            problems.push(`saved ${field} of ${value.length} characters (cap ${SAVED_CAPS[field]})`);
        }
        const longest = Math.max(0, ...(item.aiLearningBites ?? []).map((bite) => bite.length));
        if (longest > SAVED_CAPS.bite)
          problems.push(`saved a learning bite of ${longest} characters (cap ${SAVED_CAPS.bite})`);
      }
    } else if (added.length > 0) {
      problems.push(`status ${status || "no answer"} but ${added.length} item(s) saved (half-saved)`);
    }
    // The next page starts from the same empty library, and lists stay small.
    for (const item of added) {
      await fetch(`${server.url}/api/sermons/${item.id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.arrayBuffer());
    }
    results.push({ path: page.path, status, ms: Math.round(ms), boundMs: page.boundMs, problems });
  }
  return { results, restarts };
}

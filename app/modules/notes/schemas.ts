import { z } from "zod";

// The same lists as db/schema.ts's columns (kept here too so this file stays out of drizzle's way
// in the browser); schemas.test.ts checks that they agree.
const highlightColors = ["yellow", "green", "blue", "pink", "purple"] as const;
const verseNoteKinds = ["note", "highlight", "bookmark"] as const;

/** A note's Markdown, at most this long (a long study note; the Markdown renderer is linear). */
export const MAX_NOTE_CHARS = 10_000;
export const MAX_LABEL_CHARS = 60;
/** Longer than any one passage a reader names ("1 Corinthians 13:1-14:1"). */
export const MAX_NOTE_REFERENCE_CHARS = 100;

export const HIGHLIGHT_COLORS = highlightColors;
export const NOTE_KINDS = verseNoteKinds;

const reference = z
  .string({ error: "reference is required: a verse or a passage, like John 3:16 or Psalm 23:1-4" })
  .trim()
  .min(1, "reference is required: a verse or a passage, like John 3:16 or Psalm 23:1-4")
  .max(MAX_NOTE_REFERENCE_CHARS, `reference is too long (${MAX_NOTE_REFERENCE_CHARS} characters at most)`);

const body = z
  .string({ error: "body must be text (Markdown)" })
  .max(MAX_NOTE_CHARS, `body is too long (${MAX_NOTE_CHARS.toLocaleString("en-US")} characters at most)`);

const color = z
  .string({ error: `color must be one of ${highlightColors.join(", ")}` })
  .trim()
  .toLowerCase()
  .pipe(z.enum(highlightColors, { error: `color must be one of ${highlightColors.join(", ")}` }));

const label = z
  .string({ error: "label must be text" })
  .trim()
  .max(MAX_LABEL_CHARS, `label is too long (${MAX_LABEL_CHARS} characters at most)`);

const groupId = z
  .string({ error: "groupId must be a group's id" })
  .trim()
  .min(1)
  .max(64, "groupId is not a group's id");

/** POST /api/notes and the reader's forms: what to mark, and how. */
export const newNoteSchema = z
  .object({
    reference,
    kind: z.enum(verseNoteKinds, { error: "kind must be note, highlight or bookmark" }),
    body: body.nullish(),
    color: color.nullish(),
    label: label.nullish(),
    groupId: groupId.nullish(),
  })
  .superRefine((value, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (value.kind === "note" && !value.body?.trim()) problem("body", "A note needs some text");
    if (value.kind !== "note" && value.body != null && value.body !== "") problem("body", "body is for notes only");
    if (value.kind !== "highlight" && value.color != null) problem("color", "color is for highlights only");
    if (value.kind !== "bookmark" && value.label != null && value.label !== "")
      problem("label", "label is for bookmarks only");
    if (value.kind !== "note" && value.groupId != null) problem("groupId", "Only a note can be shared with a group");
  });
export type NewNoteInput = z.infer<typeof newNoteSchema>;

/** PATCH /api/notes/{id}: any of these; `groupId: null` stops sharing a note. */
export const noteChangesSchema = z
  .object({
    reference: reference.optional(),
    body: body.optional(),
    color: color.optional(),
    label: label.nullable().optional(),
    groupId: groupId.nullable().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Send at least one of reference, body, color, label or groupId",
  });
export type NoteChangesInput = z.infer<typeof noteChangesSchema>;

/** GET /api/notes: ?reference= narrows to what touches a passage, ?kind= to one kind. */
export const noteListQuerySchema = z.object({
  reference: reference.optional(),
  kind: z.enum(verseNoteKinds, { error: "kind must be note, highlight or bookmark" }).optional(),
});

/**
 * The reader's marking forms (the chapter page's action), one intent each: the same module
 * functions as the API. Form fields are text: blank means "none".
 */
const formNoteText = z
  .string({ error: "Write the note first" })
  .trim()
  .min(1, "Write the note first")
  .max(MAX_NOTE_CHARS, `A note is at most ${MAX_NOTE_CHARS.toLocaleString("en-US")} characters`);

export const markFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("highlight"), reference, color: color.or(z.literal("none")) }),
  z.object({ intent: z.literal("bookmark"), reference, label: label.optional() }),
  z.object({
    intent: z.literal("note"),
    reference,
    body: formNoteText,
    groupId: groupId.optional(),
  }),
  z.object({
    intent: z.literal("edit-note"),
    id: z.string().max(64),
    body: formNoteText,
    groupId: groupId.optional(),
  }),
  z.object({ intent: z.literal("delete"), id: z.string().max(64) }),
]);
export type MarkForm = z.infer<typeof markFormSchema>;

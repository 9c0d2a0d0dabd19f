import { z } from "zod";
import { parseDataReference, type VerseId } from "~/modules/bible/books";
import type { VerseRange } from "~/modules/bible/references.server";
import verseRolesJson from "./content/verse-roles.json";

/**
 * Reviewed data on how a verse may be used (content/verse-roles.json, see content/README.md): the
 * promises, commands, prayers to pray and memory verses a pastor has checked, each with who speaks
 * and to whom, and the verses never to be used so (Satan's words, Job's friends, curses...). The
 * writer calls a verse a promise only when this file says so; it never guesses from the wording.
 */

export const verseRoleKinds = ["promise", "command", "prayer", "memory"] as const;
export type VerseRoleKind = (typeof verseRoleKinds)[number];

export interface VerseRole {
  kind: VerseRoleKind;
  ref: string;
  range: VerseRange;
  speaker: string;
  addressee: string;
  note?: string;
}

const text = z.string().trim().min(1);
/** A USFM data reference to verses that exist: "ISA.41.10" or "PSA.23.1-PSA.23.3". */
const verseRef = text
  .regex(/^[1-3A-Z]{3}\.\d+\.\d+(-[1-3A-Z]{3}\.\d+\.\d+)?$/, 'must be "BOOK.chapter.verse" or a range of two')
  .refine((ref) => parseDataReference(ref) !== null, "names a verse that does not exist");

const role = z.strictObject({
  kind: z.enum(verseRoleKinds),
  ref: verseRef,
  speaker: text,
  addressee: text,
  note: text.optional(),
});

export const verseRolesSchema = z
  .strictObject({
    roles: z.array(role).min(1),
    never: z.array(z.strictObject({ ref: verseRef, why: text })).min(1),
  })
  .superRefine((file, context) => {
    // A reference that does not parse has its own issue already.
    const never = file.never.map((entry) => parseDataReference(entry.ref));
    file.roles.forEach((entry, index) => {
      const range = parseDataReference(entry.ref);
      const clash = never.findIndex(
        (blocked) => range && blocked && blocked.start <= range.end && range.start <= blocked.end,
      );
      if (clash >= 0)
        context.addIssue({
          code: "custom",
          path: ["roles", index, "ref"],
          message: `${entry.ref} is also in the never list (${file.never[clash]!.ref}): it cannot be a ${entry.kind}`,
        });
    });
    const seen = new Set<string>();
    file.roles.forEach((entry, index) => {
      const key = `${entry.kind} ${entry.ref}`;
      if (seen.has(key))
        context.addIssue({ code: "custom", path: ["roles", index], message: `${key} is listed twice` });
      seen.add(key);
    });
  });

/** Parses the file, or throws an error naming it and every bad path (the app then refuses to start). */
export function parseVerseRoles(data: unknown) {
  const result = verseRolesSchema.safeParse(data);
  if (!result.success)
    throw new Error(
      `Built-in writer content app/modules/ai/builtin/content/verse-roles.json is invalid:\n${z.prettifyError(result.error)}`,
    );
  return result.data;
}

const file = parseVerseRoles(verseRolesJson);

const roles: VerseRole[] = file.roles.map((entry) => ({ ...entry, range: parseDataReference(entry.ref)! }));
const never = file.never.map((entry) => ({ range: parseDataReference(entry.ref)!, why: entry.why }));

/**
 * Reviewed roles lying wholly inside the given verses (all kinds, or one), in Bible order. Only what
 * the data says: a verse not listed has no role, whatever its wording.
 */
export function rolesIn(ranges: VerseRange[], kind?: VerseRoleKind): VerseRole[] {
  return roles
    .filter(
      (role) =>
        (kind === undefined || role.kind === kind) &&
        ranges.some((range) => range.start <= role.range.start && role.range.end <= range.end),
    )
    .sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}

/**
 * Why a verse must never be offered as a promise, command, memory verse or prayer (Satan's words,
 * Job's friends and wife, Jonah's death wish, Naomi's "return", curses, imprecations...), or null
 * when it is not listed.
 */
export function neverApplied(verse: VerseId): { why: string } | null {
  const entry = never.find((blocked) => blocked.range.start <= verse && verse <= blocked.range.end);
  return entry ? { why: entry.why } : null;
}

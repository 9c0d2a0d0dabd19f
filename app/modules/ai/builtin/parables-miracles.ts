import { z } from "zod";
import { parseDataReference } from "~/modules/bible/books";
import { countVerses, type VerseRange } from "~/modules/bible/references.server";
import parablesMiraclesJson from "./content/parables-miracles.json";

/**
 * Reviewed data on the gospels' parables and miracles (content/parables-miracles.json, see
 * content/README.md): each with its verses in every gospel that tells it and, for a parable, the
 * verses that say to whom Jesus tells it. A passage lesson asks of a parable what a leader asks of
 * a parable (nobody in the story is Jesus), and of a miracle what a leader asks of a miracle.
 */

export const parableThemes = [
  "lost",
  "word",
  "new",
  "judgement",
  "kingdom",
  "mercy",
  "grace",
  "response",
  "invitation",
  "readiness",
  "stewardship",
  "neighbour",
  "prayer",
  "wealth",
  "humility",
  "cost",
] as const;
export const miracleKinds = ["healing", "deliverance", "provision", "nature", "raising", "sign"] as const;
export type ParableTheme = (typeof parableThemes)[number];
export type MiracleKind = (typeof miracleKinds)[number];

const text = z.string().trim().min(1);
const gospelBooks = ["MAT", "MRK", "LUK", "JHN"];
/** A USFM reference to gospel verses that exist: "LUK.15.11-LUK.15.32". */
const gospelRef = text
  .regex(/^[A-Z]{3}\.\d+\.\d+(-[A-Z]{3}\.\d+\.\d+)?$/, 'must be "BOOK.chapter.verse" or a range of two')
  .refine((ref) => gospelBooks.includes(ref.slice(0, 3)), "must be in Matthew, Mark, Luke or John")
  .refine((ref) => parseDataReference(ref) !== null, "names a verse that does not exist");
const id = z.string().regex(/^[a-z-]+$/, "must be lower-case letters and hyphens");

const parableAccount = z
  .strictObject({
    ref: gospelRef,
    /** A second run of verses: the explanation given later (the weeds, Matthew 13:36-43). */
    also: gospelRef.optional(),
    /** The verses that say to whom, or on what occasion, Jesus tells it. */
    audience: gospelRef.optional(),
    /** Those hearers, as the text names them, to complete "Jesus tells this story to ...". */
    hearers: text.optional(),
  })
  .refine((account) => (account.audience === undefined) === (account.hearers === undefined), {
    message: "audience and hearers go together",
    path: ["hearers"],
  });

const miracleAccount = z.strictObject({ ref: gospelRef, also: gospelRef.optional() });

export const parablesMiraclesSchema = z
  .strictObject({
    parables: z
      .array(
        z.strictObject({
          id,
          name: text,
          theme: z.enum(parableThemes),
          accounts: z.array(parableAccount).min(1),
        }),
      )
      .min(1),
    miracles: z
      .array(z.strictObject({ id, name: text, kind: z.enum(miracleKinds), accounts: z.array(miracleAccount).min(1) }))
      .min(1),
  })
  .superRefine((file, context) => {
    const ids = new Set<string>();
    for (const [list, entries] of [
      ["parables", file.parables],
      ["miracles", file.miracles],
    ] as const)
      entries.forEach((entry, index) => {
        if (ids.has(entry.id))
          context.addIssue({ code: "custom", path: [list, index, "id"], message: `${entry.id} is listed twice` });
        ids.add(entry.id);
      });
  });

/** Parses the file, or throws an error naming it and every bad path (the app then refuses to start). */
export function parseParablesMiracles(data: unknown) {
  const result = parablesMiraclesSchema.safeParse(data);
  if (!result.success)
    throw new Error(
      `Built-in writer content app/modules/ai/builtin/content/parables-miracles.json is invalid:\n${z.prettifyError(result.error)}`,
    );
  return result.data;
}

/** One gospel's telling of a parable or miracle. */
export type GospelUnit = {
  id: string;
  name: string;
  ranges: VerseRange[];
} & (
  | { type: "parable"; theme: ParableTheme; audience?: VerseRange; hearers?: string }
  | { type: "miracle"; kind: MiracleKind }
);

/** A unit met in a passage: the verses of it the passage holds, and their share of the passage. */
export interface UnitInPassage {
  unit: GospelUnit;
  /** The unit's verses inside the passage. */
  ranges: VerseRange[];
  /** Those verses as a share of the passage. */
  share: number;
  /** Those verses as a share of the unit. */
  coverage: number;
}

const file = parseParablesMiracles(parablesMiraclesJson);

const rangesOf = (account: { ref: string; also?: string }) =>
  [account.ref, account.also].filter((ref): ref is string => ref !== undefined).map((ref) => parseDataReference(ref)!);

const units: GospelUnit[] = [
  ...file.parables.flatMap((parable) =>
    parable.accounts.map((account): GospelUnit => ({
      type: "parable",
      id: parable.id,
      name: parable.name,
      theme: parable.theme,
      ranges: rangesOf(account),
      audience: account.audience ? parseDataReference(account.audience)! : undefined,
      hearers: account.hearers,
    })),
  ),
  ...file.miracles.flatMap((miracle) =>
    miracle.accounts.map((account): GospelUnit => ({
      type: "miracle",
      id: miracle.id,
      name: miracle.name,
      kind: miracle.kind,
      ranges: rangesOf(account),
    })),
  ),
];

function intersect(a: VerseRange[], b: VerseRange[]): VerseRange[] {
  const found: VerseRange[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start <= end) found.push({ start, end });
    }
  return found.sort((first, second) => first.start - second.start);
}

/**
 * The parables and miracles a passage holds some of, the largest share first. A unit counts when
 * it makes up at least a third of the passage or the passage holds at least half of it, so a
 * chapter that tells two miracles has both, and a verse of a parable quoted in a sermon has none.
 */
export function gospelUnitsIn(ranges: VerseRange[]): UnitInPassage[] {
  const total = countVerses(ranges);
  if (total === 0) return [];
  const found: UnitInPassage[] = [];
  for (const unit of units) {
    const inside = intersect(unit.ranges, ranges);
    if (inside.length === 0) continue;
    const count = countVerses(inside);
    const share = count / total;
    const coverage = count / countVerses(unit.ranges);
    if (share >= 1 / 3 || coverage >= 0.5) found.push({ unit, ranges: inside, share, coverage });
  }
  return found.sort((a, b) => b.share - a.share || a.ranges[0]!.start - b.ranges[0]!.start);
}

import { z } from "zod";
import { passageFromRanges } from "~/modules/bible/passages.server";
import { countVerses, parseReference } from "~/modules/bible/references.server";
import { DEFAULT_PLAN_TRANSLATION } from "~/modules/plans/levels";
import { getBiblePlace } from "~/modules/profile/profile.server";
import versesJson from "./content/verses-of-the-day.json";

/** One a day of the year, February 29 included (content/verses-of-the-day.json; see content/README.md). */
export const DAYS_IN_LIST = 366;
export const MAX_VERSES = 3;

const reference = z
  .string()
  .trim()
  .min(1)
  .superRefine((text, context) => {
    const parsed = parseReference(text);
    if (!parsed.ok) context.addIssue({ code: "custom", message: parsed.message });
    else if (parsed.ranges.length !== 1 || countVerses(parsed.ranges) > MAX_VERSES) {
      context.addIssue({ code: "custom", message: `"${text}" must be one to ${MAX_VERSES} verses of one chapter` });
    }
  });

const versesOfTheDaySchema = z.strictObject({
  verses: z
    .array(reference)
    .length(DAYS_IN_LIST, `verses must hold ${DAYS_IN_LIST} references, one a day`)
    .superRefine((verses, context) => {
      const seen = new Map<string, number>();
      verses.forEach((text, index) => {
        const first = seen.get(text);
        if (first !== undefined) {
          context.addIssue({ code: "custom", path: [index], message: `"${text}" is already day ${first + 1}` });
        }
        seen.set(text, index);
      });
    }),
});

export function parseVersesOfTheDay(data: unknown): string[] {
  const result = versesOfTheDaySchema.safeParse(data);
  if (!result.success) {
    throw new Error(
      `app/modules/dashboard/content/verses-of-the-day.json is invalid:\n${z.prettifyError(result.error)}`,
    );
  }
  return result.data.verses;
}

/**
 * The shipped list, checked on first use rather than at start-up: checking resolves 366 references
 * (about 0.2 s of processor time that every server start, test server and desktop launch paid).
 * The unit test checks the shipped file, so a bad edit fails `npm test`, not a reader's page.
 */
let shipped: string[] | undefined;
function versesOfTheDay(): string[] {
  shipped ??= parseVersesOfTheDay(versesJson);
  return shipped;
}

/** The list's entry for a calendar day ("YYYY-MM-DD"): its day of the year, February 29's verse skipped in other years. */
export function verseIndexFor(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const dayOfYear = (Date.UTC(year, month - 1, date) - Date.UTC(year, 0, 1)) / 86_400_000;
  const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
  return leap || dayOfYear < 59 ? dayOfYear : dayOfYear + 1;
}

export interface VerseOfTheDay {
  reference: string;
  text: string;
  /** The translation's name: "Berean Standard Bible". */
  translation: string;
  /** Its code: BSB, KJV, WEB. */
  translationCode: string;
}

/** The verse for a reader's calendar day, its words from the shipped Bible (the plans' default translation unless named). */
export function verseOfTheDay(
  day: string,
  verses = versesOfTheDay(),
  translation: string = DEFAULT_PLAN_TRANSLATION,
): VerseOfTheDay {
  const entry = verses[verseIndexFor(day)]!;
  const parsed = parseReference(entry);
  // Checked when the list was loaded.
  if (!parsed.ok) throw new Error(`Verse of the day "${entry}" does not resolve`);
  const passage = passageFromRanges(parsed.ranges, translation);
  return {
    reference: passage.reference,
    text: passage.text,
    translation: passage.translation.shownName,
    translationCode: passage.translation.shown,
  };
}

/** A reader's verse for their calendar day, in the translation they last read the Bible in. */
export function readersVerseOfTheDay(userId: string, { day }: { day: string }): VerseOfTheDay & { date: string } {
  const translation = getBiblePlace(userId)?.translation ?? DEFAULT_PLAN_TRANSLATION;
  return { date: day, ...verseOfTheDay(day, versesOfTheDay(), translation) };
}

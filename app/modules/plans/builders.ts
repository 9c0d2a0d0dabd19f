import { books, type BibleBook } from "~/modules/bible/books";

/**
 * The catalogue of reading plans, built from the Bible's book metadata (no external tables), so
 * every plan covers its range exactly once and can be checked by tests. Pure and isomorphic.
 */

export const planTypes = ["book", "passage", "canonical"] as const;
export type PlanType = (typeof planTypes)[number];

export interface PlanDefinition {
  slug: string;
  name: string;
  description: string;
  planType: PlanType;
  /** days[i] holds the references read on day i + 1, each one a reference the parser accepts. */
  days: string[][];
}

export interface ChapterRef {
  book: BibleBook;
  chapter: number;
}

function bookNamed(id: string): BibleBook {
  const book = books.find((candidate) => candidate.id === id);
  if (!book) throw new Error(`Unknown book ${id}`);
  return book;
}

export function chaptersOf(bookIds: string[]): ChapterRef[] {
  return bookIds.flatMap((id) => {
    const book = bookNamed(id);
    return Array.from({ length: book.chapters }, (_, index) => ({ book, chapter: index + 1 }));
  });
}

function chapterVerses({ book, chapter }: ChapterRef) {
  return book.verses[chapter - 1]!;
}

/**
 * "John 3", "Genesis 1-3", "Psalm 23", "Psalms 1-5", and for the one-chapter books the verses
 * ("Jude 1:1-25"), since a bare "Jude 1" would read as its first verse.
 */
export function chapterRangeLabel(book: BibleBook, first: number, last: number): string {
  if (book.chapters === 1) return `${book.name} 1:1-${book.verses[0]}`;
  const name = book.id === "PSA" ? (first === last ? "Psalm" : "Psalms") : book.name;
  return first === last ? `${name} ${first}` : `${name} ${first}-${last}`;
}

/** Consecutive chapters grouped by book: [John 20, John 21, Acts 1] -> ["John 20-21", "Acts 1"]. */
export function labelChapters(chapters: ChapterRef[]): string[] {
  const labels: string[] = [];
  let index = 0;
  while (index < chapters.length) {
    const start = chapters[index]!;
    let end = start;
    while (
      index + 1 < chapters.length &&
      chapters[index + 1]!.book.id === start.book.id &&
      chapters[index + 1]!.chapter === end.chapter + 1
    ) {
      index += 1;
      end = chapters[index]!;
    }
    labels.push(chapterRangeLabel(start.book, start.chapter, end.chapter));
    index += 1;
  }
  return labels;
}

/** Splits chapters into days of a fixed number of chapters (the last day may hold fewer). */
export function fixedChunks(chapters: ChapterRef[], perDay: number): ChapterRef[][] {
  const days: ChapterRef[][] = [];
  for (let index = 0; index < chapters.length; index += perDay) days.push(chapters.slice(index, index + perDay));
  return days;
}

/**
 * Splits chapters, in order and whole, into `dayCount` days that are as even as possible in both
 * reading length (verses) and number of chapters, preferring to start a new book on a new day.
 * Dynamic programming over the split points: optimal for its cost, and fast (a few ms for the
 * whole Bible) because a day holds at most `maxPerDay` chapters.
 */
export function balancedChunks(
  chapters: ChapterRef[],
  dayCount: number,
  {
    maxPerDay = 8,
    chapterWeight = 0.6,
    bookBreakBonus = 0.02,
  }: { maxPerDay?: number; chapterWeight?: number; bookBreakBonus?: number } = {},
): ChapterRef[][] {
  const n = chapters.length;
  if (dayCount > n) throw new Error(`Cannot spread ${n} chapters over ${dayCount} days`);
  if (dayCount * maxPerDay < n) throw new Error(`${n} chapters do not fit ${dayCount} days of ${maxPerDay}`);
  const prefix = [0];
  for (const chapter of chapters) prefix.push(prefix.at(-1)! + chapterVerses(chapter));
  const targetVerses = prefix[n]! / dayCount;
  const targetChapters = n / dayCount;

  const cost = (from: number, to: number) => {
    const verses = (prefix[to]! - prefix[from]!) / targetVerses - 1;
    const count = (to - from) / targetChapters - 1;
    // Ending a day at the end of a book (or of the plan) is slightly preferred.
    const atBookEnd = to === n || chapters[to]!.book.id !== chapters[to - 1]!.book.id;
    return verses * verses + chapterWeight * count * count - (atBookEnd ? bookBreakBonus : 0);
  };

  // best[d][i]: least cost of reading the first i chapters in d days; from[d][i]: where day d began.
  const best: Float64Array[] = [];
  const from: Int32Array[] = [];
  for (let day = 0; day <= dayCount; day++) {
    best.push(new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY));
    from.push(new Int32Array(n + 1).fill(-1));
  }
  best[0]![0] = 0;
  for (let day = 1; day <= dayCount; day++) {
    // Every remaining day needs at least one chapter, and the days so far at most maxPerDay each.
    const low = day;
    const high = Math.min(n - (dayCount - day), day * maxPerDay);
    for (let end = low; end <= high; end++) {
      let bestCost = Number.POSITIVE_INFINITY;
      let bestStart = -1;
      for (let start = Math.max(day - 1, end - maxPerDay); start < end; start++) {
        const previous = best[day - 1]![start]!;
        if (previous === Number.POSITIVE_INFINITY) continue;
        const total = previous + cost(start, end);
        if (total < bestCost) {
          bestCost = total;
          bestStart = start;
        }
      }
      best[day]![end] = bestCost;
      from[day]![end] = bestStart;
    }
  }
  const days: ChapterRef[][] = [];
  let end = n;
  for (let day = dayCount; day >= 1; day--) {
    const start = from[day]![end]!;
    days.unshift(chapters.slice(start, end));
    end = start;
  }
  return days;
}

const GOSPELS = ["MAT", "MRK", "LUK", "JHN"];
const NEW_TESTAMENT = books.filter((book) => book.testament === "NT").map((book) => book.id);
const WHOLE_BIBLE = books.map((book) => book.id);

/** Matthew 5-7 at the seams of its sections. */
const SERMON_ON_THE_MOUNT: Array<{ reference: string }> = [
  { reference: "Matthew 5:1-16" }, // the Beatitudes; salt and light
  { reference: "Matthew 5:17-32" }, // the Law fulfilled; anger, lust, divorce
  { reference: "Matthew 5:33-48" }, // oaths, retaliation, love for enemies
  { reference: "Matthew 6:1-18" }, // giving, the Lord's Prayer, fasting
  { reference: "Matthew 6:19-34" }, // treasures in heaven; do not worry
  { reference: "Matthew 7:1-14" }, // judging others; ask, seek, knock; the narrow gate
  { reference: "Matthew 7:15-29" }, // true and false fruit; the wise and foolish builders
];

function chapterDays(days: ChapterRef[][]): string[][] {
  return days.map(labelChapters);
}

export interface CatalogueEntry extends Omit<PlanDefinition, "days"> {
  /** Builds the days (cheap, but only needed when the plan is first seeded). */
  buildDays: () => string[][];
}

export const planCatalogue: CatalogueEntry[] = [
  {
    slug: "gospel-of-john-21-days",
    name: "Gospel of John in 21 Days",
    description:
      'Walk with Jesus through John\'s Gospel, one chapter a day: the signs, the "I am" sayings, the cross and the empty tomb, written "so that you may believe."',
    planType: "book",
    buildDays: () => chapterDays(fixedChunks(chaptersOf(["JHN"]), 1)),
  },
  {
    slug: "psalms-30-days",
    name: "Psalms in 30 Days",
    description:
      "Pray through all 150 psalms in a month, five a day: praise, lament, confession and trust, the prayer book of God's people.",
    planType: "book",
    buildDays: () => chapterDays(fixedChunks(chaptersOf(["PSA"]), 5)),
  },
  {
    slug: "proverbs-31-days",
    name: "Proverbs in 31 Days",
    description:
      "A chapter of Proverbs for each day of the month: practical wisdom for words, work, money, friendship and the fear of the Lord.",
    planType: "book",
    buildDays: () => chapterDays(fixedChunks(chaptersOf(["PRO"]), 1)),
  },
  {
    slug: "sermon-on-the-mount-7-days",
    name: "Sermon on the Mount in 7 Days",
    description:
      "Matthew 5-7 in seven readings, section by section: the Beatitudes, the heart of the Law, prayer, worry, and building on the rock.",
    planType: "passage",
    buildDays: () => SERMON_ON_THE_MOUNT.map((day) => [day.reference]),
  },
  {
    slug: "romans-16-days",
    name: "Romans in 16 Days",
    description:
      "Paul's fullest account of the gospel, one chapter a day: sin and grace, faith and righteousness, life in the Spirit, and living sacrifices.",
    planType: "book",
    buildDays: () => chapterDays(fixedChunks(chaptersOf(["ROM"]), 1)),
  },
  {
    slug: "gospels-30-days",
    name: "The Gospels in 30 Days",
    description:
      "Matthew, Mark, Luke and John in a month, about three chapters a day: the life, teaching, death and resurrection of Jesus from four witnesses.",
    planType: "canonical",
    buildDays: () => chapterDays(balancedChunks(chaptersOf(GOSPELS), 30)),
  },
  {
    slug: "new-testament-90-days",
    name: "New Testament in 90 Days",
    description:
      "All 27 books from Matthew to Revelation in three months, about three chapters a day, in canonical order and balanced by length.",
    planType: "canonical",
    buildDays: () => chapterDays(balancedChunks(chaptersOf(NEW_TESTAMENT), 90)),
  },
  {
    slug: "bible-in-a-year",
    name: "Bible in a Year",
    description:
      "Genesis to Revelation in 365 days, in canonical order: three to four chapters a day, balanced so each day's reading takes about the same time.",
    planType: "canonical",
    buildDays: () => chapterDays(balancedChunks(chaptersOf(WHOLE_BIBLE), 365)),
  },
];

export function buildPlanCatalogue(): PlanDefinition[] {
  return planCatalogue.map(({ buildDays, ...plan }) => ({ ...plan, days: buildDays() }));
}

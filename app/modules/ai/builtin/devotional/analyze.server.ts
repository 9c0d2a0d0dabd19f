import { getBibleDb } from "~/modules/bible/bible-db.server";
import { bookContexts } from "~/modules/bible/book-context";
import { bookByOrder, chapterVerseCount, splitVerseId, verseId } from "~/modules/bible/books";
import { crossReferencesFor } from "~/modules/bible/crossrefs.server";
import { versesFor, type Passage } from "~/modules/bible/passages.server";
import { formatRanges, type VerseRange } from "~/modules/bible/references.server";
import { henryOn, introductionPoints } from "../commentary.server";
import { maskOtherSenses } from "../senses";
import type {
  AnalyzedVerse,
  DevotionalAnalysis,
  Echo,
  HenryOnReading,
  KeywordHit,
  PassageSummary,
  ThemeHit,
} from "./compose";
import { isStopWord, verseForQuote, words } from "./text";
import { content } from "../content";
import { stem } from "../stem";

const MAX_ECHO_WORDS = 60;

/** Capitalised words that are not names: divine titles and pronouns (the BSB capitalises them). */
const NOT_NAMES = new Set(
  "I O Us Our Ours We God LORD Lord GOD He His Him Himself You Your Yours Yourself Me My Mine Myself Father Son Spirit Holy Most High Almighty Savior Redeemer Christ Messiah Amen Selah Hallelujah Then Now But And For The When So Yet If As Therefore Truly Behold Woe Blessed Let Do Go Come See Look Who What Why How Is Are Was Were Be This That These Those There Here In On At Of By With To From Into Upon After Before Because Since While Until Whoever Whatever Surely Indeed Even Yes No Not All Every Each One Two Three Sabbath Passover Word Scripture Scriptures Law Prophets Gospel Heaven Hades Sheol Day Lamb Shepherd King Lord's God's LORD's Teacher Rabbi Light Truth Way Life Bread Vine Door Servant Branch Rock Lion Mount Nor Or Give Take Hear Listen Keep Remember Praise Sing".split(
    " ",
  ),
);

function voteTotals(ranges: VerseRange[]): Map<number, number> {
  const db = getBibleDb();
  const statement = db.prepare(
    "select from_id as id, sum(votes) as votes from crossrefs where from_id between ? and ? group by from_id",
  );
  const totals = new Map<number, number>();
  for (const range of ranges) {
    for (const row of statement.all(range.start, range.end) as Array<{ id: number; votes: number }>) {
      totals.set(row.id, (totals.get(row.id) ?? 0) + row.votes);
    }
  }
  return totals;
}

function findNames(verses: Array<{ text: string }>, lowerWords: Set<string>): Array<{ name: string; count: number }> {
  const counts = new Map<string, number>();
  for (const { text } of verses) {
    const pattern = /([A-Z][a-z]+(?:-[A-Z][a-z]+)?)/g;
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(text))) {
      const before = text.slice(0, match.index).trimEnd();
      const sentenceStart = before === "" || /[.!?:;“"‘'(—]$/.test(before);
      const name = match[1]!;
      if (sentenceStart || NOT_NAMES.has(name) || lowerWords.has(name.toLowerCase())) continue;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, count]) => ({ name, count }));
}

function inside(ranges: VerseRange[], range: VerseRange) {
  return ranges.some((own) => range.start <= own.end && range.end >= own.start);
}

/**
 * What the built-in writer needs to know about the day's passages: its key verses (by how
 * often readers have linked them to the rest of Scripture, and by the themes they carry), the
 * themes and repeated words, the people named, and cross-references quoted in full.
 */
export function analyzePassages(passages: Passage[]): DevotionalAnalysis {
  const translation = passages[0]!.translation;
  const code = translation.shown;
  const allRanges = passages.flatMap((passage) => passage.ranges);
  const votes = voteTotals(allRanges);

  const verses = passages.flatMap((passage) => passage.verses).filter((verse) => verse.text.trim() !== "");
  const wordCounts = new Map<string, number>();
  const verseWords = new Map<number, string[]>();
  for (const verse of verses) {
    // Words used in another sense ("lie down", "a light burden") do not speak for a theme.
    const list = words(maskOtherSenses(verse.text));
    verseWords.set(verse.id, list);
    for (const word of list) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
  }

  // The passage's word forms grouped by stem, so a theme listing "love" also finds "loved".
  const formsByStem = new Map<string, Map<string, number>>();
  for (const [word, count] of wordCounts) {
    const key = stem(word);
    const forms = formsByStem.get(key) ?? new Map<string, number>();
    forms.set(word, count);
    formsByStem.set(key, forms);
  }
  /**
   * How often the passage uses a word in any form, its most frequent form there, and its weight
   * for a theme: each form counts at most 4 times.
   */
  const usage = (word: string) => {
    const forms = formsByStem.get(stem(word));
    if (!forms) return null;
    let total = 0;
    let weight = 0;
    let form = "";
    let most = 0;
    for (const [candidate, count] of forms) {
      total += count;
      weight += Math.min(count, 4);
      if (count > most) [form, most] = [candidate, count];
    }
    return { word: form, count: total, weight };
  };

  // Themes: how strongly the passage's own words carry each one.
  const themeScores = content.themes.themes
    .map((theme, order) => {
      let score = 0;
      let best: { word: string; count: number } | null = null;
      for (const word of theme.words) {
        const hit = usage(word);
        if (!hit) continue;
        score += hit.weight;
        if (!best || hit.count > best.count) best = hit;
      }
      for (const word of theme.weak ?? []) {
        const hit = usage(word);
        if (!hit) continue;
        score += hit.weight / 2;
        if (!best) best = hit;
      }
      return { theme, order, score, best };
    })
    .filter((entry) => entry.best && entry.score >= 1)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const themeStems = new Set(
    themeScores.slice(0, 4).flatMap((entry) => [...entry.theme.words, ...(entry.theme.weak ?? [])].map(stem)),
  );

  const keywordList = [...wordCounts.entries()]
    .filter(([word, count]) => count >= 2 && word.length >= 4 && !isStopWord(word))
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || a[0].localeCompare(b[0]))
    .slice(0, 8);
  const keywordSet = new Set(keywordList.map(([word]) => word));

  const analyzed: AnalyzedVerse[] = verses.map((verse) => {
    const list = verseWords.get(verse.id)!;
    const themeHits = list.filter((word) => themeStems.has(stem(word))).length;
    const keywordHits = list.filter((word) => keywordSet.has(word)).length;
    const length = list.length;
    let score =
      Math.log2(1 + (votes.get(verse.id) ?? 0)) + 0.8 * Math.min(themeHits, 4) + 0.3 * Math.min(keywordHits, 4);
    if (length > 45) score -= (length - 45) / 15;
    if (length < 6) score -= 3;
    return {
      id: verse.id,
      reference: formatRanges([{ start: verse.id, end: verse.id }]),
      verseNumber: verse.verse,
      text: verseForQuote(verse.text.trim()),
      wordCount: length,
      score,
    };
  });
  const byId = new Map(analyzed.map((verse) => [verse.id, verse]));
  const keyVerses = [...analyzed].sort((a, b) => b.score - a.score || a.id - b.id);
  const bestVerseWith = (word: string) => keyVerses.find((verse) => verseWords.get(verse.id)!.includes(word));

  const themeHits: ThemeHit[] = themeScores.slice(0, 4).map(({ theme, best }) => ({
    theme,
    word: best!.word,
    count: best!.count,
    verse: bestVerseWith(best!.word)!,
  }));
  // Genealogies and lists of names are about God's faithfulness across generations, whatever
  // stray theme words they contain.
  const names = findNames(verses, lowercaseWords(verses));
  const nameShare =
    names.reduce((sum, entry) => sum + entry.count, 0) /
    Math.max(
      1,
      [...wordCounts.values()].reduce((a, b) => a + b, 0),
    );
  if ((themeHits.length === 0 || nameShare > 0.12) && keyVerses[0]) {
    themeHits.unshift({ theme: content.themes.fallback, word: "", count: 0, verse: keyVerses[0] });
  }

  const keywords: KeywordHit[] = keywordList.map(([word, count]) => ({ word, count, verse: bestVerseWith(word)! }));

  // Echoes: first the cross-references of the key verses, then the passage's best-voted ones.
  const echoes: Echo[] = [];
  const seen = new Set<string>();
  const addEcho = (range: VerseRange, reference: string, from?: AnalyzedVerse) => {
    if (seen.has(reference) || inside(allRanges, range) || echoes.length >= 14) return;
    seen.add(reference);
    const text = verseForQuote(
      versesFor([range], code)
        .map((verse) => verse.text.trim())
        .filter(Boolean)
        .join(" "),
    );
    if (!text || text.split(/\s+/).length > MAX_ECHO_WORDS) return;
    echoes.push({ reference, text, from });
  };
  for (const verse of keyVerses.slice(0, 4)) {
    for (const reference of crossReferencesFor([{ start: verse.id, end: verse.id }], 3)) {
      addEcho(reference.range, reference.reference, verse);
    }
  }
  for (const reference of crossReferencesFor(allRanges, 20)) addEcho(reference.range, reference.reference);

  const summaries: PassageSummary[] = passages.map((passage) => {
    const own = passage.verses.filter((verse) => verse.text.trim() !== "").map((verse) => byId.get(verse.id)!);
    const chapterKeys = [...new Set(own.map((verse) => Math.floor(verse.id / 1000)))];
    return {
      reference: passage.reference,
      verseCount: own.length,
      first: own[0],
      last: own.at(-1),
      chapters: chapterKeys.map((key) => {
        const inChapter = own.filter((verse) => Math.floor(verse.id / 1000) === key);
        const { bookOrder, chapter } = splitVerseId(key * 1000 + 1);
        const book = bookByOrder(bookOrder)!;
        return {
          reference: formatRanges([
            {
              start: verseId(bookOrder, chapter, 1),
              end: verseId(bookOrder, chapter, chapterVerseCount(book, chapter)),
            },
          ]),
          keyVerse: [...inChapter].sort((a, b) => b.score - a.score || a.id - b.id)[0]!,
        };
      }),
    };
  });

  const bookOrders = [...new Set(verses.map((verse) => splitVerseId(verse.id).bookOrder))];
  const books = bookOrders.map((order) => {
    const book = bookByOrder(order)!;
    const firstVerse = verses.find((verse) => splitVerseId(verse.id).bookOrder === order)!;
    return { name: book.name, chapters: book.chapters, chapter: firstVerse.chapter, context: bookContexts[book.id] };
  });

  return {
    commentary: henryOnReading(allRanges, keyVerses.slice(0, 3), themeHits),
    reference: passages.map((passage) => passage.reference).join("; "),
    translation: { code, name: translation.shownName },
    passages: summaries,
    keyVerses,
    themes: themeHits,
    keywords,
    names: names.map((entry) => entry.name),
    echoes,
    books,
  };
}

/**
 * Matthew Henry on the day's reading: his introductions to its chapters, one point of his outline
 * per section (from the introduction's numbered summary), and his sentences ranked for the key
 * verses' words and the themes found.
 */
function henryOnReading(ranges: VerseRange[], keyVerses: AnalyzedVerse[], themes: ThemeHit[]): HenryOnReading {
  const focus = [...keyVerses.flatMap((verse) => words(verse.text)), ...themes.map((hit) => hit.word)].filter(
    (word) => word && !isStopWord(word),
  );
  const found = henryOn(ranges, focus);
  const outline: HenryOnReading["outline"] = [];
  for (const section of found.sections) {
    const intro = found.introductions.find(
      (entry) => section.range.start >= entry.range.start && section.range.end <= entry.range.end,
    );
    if (!intro) continue;
    const startVerse = splitVerseId(section.range.start).verse;
    const point = introductionPoints(intro).find((entry) => entry.verse === startVerse);
    if (point) outline.push({ reference: section.reference, text: point.text });
  }
  return {
    introductions: found.introductions.map(({ reference, text }) => ({ reference, text })),
    outline,
    sentences: found.sentences.map(({ reference, text, position, score }) => ({ reference, text, position, score })),
  };
}

/** Words the passage also writes in lower case ("light"), so "Light" at a line start is no name. */
function lowercaseWords(verses: Array<{ text: string }>) {
  const found = new Set<string>();
  for (const { text } of verses) for (const word of text.match(/(?<![A-Za-z])[a-z]+/g) ?? []) found.add(word);
  return found;
}

import type { BookContext } from "~/modules/bible/book-context";
import type { AiSettingsInput } from "~/modules/ai/settings";
import type { DevotionalLevel } from "~/modules/ai/provider";
import { countWords } from "~/modules/ai/words";
import { content, sectionIds, type SectionId, type Theme } from "../content";
import { stem } from "../stem";
import { createPicker, hashString, joinList, titleCase } from "../text";
import { fill } from "../voice";
import { fragmentAround, isStopWord, quotedSentence, shuffled, words } from "./text";

/**
 * Writes a devotional from what the analysis found in the day's passages. Pure: the same
 * analysis, level, limit and settings always give the same markdown. The text is assembled from
 * blocks (sentences, quotes, list items) with priorities; blocks are added in priority order
 * until the word count reaches the limit, never passing limit + 10%, so the result lands within
 * the +-15% the product promises.
 */

export interface AnalyzedVerse {
  id: number;
  /** "John 3:16" */
  reference: string;
  /** "16" */
  verseNumber: number;
  text: string;
  wordCount: number;
  score: number;
}

export interface ThemeHit {
  theme: Theme;
  /** The form of the word used in the passage, "loved". */
  word: string;
  count: number;
  verse: AnalyzedVerse;
}

export interface KeywordHit {
  word: string;
  count: number;
  verse: AnalyzedVerse;
}

export interface Echo {
  reference: string;
  text: string;
  /** The verse of the day it echoes, when known. */
  from?: AnalyzedVerse;
}

export interface PassageSummary {
  reference: string;
  verseCount: number;
  first?: AnalyzedVerse;
  last?: AnalyzedVerse;
  /** The best verse of each chapter, for an outline when a day spans chapters. */
  chapters: Array<{ reference: string; keyVerse: AnalyzedVerse }>;
}

/** A sentence of Matthew Henry's, verbatim, from the section named ("John 3:1-21"). */
export interface HenryQuote {
  reference: string;
  text: string;
  position: number;
  score: number;
}

/** What Henry says on the reading: his introductions, his outline of it, his quotable sentences. */
export interface HenryOnReading {
  introductions: Array<{ reference: string; text: string }>;
  /** One point per section of the reading, in his words: "God’s call of Abram to the land of Canaan". */
  outline: Array<{ reference: string; text: string }>;
  sentences: HenryQuote[];
}

export interface DevotionalAnalysis {
  commentary: HenryOnReading;
  /** "John 3" or "Genesis 1-3; Psalm 1" */
  reference: string;
  translation: { code: string; name: string };
  passages: PassageSummary[];
  keyVerses: AnalyzedVerse[];
  themes: ThemeHit[];
  keywords: KeywordHit[];
  names: string[];
  echoes: Echo[];
  books: Array<{ name: string; chapters: number; chapter: number; context?: BookContext }>;
}

interface Block {
  section: SectionId;
  kind: "sentence" | "quote" | "item" | "numbered";
  text: string;
  /** Sentences with the same paragraph key are joined into one paragraph. */
  paragraph?: string;
  /** The reference a quote is cited by (placed per the citation format). */
  cite?: string;
  /** Who a quote that is not Scripture is by: "Matthew Henry on John 3:1-21". */
  attribution?: string;
  /** A sentence introducing a quote; it stands or falls with the quote. */
  intro?: string;
  /** 0 = always included; higher numbers are added later, while words remain. */
  priority: number;
  /** Position within the section. */
  order: number;
}

const { headings, tones: voices } = content.devotionalVoice;
const lines = content.devotionalLines;

export interface ComposeInput {
  analysis: DevotionalAnalysis;
  level: DevotionalLevel;
  wordLimit: number;
  settings: AiSettingsInput;
}

/** The section a level uses, and how many of each kind of material it prefers. */
const levelPlans: Record<
  DevotionalLevel,
  { sections: SectionId[]; themes: number; echoes: number; questions: number; quotes: number }
> = {
  beginner: {
    sections: ["scripture", "reflect", "echoes", "apply", "pray"],
    themes: 4,
    echoes: 4,
    questions: 1,
    quotes: 3,
  },
  intermediate: {
    sections: ["scripture", "overview", "reflect", "echoes", "questions", "apply", "pray"],
    themes: 4,
    echoes: 8,
    questions: 5,
    quotes: 4,
  },
  deep: {
    sections: ["context", "scripture", "overview", "keywords", "reflect", "echoes", "questions", "apply", "pray"],
    themes: 4,
    echoes: 10,
    questions: 6,
    quotes: 4,
  },
};

export function composeDevotional({ analysis, level, wordLimit, settings }: ComposeInput): string {
  const seed = `${analysis.reference}|${level}|${settings.tone}|${settings.writingStyle}`;
  // Every sentence of the writer's own is one of many in devotional-lines.json, chosen by the
  // passage and the slot: the same input gives the same text, the next day another wording.
  const choose = createPicker(seed);
  const say = (slot: string, options: readonly string[], values: Record<string, string>) =>
    fill(choose(slot, options), values);
  const plan = levelPlans[level];
  const voice = voices[settings.tone];
  const simple = settings.languageComplexity === "Simple" || settings.targetAudience === "Beginner";
  const code = analysis.translation.code;
  const blocks: Block[] = [];
  const add = (block: Omit<Block, "order"> & { order?: number }) =>
    blocks.push({ ...block, order: block.order ?? blocks.length });
  const reading = analysis.reference;
  const fallback = content.themes.fallback.id;

  const themeHits = analysis.themes.slice(0, plan.themes);
  // One theme per verse: two themes read into the same verse would repeat it.
  const realThemes = themeHits.filter(
    (hit, index) =>
      hit.theme.id !== fallback && themeHits.findIndex((other) => other.verse.id === hit.verse.id) === index,
  );
  const quoteVerses = chooseQuotes(analysis.keyVerses, plan.quotes, wordLimit);
  const firstQuote = quoteVerses[0];
  const keyReference = firstQuote?.reference ?? reading;
  const henry = analysis.commentary;
  // The passage's own words, each in the verse that uses it best: every sentence of the writer's
  // own names one, so that its sentences differ as the passages do rather than by reference alone.
  // A name the passage repeats ("David") is one of its names, not one of its words.
  const nameOf = new Map(analysis.names.map((name) => [name.toLowerCase(), name]));
  const keyHits = analysis.keywords.filter((keyword) => keyword.count >= 2 && !nameOf.has(keyword.word)).slice(0, 6);
  const wordHit = (slot: string) =>
    keyHits.length > 0 ? keyHits[hashString(`${seed}:${slot}`) % Math.min(4, keyHits.length)] : undefined;
  const anchors = [...analysis.names.slice(0, 3), ...keyHits.slice(0, 4).map((hit) => hit.word)];
  const anchor = (slot: string) =>
    anchors.length > 0 ? anchors[hashString(`${seed}:${slot}`) % anchors.length] : undefined;
  // A name stands as it is; one of the passage's words is called a word.
  const named = (word: string) => (analysis.names.includes(word) ? word : `the word ${word}`);

  // Scripture: the key verses, quoted in full and labelled with the translation shown.
  const opening = wordHit("open");
  if (firstQuote) {
    if (opening) {
      add({
        section: "scripture",
        kind: "sentence",
        paragraph: "intro",
        priority: 2,
        text: say("open", lines.opening, { reading, verse: keyReference, word: opening.word }),
      });
    }
    add({ section: "scripture", kind: "quote", text: firstQuote.text, cite: firstQuote.reference, priority: 0 });
    quoteVerses
      .slice(1)
      .forEach((verse, index) =>
        add({ section: "scripture", kind: "quote", text: verse.text, cite: verse.reference, priority: 5 + index * 3 }),
      );
  }

  // Background (deep): the book, and Henry's own introduction to the chapter.
  analysis.books.slice(0, 2).forEach((book, index) => {
    if (!book.context) return;
    const { genre, author } = book.context;
    const watched = anchor(`book-${index}`);
    add({
      section: "context",
      kind: "sentence",
      paragraph: `book-${index}`,
      priority: 1,
      // One sentence, "<context>; <watch>.": the book's background alone would be the same on
      // every day spent in that book.
      text: `${[
        say(`book-${index}`, lines.context, { book: book.name, chapter: String(book.chapter), genre, author }),
        watched ? say(`watch-${index}`, lines.watch, { anchor: named(watched) }) : "",
      ]
        .filter(Boolean)
        .join("; ")}.`,
    });
  });
  henry.introductions.slice(0, 2).forEach((intro, index) => {
    const summary = introSummary(intro.text);
    if (!summary) return;
    add({
      section: "context",
      kind: "quote",
      text: summary,
      attribution: `Matthew Henry on ${intro.reference}`,
      priority: 2 + index * 4,
    });
  });

  // The reading: the movements Henry finds in it (his own words), and who appears.
  if (henry.outline.length > 1) {
    henry.outline.slice(0, 6).forEach((point, index) =>
      add({
        section: "overview",
        kind: "item",
        priority: 2 + index,
        text: `**${point.reference}**: “${point.text}”`,
      }),
    );
  } else if (henry.outline[0]) {
    add({
      section: "overview",
      kind: "sentence",
      paragraph: "outline",
      priority: 1,
      text: say("summary", lines.henrySummary, { henry: henry.outline[0].text, section: henry.outline[0].reference }),
    });
  }
  if (analysis.names.length > 0) {
    add({
      section: "overview",
      kind: "sentence",
      paragraph: "names",
      priority: 4,
      text: say("names", lines.names, { reading, names: joinList(analysis.names.slice(0, 5)) }),
    });
  }

  // Words to notice (deep): the passage's own vocabulary, each in the verse that uses it best.
  const keywords = analysis.keywords.filter((keyword) => keyword.count >= 2).slice(0, 4);
  if (keywords.length > 0) {
    keywords.forEach((keyword, index) =>
      add({
        section: "keywords",
        kind: "item",
        priority: 4 + index * 2,
        text: `**${nameOf.get(keyword.word) ?? keyword.word}** (${keyword.verse.reference}): ${quotedSentence(fragmentAround(keyword.verse.text, keyword.word, 18))}`,
      }),
    );
  }

  // Reflection: what the key verse says, then Matthew Henry's explanation, quoted and attributed.
  const firstHit = realThemes[0];
  if (firstHit) {
    add({
      section: "reflect",
      kind: "sentence",
      paragraph: "observe",
      priority: 1,
      text: say("observe", simple ? lines.observePlain : lines.observe, {
        ...themeValues(firstHit),
        quote: quotedSentence(fragmentAround(firstHit.verse.text, firstHit.word || undefined, 26)),
      }),
    });
  }
  // About one sentence of Henry's per hundred words of budget: the explanation is mostly his.
  // Every devotional quotes him at least once; on a very small budget only one sentence fits, the
  // shortest of his best.
  const tight = wordLimit <= 150;
  const chosen = tight
    ? [...henry.sentences.slice(0, 9)].sort((a, b) => a.text.length - b.text.length).slice(0, 1)
    : chooseHenry(henry.sentences, Math.max(3, Math.round(wordLimit / 100)), seed);
  chosen.forEach((sentence, index) =>
    add({
      section: "reflect",
      kind: "quote",
      text: sentence.text,
      attribution: `Matthew Henry on ${sentence.reference}`,
      priority: index === 0 ? 0 : 2 + index * 2,
    }),
  );
  realThemes.slice(1, 3).forEach((hit, index) =>
    add({
      section: "reflect",
      kind: "sentence",
      paragraph: `theme-${index}`,
      priority: 5 + index * 3,
      text: say(`adds-${index}`, lines.themeTurn, {
        ...themeValues(hit),
        quote: quotedSentence(fragmentAround(hit.verse.text, hit.word || undefined, 20)),
      }),
    }),
  );

  // Echoes: where the rest of Scripture says the same thing, quoted.
  analysis.echoes.slice(0, plan.echoes).forEach((echo, index) => {
    const priority = index === 0 ? (level === "beginner" ? 12 : 2) : 6 + index * 2;
    // The word both verses share says what the echo is; without one, the citation alone.
    const shared = echo.from ? sharedWord(echo.from.text, echo.text) : undefined;
    const intro =
      echo.from && shared
        ? say(`echo-${index}`, lines.echo, { from: echo.from.reference, echo: echo.reference, shared })
        : undefined;
    add({ section: "echoes", kind: "quote", intro, text: echo.text, cite: echo.reference, priority });
  });

  // Questions: on the verses and on what Henry saw in them.
  const point = henry.outline[hashString(`${seed}:point`) % Math.max(1, henry.outline.length)];
  const asked = chooseHenry(henry.sentences, 2, `${seed}:ask`, new Set(chosen.map((entry) => entry.text)));
  const asking = wordHit("ask");
  const pointAnchor = anchor("point");
  const carry = anchor("carry");
  const asks = lines.questions;
  const questions = [
    asking
      ? say("q-god", asks.godWithWord, { verse: asking.verse.reference, word: asking.word, reading })
      : say("q-god", asks.god, { verse: keyReference }),
    point
      ? pointAnchor
        ? say("q-point", asks.outline, { anchor: named(pointAnchor), henry: point.text, section: point.reference })
        : say("q-point", asks.outlinePlain, { henry: point.text, section: point.reference })
      : say("q-point", asks.retell, { reading }),
    ...asked.map((sentence, index) => {
      // His full stop gives way to the question mark or the sentence around the quotation.
      const values = { henry: sentence.text.replace(/\.$/, ""), section: sentence.reference };
      const thinking = anchor(`asked-${index}`);
      return thinking
        ? say(`q-henry-${index}`, asks.henry, { ...values, anchor: named(thinking) })
        : say(`q-henry-${index}`, asks.henryPlain, values);
    }),
    carry
      ? say("q-carry", asks.carry, { reading, anchor: named(carry) })
      : say("q-carry", asks.carryPlain, { reading }),
    ...realThemes.map((hit, index) => say(`q-theme-${index}`, asks.theme, themeValues(hit))),
  ];
  questions
    .slice(0, plan.questions)
    .forEach((question, index) =>
      add({ section: "questions", kind: "numbered", text: question, priority: index === 0 ? 2 : 3 + index * 2 }),
    );
  if (level === "beginner") {
    add({
      section: "apply",
      kind: "sentence",
      paragraph: "ask",
      priority: 7,
      text: say("ask", lines.askYourself, { question: lowerFirst(questions[0]!) }),
    });
  }

  // Application: things to do with these verses today.
  const echo = analysis.echoes[0];
  const [written, prayed, learned] = [wordHit("write"), wordHit("pray"), wordHit("learn")];
  const told = anchor("tell");
  const reread = anchor("reread");
  const { steps: stepLines } = lines;
  const steps = shuffled(
    [
      written ? say("write", stepLines.write, { verse: written.verse.reference, word: written.word }) : "",
      prayed ? say("pray", stepLines.pray, { verse: prayed.verse.reference, word: prayed.word }) : "",
      chosen[0] && reread
        ? say("reread", stepLines.reread, { section: chosen[0].reference, anchor: named(reread) })
        : "",
      echo && told ? say("send", stepLines.send, { echo: echo.reference, reading, anchor: named(told) }) : "",
      told ? say("tell", stepLines.tell, { reading, anchor: named(told) }) : "",
      quoteVerses[1] && learned && learned.verse.id !== quoteVerses[1].id
        ? say("learn", stepLines.learn, {
            memory: quoteVerses[1].reference,
            verse: learned.verse.reference,
            word: learned.word,
          })
        : "",
    ].filter(Boolean),
    `${seed}:steps`,
  );
  steps
    .slice(0, level === "beginner" ? 2 : 3)
    .forEach((step, index) =>
      add({ section: "apply", kind: "item", text: step, priority: index === 0 ? 1.5 : 3 + index * 3 }),
    );

  // Prayer: one paragraph, addressed and closed in the chosen tone, on the words just read.
  const salutation = choose("salute", voice.salutations);
  const thanked = anchor("thank");
  const prayer = lines.prayer;
  const petitions = [
    firstQuote && !tight
      ? say("thanks", thanked ? prayer.thanks : prayer.thanksPlain, {
          salutation,
          reading,
          anchor: thanked ? named(thanked) : "",
          verse: keyReference,
          quote: quotedSentence(fragmentAround(firstQuote.text, firstHit?.word || undefined, 14)),
        })
      : say("thanks", prayer.thanksShort, { salutation, reading }),
    ...realThemes
      .slice(0, 2)
      .map(
        (hit, index) =>
          `${say(`lead-${index}`, prayer.themeLeads, { verse: hit.verse.reference, theme: hit.theme.name })} ${lowerFirst(choose(`prayer-${hit.theme.id}`, hit.theme.prayers))}`,
      ),
  ];
  petitions.forEach((text, index) =>
    add({
      section: "pray",
      kind: "sentence",
      paragraph: "prayer",
      priority: index === 0 ? 0 : 3 + index * 2,
      order: 1 + index,
      text,
    }),
  );
  const kept = tight ? undefined : anchor("keep");
  add({
    section: "pray",
    kind: "sentence",
    paragraph: "prayer",
    priority: 0,
    order: 100,
    // One sentence with the closing, so the closing words never stand alone, the same every day.
    text: say("keep", kept ? prayer.keep : prayer.keepPlain, {
      reading,
      anchor: kept ? named(kept) : "",
      closing: lowerFirst(choose("close", voice.closings)),
    }),
  });

  return fitToLimit(blocks, { plan: plan.sections, wordLimit, settings, code, analysis });
}

/** Henry's sentences for a devotional: varied by the seed among the best, none repeated. */
function chooseHenry(sentences: HenryQuote[], count: number, seed: string, exclude = new Set<string>()) {
  const pool = sentences.filter((sentence) => !exclude.has(sentence.text)).slice(0, count * 3);
  return shuffled(pool, seed)
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .sort((a, b) => a.position - b.position);
}

/** The opening sentences of Henry's introduction, up to about 70 words: his summary, verbatim. */
function introSummary(text: string) {
  const first = text.split(/\n\s*\n/)[0]!.trim();
  const sentences = first.match(/[^.!?]+[.!?]+[”’]?(?:\s+|$)/g) ?? [first];
  let summary = "";
  for (const sentence of sentences) {
    // "Here is, I." opens his numbered outline: the summary ends before it, not in mid-thought.
    if (summary && /\b[IVX]+\.\s*$/.test(sentence)) break;
    if (summary && (summary + sentence).split(/\s+/).length > 70) break;
    summary += sentence;
  }
  summary = summary.trim();
  return summary.split(/\s+/).length <= 90 && first.startsWith(summary) ? summary : "";
}

/** The first word of weight in one verse that the other uses too, in any form: "loved" (love). */
function sharedWord(from: string, echo: string) {
  const others = new Set(words(echo).map(stem));
  return words(from).find((word) => word.length > 3 && !isStopWord(word) && others.has(stem(word)));
}

function lowerFirst(text: string) {
  return /^[A-Z][a-z]/.test(text) && !/^(God|Jesus|Scripture|Christ|Lord|Holy|I)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** What a line on a theme may name: the verse, the theme and the passage's word for it. */
function themeValues(hit: ThemeHit) {
  return { verse: hit.verse.reference, theme: hit.theme.name, word: hit.word };
}

function chooseQuotes(keyVerses: AnalyzedVerse[], count: number, wordLimit: number) {
  // With a small budget the first quote must be short, or it would crowd out everything else.
  const maxFirst = Math.max(18, Math.floor(wordLimit * 0.22));
  const first =
    keyVerses.find((verse) => verse.wordCount <= maxFirst) ??
    [...keyVerses].sort((a, b) => a.wordCount - b.wordCount)[0];
  if (!first) return [];
  const rest = keyVerses.filter((verse) => verse.id !== first.id && verse.wordCount <= Math.max(40, wordLimit * 0.12));
  return [first, ...rest.slice(0, count - 1)];
}

interface RenderContext {
  plan: SectionId[];
  wordLimit: number;
  settings: AiSettingsInput;
  code: string;
  analysis: DevotionalAnalysis;
}

function fitToLimit(all: Block[], context: RenderContext): string {
  const allowed = all.filter((block) => context.plan.includes(block.section));
  const required = allowed.filter((block) => block.priority === 0);
  const optional = allowed
    .filter((block) => block.priority > 0)
    .map((block, index) => ({ block, index }))
    .sort((a, b) => a.block.priority - b.block.priority || a.index - b.index)
    .map(({ block }) => block);
  const upper = Math.floor(context.wordLimit * 1.1);
  const chosen = new Set<Block>(required);
  let markdown = render(
    allowed.filter((block) => chosen.has(block)),
    context,
  );
  let words = countWords(markdown);
  for (const block of optional) {
    if (words >= context.wordLimit) break;
    chosen.add(block);
    const candidate = render(
      allowed.filter((item) => chosen.has(item)),
      context,
    );
    const candidateWords = countWords(candidate);
    if (candidateWords > upper) {
      chosen.delete(block);
      continue;
    }
    markdown = candidate;
    words = candidateWords;
  }
  return markdown;
}

function render(blocks: Block[], { settings, code, analysis }: RenderContext): string {
  const headingFor = headings[settings.writingStyle];
  const notes: string[] = [];
  const cite = (reference: string) => {
    if (settings.citationFormat === "Inline") return ` — ${reference} (${code})`;
    notes.push(reference);
    return ` [${notes.length}]`;
  };
  const lines: string[] = [];
  const title = analysis.themes[0] ? titleCase(analysis.themes[0].theme.name) : "Today's Reading";
  lines.push(
    `## ${analysis.reference}: ${title}`,
    "",
    `*${analysis.reference} · ${analysis.translation.name} (${code})*`,
  );
  for (const section of sectionIds) {
    const inSection = blocks.filter((block) => block.section === section).sort((a, b) => a.order - b.order);
    if (inSection.length === 0) continue;
    lines.push("", `### ${headingFor[section]}`, "");
    let paragraph: { key: string; sentences: string[] } | null = null;
    let numbered = 0;
    let inList = false;
    const flush = () => {
      if (paragraph) lines.push(paragraph.sentences.join(" "), "");
      paragraph = null;
    };
    for (const block of inSection) {
      const listItem = block.kind === "item" || block.kind === "numbered";
      if (inList && !listItem) lines.push("");
      inList = listItem;
      if (block.kind === "sentence") {
        if (paragraph && paragraph.key === block.paragraph) {
          paragraph.sentences.push(block.text);
        } else {
          flush();
          paragraph = { key: block.paragraph ?? String(block.order), sentences: [block.text] };
        }
        continue;
      }
      flush();
      if (block.kind === "quote") {
        if (block.intro) lines.push(block.intro, "");
        const source = block.attribution ? ` — ${block.attribution}` : block.cite ? cite(block.cite) : "";
        lines.push(`> ${block.text}${source}`, "");
      } else if (block.kind === "item") {
        lines.push(`- ${block.text}`);
      } else {
        numbered += 1;
        lines.push(`${numbered}. ${block.text}`);
      }
    }
    flush();
  }
  if (notes.length > 0) {
    const heading = settings.citationFormat === "Footnotes" ? "Footnotes" : "Endnotes";
    lines.push("", `### ${heading}`, "");
    notes.forEach((reference, index) => lines.push(`${index + 1}. ${reference} (${analysis.translation.name})`));
  }
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

import type { BookContext } from "~/modules/bible/book-context";
import type { AiSettingsInput } from "~/modules/ai/settings";
import type { DevotionalLevel } from "~/modules/ai/provider";
import { countWords } from "~/modules/ai/words";
import { content, sectionIds, type SectionId, type Theme } from "../content";
import { capitalize, joinList, titleCase } from "../text";
import { fragmentAround, pick, quotedSentence, shuffled } from "./text";

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

export interface DevotionalAnalysis {
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
  /** A sentence introducing a quote; it stands or falls with the quote. */
  intro?: string;
  /** 0 = always included; higher numbers are added later, while words remain. */
  priority: number;
  /** Position within the section. */
  order: number;
}

const { headings, tones: voices } = content.devotionalVoice;

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
  const plan = levelPlans[level];
  const voice = voices[settings.tone];
  const simple = settings.languageComplexity === "Simple" || settings.targetAudience === "Beginner";
  const code = analysis.translation.code;
  const blocks: Block[] = [];
  const add = (block: Omit<Block, "order"> & { order?: number }) =>
    blocks.push({ ...block, order: block.order ?? blocks.length });

  const themeHits = analysis.themes.slice(0, plan.themes);
  const quoteVerses = chooseQuotes(analysis.keyVerses, plan.quotes, wordLimit);
  const firstQuote = quoteVerses[0];

  // Scripture: the key verses, quoted in full and labelled with the translation shown.
  if (firstQuote) {
    add({
      section: "scripture",
      kind: "sentence",
      paragraph: "intro",
      priority: 2,
      text: pick(voice.openings, `${seed}:open`),
    });
    add({ section: "scripture", kind: "quote", text: firstQuote.text, cite: firstQuote.reference, priority: 0 });
    quoteVerses
      .slice(1)
      .forEach((verse, index) =>
        add({ section: "scripture", kind: "quote", text: verse.text, cite: verse.reference, priority: 5 + index * 3 }),
      );
    add({
      section: "scripture",
      kind: "sentence",
      paragraph: "after",
      priority: 9,
      text: pick(voice.invitations, `${seed}:invite`),
    });
  }

  // Background (deep): what kind of book this is and where the reading sits in it.
  analysis.books.slice(0, 2).forEach((book, index) => {
    if (!book.context) return;
    const paragraph = `book-${index}`;
    add({
      section: "context",
      kind: "sentence",
      paragraph,
      priority: 1,
      text: `${book.name} is ${book.context.genre}, ${book.context.author}.`,
    });
    add({ section: "context", kind: "sentence", paragraph, priority: 1, text: book.context.about });
    if (book.chapters > 1) {
      add({
        section: "context",
        kind: "sentence",
        paragraph,
        priority: 4,
        text: positionSentence(book.name, book.chapter, book.chapters),
      });
    }
  });

  // Overview: how the reading opens and closes, who appears in it, and an outline of its chapters.
  analysis.passages.forEach((passage, index) => {
    const paragraph = `passage-${index}`;
    if (passage.first && passage.last && passage.first.id !== passage.last.id) {
      add({
        section: "overview",
        kind: "sentence",
        paragraph,
        priority: index === 0 ? 1 : 6,
        text: `${passage.reference} opens with “${fragmentAround(passage.first.text, undefined, 16)}” and closes with ${quotedSentence(fragmentAround(passage.last.text, undefined, 16))}`,
      });
    } else if (passage.first) {
      add({
        section: "overview",
        kind: "sentence",
        paragraph,
        priority: 1,
        text: `${passage.reference} is a single verse, and every word counts: ${quotedSentence(fragmentAround(passage.first.text, undefined, 20))}`,
      });
    }
    if (passage.chapters.length > 1) {
      passage.chapters.forEach((chapter, chapterIndex) =>
        add({
          section: "overview",
          kind: "item",
          priority: 3 + chapterIndex,
          text: `**${chapter.reference}:** “${fragmentAround(chapter.keyVerse.text, undefined, 18)}” (${chapter.keyVerse.reference})`,
        }),
      );
    }
  });
  if (analysis.names.length > 0) {
    add({
      section: "overview",
      kind: "sentence",
      paragraph: "passage-0",
      priority: 4,
      text: `Along the way we meet ${joinList(analysis.names.slice(0, 5))}.`,
    });
  }

  // Words to notice (deep): the passage's own vocabulary.
  const keywords = analysis.keywords.filter((keyword) => keyword.count >= 2).slice(0, 6);
  if (keywords.length > 0) {
    add({
      section: "keywords",
      kind: "sentence",
      paragraph: "keywords",
      priority: 1,
      text: `The words repeated most in ${analysis.reference} are ${joinList(keywords.slice(0, 4).map((keyword) => `“${keyword.word}” (${keyword.count} times)`))}.`,
    });
    keywords.slice(0, 4).forEach((keyword, index) =>
      add({
        section: "keywords",
        kind: "item",
        priority: 3 + index * 2,
        text: `**${keyword.word}**: ${keyword.verse.reference}, ${quotedSentence(fragmentAround(keyword.verse.text, keyword.word, 18))}`,
      }),
    );
  }

  // Reflection: for each theme, what the passage says (its own words) and what Scripture teaches.
  themeHits.forEach((hit, index) => {
    const paragraph = `theme-${index}`;
    const fragment = fragmentAround(hit.verse.text, hit.word || undefined, 26);
    // The first observation is added before anything optional; later themes only while words remain.
    const base = index === 0 ? 1 : 2 + index * 3;
    add({
      section: "reflect",
      kind: "sentence",
      paragraph,
      priority: base,
      text: observation(hit, fragment, analysis.reference, `${seed}:${index}`, simple),
    });
    add({
      section: "reflect",
      kind: "sentence",
      paragraph,
      priority: base + 1,
      text: pick(hit.theme.truths, `${seed}:truth:${hit.theme.id}`),
    });
    const second = hit.theme.truths.find((truth) => truth !== pick(hit.theme.truths, `${seed}:truth:${hit.theme.id}`));
    if (second) add({ section: "reflect", kind: "sentence", paragraph, priority: base + 6, text: second });
    if (!simple && index === 0) {
      add({
        section: "reflect",
        kind: "sentence",
        paragraph,
        priority: base + 4,
        text: personal(hit, analysis.reference, `${seed}:personal`),
      });
    }
  });
  if (themeHits.length >= 2) {
    add({
      section: "reflect",
      kind: "sentence",
      paragraph: "together",
      priority: 8,
      text: `Notice that ${analysis.reference} holds ${themeHits[0]!.theme.name} and ${themeHits[1]!.theme.name} side by side; each helps us understand the other.`,
    });
  }
  add({
    section: "reflect",
    kind: "sentence",
    paragraph: "carry",
    priority: 3,
    text: `${pick(voice.carry, `${seed}:carry`)} ${lowerFirst(pick(themeHits[0]?.theme.truths ?? ["God is faithful, and his word does not fail."], `${seed}:carry-truth`))}`,
  });

  // Echoes: where the rest of Scripture says the same thing, quoted.
  analysis.echoes.slice(0, plan.echoes).forEach((echo, index) => {
    const intro = echo.from
      ? `${echo.from.reference} is echoed in ${echo.reference}:`
      : `${capitalize(pick(["the same truth sounds in", "compare", "Scripture says it again in"], `${seed}:echo:${index}`))} ${echo.reference}:`;
    const priority = index === 0 ? (level === "beginner" ? 12 : 2) : 6 + index * 2;
    add({ section: "echoes", kind: "quote", intro, text: echo.text, cite: echo.reference, priority });
  });

  // Questions.
  const questions = [
    ...themeHits.map((hit) => pick(hit.theme.questions, `${seed}:q:${hit.theme.id}`)),
    firstQuote
      ? `What does ${firstQuote.reference} show you about who God is?`
      : "What does this passage show you about who God is?",
    `Which phrase in ${analysis.reference} will you carry with you today, and why?`,
    ...themeHits.map((hit) =>
      hit.theme.questions.find((question) => question !== pick(hit.theme.questions, `${seed}:q:${hit.theme.id}`))!,
    ),
  ].filter(Boolean);
  questions
    .slice(0, plan.questions)
    .forEach((question, index) =>
      add({ section: "questions", kind: "numbered", text: question, priority: index === 0 ? 2 : 4 + index * 2 }),
    );
  if (level === "beginner" && questions[0]) {
    add({
      section: "apply",
      kind: "sentence",
      paragraph: "ask",
      priority: 7,
      text: `Ask yourself: ${lowerFirst(questions[0])}`,
    });
  }

  // Application.
  const steps = themeHits.flatMap((hit, index) =>
    shuffled(hit.theme.steps, `${seed}:steps:${hit.theme.id}`).map((step, stepIndex) => ({
      step,
      rank: index + stepIndex * 3,
    })),
  );
  steps
    .sort((a, b) => a.rank - b.rank)
    .slice(0, level === "beginner" ? 3 : 4)
    .forEach(({ step }, index) =>
      add({ section: "apply", kind: "item", text: step, priority: index === 0 ? 1.5 : 3 + index * 3 }),
    );

  // Prayer: one paragraph, addressed and closed in the chosen tone.
  const salutation = pick(voice.salutations, `${seed}:salute`);
  themeHits.forEach((hit, index) => {
    const petitions = shuffled(hit.theme.prayers, `${seed}:prayer:${hit.theme.id}`);
    const text = index === 0 ? `${salutation} ${lowerFirst(petitions[0]!)}` : petitions[0]!;
    add({
      section: "pray",
      kind: "sentence",
      paragraph: "prayer",
      priority: index === 0 ? 0 : 3 + index * 2,
      order: 1 + index * 2,
      text,
    });
    add({
      section: "pray",
      kind: "sentence",
      paragraph: "prayer",
      priority: 7 + index * 2,
      order: 2 + index * 2,
      text: petitions[1]!,
    });
  });
  add({
    section: "pray",
    kind: "sentence",
    paragraph: "prayer",
    priority: 0,
    order: 100,
    text: pick(voice.closings, `${seed}:close`),
  });

  return fitToLimit(blocks, { plan: plan.sections, wordLimit, settings, code, analysis });
}

function lowerFirst(text: string) {
  return /^[A-Z][a-z]/.test(text) && !/^(God|Jesus|Scripture|Christ|Lord|Holy|I)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

function positionSentence(book: string, chapter: number, chapters: number) {
  if (book === "Psalms") {
    const fifth = [41, 72, 89, 106, 150].findIndex((last) => chapter <= last);
    const ordinal = ["first", "second", "third", "fourth", "fifth"][fifth];
    return `The 150 psalms were gathered into five books; Psalm ${chapter} belongs to the ${ordinal} (Psalms ${[1, 42, 73, 90, 107][fifth]}-${[41, 72, 89, 106, 150][fifth]}).`;
  }
  const where =
    chapter <= Math.max(1, Math.round(chapters * 0.2))
      ? "near the beginning"
      : chapter > chapters * 0.8
        ? "near the end"
        : "in the middle";
  return `Chapter ${chapter} comes ${where} of the book's ${chapters} chapters, so it is worth remembering what comes before it.`;
}

function observation(hit: ThemeHit, fragment: string, reference: string, seed: string, simple: boolean) {
  const name = hit.theme.name;
  const quote = quotedSentence(fragment);
  if (hit.count >= 3) {
    return pick(
      [
        `The word “${hit.word}” comes up ${hit.count} times in ${reference}, and ${hit.verse.reference} shows why it matters: ${quote}`,
        `${reference} keeps returning to ${name}: “${hit.word}” appears ${hit.count} times, as in ${hit.verse.reference}, ${quote}`,
      ],
      seed,
    );
  }
  if (simple) return `${hit.verse.reference} speaks about ${name}: ${quote}`;
  return pick(
    [
      `${hit.verse.reference} points us to ${name}: ${quote}`,
      `Look closely at ${hit.verse.reference}: ${quote} Here the passage speaks of ${name}.`,
      `In ${hit.verse.reference} we read, ${quote} That is a window onto ${name}.`,
    ],
    seed,
  );
}

function personal(hit: ThemeHit, reference: string, seed: string) {
  return pick(
    [
      `This is not only about people long ago; ${reference} speaks to your life today.`,
      `Read ${hit.verse.reference} again as if it were addressed to you, because in a real sense it is.`,
      `The same God who spoke these words is present with you as you read them.`,
    ],
    seed,
  );
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
        lines.push(`> ${block.text}${block.cite ? cite(block.cite) : ""}`, "");
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

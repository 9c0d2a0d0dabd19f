import type { PlacedNote } from "~/modules/bible/commentary.server";
import { splitVerseId } from "~/modules/bible/books";
import { formatRanges, parseReference } from "~/modules/bible/references.server";
import type { AiSettingsInput } from "~/modules/ai/settings";
import type { DevotionalLevel } from "~/modules/ai/provider";
import { countWords } from "~/modules/ai/words";
import { content, sectionIds, type SectionId } from "../content";
import { createPicker, titleCase } from "../text";
import { fill } from "../voice";
import type { DevotionalMaterial } from "./material.server";
import { listItem, standsAlone } from "./text";

/**
 * Writes a devotional from its material (see material.server.ts). The writer says little of its
 * own: what happens in the passage (its outline), the questions a small-group leader would ask of
 * that kind of writing, and a prayer; the explanation is the commentators', quoted on the verses
 * they discuss. The depths differ in what they do: Beginner reads Henry's Concise notes and asks
 * one question; Intermediate reads Henry's full notes and asks two or three; Deep Study adds the
 * background, word studies and cross-references. Pure: the same material, level, limit and
 * settings always give the same markdown. Blocks are added in priority order until the word count
 * reaches the limit, never passing limit + 10%.
 */

interface Block {
  section: SectionId;
  kind: "sentence" | "quote" | "item" | "numbered" | "credit";
  text: string;
  /** Sentences (or quoted sentences) with the same group are one paragraph (or one block quote). */
  group?: string;
  /** The Scripture reference a quote is cited by (placed per the citation format). */
  cite?: string;
  /** Who a quote that is not Scripture is by: "Matthew Henry, Concise Commentary on Ruth 1:15-18". */
  attribution?: string;
  /** 0 = always included; higher numbers are added later, while words remain. */
  priority: number;
  /** A quoted sentence comes only after the one before it in its source: a quote has no gaps. */
  after?: Block;
  /** A line leading into a note ("On verses 6-14 (...):"): shown only with the note's opening. */
  lead?: boolean;
  order: number;
}

const { headings, tones } = content.devotionalVoice;
const lines = content.devotionalLines;
const asked = content.devotionalQuestions.genres;

export interface ComposeInput {
  material: DevotionalMaterial;
  level: DevotionalLevel;
  wordLimit: number;
  settings: AiSettingsInput;
}

const QUESTIONS: Record<DevotionalLevel, number> = { beginner: 2, intermediate: 6, deep: 7 };
/** Two to four commentators' notes; more only when a large word limit would otherwise go unfilled. */
const NOTES: Record<DevotionalLevel, number> = { beginner: 2, intermediate: 3, deep: 4 };
const OUTLINE_LINES: Record<DevotionalLevel, number> = { beginner: 4, intermediate: 8, deep: 12 };
/** Words a minute read aloud, unhurried. */
const ALOUD_PER_MINUTE = 130;
/** At most this share of a devotional's words is quotation (issue 28: "at most about half"). */
const QUOTED_SHARE = 0.5;
/** A devotional is "about" its word limit: below this share of it, quotation may pass the cap. */
const LOWER_MARGIN = 0.86;

/** Words as the quotation share counts them: runs of letters, so "40:31" and "—" are not words. */
function letterWords(text: string) {
  return (text.match(/[A-Za-z’']+/g) ?? []).length;
}

export function composeDevotional({ material, level, wordLimit, settings }: ComposeInput): string {
  const seed = `${material.reference}|${level}|${settings.tone}|${settings.writingStyle}`;
  const choose = createPicker(seed);
  const blocks: Block[] = [];
  const add = (block: Omit<Block, "order">) => {
    const added = { ...block, order: blocks.length };
    blocks.push(added);
    return added;
  };
  const reading = material.reference;
  // The slider's low end for Beginner and Intermediate: one short verse, no quoted prayer, no theme.
  const tight = wordLimit <= 200;
  const deep = level === "deep";

  // The reading's own parts; the parts around it only say where it stands.
  const outline = material.outline.filter((part) => !part.context);
  // Read the passage first: how long it is, so a reader can make the time (read aloud, about 130 words a minute).
  const minutes = Math.max(1, Math.round(material.size.words / ALOUD_PER_MINUTE));
  add({
    section: "overview",
    kind: "sentence",
    group: "read",
    priority: 0.45,
    text: fill(choose("read", lines.readFirst), {
      reading,
      verses: material.size.verses === 1 ? "one verse" : `${material.size.verses} verses`,
      minutes: minutes === 1 ? "a minute" : `${minutes} minutes`,
    }),
  });

  // How to read this kind of writing (a story, a psalm, a letter), in a sentence of the reviewed list.
  add({
    section: "overview",
    kind: "sentence",
    group: "read",
    priority: 1.3,
    text: choose("read-how", asked[material.genre].read),
  });

  // Where the reading stands: its book, in a sentence of this project's own (content/book-contexts.json): at
  // Deep Study, on a book's first chapter, or where nothing else says what the reading holds; a
  // plan through one book would otherwise open every day on the same two sentences.
  const background = (book: DevotionalMaterial["books"][number]) =>
    deep || book.opens || (outline.length === 0 && material.summaries.length === 0);
  material.books
    .filter(background)
    .slice(0, 2)
    .forEach((book, index) => {
      const { genre, author, about } = book.context;
      // "a letter of Paul" already names its writer.
      const named = author.split(" ").at(-1)!;
      const says = genre.includes(named) ? lines.backgroundNamed : lines.background;
      add({
        section: "overview",
        kind: "sentence",
        group: `book-${index}`,
        priority: 1.2 + index * 4,
        text: `${fill(choose(`book-${index}`, says), { book: book.name, genre, author })} ${about}`,
      });
    });

  // Deep Study: Henry's own opening words on the chapter.
  const opening = deep ? introductionOpening(material.introduction?.sentences ?? []) : undefined;
  if (opening && material.introduction) {
    add({
      section: "context",
      kind: "quote",
      group: "introduction",
      text: opening,
      attribution: `Matthew Henry on ${material.introduction.reference}`,
      priority: 3,
    });
  }

  // What happens: the passage's outline, largest parts first when the budget is small, between
  // the parts of its chapter just before and after it.
  const kept = new Set(outline.length > OUTLINE_LINES[level] ? largest(outline, OUTLINE_LINES[level]) : outline);
  const shown = material.outline.filter((part) => kept.has(part) || part.context);
  let rank = 0;
  shown.forEach((part) =>
    add({
      section: "overview",
      kind: "item",
      priority: part.context ? 1.1 : rank++ === 0 ? 0.5 : 1 + rank * (deep ? 0.6 : 1.5),
      text: part.context
        ? `**${part.label} (${part.context} this reading).** ${sentenceOf(part.text)}`
        : `**${part.label}.** ${sentenceOf(part.text)}`,
    }),
  );
  if (shown.length > 0) {
    const sources = new Set(shown.map((part) => part.source));
    const credit =
      sources.size > 1
        ? "Matthew Henry’s Commentary and Concise Commentary"
        : sources.has("mhcc")
          ? "Matthew Henry’s Concise Commentary"
          : "Matthew Henry’s Commentary";
    add({ section: "overview", kind: "credit", text: `Outline after ${credit}`, priority: 0.5 });
  }
  // What happens, in Henry's plain words where his Concise notes open with it.
  material.summaries.forEach((summary, index) =>
    add({
      section: "overview",
      kind: "quote",
      group: `summary-${index}`,
      text: summary.text,
      attribution: summary.attribution,
      priority: 0.6 + index * 1.5,
    }),
  );

  // The verse: one, quoted in full; called a verse to learn only where the reviewed data says so.
  const key = tight && material.shortVerse ? material.shortVerse : material.keyVerse;
  if (key) {
    add({ section: "scripture", kind: "quote", text: key.text, cite: key.reference, priority: 0 });
    if (key.memory)
      add({
        section: "scripture",
        kind: "sentence",
        group: "memory",
        priority: 2,
        text: fill(choose("memory", lines.memory), { verse: key.reference }),
      });
  }

  // The commentators, on the verses they discuss, in the passage's order: sentence by sentence
  // while words remain.
  const notes = material.notes;
  const order = [...notes].sort((a, b) => a.range.start - b.range.start);
  const parts = outline;
  const led = new Set<unknown>();
  order.forEach((note) => {
    const rank = notes.indexOf(note);
    const extra = rank >= NOTES[level];
    // The first note comes after the writer's own account and Henry's summary, so a long one never
    // crowds out the outline or the questions.
    const first = rank === 0 ? (tight ? 0.1 : 0.7) : (extra ? 20 : 1) + rank * 0.7;
    // Which part of the passage the note is on, in the outline's words, so a reader on a phone
    // need not scroll back to the list.
    const part = parts.find(
      (entry) => entry.range && entry.range.start <= note.range.start && note.range.end <= entry.range.end,
    );
    let previous: Block | undefined =
      // The line leads into the first of the notes the level reads in that part, not an extra one.
      part && !tight && !extra && parts.length > 1 && !led.has(part) && led.add(part)
        ? add({
            section: "reflect",
            kind: "sentence",
            lead: true,
            group: `lead-${rank}`,
            // Inside the parentheses an article or pronoun is no sentence start: "(the Divinity of Christ)".
            text: `On ${lowerLabel(part.label)} (${part.phrase}):`,
            priority: first,
          })
        : undefined;
    // The quotation opens with as many sentences as it needs to stand on its own, then grows by one.
    let opening = 1;
    while (opening < note.sentences.length && !standsAlone(note.sentences.slice(0, opening))) opening += 1;
    [note.sentences.slice(0, opening).join(" "), ...note.sentences.slice(opening)].forEach((text, position) => {
      previous = add({
        section: "reflect",
        kind: "quote",
        group: `note-${rank}`,
        text,
        attribution: attributionOf(note),
        priority: position === 0 ? first : first + position * (deep ? 1.2 : 2.5),
        after: previous,
      });
    });
  });

  // Word studies and cross-references (Deep Study).
  if (deep) {
    material.wordStudies.slice(0, wordLimit >= 800 ? 5 : wordLimit >= 600 ? 4 : 3).forEach((study, index) =>
      add({
        section: "keywords",
        kind: "item",
        priority: 2 + index * 1.5,
        text: wordStudyLine(study, spansChapters(material.reference)),
      }),
    );
    material.echoes.forEach((echo, index) =>
      add({
        section: "echoes",
        kind: "quote",
        text: echo.text,
        cite: echo.reference,
        priority: (index >= 3 ? 20 : 2.5) + index * 2,
      }),
    );
  }

  // Questions a leader would ask of this kind of writing, and of the passage's reviewed promises
  // and commands: asked, never told.
  questionsFor(material, level, choose).forEach((question, index) =>
    add({
      section: "questions",
      kind: "numbered",
      text: question,
      priority: index === 0 ? 0 : index === 1 ? 1.2 : 1.5 + index * 1.5,
    }),
  );

  // The prayer: the passage's own words where it is a prayer or praise, else a few plain words.
  const voice = tones[settings.tone];
  const salutation = choose("salute", voice.salutations);
  const closing = choose("close", voice.closings);
  if (material.prayer && !tight) {
    add({
      section: "pray",
      kind: "sentence",
      group: "lead",
      priority: 0,
      text: fill(choose("pray-lead", lines.prayer.prayPassage[settings.tone]), { verse: material.prayer.reference }),
    });
    add({ section: "pray", kind: "quote", text: material.prayer.text, cite: material.prayer.reference, priority: 0 });
    add({
      section: "pray",
      kind: "sentence",
      group: "after",
      priority: 0,
      text: fill(choose("pray-after", lines.prayer.afterPassage[settings.tone]), {
        salutation,
        closing: lowerFirst(closing),
      }),
    });
  } else {
    // The petition for the reading first; a theme's prayer (which may name God again: "Speak, Lord")
    // is a sentence of its own.
    const petition = fill(choose("petition", lines.prayer.petitions[material.genre]), { reading });
    // A speech the book weighs (Job's friends) lends the prayer no theme of its own; a longer
    // devotional prays the second theme the passage speaks of too.
    const themes = tight || material.genre === "speech" ? [] : material.themes.slice(0, level === "beginner" ? 1 : 2);
    const parts = [
      `${salutation} ${lowerFirst(petition)}`,
      ...themes.map((theme) => choose(`theme-${theme.id}`, theme.prayers)),
    ]
      .filter(Boolean)
      .join(" ");
    // The closing ends the last sentence, so "In Jesus' name, amen." is not a line of its own every day.
    add({ section: "pray", kind: "sentence", group: "prayer", priority: 0, text: closeWith(parts, closing) });
  }

  return fitToLimit(blocks, { wordLimit, settings, material });
}

/** The first sentence of Henry's introduction that says what the chapter holds, before his numbered points. */
function introductionOpening(sentences: string[]) {
  const first = sentences[0];
  if (!first || /\b[IVX]+\.\s/.test(first) || countWords(first) > 60 || countWords(first) < 8 || listItem(first))
    return undefined;
  return first;
}

/** The n largest parts, back in the passage's order. */
function largest<T extends { range?: { start: number; end: number } }>(parts: T[], count: number): T[] {
  const size = (part: T) => (part.range ? part.range.end - part.range.start : 0);
  const kept = new Set([...parts].sort((a, b) => size(b) - size(a)).slice(0, count));
  return parts.filter((part) => kept.has(part));
}

/** An outline line as a sentence: a capital first, a full stop last. */
function sentenceOf(text: string) {
  const trimmed = text.trim().replace(/[,;:]+$/, "");
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** "Verses 6-14" -> "verses 6-14"; "Ruth 1:6-14" as it is. */
function lowerLabel(label: string) {
  return label.replace(/^Verses? /, (word) => word.toLowerCase());
}

function attributionOf(note: PlacedNote) {
  return note.attribution.includes(note.label) ? note.attribution : `${note.attribution} on ${note.label}`;
}

/**
 * "**‛Êth** (Hebrew עת, Strong’s H6256): time. The KJV renders it *time* in verses 1, 2, 3, 4 and 5
 * more; it occurs 294 times in the Bible." Strong's gloss only where it reads as a meaning
 * ("perhaps from ἄγαν ágan [or compare H5689]" does not), with its figurative sense where the
 * gloss gives only the literal one ("literally a cord; figuratively expectancy").
 */
/** Whether a reading runs over more than one chapter ("Psalms 1-5"): its verses are then named "2:12", not "12". */
function spansChapters(reference: string): boolean {
  const parsed = parseReference(reference);
  if (!parsed.ok) return false;
  const chapters = new Set(
    parsed.ranges.flatMap((range) => [range.start, range.end].map((id) => Math.floor(id / 1000))),
  );
  return chapters.size > 1;
}

function wordStudyLine(study: DevotionalMaterial["wordStudies"][number], manyChapters: boolean) {
  const language = study.strongs.startsWith("H") ? "Hebrew" : "Greek";
  // In canonical order; a reading of several chapters names each verse's chapter ("2:12", not "12").
  const ids = [...new Set(study.verses)].sort((a, b) => a - b);
  const where = ids.map((id) => {
    const { chapter, verse } = splitVerseId(id);
    return manyChapters ? `${chapter}:${verse}` : verse;
  });
  const head = study.transliteration.split(" ")[0]!;
  const gloss = study.gloss
    .replace(/^properly\s+/i, "")
    // "time especially now when etc": the meaning, not the uses listed after it.
    .replace(/\s+(?:especially|that is|hence|i\.e\.)\b.*$/i, "")
    .replace(/\s+etc\.?$/i, "")
    .replace(/[.;,\s]+$/, "");
  // "ruddy that is a human being": the sense, not the root's picture.
  const sense = new RegExp(
    `^(?:From [HG]\\d+; )?(?:properly )?${gloss.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} that is ([^;:(]+)`,
  ).exec(study.definition)?.[1];
  const figurative = /^literally\b/i.test(gloss)
    ? /figuratively ([^;:(]+)/.exec(study.definition)?.[1]?.trim()
    : undefined;
  const meaning =
    gloss && !/perhaps|\bfrom\b|\bor\b|compare|\[|[HG]\d/i.test(gloss)
      ? `: ${sense ? sense.trim() : gloss}${figurative ? `; figuratively ${figurative}` : ""}.`
      : ".";
  const verses =
    where.length === 1
      ? `verse ${where[0]}`
      : where.length <= 5
        ? `verses ${joinAnd(where.map(String))}`
        : `verses ${where.slice(0, 4).join(", ")} and ${where.length - 4} more`;
  // One of each rendering, as the KJV spells it ("God", "believeth").
  const english = study.english.filter(
    (word, index) => study.english.findIndex((other) => other.toLowerCase() === word.toLowerCase()) === index,
  );
  const times = study.occurrences === 1 ? "once in the Bible" : `${study.occurrences} times in the Bible`;
  const rendered =
    english.length > 0
      ? ` The KJV renders it ${joinOr(english.slice(0, 3))} in ${verses}; it occurs ${times}.`
      : ` It occurs in ${verses}, and ${times}.`;
  // Strong's number opens its word study in the Bible reader (every verse that uses it).
  const number = `[Strong’s ${study.strongs}](/bible/strongs/${study.strongs})`;
  return `**${head.charAt(0).toUpperCase()}${head.slice(1)}** (${language} ${study.lemma}, ${number})${meaning}${rendered}`;
}

function joinAnd(items: string[]) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function joinOr(items: string[]) {
  const marked = items.map((item) => `*${item}*`);
  return marked.length <= 1 ? marked.join("") : `${marked.slice(0, -1).join(", ")} or ${marked.at(-1)}`;
}

/**
 * The questions, in the order asked: Beginner what the passage says and what it asks of us;
 * Intermediate what it means as well, and a question on a reviewed promise or command or on one of
 * its parts; Deep Study both, and a second question on its meaning and on its call (while words remain).
 */
function questionsFor(
  material: DevotionalMaterial,
  level: DevotionalLevel,
  choose: ReturnType<typeof createPicker>,
): string[] {
  const set = asked[material.genre];
  const part = largest(
    material.outline.filter((entry) => !entry.context),
    3,
  )[0];
  const partQuestion =
    part && part.range
      ? fill(choose("q-part", set.part), {
          verses: lowerLabel(part.label),
          part: part.phrase,
        })
      : undefined;
  const promise = material.promises[0];
  const command = material.commands[0];
  const roleQuestion = promise
    ? fill(choose("q-promise", lines.questions.promise), {
        verse: formatRanges([promise.range]),
        speaker: promise.speaker,
        addressee: promise.addressee,
      })
    : command
      ? fill(choose("q-command", lines.questions.command), {
          verse: formatRanges([command.range]),
          speaker: command.speaker,
          addressee: command.addressee,
        })
      : undefined;
  const observe = choose("q-observe", set.observe);
  const understand = choose("q-understand", set.understand);
  const apply = choose("q-apply", set.apply);
  // A second question of a kind, never the first one again.
  const another = (key: string, list: string[], first: string) =>
    list.length > 1
      ? choose(
          key,
          list.filter((question) => question !== first),
        )
      : undefined;
  const list =
    level === "beginner"
      ? [observe, apply]
      : level === "intermediate"
        ? [
            observe,
            understand,
            roleQuestion ?? partQuestion ?? another("q-observe-2", set.observe, observe),
            roleQuestion ? partQuestion : undefined,
            apply,
            another("q-apply-2", set.apply, apply),
          ]
        : [
            partQuestion ?? another("q-observe-2", set.observe, observe),
            observe,
            understand,
            another("q-understand-2", set.understand, understand),
            roleQuestion,
            apply,
            another("q-apply-2", set.apply, apply),
          ];
  return [...new Set(list.filter((question): question is string => Boolean(question)))].slice(0, QUESTIONS[level]);
}

/** "… forgive." and "In Jesus' name, amen." -> "… forgive; in Jesus' name, amen." */
function closeWith(text: string, closing: string) {
  return `${text.replace(/[.!]$/, "")}; ${lowerFirst(closing)}`;
}

function lowerFirst(text: string) {
  return /^[A-Z][a-z]/.test(text) && !/^(God|Jesus|Christ|Lord|Holy|I)\b/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

interface RenderContext {
  wordLimit: number;
  settings: AiSettingsInput;
  material: DevotionalMaterial;
}

/**
 * Adds optional blocks by priority while the text stays under the limit (never past limit + 10%).
 * Quotation (Scripture and the commentators) stays under half of the text as written, so the
 * devotional keeps a voice of its own: a text that ends short of its limit is short, not filled
 * with more quotation.
 */
function fitToLimit(all: Block[], context: RenderContext): string {
  const required = all.filter((block) => block.priority === 0);
  const optional = all
    .filter((block) => block.priority > 0)
    .map((block, index) => ({ block, index }))
    .sort((a, b) => a.block.priority - b.block.priority || a.index - b.index)
    .map(({ block }) => block);
  const upper = Math.floor(context.wordLimit * 1.1);
  const chosen = new Set<Block>(required);
  // The attribution or reference printed with a quotation is read as part of it.
  const quotedWords = (block: Block) =>
    block.kind === "quote" ? letterWords(`${block.text} ${block.attribution ?? block.cite ?? ""}`) : 0;
  let quoted = required.reduce((sum, block) => sum + quotedWords(block), 0);
  let markdown = render(
    all.filter((block) => chosen.has(block)),
    context,
  );
  let words = countWords(markdown);
  // Quotation is measured against the words written so far. The writer's own blocks come first, up
  // to half the limit, so a quotation is not turned away only because the questions and the prayer
  // have not been placed yet; then everything by priority, read again while a block still fits.
  // Only where the writer's own material has run out short of the limit's lower margin ("about 300
  // words") does more quotation fill the gap.
  const tryAdd = (block: Block, mode: "own" | "capped" | "fill") => {
    if (chosen.has(block) || block.lead || (mode === "own" && block.kind === "quote")) return false;
    const lead = block.after?.lead && !chosen.has(block.after) ? block.after : undefined;
    if (block.after && !lead && !chosen.has(block.after)) return false;
    const adding = lead ? [lead, block] : [block];
    adding.forEach((entry) => chosen.add(entry));
    const candidate = render(
      all.filter((item) => chosen.has(item)),
      context,
    );
    const candidateWords = countWords(candidate);
    const share = (quoted + quotedWords(block)) / letterWords(candidate);
    if (candidateWords > upper || (mode !== "fill" && quotedWords(block) > 0 && share > QUOTED_SHARE)) {
      adding.forEach((entry) => chosen.delete(entry));
      return false;
    }
    markdown = candidate;
    words = candidateWords;
    quoted += quotedWords(block);
    return true;
  };
  for (const block of optional) if (words < context.wordLimit / 2) tryAdd(block, "own");
  for (let added = true; added && words < context.wordLimit;) {
    added = false;
    for (const block of optional) if (words < context.wordLimit && tryAdd(block, "capped")) added = true;
  }
  // Past the cap, the shortest quotation that can follow on fills the gap, one at a time.
  while (words < context.wordLimit * LOWER_MARGIN) {
    const next = optional
      .filter((block) => !chosen.has(block) && !block.lead)
      .sort((a, b) => quotedWords(a) - quotedWords(b) || a.priority - b.priority)
      .find((block) => tryAdd(block, "fill"));
    if (!next) break;
  }
  return markdown;
}

function render(blocks: Block[], { settings, material }: RenderContext): string {
  const headingFor = headings[settings.writingStyle];
  const code = material.translation.code;
  const notes: string[] = [];
  const cite = (reference: string) => {
    if (settings.citationFormat === "Inline") return ` — ${reference} (${code})`;
    notes.push(reference);
    return ` [${notes.length}]`;
  };
  const out: string[] = [];
  out.push(
    material.title ? `## ${material.reference}: ${titleCase(material.title)}` : `## ${material.reference}`,
    "",
    `*${material.reference} · ${material.translation.name} (${code})*`,
  );
  for (const section of sectionIds) {
    const inSection = blocks.filter((block) => block.section === section).sort((a, b) => a.order - b.order);
    if (inSection.length === 0) continue;
    out.push("", `### ${headingFor[section]}`, "");
    let numbered = 0;
    for (let index = 0; index < inSection.length; index++) {
      const block = inSection[index]!;
      const previous = inSection[index - 1];
      const listItem = block.kind === "item" || block.kind === "numbered";
      if (previous && (previous.kind === "item" || previous.kind === "numbered") && !listItem) out.push("");
      if (block.kind === "item") {
        out.push(`- ${block.text}`);
      } else if (block.kind === "numbered") {
        numbered += 1;
        out.push(`${numbered}. ${block.text}`);
      } else if (block.kind === "credit") {
        out.push(`*${block.text}*`, "");
      } else {
        // Blocks of one group run on into one paragraph or one quotation.
        const runs: Block[] = [block];
        while (inSection[index + 1] && block.group && inSection[index + 1]!.group === block.group) {
          index += 1;
          runs.push(inSection[index]!);
        }
        const text = runs.map((entry) => entry.text).join(" ");
        if (block.kind === "quote") {
          const source = block.attribution ? ` — ${block.attribution}` : block.cite ? cite(block.cite) : "";
          out.push(`> ${text}${source}`, "");
        } else {
          out.push(text, "");
        }
      }
    }
  }
  if (notes.length > 0) {
    const heading = settings.citationFormat === "Footnotes" ? "Footnotes" : "Endnotes";
    out.push("", `### ${heading}`, "");
    notes.forEach((reference, index) => out.push(`${index + 1}. ${reference} (${material.translation.name})`));
  }
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

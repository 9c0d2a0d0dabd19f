/**
 * Reading commentary prose: whole sentences out of Henry's and Spurgeon's text, and the verses
 * each sentence discusses. Pure, so the Bible database build places every note once and the
 * app only looks them up.
 */

// Words before a full stop that do not end a sentence: Henry's and Spurgeon's abbreviations.
const ABBREVIATIONS = new Set(
  [
    "ver",
    "vers",
    "v",
    "vs",
    "ch",
    "chap",
    "cf",
    "comp",
    "viz",
    "i.e",
    "e.g",
    "mr",
    "mrs",
    "dr",
    "st",
    "rev",
    "bp",
    "abp",
    "messrs",
    "vol",
    "p",
    "pp",
    "ed",
    "no",
    "b.d",
    "d.d",
    "m.a",
    "a.m",
    "sc",
  ].map((word) => word.toLowerCase()),
);

const OUTLINE_MARK = /^(?:\(\d+\.?\)|\[\d+\.?\]|\(\w\.?\)|\d+\.|[IVXL]+\.)\s*/;
const ORDINAL_OPENING =
  /^(?:First|Firstly|Secondly|Thirdly|Fourthly|Fifthly|Sixthly|Seventhly|Eighthly|Ninthly|Tenthly|Lastly|Finally|In the (?:first|second|third|last) place),\s*/;
// A sentence opening with these hangs on something before it: kept inside a note, never as its first sentence.
const LEANING_OPENING =
  /^(?:(?:This|That|These|Those)(?= (?:is|was|are|were|will|shall|may|must|can|could|would|should|hath|has|had|doth|does|did|being|we|he|they|I|you|ye|which|[a-z]+eth)\b|[,;:.])|It|Its|They|Their|Them|Such|He|His|Him|She|Her|Here|There|Thus|So|But|And|Or|Nor|Yet|Hence|Therefore|Which|Who|Whom|Whose|Whereas|Whereby|Wherein|Also|Again|Accordingly|Then|Observe|Note|See|Now|Both|Not|Nay|The (?:former|latter|same|other))\b/;
// After an outline mark, these begin a heading ("Fourthly, That...", "I. Concerning our duty"), not a sentence.
const HEADING_OPENING =
  /^(?:That|Concerning|Of|As to|As for|How|Why|Which|Whose|When|Where|With|In|By|From|To|Upon|On|Touching|About|What [a-z]+ [a-z]+[,:;.]|The [a-z]+(?: of [a-z ]+)?[,:.—-])/;

const AUXILIARY =
  /\b(?:is|are|was|were|be|been|am|has|have|had|hath|will|shall|must|may|might|can|could|should|would|do|does|did|doth|let)\b/i;

/** A sentence ends here when the stop is not an abbreviation's, a verse number's or an initial's. */
function endsSentence(text: string, stop: number): boolean {
  // Only the words either side matter: slicing whole paragraphs here made splitting quadratic.
  const before = text.slice(Math.max(0, stop - 24), stop);
  const word = /([A-Za-z.]+)$/.exec(before)?.[1] ?? "";
  if (text[stop] === ".") {
    const bare = word.replace(/\.$/, "").toLowerCase();
    if (ABBREVIATIONS.has(bare)) return false;
    // Initials ("C. H. Spurgeon") and book abbreviations before a number ("Rom. 12:1").
    if (/^[A-Z]$/.test(word)) return false;
  }
  const after = text.slice(stop + 1, stop + 12).replace(/^[”’"')\]]*\s+/, "");
  if (/^\d/.test(after) && /^[A-Z][a-z]{1,5}$/.test(word)) return false;
  return true;
}

/** An outline numeral ending a piece ("See here, 1."), not the last verse of a reference ("Rom. 12:1, 2."). */
function trailingNumeral(text: string): RegExpExecArray | null {
  if (/\d+:\d+(?:\s*[,-]\s*\d+)*\.$/.test(text)) return null;
  return /\s(\(\d+\.?\)|\[\d+\.?\]|\d+\.|[IVXL]+\.)$/.exec(text);
}

/** The sentences of a paragraph, as written (outline marks and all). */
export function splitSentences(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, " ").trim();
  const sentences: string[] = [];
  let start = 0;
  const boundary = /[.!?][”’"')\]]*(?=\s+(?:[“‘"'([]*[A-Z]|\(\d|\[\d))/g;
  for (const match of text.matchAll(boundary)) {
    const stop = match.index;
    if (!endsSentence(text, stop)) continue;
    const end = stop + match[0].length;
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  // "See here, 1. The great care...": a numeral cut off at the end of one piece opens the next.
  for (let index = 0; index + 1 < sentences.length; index++) {
    if (/^(?:\(\d+\.?\)|\[\d+\.?\]|\d+\.|[IVXL]+\.)$/.test(sentences[index]!)) {
      sentences[index + 1] = `${sentences[index]} ${sentences[index + 1]}`;
      sentences.splice(index, 1);
      index -= 1;
      continue;
    }
    const numeral = trailingNumeral(sentences[index]!);
    if (!numeral) continue;
    sentences[index] = sentences[index]!.slice(0, numeral.index);
    sentences[index + 1] = `${numeral[1]} ${sentences[index + 1]}`;
  }
  return sentences;
}

/**
 * A sentence as it may be quoted: outline marks taken off the front, or null when what is left
 * is a heading or a piece of one ("I. Concerning our duty to God,", "Fourthly, That...", a
 * dangling "(1.)"), not a whole sentence.
 */
export function wholeSentence(raw: string): string | null {
  let sentence = raw.replace(/\*/g, "").trim();
  let marked = false;
  for (;;) {
    const next = sentence.replace(OUTLINE_MARK, "").replace(ORDINAL_OPENING, "");
    if (next === sentence) break;
    marked = true;
    sentence = next.trim();
  }
  if (!/^[“‘"'(]?[A-Z]/.test(sentence)) return null;
  if (!/[.!?][”’"')\]]*$/.test(sentence)) return null;
  if (/(?:\(\d+\.?\)|\[\d+\.?\])[”’"')\]]*$/.test(sentence) || trailingNumeral(sentence)) return null;
  if (/[,:;—-]\s*[.!?]?$/.test(sentence)) return null;
  const words = sentence.split(" ").length;
  if (words < 4) return null;
  if (marked && HEADING_OPENING.test(sentence)) return null;
  // "Concerning our duty...", "That delighteth greatly...": a heading or a clause, not a sentence.
  if (/^(?:Concerning|Touching)\b|^That [a-z]+eth\b/.test(sentence)) return null;
  // A short numbered line with no verb to lean on is a heading: "I. The great care that God takes of believers."
  if (marked && words < 12 && !AUXILIARY.test(sentence)) return null;
  // Unbalanced brackets mean the split fell inside a parenthesis.
  if ((sentence.match(/\(/g)?.length ?? 0) !== (sentence.match(/\)/g)?.length ?? 0)) return null;
  return sentence;
}

export function leansOnWhatWentBefore(sentence: string): boolean {
  return LEANING_OPENING.test(sentence.replace(/^[“‘"'(]+/, ""));
}

export interface PlacedPart {
  /** Verse numbers within the chapter. */
  from: number;
  to: number;
  sentences: string[];
}

export interface SectionToPlace {
  text: string;
  chapter: number;
  /** The section's verses within the chapter. */
  from: number;
  to: number;
  /** Spellings of the book that name the current chapter ("rom", "romans"): lower case, no stops. */
  bookNames: string[];
  /** The KJV text of the section's verses by number, to find the verse words a paragraph quotes. */
  verses: Map<number, string>;
  /** Read markers and quotations; false keeps the whole section on its own verses. */
  markers: boolean;
}

const VERSE_LIST = String.raw`\d+(?:\s*(?:,|-|–|and|to)\s*\d+)*`;
const VERSE_MARKER = new RegExp(String.raw`\b(?:ver|vers|verses?|vs?)\.?\s+(${VERSE_LIST})`, "gi");
const CHAPTER_MARKER = new RegExp(String.raw`((?:[123]\s?)?[A-Z][a-z]+)\.?\s+(\d+):(${VERSE_LIST})`, "g");

function verseNumbers(list: string): number[] {
  const numbers: number[] = [];
  for (const part of list.split(/\s*(?:,|and)\s*/)) {
    const [a, b] = part.split(/\s*(?:-|–|to)\s*/).map(Number);
    if (!a) continue;
    if (b && b >= a && b - a < 40) for (let n = a; n <= b; n++) numbers.push(n);
    else numbers.push(a);
  }
  return numbers;
}

/** The verses of this section a sentence names ("ver. 3", "Rom. 12:1, 2"), in the order named. */
export function markedVerses(sentence: string, section: SectionToPlace): number[] {
  const found: number[] = [];
  for (const match of sentence.matchAll(VERSE_MARKER)) found.push(...verseNumbers(match[1]!));
  for (const match of sentence.matchAll(CHAPTER_MARKER)) {
    if (Number(match[2]) !== section.chapter) continue;
    const name = match[1]!.replace(/\s/g, "").toLowerCase();
    if (!section.bookNames.some((book) => book.startsWith(name) && name.length >= 2)) continue;
    found.push(...verseNumbers(match[3]!));
  }
  return found.filter((verse) => verse >= section.from && verse <= section.to);
}

function markedRange(verses: number[]): [number, number] | null {
  if (verses.length === 0) return null;
  const low = Math.min(...verses);
  const high = Math.max(...verses);
  // Verses named far apart are being compared: the first named is the subject.
  return high - low <= 3 ? [low, high] : [verses[0]!, verses[0]!];
}

const SMALL_WORDS = new Set(
  "a an and the of to in on unto for by with that this is was be he him his they them their it i me my we us our ye you your thou thee thy shall will not but or as all from which who".split(
    " ",
  ),
);

function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’']s\b/g, "")
      .match(/[a-z]+/g) ?? []
  );
}

/** Three-word runs of a text that hold at least one word other than a small one. */
function phrases(text: string): Set<string> {
  const list = words(text);
  const found = new Set<string>();
  for (let index = 0; index + 2 < list.length; index++) {
    const run = list.slice(index, index + 3);
    if (run.every((word) => SMALL_WORDS.has(word))) continue;
    found.add(run.join(" "));
  }
  return found;
}

/** The one verse of the section whose words a paragraph quotes most (two phrases at least), if any. */
function quotedVerse(paragraph: string, verseByPhrase: Map<string, Set<number>>): number | null {
  const hits = new Map<number, number>();
  for (const phrase of phrases(paragraph)) {
    for (const verse of verseByPhrase.get(phrase) ?? []) hits.set(verse, (hits.get(verse) ?? 0) + 1);
  }
  const ranked = [...hits].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const [best, second] = ranked;
  if (!best || best[1] < 2 || (second && second[1] === best[1])) return null;
  return best[0];
}

/**
 * A section cut into the parts that discuss particular verses. A paragraph is about the verses
 * its opening sentence names ("(1.) The body must be presented to him, Rom. 12:1."), else the
 * verse whose words it quotes most, else the verses it names elsewhere when close together,
 * else those of the paragraph before it; what comes before any of these is about the whole
 * section. Each part keeps only whole sentences, and never opens on one that leans on a
 * sentence left out.
 */
export function placeSection(section: SectionToPlace): PlacedPart[] {
  const verseByPhrase = new Map<string, Set<number>>();
  if (section.markers) {
    for (const [verse, text] of section.verses) {
      for (const phrase of phrases(text)) {
        let set = verseByPhrase.get(phrase);
        if (!set) verseByPhrase.set(phrase, (set = new Set()));
        set.add(verse);
      }
    }
  }
  const parts: PlacedPart[] = [];
  let range: [number, number] = [section.from, section.to];
  for (const paragraph of section.text.split(/\n\s*\n/)) {
    const raws = splitSentences(paragraph);
    if (section.markers && raws.length > 0) {
      const quoted = verseByPhrase.size > 0 ? quotedVerse(paragraph, verseByPhrase) : null;
      range =
        markedRange(markedVerses(raws[0]!, section)) ??
        (quoted === null ? null : [quoted, quoted]) ??
        markedRange(raws.flatMap((raw) => markedVerses(raw, section))) ??
        range;
    }
    let part: PlacedPart | null = null;
    for (const raw of raws) {
      const sentence = wholeSentence(raw);
      if (!sentence) {
        part = null;
        continue;
      }
      if (!part) {
        if (leansOnWhatWentBefore(sentence)) continue;
        part = { from: range[0], to: range[1], sentences: [] };
        parts.push(part);
      }
      part.sentences.push(sentence);
    }
  }
  return parts;
}

/**
 * The Concise Commentary's chapter outline lines: "Believers are to dedicate themselves to God. (1-2)"
 * one a line, or several on one line, each closed by its chapter and verses ("The almighty power of
 * God. (Is. 40:12-17) The folly of idolatry. (Is. 40:18-26)", "(Jr 29:1-19)", "(Song 4:16)").
 */
export function outlineLines(intro: string): Array<{ text: string; from?: number; to?: number }> {
  return intro
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((line) => {
      const match = /^(.*?)\s*\((\d+)(?:\s*[-–,]\s*(\d+))?\)\s*$/.exec(line);
      if (match) {
        const from = Number(match[2]);
        const to = match[3] ? Number(match[3]) : from;
        return [{ text: match[1]!, from, to: Math.max(from, to) }];
      }
      const lines: Array<{ text: string; from?: number; to?: number }> = [];
      let rest = line;
      for (let found = INLINE_OUTLINE.exec(rest); found; found = INLINE_OUTLINE.exec(rest)) {
        const text = rest.slice(0, found.index).trim();
        const verses = found[1]!
          .split(/[-–,;]/)
          .map((verse) => Number(verse.trim()))
          .filter(Boolean);
        if (text) lines.push({ text, from: Math.min(...verses), to: Math.max(...verses) });
        rest = rest.slice(found.index + found[0].length);
      }
      // Text after the last marker (a line whose verses were never given) stands without verses.
      if (rest.trim()) lines.push({ text: rest.trim() });
      return lines;
    });
}

/** "(Is. 40:12-17)", "(Jr 5:1-9)", "(1 Cor. 3:1-4)", "(Eccl. 8:1-5)": a book, its chapter and the verses. */
const INLINE_OUTLINE = /\s*\((?:[1-3]\s?)?[A-Z][a-z]*\.?\s+\d+:([\d\s,;–-]+)\)/;

/**
 * A sentence shaped as a heading of Henry's outline though it ends on a full stop: an indirect
 * question that asks nothing and says nothing ("What is the degree of this desire.", "What the
 * purport of it is.", "What God had done for Job.", "How the waters were gathered together.",
 * "Who were in conspiracy."). A relative clause with a clause of its own after it ("What God has
 * created is to be received with thanksgiving."), "What a mercy...", "How feelingly does she
 * cry..." and "Why, this act..." are prose.
 */
export function readsAsHeading(sentence: string): boolean {
  const text = sentence.replace(/^[“‘"'(]+/, "");
  // "To whom these promises are made—to those that believe...", however long.
  if (/^(?:To|Of|For|By|With|From|Upon) whom\b/.test(text) && /\.[”’"')\]]*$/.test(text) && !text.includes("?"))
    return true;
  // "The further instruction which Jesus Christ gave her; for he will not...": a heading, then its gloss.
  const clause = /^([^;]+);/.exec(text)?.[1];
  // "The Lord Jesus’s relation to God; he is Son to the Father...": a short heading with no verb.
  if (
    clause &&
    clause.split(/\s+/).length <= 8 &&
    /^(?:The|His|Her|Their|Our) /.test(clause) &&
    !/\b(?:is|was|are|were|will|shall|must|may|can|has|have|had|be|[a-z]+(?:ed|eth|es))\b/.test(clause)
  )
    return true;
  if (
    clause &&
    /^(?:The|His|Her|Their) (?:[a-z]+ ){1,4}(?:which|that|whereby|wherewith) /.test(clause) &&
    !/\b(?:is|was|are|were|will|shall|must|may|can|has|have|had|be)\b/.test(clause)
  )
    return true;
  if (!/\.[”’"')\]]*$/.test(text) || /[;?!]/.test(text) || text.split(/\s+/).length > 20) return false;
  const copulas = text.match(/\b(?:is|was|are|were|be)\b/g)?.length ?? 0;
  const determiner = "(?:the|this|these|those|his|her|its|their|our)";
  if (new RegExp(`^What (?:is|was|are|were) (?:${determiner}|an?) `).test(text)) return true;
  if (new RegExp(`^What ${determiner}(?: [\\w’']+){1,5} (?:is|was|are|were)(?:\\.| which| that)`).test(text))
    return true;
  const subject =
    /^What (?:he|she|it|they|we|you|I|God|Christ) (?:had|has|might|should|would|could|did|[a-z]+ed)\b(.*)$/.exec(text);
  // "What they did they did cheerfully": a clause of its own follows.
  if (subject)
    return !/\b(?:is|was|are|were|will|shall|must|may|can)\b|(?<!what )\b(?:he|she|they|we|I|you) [a-z]/.test(
      subject[1]!,
    );
  if (/^(?:How|Why) (?:the|a|an|he|she|it|they|we|his|her|its|their|God|Christ)\b/.test(text)) return true;
  // "The providence of God, by which there is a constant correspondence...": a name and its clause, no sentence.
  if (
    /^(?:The|His|Her|Their|Our) [^,;:]*, (?:(?:by|in|through|of|with|from|to|for|upon|on) )?(?:which|whom|whereby|wherein)\b/.test(
      text,
    )
  )
    return !/\b(?:is|was|are|were)\b/.test(text.split(",")[0]!);
  // "The notice which the poor simple man gave to the Jews concerning Christ, John 5:15."
  if (
    /^(?:The|His|Her|Their) [a-z]+(?: [a-z]+)? (?:which|that|whereby|wherewith)\b.*, (?:[1-3] )?[A-Z][a-z]+\.? \d+:\d+[\d,\s–-]*\.$/.test(
      text,
    )
  )
    return true;
  return /^(?:Who [a-z]+|Whither (?:he|she|they|we|I))\b/.test(text) && text.split(/\s+/).length <= 12 && copulas <= 1;
}

/**
 * A placed part's sentences as runs that may each be quoted: cut at a sentence shaped as a heading
 * (left out), and a run never opens on a sentence that leans on the one before it.
 */
export function quotableRuns(sentences: string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] | null = null;
  for (const sentence of sentences) {
    if (readsAsHeading(sentence)) {
      run = null;
      continue;
    }
    if (!run) {
      if (leansOnWhatWentBefore(sentence)) continue;
      runs.push((run = []));
    }
    run.push(sentence);
  }
  return runs;
}

import { books } from "~/modules/bible/books";
import { isName, wordStats } from "~/modules/bible/lexicon.server";
import { findReferences } from "~/modules/bible/references.server";
import { neverApplied, rolesIn, type VerseRoleKind } from "~/modules/ai/builtin/verse-roles";
import { ownSentences } from "../tests/support/writer-checks";

/**
 * The known bad patterns of issue 28, as rules over a text the writer wrote. Each finding names
 * the rule and the sentence, for the eval report (scripts/eval-writing.ts). Rules flag; a reader
 * judges.
 */

export interface Finding {
  rule: string;
  sentence: string;
}

const BOOK_NAMES = new Set(books.flatMap((book) => book.name.split(" ")).concat("Psalm"));
/** Capitalised words that are names, titles or the writer's own labels, not words read from capitals. */
const KNOWN = new Set(
  (
    "I God God's Lord Lord's Jesus Christ Christ's Spirit Holy Father Son Scripture Scriptures Bible Old New Testament " +
    "Amen Matthew Henry Henry's Spurgeon Spurgeon's Concise Commentary Treasury David Nave Nave's Topical Strong's " +
    "Greek Hebrew Aramaic BSB KJV WEB Berean Standard King James World English Version Gospel Gospels Law Prophets " +
    "Israel Jerusalem Sabbath Messiah Psalms Apostle Paul Peter Creator Saviour Savior Almighty Heaven"
  ).split(" "),
);

/** Sentences whose {subject} slot cannot take every topic ("Shape us by doubt"). */
const WISH_TEMPLATE =
  /\b(?:lived out|shape us by|make (?:[a-z]+ ){1,3}real in us|walk in|practise|practice|out of reach|live it out|grow in)\b/i;

const FRAGMENT_QUOTE = /^(?:[IVX]+\.|\d+\.|\(\d+\)|First(?:ly)?,|Secondly|Thirdly|Fourthly|Fifthly|Sixthly|Lastly)/;

function capitalsReadAsNames(sentences: string[]): Finding[] {
  const candidates = new Map<string, string[]>();
  for (const sentence of sentences) {
    // Italic words are names the writer set apart (Nave's entries, related topics); labels end in a colon.
    const words = sentence
      .replace(/\*[^*]+\*/g, "x")
      .replace(/\*+/g, "")
      .split(/\s+/);
    const capital = (word: string) => /^[A-Z][a-z]*$/.test(word.replace(/^[("“‘]+|[)"”’.,;:!?]+$/g, ""));
    for (const [index, raw] of words.entries()) {
      if (index === 0) continue;
      const word = raw.replace(/^[("“‘]+|[)"”’.,;:!?]+$/g, "");
      if (!/^[A-Z][a-z]+$/.test(word) || KNOWN.has(word) || BOOK_NAMES.has(word)) continue;
      // After a colon or a dash a new clause may start with a capital; a run of capitals is a title.
      if (/[:—–.]$/.test(words[index - 1]!)) continue;
      if (capital(words[index - 1]!) || (words[index + 1] && capital(words[index + 1]!))) continue;
      candidates.set(word.toLowerCase(), [...(candidates.get(word.toLowerCase()) ?? []), sentence]);
    }
  }
  if (candidates.size === 0) return [];
  const stats = wordStats(candidates.keys(), "KJV");
  const found: Finding[] = [];
  for (const [word, list] of candidates) {
    const stat = stats.get(word);
    if (stat && stat.count > 0 && !isName(stat))
      for (const sentence of list) found.push({ rule: "capital read as a name", sentence });
  }
  return found;
}

const CLAIMS: Array<[RegExp, VerseRoleKind]> = [
  [/\bpromise|^Trust:/i, "promise"],
  [/^Obey:|\bobey\b/i, "command"],
  [/^Remember:|memori[sz]e|learn .* by heart/i, "memory"],
  [/^Pray:|into a prayer|pray .*\(/i, "prayer"],
];

/**
 * A sentence that calls a verse a promise, a command, a memory verse or a prayer to pray, where
 * the reviewed data (verse-roles.json) does not, or where the verse is one never to be applied.
 */
function unreviewedClaims(sentence: string): Finding[] {
  const references = findReferences(sentence).filter((reference) => reference.valid);
  if (references.length === 0) return [];
  const ranges = references.flatMap((reference) => reference.ranges);
  const found: Finding[] = [];
  for (const [pattern, kind] of CLAIMS) {
    if (!pattern.test(sentence)) continue;
    if (rolesIn(ranges, kind).length === 0) found.push({ rule: `${kind} not in the reviewed roles`, sentence });
  }
  for (const range of ranges)
    for (let id = range.start; id <= range.end && found.length === 0; id++)
      if (neverApplied(id) && CLAIMS.some(([pattern]) => pattern.test(sentence)))
        found.push({ rule: "a verse never to be applied", sentence });
  return found;
}

export function ruleFindings(text: string, { kind, input }: { kind: string; input: string }): Finding[] {
  const found: Finding[] = [];
  const own = ownSentences(text);
  for (const sentence of own) {
    if (/Memori[sz]e \(/.test(sentence)) found.push({ rule: "Memorise (", sentence });
    if (/\bthe word \*?[a-z]/i.test(sentence)) found.push({ rule: "the word X pointer", sentence });
    if (kind === "topic" && sentence.toLowerCase().includes(input.toLowerCase()) && WISH_TEMPLATE.test(sentence))
      found.push({ rule: "{subject} template", sentence });
    found.push(...unreviewedClaims(sentence));
    if (/^[a-z]/.test(sentence) || !/[.!?:)”*]$/.test(sentence)) found.push({ rule: "fragment", sentence });
  }
  for (const line of text.split("\n")) {
    if (/\bPsalms \d+(?![-–\d])/.test(line)) found.push({ rule: "Psalms N", sentence: line.trim() });
    const quoted = line.match(/^>\s*(.*)$/)?.[1];
    if (quoted && FRAGMENT_QUOTE.test(quoted)) found.push({ rule: "fragment quoted", sentence: quoted });
  }
  found.push(...capitalsReadAsNames(own));
  return found;
}

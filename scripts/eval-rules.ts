import { books } from "~/modules/bible/books";
import { isName, wordStats } from "~/modules/bible/lexicon.server";
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
    const words = sentence.replace(/\*+/g, "").split(/\s+/).slice(1);
    for (const [index, raw] of words.entries()) {
      const word = raw.replace(/^[("“‘]+|[)"”’.,;:!?]+$/g, "");
      if (!/^[A-Z][a-z]+$/.test(word) || KNOWN.has(word) || BOOK_NAMES.has(word)) continue;
      // After a colon or a dash a new clause may start with a capital.
      if (index > 0 && /[:—–]$/.test(words[index - 1]!)) continue;
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

export function ruleFindings(text: string, { kind, input }: { kind: string; input: string }): Finding[] {
  const found: Finding[] = [];
  const own = ownSentences(text);
  for (const sentence of own) {
    if (/Memori[sz]e \(/.test(sentence)) found.push({ rule: "Memorise (", sentence });
    if (/\bthe word \*?[a-z]/i.test(sentence)) found.push({ rule: "the word X pointer", sentence });
    if (kind === "topic" && sentence.toLowerCase().includes(input.toLowerCase()) && WISH_TEMPLATE.test(sentence))
      found.push({ rule: "{subject} template", sentence });
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

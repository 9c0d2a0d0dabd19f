/**
 * Small pure helpers for the built-in lesson writer: deterministic choice, the
 * shape of a verse (command, promise, question...) and quotable phrases.
 */

/** FNV-1a: a stable 32-bit hash, so the same input always picks the same wording. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Picker = <T>(slot: string, options: readonly T[]) => T;

/**
 * FNV-1a's low bits barely depend on the text (the last one is the parity of its characters' low
 * bits), so two slots picked modulo a small count came out tied (a topic's activity always came
 * with the same leader's tip): mixed (murmur3's finaliser) before the modulo.
 */
function mix(hash: number): number {
  let mixed = hash;
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 16;
  return mixed >>> 0;
}

/** Chooses among options by a hash of the seed and the slot: varied across inputs, fixed for one. */
export function createPicker(seed: string): Picker {
  return (slot, options) => options[mix(hashString(`${seed}\u0000${slot}`)) % options.length]!;
}

export const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below
  between both but by can did do does doing down during each few for from further had has have having he
  her here hers herself him himself his how i if in into is it its itself just let me more most my myself no
  nor not now of off on once only or other our ours ourselves out over own same she should so some such than
  that the their theirs them themselves then there these they this those through to too under until up very
  was we were what when where which while who whom why will with would you your yours yourself yourselves
  thee thou thy thine ye unto hath doth shalt hast art wilt saith shall may might must upon us one two three
  said says say even yet also every whoever whatever therefore thus lest among went came come go goes going
  made make makes many much man men because know knew known behold indeed like may neither either each
  away back again let day days things thing way people put take took give gave given see saw seen tell told
  within without toward towards whose whom whether another others because however though although rather
  O oh ah yes no nor verily selah amen whom according`
    .split(/\s+/)
    .map((word) => word.toLowerCase())
    .filter(Boolean),
);

export function titleCase(text: string): string {
  const small = new Set([
    "a",
    "an",
    "and",
    "as",
    "at",
    "but",
    "by",
    "for",
    "in",
    "of",
    "on",
    "or",
    "the",
    "to",
    "with",
  ]);
  return text
    .trim()
    .replace(/\s+/g, " ")
    .split(" ")
    .map((word, index) => {
      if (index > 0 && small.has(word.toLowerCase())) return word.toLowerCase();
      if (/[A-Z]/.test(word.slice(1))) return word;
      return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
    })
    .join(" ");
}

/** "a", "a and b", "a, b and c" */
export function joinList(items: string[], conjunction = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

export function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** Removes quotation marks (which would nest badly inside our own) and tidies spaces. */
export function stripQuotes(text: string): string {
  return text
    .replace(/[“”"‘]/g, "")
    .replace(/(^|\s)’|’(\s|$)/g, "$1$2")
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Markdown-sensitive characters in quoted Scripture are kept literal. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\*_`[\]<>#])/g, "\\$1");
}

export type VerseKind = "question" | "command" | "promise" | "praise" | "lament" | "narrative" | "teaching";

const COMMAND_VERBS = new Set(
  `love do be go come trust fear keep remember give put rejoice pray praise sing seek ask walk follow honor honour
  serve bless forgive take repent believe listen hear consider stand watch flee pursue set make bear wait turn return
  receive submit humble rid encourage clothe confess abide remain run fix look let know teach guard hold rest cast
  commit delight taste worship shout declare proclaim tell preach write behold learn obey live speak think count
  put offer build arise rise awake wake open lift sow store lay choose carry help strengthen comfort welcome greet
  show bring eat drink wash anoint call sanctify cleanse test examine remind be`
    .split(/\s+/)
    .filter(Boolean),
);

const LEADING_WORDS =
  /^(?:and|but|for|now|so that|so|then|therefore|finally|also|yet|o|oh|behold|brothers|beloved|children|my son|dear friends|friends|however|because|since|indeed|surely|truly|thus|moreover|furthermore|we know that|i tell you that|i tell you|truly i tell you|that)\b[,\s]*/i;

/** Clauses that open like this lean on another clause and make poor quotations. */
const DEPENDENT_OPENING =
  /^(?:to the one|that|which|who|whom|whose|when|if|as|while|although|though|so that|in order|with|by|from|of|at|on|in|into|through)\b/i;

/** A rough reading of what a verse does, from its wording. */
export function verseKind(text: string): VerseKind {
  const plain = stripQuotes(text);
  // A real question, not a two-word aside ("Which ones?") in a verse about something else.
  const questions = plain.split(/(?<=[.!?;:])\s+/).filter((sentence) => sentence.endsWith("?"));
  if (questions.some((question) => question.split(" ").length >= 4)) return "question";
  const opening = plain.replace(LEADING_WORDS, "").replace(LEADING_WORDS, "");
  const firstWord = /^[A-Za-z]+/.exec(opening)?.[0]?.toLowerCase() ?? "";
  if (
    /\b(?:praise the lord|give thanks|sing to|o lord|o god|hallelujah|bless the lord|i will praise|i will sing|my soul)\b/i.test(
      plain,
    )
  ) {
    return /\b(?:how long|why have you|forsaken|my tears|groan|i am weary|in distress)\b/i.test(plain)
      ? "lament"
      : "praise";
  }
  if (/\b(?:how long|why have you|forsaken|my tears|i groan|i am weary|in my distress)\b/i.test(plain)) return "lament";
  if (
    COMMAND_VERBS.has(firstWord) ||
    /^(?:do not|let us|let your|you must|you shall|thou shalt|see that|make sure|be sure)\b/i.test(opening)
  ) {
    return "command";
  }
  if (
    /\b(?:do not|you must|you shall not|let us|each of you must|let each)\b/i.test(plain) &&
    !/\b(?:said|answered)\b/i.test(plain)
  )
    return "command";
  if (
    /\b(?:(?:he|god|the lord|i|you|we|it) will|shall (?:be|receive|inherit|see|never)|blessed (?:is|are)|will never|will surely|will be able|we are more than|nothing .* will)\b/i.test(
      plain,
    )
  ) {
    return "promise";
  }
  if (/\b(?:said|went|came|answered|saw|took|arose|departed|returned|called to)\b/i.test(plain)) return "narrative";
  return "teaching";
}

/** The clauses of a verse, without leading conjunctions: "we know that God works all things..." */
export function clauses(text: string): string[] {
  // Quotation marks also end a clause: speech is quoted apart from "Jesus told the woman".
  return text
    .replace(/\u00a0/g, " ")
    .split(/[.;:!?—–“”"]+|,\s(?=(?:and|but|for|so|yet|that|who|which|because|while|when)\b)|,\s*(?=[“"‘])/)
    .map((part) => stripQuotes(part))
    .map((part) =>
      part
        .replace(/^[\s,]+|[\s,]+$/g, "")
        .replace(LEADING_WORDS, "")
        .replace(LEADING_WORDS, ""),
    )
    .filter((part) => part.split(" ").length >= 3);
}

/** The first letter in upper case: for a quoted phrase that starts a sentence or a heading. */
export function capitalize(text: string) {
  const at = text.search(/[A-Za-z]/);
  return at < 0 ? text : text.slice(0, at) + text.charAt(at).toUpperCase() + text.slice(at + 1);
}

/**
 * A short quotable phrase from a verse, preferring one that holds a given word: at most
 * `maxWords` words, cut at a comma when it runs long.
 */
export function keyPhrase(
  text: string,
  { word, maxWords = 12, prefer }: { word?: string; maxWords?: number; prefer?: "command" } = {},
): string {
  const parts = clauses(text);
  if (parts.length === 0)
    return stripQuotes(text)
      .split(" ")
      .slice(0, maxWords)
      .join(" ")
      .replace(/[,;:]$/, "");
  const pattern = word ? new RegExp(`\\b${word.replace(/[^a-z]/gi, "")}`, "i") : null;
  const ranked = [...parts].sort((a, b) => score(b) - score(a));
  function score(part: string) {
    const words = part.split(" ").length;
    const fits = words <= maxWords ? 2 : 0;
    const has = pattern?.test(part) ? 4 : 0;
    const dependent = DEPENDENT_OPENING.test(part) ? 2.5 : 0;
    const wanted = prefer === "command" && isImperative(part) ? 3 : 0;
    return has + fits + wanted - dependent - Math.abs(words - 8) / 10;
  }
  let best = ranked[0]!;
  if (best.split(" ").length > maxWords) {
    const pieces = best.split(/,\s*/).filter((piece) => piece.split(" ").length >= 3);
    const piece = pieces.find((candidate) => (pattern ? pattern.test(candidate) : true)) ?? pieces[0] ?? best;
    const pieceWords = piece.split(" ");
    if (pieceWords.length <= maxWords) {
      best = piece;
    } else {
      // Keep the words around the one that matters: "…for the good of those who love Him".
      const at = pattern ? pieceWords.findIndex((candidate) => pattern.test(candidate)) : -1;
      const end = at >= 0 ? Math.min(pieceWords.length, Math.max(maxWords, at + 3)) : maxWords;
      const start = Math.max(0, end - maxWords);
      best = `${start > 0 ? "…" : ""}${pieceWords
        .slice(start, end)
        .join(" ")
        .replace(/[,;:]$/, "")}${end < pieceWords.length ? "…" : ""}`;
    }
  }
  return best.replace(/[,;:]$/, "");
}

function isImperative(clause: string) {
  const first = /^[A-Za-z]+/.exec(clause)?.[0]?.toLowerCase() ?? "";
  return COMMAND_VERBS.has(first) || /^(?:do not|let|you must|you shall)\b/i.test(clause);
}

/** "verse 28", "verses 28 and 30", "verses 28, 30 and 31" */
export function verseNumbers(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  return sorted.length === 1 ? `verse ${sorted[0]}` : `verses ${joinList(sorted.map(String))}`;
}

/** The number of words in a text. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

const NUMBER_WORDS = [
  "no",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

/** "five" for 5, "14" for 14: small numbers read better as words. */
export function numberWord(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

import assert from "node:assert/strict";

/** Single characters a backtracking pattern or a quadratic loop may run over: every use repeats them. */
const PUNCTUATION = [
  ".",
  ",",
  ";",
  ":",
  "@",
  "-",
  "_",
  "/",
  "\\",
  "(",
  ")",
  "[",
  "]",
  "'",
  '"',
  "!",
  "?",
  "*",
  "+",
  " ",
  "\n",
];

/**
 * The one source of hostile input: units, each repeated to a case's length, one list per use.
 * - `text`: the functions that split text into sentences, words, references and addresses
 *   (assertLinear below). Beyond the punctuation, the separators and letter-digit units their
 *   patterns step over ("A. " for a sentence boundary, " on" for a word, "a.1" for a reference).
 * - `request`: the values sent to every route and page action by the fuzz test and
 *   `npm run bench -- hostile` (tests/support/hostile.ts). Beyond the punctuation, the units that
 *   matter in JSON and query strings ('\\"', "([") and inside an address. Its order picks a
 *   seed's cases, so a new unit goes at the end.
 */
export const HOSTILE_UNITS = {
  text: [
    ...PUNCTUATION,
    "\t",
    "…",
    "|",
    "#",
    "a",
    "1",
    ". , ",
    "a.",
    "@.",
    "a@",
    "A. ",
    ". \n",
    ".,;: ",
    "a ",
    "\n\n",
    " on",
    "(a)",
    "day",
    "-a",
    "a1",
    "1 ",
    "a.1",
  ],
  request: [...PUNCTUATION, ". , ", "a.", "@.", "([", '\\"', "a@", ".,;:", "-_", " -"],
} as const;

/**
 * Text built to make a backtracking regular expression go quadratic (or worse): long runs of one
 * unit, each followed by nothing, by a letter that makes a trailing-anchored pattern fail, or by
 * the capital a sentence boundary looks for.
 */
const ENDINGS = ["", "x", " A"];

function* hostileTexts(length: number): Generator<[label: string, text: string]> {
  for (const unit of HOSTILE_UNITS.text) {
    const body = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
    for (const ending of ENDINGS)
      yield [`${JSON.stringify(unit)} x ${length}${ending ? ` + ${JSON.stringify(ending)}` : ""}`, body + ending];
  }
}

/**
 * Asserts `run` handles every hostile text of `length` characters within `boundMs` (linear code
 * takes a few milliseconds on an idle machine; quadratic code takes seconds at 50,000 characters
 * and minutes at 500,000). Shorter texts come first with a proportional bound, so quadratic code
 * fails in seconds instead of running for minutes. A slow run is timed once more, so a garbage
 * collection or a busy machine does not fail the test. The bound for `size` characters is
 * fixedMs + boundMs * size / length.
 */
export function assertLinear(
  run: (text: string) => unknown,
  { length = 500_000, boundMs = 500, fixedMs = 50 }: { length?: number; boundMs?: number; fixedMs?: number } = {},
) {
  for (const size of [length / 25, length / 5, length]) {
    // fixedMs: what `run` costs whatever the text (parsing a whole page, say).
    const bound = fixedMs + (boundMs * size) / length;
    for (const [label, text] of hostileTexts(Math.round(size))) {
      let best = Infinity;
      for (let attempt = 0; attempt < 2 && best > bound; attempt += 1) {
        const started = performance.now();
        try {
          run(text);
        } catch {
          // Refusing the text is a fine answer; only the time matters here.
        }
        best = Math.min(best, performance.now() - started);
      }
      assert.ok(best < bound, `${label} took ${Math.round(best)} ms (bound ${Math.round(bound)} ms)`);
    }
  }
}

import assert from "node:assert/strict";

/**
 * Text built to make a backtracking regular expression go quadratic (or worse): long runs of one
 * punctuation mark or of a short mixed unit, each followed by nothing, by a letter that makes a
 * trailing-anchored pattern fail, or by the capital a sentence boundary looks for.
 */
const UNITS = [
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
  "\t",
  "…",
  "|",
  "#",
  "a",
  "1",
  ". , ",
  "a.",
  "@.",
  "A. ",
  ". \n",
  ".,;: ",
  "a ",
  "\n\n",
  " on",
  "(a)",
  "a@",
  "day",
  "-a",
  "a1",
  "1 ",
  "a.1",
];
const ENDINGS = ["", "x", " A"];

function* hostileTexts(length: number): Generator<[label: string, text: string]> {
  for (const unit of UNITS) {
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

import assert from "node:assert/strict";

/**
 * Text built to make a backtracking regular expression go quadratic (or worse): long runs of one
 * punctuation mark or of a short mixed unit, each followed by nothing, by a letter that makes a
 * trailing-anchored pattern fail, or by the capital a sentence boundary looks for.
 */
const UNITS = [
  ".", ",", ";", ":", "@", "-", "_", "/", "\\", "(", ")", "[", "]", "'", '"', "!", "?", "*", "+", " ", "\n",
  "\t", "…", "|", "#", "a", "1",
  ". , ", "a.", "@.", "A. ", ". \n", ".,;: ", "a ", "\n\n", " on", "(a)", "a@", "day", "-a",
];
const ENDINGS = ["", "x", " A"];

export function* hostileTexts(length: number): Generator<[label: string, text: string]> {
  for (const unit of UNITS) {
    const body = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
    for (const ending of ENDINGS) yield [`${JSON.stringify(unit)} x ${length}${ending ? ` + ${JSON.stringify(ending)}` : ""}`, body + ending];
  }
}

/**
 * Asserts `run` handles every hostile text of `length` characters within `boundMs` (linear code
 * takes a few milliseconds; quadratic code takes seconds). A slow first run is timed once more,
 * so a garbage collection or a busy machine does not fail the test.
 */
export function assertLinear(run: (text: string) => unknown, { length = 500_000, boundMs = 250 } = {}) {
  for (const [label, text] of hostileTexts(length)) {
    let best = Infinity;
    for (let attempt = 0; attempt < 2 && best > boundMs; attempt += 1) {
      const started = performance.now();
      try {
        run(text);
      } catch {
        // Refusing the text is a fine answer; only the time matters here.
      }
      best = Math.min(best, performance.now() - started);
    }
    assert.ok(best < boundMs, `${label} took ${Math.round(best)} ms (bound ${boundMs} ms)`);
  }
}

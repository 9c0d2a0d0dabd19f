import assert from "node:assert/strict";
import v8 from "node:v8";
import vm from "node:vm";

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

function hostileTexts(): Array<[label: string, text: (length: number) => string]> {
  return HOSTILE_UNITS.text.flatMap((unit) =>
    ENDINGS.map((ending): [string, (length: number) => string] => [
      `${JSON.stringify(unit)}${ending ? ` + ${JSON.stringify(ending)}` : ""}`,
      (length) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length) + ending,
    ]),
  );
}

/**
 * Linear work takes 4 times as long on 4 times the input, quadratic 16: the line between is 10
 * (4 ** GROWTH_EXPONENT), above the middle, 8, because a collector's work also grows with the heap
 * a parse builds. On `ratio` times the input the limit is ratio ** GROWTH_EXPONENT: 31.6 at 8
 * times (linear 8, quadratic 64), where markdown's parser is measured: on 19,000 "!" it grew 7 to
 * 10.2 times from 4,750 (1 CI run in 3 failed at 4 times; it is linear: 1.6 to 2 times a doubling
 * up to 76,000).
 */
const GROWTH_EXPONENT = Math.log(10) / Math.log(4);
/**
 * Work that costs less than this many plain passes over the input is harmless whatever its growth
 * (garbage collection alone can make linear work grow tenfold from one size to the next); the
 * quadratic patterns this guards against took thousands (160,000 dots: 15 s).
 */
const HARMLESS_PASSES = 200;
const TRIES = 6;
/** The smallest input a growth step of 4 times starts from (see assertLinear). */
const MIN_STEP = 4000;

// Collected before each timed run after the first turn, so one run's garbage is not charged to the next.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

/**
 * Processor time is counted by the kernel in ticks (1-4 ms), so a run of a few milliseconds may
 * read as 0 or as 8: a step is repeated until its runs add up to this much, and their mean is used.
 * Each further turn doubles it: the process's time also counts V8's own threads (compiling,
 * marking), whose bursts do not grow with the input and are spread thinner over a longer window.
 */
const MIN_MEASURED_MS = 10;

/** The processor time `work` takes (ms): time spent waiting for a busy machine's cores is not counted. */
function cpuTime(work: () => unknown, clean: boolean, window = MIN_MEASURED_MS) {
  if (clean) collectGarbage();
  const started = process.cpuUsage();
  let runs = 0;
  let elapsed = 0;
  do {
    try {
      work();
    } catch {
      // Refusing the input is a fine answer; only the work it took matters here.
    }
    runs += 1;
    const { user, system } = process.cpuUsage(started);
    elapsed = (user + system) / 1000;
  } while (elapsed < window && runs < 1000);
  return elapsed / runs;
}

/** One plain pass over `size` items: the unit of work, timed in the same run as the work it measures. */
function plainPass(size: number) {
  let hash = 0;
  for (let index = 0; index < size; index += 1) hash = (hash * 31 + index) | 0;
  return hash;
}
// Compiled before it is timed.
for (let warm = 0; warm < 20; warm += 1) plainPass(100_000);

const plainPassTimes = new Map<number, number>();
/** The processor time of one plain pass over `size` items: the best of three windows, measured once a size. */
function plainPassTime(size: number) {
  let time = plainPassTimes.get(size);
  if (time === undefined) {
    time = Math.min(...[0, 1, 2].map((turn) => cpuTime(() => plainPass(size), turn > 0)));
    plainPassTimes.set(size, time);
  }
  return time;
}

/**
 * Asserts that `work` on the input of ratio * size takes at most ratio ** GROWTH_EXPONENT times the processor time
 * it takes on the input of `size` (both made by `prepare`, untimed), or under HARMLESS_PASSES
 * plain passes over ratio * size items. No bound in milliseconds: everything is compared within one
 * run, in processor time, the best of up to TRIES turns each, so a busy machine does not fail it.
 */
export function assertLinearGrowth<T>(
  label: string,
  size: number,
  prepare: (size: number) => T,
  work: (input: T) => unknown,
  ratio = 4,
) {
  const maxGrowth = ratio ** GROWTH_EXPONENT;
  const smallInput = prepare(size);
  const largeInput = prepare(ratio * size);
  const pass = plainPassTime(ratio * size);
  let small = Infinity;
  let large = Infinity;
  for (let turn = 0; turn < TRIES; turn += 1) {
    const clean = turn > 0;
    const window = MIN_MEASURED_MS * 2 ** turn;
    large = Math.min(
      large,
      cpuTime(() => work(largeInput), clean, window),
    );
    // Most hostile texts are refused or passed over at once: the small input need not be timed.
    if (large <= HARMLESS_PASSES * pass) return;
    small = Math.min(
      small,
      cpuTime(() => work(smallInput), clean, window),
    );
    if (large <= maxGrowth * small) return;
  }
  assert.fail(
    `${label}: ${ratio * size} took ${(large / small).toFixed(1)} times as long as ${size} ` +
      `(${large.toFixed(1)} ms against ${small.toFixed(1)} ms of processor time, ${Math.round(large / pass)} plain passes; ` +
      `linear is ${ratio}, quadratic ${ratio ** 2}, the limit ${maxGrowth.toFixed(1)})`,
  );
}

/**
 * `npm run test:deep` (LINEAR_STEPS=all) climbs the whole ladder; `npm test` takes its first rung
 * only: quadratic work shows at any size above its fixed costs (160,000 dots took 15 s in the
 * e-mail check that caught one: 0.6 s at 31,250, 35 ms at 7,800), and each rung up costs 4 to 16
 * times the one below (from 31,250 characters these checks were a third of the unit tests'
 * processor time; from 7,800, a tenth of that).
 */
const ALL_STEPS = process.env.LINEAR_STEPS === "all";

/**
 * Asserts `run` takes linear time on every hostile text: each is run at length / 64 and
 * length / 16 characters (and, in the deep run, up to `length`), and each step up must grow as linear
 * work does (assertLinearGrowth), so quadratic code fails at the first step where it shows
 * (seconds) rather than at the largest (minutes at 500,000 characters). Fixed costs (parsing a
 * whole page, say) only make it easier.
 */
export function assertLinear(
  run: (text: string) => unknown,
  { length = 500_000, ratio = 4 }: { length?: number; ratio?: number } = {},
) {
  // Below a few thousand characters a run takes a few milliseconds, and a compiler or collector
  // pause in one of them is a bigger share than any growth: such a step says nothing.
  const steps = [length / ratio ** 3, length / ratio ** 2, length / ratio].filter(
    (step) => step * ratio >= 4 * MIN_STEP,
  );
  for (const [label, text] of hostileTexts()) {
    for (const size of ALL_STEPS ? steps : steps.slice(0, 1)) {
      assertLinearGrowth(label, size, (n) => text(Math.round(n)), run, ratio);
    }
  }
}

/**
 * Asserts that `run` on every hostile text of `length` characters takes at most `limit` times the
 * processor time it takes on `reference` (an honest text of the same length), both in this run.
 *
 * For work whose input is capped (markdown is parsed up to MAX_MARKDOWN, then shown as plain
 * text) the question is not growth but cost at the cap: may a stranger's text cost much more than
 * an honest one as long? Growth across sizes is the wrong measure here: between 2,375 and 19,000
 * characters micromark's garbage (a tree that outlives the young generation) made linear parsing
 * grow 15 to 20 times over 8 times the input, and past 31.6 on a loaded CI machine. At one size
 * that cost falls on the reference too: hostile texts measured 2.5 to 5.4 times the prose.
 */
export function assertNoCostlierThan(
  run: (text: string) => unknown,
  reference: string,
  { length, limit }: { length: number; limit: number },
) {
  let honest = Infinity;
  for (const [label, text] of hostileTexts()) {
    const hostile = text(length);
    let worst = Infinity;
    for (let turn = 0; turn < TRIES; turn += 1) {
      const clean = turn > 0;
      const window = MIN_MEASURED_MS * 2 ** turn;
      // The reference is timed afresh in the turns that need it, at the same window, so a burst on
      // a busy machine weighs on both sides alike.
      if (turn > 0 || honest === Infinity)
        honest = Math.min(
          honest,
          cpuTime(() => run(reference), clean, window),
        );
      worst = Math.min(
        worst,
        cpuTime(() => run(hostile), clean, window),
      );
      if (worst <= limit * honest) break;
    }
    assert.ok(
      worst <= limit * honest,
      `${label} at ${length} characters took ${(worst / honest).toFixed(1)} times as long as an honest text ` +
        `(${worst.toFixed(1)} ms against ${honest.toFixed(1)} ms of processor time; the limit is ${limit})`,
    );
  }
}

import { AppError } from "~/utils/errors";
import { clipLongWords, trimTrailing } from "~/utils/text";
import {
  contentTerms,
  DEPENDENT_START,
  isWellFormedSentence,
  REFERS_BACK,
  splitSentences,
  standAlone,
  words,
} from "./sentences";

/**
 * The built-in summarizer: extractive, deterministic and offline. Sentences are ranked by how
 * central they are to the text (TextRank over TF-IDF vectors), where they stand (the lead and the
 * first sentence of a paragraph carry weight), how much they share with the title and their length.
 * The summary is the best few sentences in reading order; the learning bites are further distinct,
 * self-contained sentences. Only complete, well-formed sentences are ever used.
 */

export interface ExtractiveSummary {
  summary: string;
  learningBites: string[];
}

interface Candidate {
  index: number;
  text: string;
  paragraph: number;
  /** Position of the sentence in its paragraph. */
  position: number;
  terms: string[];
  vector: Map<string, number>;
  norm: number;
  score: number;
  dependent: boolean;
  question: boolean;
}

export const MIN_BITES = 3;
export const MAX_BITES = 7;
// TextRank is quadratic; beyond this many sentences the most central ones (by the centroid) compete.
const TEXTRANK_LIMIT = 300;
const SUMMARY_WORD_BUDGET = 130;
/**
 * The summarizer reads at most this many characters (about 80,000 words: a long sermon transcript
 * or a book chapter), so a 5 MB page costs what a long article does: well under a second (2 s uncapped).
 */
export const MAX_SUMMARY_INPUT = 500_000;
// No real word is longer; a run of 400,000 dots is clipped before it is split into sentences.
const MAX_WORD_LENGTH = 100;

/** The part of a text the summarizer reads: cut at a paragraph break where one is near the limit. */
function boundedText(text: string) {
  if (text.length <= MAX_SUMMARY_INPUT) return clipLongWords(text, MAX_WORD_LENGTH);
  const paragraphEnd = text.lastIndexOf("\n\n", MAX_SUMMARY_INPUT);
  const end = paragraphEnd > MAX_SUMMARY_INPUT / 2 ? paragraphEnd : MAX_SUMMARY_INPUT;
  return clipLongWords(text.slice(0, end), MAX_WORD_LENGTH);
}

function cosine(a: Candidate, b: Candidate) {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.vector.size <= b.vector.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small.vector) {
    const other = large.vector.get(term);
    if (other) dot += weight * other;
  }
  return dot / (a.norm * b.norm);
}

function textRank(candidates: Candidate[]): number[] {
  const n = candidates.length;
  const weights: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const totals = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const similarity = cosine(candidates[i]!, candidates[j]!);
      if (similarity > 0) {
        weights[i]![j] = similarity;
        weights[j]![i] = similarity;
        totals[i]! += similarity;
        totals[j]! += similarity;
      }
    }
  }
  let ranks = new Array<number>(n).fill(1 / n);
  const damping = 0.85;
  for (let iteration = 0; iteration < 40; iteration += 1) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let j = 0; j < n; j += 1) {
      if (totals[j] === 0) continue;
      const share = (damping * ranks[j]!) / totals[j]!;
      const row = weights[j]!;
      for (let i = 0; i < n; i += 1) {
        if (row[i]) next[i]! += share * row[i]!;
      }
    }
    const change = next.reduce((sum, value, index) => sum + Math.abs(value - ranks[index]!), 0);
    ranks = next;
    if (change < 1e-6) break;
  }
  return ranks;
}

function lengthScore(count: number) {
  if (count < 10) return count / 10;
  if (count <= 30) return 1;
  return Math.max(0, 1 - (count - 30) / 25);
}

const PROPER_NOUNS: Record<string, string> = {
  i: "I",
  "i'm": "I'm",
  "i've": "I've",
  "i'll": "I'll",
  "i'd": "I'd",
  god: "God",
  "god's": "God's",
  jesus: "Jesus",
  "jesus'": "Jesus'",
  christ: "Christ",
  "christ's": "Christ's",
  christian: "Christian",
  christians: "Christians",
  bible: "Bible",
  scripture: "Scripture",
  spirit: "Spirit",
  israel: "Israel",
};

/** Running speech without punctuation (automatic captions) cut into readable passages at pauses in thought. */
function passagesFromRunningText(text: string): string[] {
  const all = words(text).map((word) => PROPER_NOUNS[word.toLowerCase()] ?? word);
  const passages: string[] = [];
  const breakBefore = /^(so|but|now|when|if|because|today|remember|jesus|and)$/i;
  let current: string[] = [];
  for (const word of all) {
    if (current.length >= 30 || (current.length >= 12 && breakBefore.test(word))) {
      passages.push(current.join(" "));
      current = [];
    }
    current.push(word);
  }
  if (current.length >= 6) passages.push(current.join(" "));
  else if (current.length > 0 && passages.length > 0) passages[passages.length - 1] += ` ${current.join(" ")}`;
  return passages.map((passage) => {
    const trimmed = trimTrailing(passage, /[,;:\s]/);
    const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
    return /[.!?]$/.test(capital) ? capital : `${capital}.`;
  });
}

function buildCandidates(title: string, text: string) {
  const paragraphs = text
    .split(/\n\s*\n|\n(?=\s*[-•*]\s)/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const sentences: Array<{ text: string; paragraph: number; position: number }> = [];
  paragraphs.forEach((paragraph, paragraphIndex) => {
    splitSentences(paragraph).forEach((sentence, position) => {
      sentences.push({ text: sentence, paragraph: paragraphIndex, position });
    });
  });
  let usable = sentences.filter((sentence) => isWellFormedSentence(sentence.text));
  if (usable.length < MIN_BITES + 1) {
    usable = sentences.filter((sentence) => isWellFormedSentence(sentence.text, { minWords: 4, maxWords: 70 }));
  }
  let fromRunningText = false;
  if (usable.length < MIN_BITES + 1) {
    // Text with (almost) no sentence punctuation: automatic captions.
    const punctuation = (text.match(/[.!?]/g) ?? []).length;
    if (punctuation < words(text).length / 60) {
      usable = passagesFromRunningText(text).map((passage, position) => ({ text: passage, paragraph: 0, position }));
      fromRunningText = true;
    }
  }
  // The same sentence repeated (pull quotes, captions) counts once.
  const seen = new Set<string>();
  usable = usable.filter((sentence) => {
    const key = sentence.text
      .toLowerCase()
      .replace(/[^\p{L}\d]+/gu, " ")
      .trim();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const documentFrequency = new Map<string, number>();
  const termLists = usable.map((sentence) => contentTerms(sentence.text));
  for (const terms of termLists) {
    for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const n = usable.length;
  const candidates: Candidate[] = usable.map((sentence, index) => {
    const terms = termLists[index]!;
    const vector = new Map<string, number>();
    for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + 1);
    let norm = 0;
    for (const [term, count] of vector) {
      const weight = (1 + Math.log(count)) * (Math.log((n + 1) / ((documentFrequency.get(term) ?? 0) + 1)) + 1);
      vector.set(term, weight);
      norm += weight * weight;
    }
    return {
      index,
      text: sentence.text,
      paragraph: sentence.paragraph,
      position: sentence.position,
      terms,
      vector,
      norm: Math.sqrt(norm),
      score: 0,
      dependent: DEPENDENT_START.test(sentence.text) || REFERS_BACK.test(sentence.text),
      question: /\?[”"’')\]]*$/.test(sentence.text),
    };
  });
  return { candidates, titleTerms: new Set(contentTerms(title)), fromRunningText };
}

function scoreCandidates(candidates: Candidate[], titleTerms: Set<string>) {
  if (candidates.length === 0) return;
  // The centroid of the text: how typical each sentence's vocabulary is.
  const centroid: Candidate = {
    index: -1,
    text: "",
    paragraph: 0,
    position: 0,
    terms: [],
    vector: new Map(),
    norm: 0,
    score: 0,
    dependent: false,
    question: false,
  };
  for (const candidate of candidates) {
    for (const [term, weight] of candidate.vector) centroid.vector.set(term, (centroid.vector.get(term) ?? 0) + weight);
  }
  centroid.norm = Math.sqrt([...centroid.vector.values()].reduce((sum, weight) => sum + weight * weight, 0));
  const typicality = candidates.map((candidate) => cosine(candidate, centroid));

  let pool = candidates.map((candidate) => candidate.index);
  if (pool.length > TEXTRANK_LIMIT) {
    pool = [...pool]
      .sort((a, b) => typicality[b]! - typicality[a]! || a - b)
      .slice(0, TEXTRANK_LIMIT)
      .sort((a, b) => a - b);
  }
  const ranks = textRank(pool.map((index) => candidates[index]!));
  const centrality = new Array<number>(candidates.length).fill(0);
  const maxRank = Math.max(...ranks);
  pool.forEach((index, position) => {
    centrality[index] = maxRank > 0 ? ranks[position]! / maxRank : 0;
  });
  const maxTypicality = Math.max(...typicality) || 1;

  const lastParagraph = candidates[candidates.length - 1]!.paragraph || 1;
  for (const candidate of candidates) {
    const lead = candidate.index < 3 ? (3 - candidate.index) / 3 : 0;
    const paragraphStart = candidate.position === 0 ? 1 : 0;
    const early = 1 - candidate.paragraph / (lastParagraph + 1);
    const position = 0.5 * lead + 0.3 * paragraphStart + 0.2 * early;
    const titleOverlap =
      titleTerms.size === 0 ? 0 : candidate.terms.filter((term) => titleTerms.has(term)).length / titleTerms.size;
    candidate.score =
      0.4 * centrality[candidate.index]! +
      0.2 * (typicality[candidate.index]! / maxTypicality) +
      0.2 * position +
      0.1 * Math.min(1, titleOverlap) +
      0.1 * lengthScore(words(candidate.text).length) -
      (candidate.dependent ? 0.12 : 0) -
      (candidate.question ? 0.2 : 0);
  }
}

/** Best first, then diverse: a sentence too similar to one already chosen is passed over. */
function pickDiverse(
  ranked: Candidate[],
  count: number,
  chosen: Candidate[],
  maxSimilarity: number,
  wordBudget = Infinity,
) {
  const picked: Candidate[] = [];
  let used = 0;
  for (const candidate of ranked) {
    if (picked.length >= count) break;
    if ([...chosen, ...picked].some((other) => cosine(candidate, other) > maxSimilarity)) continue;
    const length = words(candidate.text).length;
    if (picked.length > 0 && used + length > wordBudget) continue;
    picked.push(candidate);
    used += length;
  }
  return picked;
}

function summarySize(sentenceCount: number) {
  if (sentenceCount < 8) return 2;
  if (sentenceCount < 25) return 3;
  if (sentenceCount < 80) return 4;
  return 5;
}

function biteCount(sentenceCount: number) {
  if (sentenceCount < 12) return 3;
  if (sentenceCount < 30) return 4;
  if (sentenceCount < 60) return 5;
  if (sentenceCount < 120) return 6;
  return 7;
}

function byScore(a: Candidate, b: Candidate) {
  return b.score - a.score || a.index - b.index;
}

/**
 * A summary and 3 to 7 learning bites for a text. Throws when the text has fewer than four usable
 * sentences (nothing worth summarizing).
 */
export function summarizeExtractive(title: string, text: string): ExtractiveSummary {
  const { candidates, titleTerms } = buildCandidates(title, boundedText(text));
  if (candidates.length < MIN_BITES + 1) {
    throw new AppError("That text is too short to summarize: it needs at least a few complete sentences.", 422);
  }
  scoreCandidates(candidates, titleTerms);
  const ranked = [...candidates].sort(byScore);

  const summaryPicks = pickDiverse(ranked, summarySize(candidates.length), [], 0.5, SUMMARY_WORD_BUDGET).sort(
    (a, b) => a.index - b.index,
  );
  const summary = summaryPicks.map((candidate) => candidate.text).join(" ");

  const wanted = biteCount(candidates.length);
  const inSummary = new Set(summaryPicks.map((candidate) => candidate.index));
  const rest = ranked.filter((candidate) => !inSummary.has(candidate.index) && !candidate.question);
  const selfContained = rest.filter((candidate) => !candidate.dependent);
  let bites = pickDiverse(selfContained, wanted, summaryPicks, 0.45);
  if (bites.length < MIN_BITES) {
    bites = [
      ...bites,
      ...pickDiverse(
        rest.filter((candidate) => !bites.includes(candidate)),
        MIN_BITES - bites.length,
        [...summaryPicks, ...bites],
        0.6,
      ),
    ];
  }
  if (bites.length < MIN_BITES) {
    // A short text: the bites may repeat what the summary says rather than be too few.
    const remaining = ranked.filter((candidate) => !bites.includes(candidate));
    bites = [...bites, ...pickDiverse(remaining, MIN_BITES - bites.length, bites, 0.8)];
  }
  if (bites.length < MIN_BITES) {
    bites = [...bites, ...ranked.filter((candidate) => !bites.includes(candidate)).slice(0, MIN_BITES - bites.length)];
  }
  const learningBites = bites
    .sort((a, b) => a.index - b.index)
    .slice(0, MAX_BITES)
    .map((candidate) => standAlone(candidate.text));
  return { summary, learningBites };
}

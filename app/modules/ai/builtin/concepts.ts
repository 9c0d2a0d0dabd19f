import { content, type Concept } from "./content";
import { stem } from "./stem";

/**
 * Everyday study topics phrased as people ask them, mapped to the words the Bible uses and to the
 * matching entries of Nave's Topical Bible (content/concepts.json). "Anxiety" is rare in older translations, but
 * "anxious", "care" and "fear" are not; "leadership" is not a Nave topic, "Rulers" and
 * "Shepherd" are.
 */
const { concepts } = content;

function normalize(word: string) {
  return word.toLowerCase().replace(/[^a-z-]/g, "");
}

/** The concepts a topic names, in any form: "Dealing with anxiety at work" -> anxiety, work. */
export function conceptsFor(topic: string): Concept[] {
  const text = ` ${topic
    .toLowerCase()
    .replace(/[^a-z\s-]/g, " ")
    .replace(/\s+/g, " ")} `;
  const stems = new Set(text.split(" ").map(normalize).filter(Boolean).map(stem));
  return concepts.filter((concept) =>
    concept.match.some((term) => (term.includes(" ") ? text.includes(` ${term} `) : stems.has(stem(term)))),
  );
}

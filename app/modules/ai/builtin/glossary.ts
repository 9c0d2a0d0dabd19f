import { content } from "./content";

/**
 * Plain-language meanings of words that carry weight in Scripture, written for this project
 * (content/glossary.json). Each entry lists the forms it covers; a lesson explains a key word with the entry first and
 * then with the verses that use it.
 */
const byForm = new Map<string, string>();
for (const entry of content.glossary) {
  for (const form of entry.forms) if (!byForm.has(form)) byForm.set(form, entry.meaning);
}

/** The plain meaning of a word, when the glossary has it. */
export function glossaryMeaning(word: string): string | undefined {
  return byForm.get(word.toLowerCase());
}

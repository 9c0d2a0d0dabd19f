import { content } from "./content";
import { stem } from "./stem";

/**
 * Plain-language meanings of words that carry weight in Scripture, written for this project
 * (content/glossary.json). A lesson explains a key word with the entry first and then with the
 * verses that use it.
 */
const byForm = new Map<string, string>();
const byStem = new Map<string, string>();
for (const entry of content.glossary) {
  for (const form of entry.forms) {
    if (!byForm.has(form)) byForm.set(form, entry.meaning);
    if (!byStem.has(stem(form))) byStem.set(stem(form), entry.meaning);
  }
}

/**
 * The plain meaning of a word, when the glossary has it: the entry listing the word itself, else
 * the first entry with a form of the same stem ("forgives" finds "forgive").
 */
export function glossaryMeaning(word: string): string | undefined {
  return byForm.get(word.toLowerCase()) ?? byStem.get(stem(word));
}

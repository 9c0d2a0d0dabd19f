import { findReferences, type FoundReference } from "./references.server";

export const NOT_FOUND_MARK = "(reference not found)";

export interface GroundingResult {
  /** The text with every reference that does not exist marked as such. */
  text: string;
  /** The references that were checked and exist. */
  valid: FoundReference[];
  /** The references that do not exist in the Bible ("John 30:1"). */
  invalid: FoundReference[];
}

/**
 * Checks every Bible reference in generated text against the shipped Bible. A reference that
 * does not exist is never shown as real: its parentheses are dropped (so it cannot render as a
 * scripture badge) and it is marked "(reference not found)".
 */
export function groundReferences(text: string): GroundingResult {
  const found = findReferences(text);
  const invalid = found.filter((reference) => !reference.valid);
  const valid = found.filter((reference) => reference.valid);
  let result = text;
  for (const reference of [...invalid].sort((a, b) => b.start - a.start)) {
    const before = result.slice(0, reference.start);
    const after = result.slice(reference.end);
    const wrapped = before.endsWith("(") && after.startsWith(")");
    const marked = `${reference.text.trim()} ${NOT_FOUND_MARK}`;
    result = wrapped ? `${before.slice(0, -1)}${marked}${after.slice(1)}` : `${before}${marked}${after}`;
  }
  return { text: result, valid, invalid };
}

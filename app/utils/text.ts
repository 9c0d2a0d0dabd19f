/**
 * `text` without the characters at its end that `character` (a one-character class such as
 * /[,;:\s]/) matches. A loop rather than text.replace(/[,;:\s]+$/, ""), which V8 retries from each
 * position of a long run that is not at the very end (quadratic).
 */
export function trimTrailing(text: string, character: RegExp): string {
  let end = text.length;
  while (end > 0 && character.test(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/**
 * `text` with every run of non-space characters longer than `maxLength` cut to `maxLength`: no real
 * word is that long, and a 400,000-character "word" of dots only costs the code that reads it.
 */
export function clipLongWords(text: string, maxLength: number): string {
  return text.replace(/\S+/g, (word) => (word.length > maxLength ? word.slice(0, maxLength) : word));
}

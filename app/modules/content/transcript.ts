/**
 * The longest transcript stored: about 30,000 words, a two-hour sermon or a long article. Longer
 * text is cut here, and the summary is made of what is kept.
 */
export const MAX_TRANSCRIPT_CHARS = 200_000;

/** The text's first MAX_TRANSCRIPT_CHARS characters, never splitting a character in two. */
export function capTranscript(text: string): string {
  if (text.length <= MAX_TRANSCRIPT_CHARS) return text;
  const end = /[\uD800-\uDBFF]/.test(text[MAX_TRANSCRIPT_CHARS - 1]!) ? MAX_TRANSCRIPT_CHARS - 1 : MAX_TRANSCRIPT_CHARS;
  return text.slice(0, end);
}

/**
 * Matthew Henry's commentary as context for a model: the excerpts the built-in writer would quote,
 * with the rule for quoting them, and the note that tells the reader what the text drew on.
 */

export interface CommentaryContext {
  /** The sections of Henry's commentary on the passage: "John 3:1-21". */
  sections: string[];
  excerpts: Array<{ reference: string; text: string }>;
}

/** The prompt lines: empty when Henry has nothing on the passage. */
export function commentaryPromptBlock(context: CommentaryContext | undefined): string {
  if (!context || context.excerpts.length === 0) return "";
  return [
    "",
    "Matthew Henry's Commentary on the Whole Bible (1706-1721, public domain) on this passage, to draw on for the explanation.",
    'Quote it only word for word, and attribute each quotation as "Matthew Henry on <the section\'s reference>":',
    ...context.excerpts.map((excerpt) => `- (Matthew Henry on ${excerpt.reference}) ${excerpt.text}`),
  ].join("\n");
}

/** The closing note of a model's text: what it was given to draw on. */
export function drewOnNote(context: CommentaryContext | undefined, scripture: string): string {
  const sources = [scripture];
  if (context && context.excerpts.length > 0) {
    const sections = [...new Set(context.excerpts.map((excerpt) => excerpt.reference))];
    sources.push(`Matthew Henry's Commentary on ${sections.join("; ")}`);
  }
  return `*Drawn from: ${sources.join("; and ")}.*`;
}

/**
 * Public-domain commentary as context for a model: notes placed on the verses they discuss (Matthew
 * Henry, his Concise Commentary, Spurgeon and the writers he quotes), with the rule for quoting them,
 * and the note that tells the reader what the text drew on.
 */

export interface CommentaryContext {
  /** The passages the notes are on: "John 3:16". */
  sections: string[];
  /** `credit` names the writer and work ("Matthew Henry, Concise Commentary"); Henry's full commentary when absent. */
  excerpts: Array<{ reference: string; text: string; credit?: string }>;
}

const DEFAULT_CREDIT = "Matthew Henry";

/** The prompt lines: empty when no commentator has anything on the passage. */
export function commentaryPromptBlock(context: CommentaryContext | undefined): string {
  if (!context || context.excerpts.length === 0) return "";
  return [
    "",
    "Public-domain commentary on these verses, each note placed on the verses it discusses, to draw on for the explanation.",
    'Quote it only word for word, and attribute each quotation as "<writer> on <the verses>", as given in brackets:',
    ...context.excerpts.map(
      (excerpt) => `- (${excerpt.credit ?? DEFAULT_CREDIT} on ${excerpt.reference}) ${excerpt.text}`,
    ),
  ].join("\n");
}

/** The closing note of a model's text: what it was given to draw on. */
export function drewOnNote(context: CommentaryContext | undefined, scripture: string): string {
  const sources = [scripture];
  if (context && context.excerpts.length > 0) {
    const byCredit = new Map<string, Set<string>>();
    for (const excerpt of context.excerpts) {
      const credit = excerpt.credit ?? DEFAULT_CREDIT;
      if (!byCredit.has(credit)) byCredit.set(credit, new Set());
      byCredit.get(credit)!.add(excerpt.reference);
    }
    for (const [credit, references] of byCredit) sources.push(`${credit} on ${[...references].join("; ")}`);
  }
  return `*Drawn from: ${sources.join("; and ")}.*`;
}

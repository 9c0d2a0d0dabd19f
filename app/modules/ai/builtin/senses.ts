/**
 * Words with more than one sense, and the contexts where they mean something a theme does not:
 * "He makes me lie down" is no lie, "my burden is light" no light in the darkness, a bear robbed
 * of her cubs is not bearing with one another, "the rest of the people" no rest. The matching word
 * is blanked out before themes are counted, so it speaks for no theme.
 */
const OTHER_SENSES: Array<{ word: RegExp; context: RegExp }> = [
  // lie, lay, lying: reclining, not falsehood.
  {
    word: /\b(?:lie|lies|lieth|lying|lay|lain)\b/gi,
    context:
      /\b(?:lie|lies|lieth|lying|lay|lain)\s+(?:down|still|with|in|on|upon|at|among|beside|there|here|asleep|dead|waste|desolate|fallow|open|in wait)\b|\b(?:to|will|shall|may|let|i|we|they|you|ye|he|she|and)\s+(?:lie|lay)\s+(?:down|with)\b/i,
  },
  // light: weight or ease, not brightness.
  {
    word: /\blight(?:er|ly)?\b/gi,
    context:
      /\b(?:burden|yoke|load|weight|affliction)s?\b[^.;]{0,40}\blight\b|\blight(?:er|ly)?\s+(?:thing|matter|of|esteemed|afflictions?)\b|\bmade\s+light\b|\blighter\b|\blightly\b/i,
  },
  // bear: the animal, not carrying or enduring.
  {
    word: /\b(?:bear|bears)\b/gi,
    context:
      /\b(?:a|the|two|she|an?\s+angry|lion\s+and\s+(?:the|a))\s+(?:she-)?bears?\b|\bbears?\s+(?:robbed|and\s+(?:a|the)\s+lion|came\s+out|of\s+the\s+woods?)\b|\bbears?\b[^.;]{0,20}\bcubs?\b|\blion\b[^.;]{0,30}\bbear\b/i,
  },
  // rest: what is left over, not repose.
  { word: /\brest\b/gi, context: /\b(?:the|all\s+the)\s+rest\s+(?:of|were|are|did|said|took|went)\b/i },
  // still: "yet", not quiet.
  {
    word: /\bstill\b/gi,
    context:
      /\b(?:is|are|was|were|and|but|he|they|we|it)\s+still\s+(?:alive|there|here|in|more|going|angry|outstretched|stretched)\b/i,
  },
];

/** The text with each ambiguous word blanked out where its context shows the other sense. */
export function maskOtherSenses(text: string): string {
  let result = text;
  for (const sense of OTHER_SENSES) {
    const contexts = new RegExp(sense.context.source, "gi");
    result = result.replace(contexts, (found) => found.replace(sense.word, (word) => " ".repeat(word.length)));
  }
  return result;
}

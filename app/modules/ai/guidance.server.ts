import { bookByOrder, chapterVerseCount, splitVerseId, verseId, type VerseId } from "~/modules/bible/books";
import { formatRanges, type VerseRange } from "~/modules/bible/references.server";
import { findTopics } from "~/modules/bible/topics.server";
import { matchTopic } from "./builtin/topic-anchors";
import { neverApplied, rolesIn } from "./builtin/verse-roles";
import type { ScriptureUse, TopicGuidance } from "./prompts/guidance";

/** Enough for a model to go on without drowning the passage. */
const MAX_ROLES = 12;
const MAX_NEVER = 8;
const MAX_WIDENING = 6;

/**
 * The reviewed topic behind what a reader typed: its anchors (and the verses of the first few, for
 * the commentary the lesson draws on), or the closest topics when none fits.
 */
export function topicGuidanceFor(asked: string): { guidance: TopicGuidance; anchorRanges: VerseRange[] } {
  const match = matchTopic(asked);
  if ("closest" in match)
    return { guidance: { asked, topic: null, closest: match.closest, widening: [] }, anchorRanges: [] };
  const anchors = match.topic.anchors.map((anchor) => ({ reference: formatRanges(anchor.ranges), why: anchor.why }));
  const seen = new Set(anchors.map((anchor) => anchor.reference));
  const widening: string[] = [];
  for (const entry of match.topic.nave.flatMap((name) => findTopics(name, 1))) {
    for (const range of entry.ranges) {
      const reference = formatRanges([range]);
      if (widening.length < MAX_WIDENING && !seen.has(reference)) {
        widening.push(reference);
        seen.add(reference);
      }
    }
  }
  return {
    guidance: { asked, topic: { name: match.topic.name, anchors }, closest: [], widening },
    anchorRanges: match.topic.anchors.slice(0, 3).flatMap((anchor) => anchor.ranges),
  };
}

/** Every verse of the ranges, in order (chapters as the Bible has them, not every integer in between). */
function versesIn(ranges: VerseRange[]): VerseId[] {
  const verses: VerseId[] = [];
  for (const range of ranges) {
    let { bookOrder, chapter, verse } = splitVerseId(range.start);
    for (let id = range.start; id <= range.end; id = verseId(bookOrder, chapter, verse)) {
      verses.push(id);
      const book = bookByOrder(bookOrder)!;
      if (verse < chapterVerseCount(book, chapter)) {
        verse += 1;
      } else if (chapter < book.chapters) {
        chapter += 1;
        verse = 1;
      } else {
        bookOrder += 1;
        chapter = 1;
        verse = 1;
      }
    }
  }
  return verses;
}

/** Reviewed roles of the verses and the ones never to be applied (consecutive verses with one reason joined). */
export function scriptureUseFor(ranges: VerseRange[]): ScriptureUse {
  const roles = rolesIn(ranges)
    .slice(0, MAX_ROLES)
    .map((role) => ({
      kind: role.kind,
      reference: formatRanges([role.range]),
      speaker: role.speaker,
      addressee: role.addressee,
      note: role.note,
    }));
  const spans: Array<{ range: VerseRange; why: string }> = [];
  let previous: VerseId | undefined;
  for (const verse of versesIn(ranges)) {
    const blocked = neverApplied(verse);
    const last = spans.at(-1);
    if (blocked && last && last.why === blocked.why && last.range.end === previous) last.range.end = verse;
    else if (blocked) spans.push({ range: { start: verse, end: verse }, why: blocked.why });
    previous = verse;
  }
  const never = spans.slice(0, MAX_NEVER).map((span) => ({ reference: formatRanges([span.range]), why: span.why }));
  return { roles, never };
}

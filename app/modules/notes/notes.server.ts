import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import { groupMembers, groups, userProfiles, users, verseNotes, type VerseNote } from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb } from "~/db.server";
import { bookByOrder, chapterVerseCount, splitVerseId, verseId, type VerseId } from "~/modules/bible/books";
import { formatRanges, parseReference, type VerseRange } from "~/modules/bible/references.server";
import { countUserRows } from "~/user-rows.server";
import { ConflictError, NotFoundError, ValidationError } from "~/utils/errors";
import { afterCursor, toPage, type Page, type PageRequest } from "~/utils/pagination.server";
import type { NewNoteInput, NoteChangesInput } from "./schemas";

/** A note, highlight or bookmark as the API answers it and the pages show it. */
export interface VerseNoteItem {
  id: string;
  kind: VerseNote["kind"];
  /** "John 3:16", "Psalm 23:1-4", "Romans 8:28-9:5" */
  reference: string;
  /** USFM id of the book, and where the range starts and ends in it. */
  book: string;
  chapter: number;
  verse: number;
  endChapter: number;
  endVerse: number;
  body: string | null;
  color: VerseNote["color"];
  label: string | null;
  /** The group a note is shared with, or null. */
  groupId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toNoteItem(row: VerseNote): VerseNoteItem {
  const from = splitVerseId(row.startVerse);
  const to = splitVerseId(row.endVerse);
  return {
    id: row.id,
    kind: row.kind,
    reference: formatRanges([{ start: row.startVerse, end: row.endVerse }]),
    book: bookByOrder(from.bookOrder)?.id ?? "",
    chapter: from.chapter,
    verse: from.verse,
    endChapter: to.chapter,
    endVerse: to.verse,
    body: row.body,
    color: row.color,
    label: row.label,
    groupId: row.groupId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The one passage a note is on: "John 3:16", "Ps 23:1-4", "Romans 8:28-9:5", a whole chapter
 * ("Psalm 23"). Several passages, or one across two books, is a 400 that says so.
 */
export function noteRange(reference: string): VerseRange {
  const parsed = parseReference(reference);
  if (!parsed.ok) throw new ValidationError(parsed.message, { reference: [parsed.message] });
  if (parsed.ranges.length !== 1) {
    const message = "Mark one verse or one passage at a time (like John 3:16-21)";
    throw new ValidationError(message, { reference: [message] });
  }
  const range = parsed.ranges[0]!;
  if (splitVerseId(range.start).bookOrder !== splitVerseId(range.end).bookOrder) {
    const message = "A passage to mark stays within one book";
    throw new ValidationError(message, { reference: [message] });
  }
  return range;
}

const byOwner = (userId: string, noteId: string) => and(eq(verseNotes.id, noteId), eq(verseNotes.userId, userId));

function findOwn(userId: string, noteId: string): VerseNote {
  // An id that is not even id-shaped cannot be one of ours: not found, without a query.
  const row = noteId.length <= 64 ? getDb().select().from(verseNotes).where(byOwner(userId, noteId)).get() : undefined;
  if (!row) throw new NotFoundError("Note not found");
  return row;
}

/** A group the author belongs to, or 404 (another group's id is as unknown as a made-up one). */
function assertMemberOf(userId: string, groupId: string) {
  const membership = getDb()
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .get();
  if (!membership) throw new NotFoundError("Group not found: you can share a note with a group you belong to");
}

function assertRoomForNote(userId: string) {
  const max = getConfig().MAX_ITEMS_PER_USER;
  if (countUserRows(verseNotes, userId) >= max)
    throw new ConflictError(
      `You have reached the limit of ${max.toLocaleString("en-US")} notes, highlights and bookmarks for one account.`,
    );
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

/**
 * Marks a verse or a passage. A highlight on exactly the passage already highlighted changes its
 * colour (one colour per passage, as a reader expects), and a bookmark on a passage already
 * bookmarked changes its label: the same row, answered as it now is.
 */
export function createNote(userId: string, input: NewNoteInput): { item: VerseNoteItem; created: boolean } {
  const range = noteRange(input.reference);
  if (input.groupId) assertMemberOf(userId, input.groupId);
  return getDb().transaction(
    (tx) => {
      if (input.kind !== "note") {
        const same = tx
          .select()
          .from(verseNotes)
          .where(
            and(
              eq(verseNotes.userId, userId),
              eq(verseNotes.startVerse, range.start),
              eq(verseNotes.endVerse, range.end),
              eq(verseNotes.kind, input.kind),
            ),
          )
          .get();
        if (same) {
          const changes =
            input.kind === "highlight"
              ? { color: input.color ?? same.color ?? "yellow" }
              : { label: blankToNull(input.label) ?? same.label };
          const row = tx
            .update(verseNotes)
            .set({ ...changes, updatedAt: new Date() })
            .where(eq(verseNotes.id, same.id))
            .returning()
            .get();
          return { item: toNoteItem(row), created: false };
        }
      }
      assertRoomForNote(userId);
      const row = tx
        .insert(verseNotes)
        .values({
          userId,
          kind: input.kind,
          startVerse: range.start,
          endVerse: range.end,
          body: input.kind === "note" ? input.body!.trim() : null,
          color: input.kind === "highlight" ? (input.color ?? "yellow") : null,
          label: input.kind === "bookmark" ? blankToNull(input.label?.trim()) : null,
          groupId: input.kind === "note" ? (input.groupId ?? null) : null,
        })
        .returning()
        .get();
      return { item: toNoteItem(row), created: true };
    },
    { behavior: "immediate" },
  );
}

export function getNote(userId: string, noteId: string): VerseNoteItem {
  return toNoteItem(findOwn(userId, noteId));
}

/** Changes what the kind allows: a note's text or group, a highlight's colour, a bookmark's label, or the passage. */
export function updateNote(userId: string, noteId: string, changes: NoteChangesInput): VerseNoteItem {
  const row = findOwn(userId, noteId);
  const refuse = (field: string, message: string): never => {
    throw new ValidationError(message, { [field]: [message] });
  };
  const set: Partial<typeof verseNotes.$inferInsert> = { updatedAt: new Date() };
  if (changes.reference !== undefined) {
    const range = noteRange(changes.reference);
    set.startVerse = range.start;
    set.endVerse = range.end;
  }
  if (changes.body !== undefined) {
    if (row.kind !== "note") refuse("body", "body is for notes only");
    if (!changes.body.trim()) refuse("body", "A note needs some text");
    set.body = changes.body.trim();
  }
  if (changes.color !== undefined) {
    if (row.kind !== "highlight") refuse("color", "color is for highlights only");
    set.color = changes.color;
  }
  if (changes.label !== undefined) {
    if (row.kind !== "bookmark") refuse("label", "label is for bookmarks only");
    set.label = blankToNull(changes.label?.trim());
  }
  if (changes.groupId !== undefined) {
    if (row.kind !== "note") refuse("groupId", "Only a note can be shared with a group");
    if (changes.groupId !== null) assertMemberOf(userId, changes.groupId);
    set.groupId = changes.groupId;
  }
  const updated = getDb().update(verseNotes).set(set).where(byOwner(userId, noteId)).returning().get();
  if (!updated) throw new NotFoundError("Note not found");
  return toNoteItem(updated);
}

export function deleteNote(userId: string, noteId: string): void {
  const { changes } = getDb().delete(verseNotes).where(byOwner(userId, noteId)).run();
  if (changes === 0) throw new NotFoundError("Note not found");
}

/** Rows of the user's that overlap [start, end]: read from the (user_id, start_verse) index. */
function touching(start: VerseId, end: VerseId): SQL {
  // A range starts at most at `end`; it touches when it also ends at or after `start`. Ranges stay
  // within one book, so the start is never before the book's first verse: the index range is one book.
  const bookStart = verseId(splitVerseId(start).bookOrder, 0, 0);
  return and(gte(verseNotes.startVerse, bookStart), lte(verseNotes.startVerse, end), gte(verseNotes.endVerse, start))!;
}

/** The caller's notes, highlights and bookmarks, newest first; narrowed to a passage and/or a kind. */
export function listNotes(
  userId: string,
  { limit, cursor, reference, kind }: PageRequest & { reference?: string; kind?: VerseNote["kind"] },
): Page<VerseNoteItem> {
  const range = reference ? noteRange(reference) : undefined;
  const rows = getDb()
    .select({ note: verseNotes, rowid: sql<number>`${verseNotes}.rowid` })
    .from(verseNotes)
    .where(
      and(
        eq(verseNotes.userId, userId),
        range ? touching(range.start, range.end) : undefined,
        kind ? eq(verseNotes.kind, kind) : undefined,
        afterCursor(cursor, verseNotes.createdAt, sql`${verseNotes}.rowid`),
      ),
    )
    .orderBy(desc(verseNotes.createdAt), desc(sql`${verseNotes}.rowid`))
    .limit(limit + 1)
    .all();
  return toPage(
    rows.map((row) => ({ ...row.note, rowid: row.rowid })),
    limit,
    ({ rowid: _rowid, ...note }) => toNoteItem(note),
  );
}

/**
 * The user's notes whose text, and bookmarks whose label, hold every one of `terms` (lower-case
 * words, as search reads a query), newest first: search's "My notes".
 */
export function searchNotes(userId: string, terms: string[], limit: number): VerseNoteItem[] {
  if (terms.length === 0) return [];
  const conditions = terms.map((term) => {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return sql`(${verseNotes.body} like ${pattern} escape '\\' or ${verseNotes.label} like ${pattern} escape '\\')`;
  });
  return getDb()
    .select()
    .from(verseNotes)
    .where(and(eq(verseNotes.userId, userId), inArray(verseNotes.kind, ["note", "bookmark"]), ...conditions))
    .orderBy(desc(verseNotes.createdAt), desc(sql`${verseNotes}.rowid`))
    .limit(limit)
    .all()
    .map(toNoteItem);
}

/** Every mark of the user's in one chapter (or a few), in Bible order: what the reader and Today draw. */
export function notesInPassage(userId: string, range: VerseRange): VerseNoteItem[] {
  return getDb()
    .select()
    .from(verseNotes)
    .where(and(eq(verseNotes.userId, userId), touching(range.start, range.end)))
    .orderBy(asc(verseNotes.startVerse), asc(verseNotes.createdAt))
    .all()
    .map(toNoteItem);
}

/** The verses of a chapter as a range, for `notesInPassage`. */
export function chapterRange(bookOrder: number, chapter: number): VerseRange {
  const book = bookByOrder(bookOrder);
  const last = book ? chapterVerseCount(book, chapter) : 999;
  return { start: verseId(bookOrder, chapter, 1), end: verseId(bookOrder, chapter, last) };
}

/** What a verse shows in the reader: its latest highlight's colour, and whether it has notes or a bookmark. */
export interface VerseMarks {
  color: VerseNote["color"];
  notes: number;
  bookmark: string | null | undefined;
}

/** Verse number -> its marks, for the verses of one chapter. */
export function marksByVerse(items: VerseNoteItem[], bookId: string, chapter: number): Record<number, VerseMarks> {
  const marks: Record<number, VerseMarks> = {};
  // Oldest first, so the latest highlight's colour is the one left on a verse.
  const ordered = [...items].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const item of ordered) {
    if (item.book !== bookId) continue;
    const first = item.chapter < chapter ? 1 : item.verse;
    const last = item.endChapter > chapter ? 999 : item.endVerse;
    if (item.chapter > chapter || item.endChapter < chapter) continue;
    for (let verse = first; verse <= Math.min(last, 200); verse += 1) {
      const mark = (marks[verse] ??= { color: null, notes: 0, bookmark: undefined });
      if (item.kind === "highlight") mark.color = item.color;
      if (item.kind === "note") mark.notes += 1;
      if (item.kind === "bookmark") mark.bookmark = item.label ?? null;
    }
  }
  return marks;
}

/** How many marks the user has (the Notes page's heading and the export's count). */
export function countNotes(userId: string): number {
  return countUserRows(verseNotes, userId);
}

/** A note shared with a group, as its members read it on the group page. */
export interface SharedNote {
  id: string;
  reference: string;
  book: string;
  chapter: number;
  verse: number;
  body: string;
  authorName: string;
  mine: boolean;
  createdAt: Date;
}

/** The notes shared with a group, newest first (the caller must be a member: the group route checks). */
export function groupNotes(groupId: string, viewerId: string, limit = 50): SharedNote[] {
  return getDb()
    .select({
      note: verseNotes,
      displayName: userProfiles.displayName,
      email: users.email,
    })
    .from(verseNotes)
    .innerJoin(users, eq(users.id, verseNotes.userId))
    .innerJoin(groups, eq(groups.id, verseNotes.groupId))
    .leftJoin(userProfiles, eq(userProfiles.userId, verseNotes.userId))
    .where(and(eq(verseNotes.groupId, groupId), isNotNull(verseNotes.body)))
    .orderBy(desc(verseNotes.createdAt))
    .limit(limit)
    .all()
    .map(({ note, displayName, email }) => {
      const item = toNoteItem(note);
      return {
        id: item.id,
        reference: item.reference,
        book: item.book,
        chapter: item.chapter,
        verse: item.verse,
        body: item.body ?? "",
        authorName: displayName?.trim() || email.split("@")[0]!,
        mine: note.userId === viewerId,
        createdAt: item.createdAt,
      };
    });
}

/** Takes the highlight off a passage: every highlight of the user's touching it (the reader's "No colour"). */
export function clearHighlights(userId: string, reference: string): number {
  const range = noteRange(reference);
  return getDb()
    .delete(verseNotes)
    .where(and(eq(verseNotes.userId, userId), eq(verseNotes.kind, "highlight"), touching(range.start, range.end)))
    .run().changes;
}

type HighlightColor = NonNullable<VerseNote["color"]>;

/** The verses of references a page quotes ("John 3:16", "Romans 8:28-39; 12:1-2"); what does not parse is left out. */
function rangesOf(references: string[]): VerseRange[][] {
  return references.map((reference) => {
    const parsed = parseReference(reference);
    return parsed.ok ? parsed.ranges : [];
  });
}

/** The user's highlights over all these ranges, oldest first: one indexed read from the first verse to the last. */
function highlightsOver(userId: string, ranges: VerseRange[]): VerseNote[] {
  if (ranges.length === 0) return [];
  const start = Math.min(...ranges.map((range) => range.start));
  const end = Math.max(...ranges.map((range) => range.end));
  const inside = (row: VerseNote) => ranges.some((range) => row.startVerse <= range.end && row.endVerse >= range.start);
  return getDb()
    .select()
    .from(verseNotes)
    .where(
      and(
        eq(verseNotes.userId, userId),
        gte(verseNotes.startVerse, verseId(splitVerseId(start).bookOrder, 0, 0)),
        lte(verseNotes.startVerse, end),
        eq(verseNotes.kind, "highlight"),
      ),
    )
    .orderBy(asc(verseNotes.createdAt))
    .all()
    .filter(inside);
}

/**
 * For a page that quotes references (a lesson's scripture links): each reference the reader has
 * highlighted whole, with that highlight's colour (the latest one's).
 */
export function highlightedReferences(userId: string, references: string[]): Record<string, HighlightColor> {
  const ranges = rangesOf(references);
  const rows = highlightsOver(userId, ranges.flat());
  const colors: Record<string, HighlightColor> = {};
  references.forEach((reference, index) => {
    for (const row of rows) {
      // Only a reference the highlight covers whole: John 3:16 highlighted marks "John 3:16" (and
      // "John 3:16-17" if both are), not every mention of John 3 around it.
      const passage = ranges[index]!;
      if (
        row.color &&
        passage.length > 0 &&
        passage.every((range) => row.startVerse <= range.start && row.endVerse >= range.end)
      )
        colors[reference] = row.color;
    }
  });
  return colors;
}

/**
 * For a page that sets passages out verse by verse (Today's reading): per passage, "chapter:verse"
 * -> the colour the reader highlighted that verse.
 */
export function highlightedVerses(userId: string, references: string[]): Array<Record<string, HighlightColor>> {
  const ranges = rangesOf(references);
  const rows = highlightsOver(userId, ranges.flat());
  return ranges.map((passage) => {
    const colors: Record<string, HighlightColor> = {};
    for (const row of rows) {
      for (const range of passage) {
        const from = Math.max(row.startVerse, range.start);
        const to = Math.min(row.endVerse, range.end);
        if (!row.color || from > to) continue;
        // Verse ids step through chapters by 1,000: walk verse numbers, skipping past a chapter's end.
        for (let id = from; id <= to; id += 1) {
          const { chapter, verse } = splitVerseId(id);
          if (verse > 200) id = verseId(splitVerseId(id).bookOrder, chapter + 1, 0);
          if (verse === 0 || verse > 200) continue;
          colors[`${chapter}:${verse}`] = row.color;
        }
      }
    }
    return colors;
  });
}

/** A page's quoted texts (reference -> entry) with the colour of the reader's highlight on each, where there is one. */
export function withHighlights<Entry extends object>(
  userId: string,
  texts: Record<string, Entry>,
): Record<string, Entry & { highlight?: HighlightColor }> {
  const colors = highlightedReferences(userId, Object.keys(texts));
  return Object.fromEntries(
    Object.entries(texts).map(([reference, entry]) => [
      reference,
      colors[reference] ? { ...entry, highlight: colors[reference] } : entry,
    ]),
  );
}

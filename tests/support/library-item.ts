/**
 * The fields every item of GET /api/sermons's list carries (SPEC §3, sermons: the columns a
 * reader sees, and the joined author and book, null where there is none).
 */
export const LIBRARY_ITEM_FIELDS = [
  "id",
  "title",
  "url",
  "transcript",
  "contentType",
  "source",
  "sourceTitle",
  "authorName",
  "aiSummary",
  "aiLearningBites",
  "createdAt",
  "author",
  "book",
];

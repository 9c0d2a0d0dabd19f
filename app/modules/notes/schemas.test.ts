import assert from "node:assert/strict";
import { test } from "node:test";
import { highlightColors, verseNoteKinds } from "#db/schema";
import { HIGHLIGHT_COLORS, markFormSchema, newNoteSchema, NOTE_KINDS } from "./schemas";

test("the forms' colours and kinds are the database's", () => {
  assert.deepEqual([...HIGHLIGHT_COLORS], [...highlightColors]);
  assert.deepEqual([...NOTE_KINDS], [...verseNoteKinds]);
});

test("each kind takes its own fields only, and a note needs text", () => {
  assert.ok(newNoteSchema.safeParse({ reference: "John 3:16", kind: "highlight", color: "Green" }).success);
  assert.equal(newNoteSchema.parse({ reference: "John 3:16", kind: "highlight", color: " Green " }).color, "green");
  assert.ok(newNoteSchema.safeParse({ reference: "John 3:16", kind: "bookmark" }).success);
  const refused = [
    { reference: "John 3:16", kind: "note" },
    { reference: "John 3:16", kind: "note", body: "   " },
    { reference: "John 3:16", kind: "note", body: "x", color: "yellow" },
    { reference: "John 3:16", kind: "highlight", color: "orange" },
    { reference: "John 3:16", kind: "bookmark", body: "x" },
    { reference: "John 3:16", kind: "highlight", groupId: "g" },
    { reference: "", kind: "note", body: "x" },
    { reference: "John 3:16", kind: "comment", body: "x" },
    { reference: "John 3:16", kind: "note", body: "x".repeat(10_001) },
  ];
  for (const body of refused) assert.equal(newNoteSchema.safeParse(body).success, false, JSON.stringify(body));
});

test("the reader's forms: a highlight may be taken off, a note needs text", () => {
  assert.ok(markFormSchema.safeParse({ intent: "highlight", reference: "John 3:16", color: "none" }).success);
  assert.equal(markFormSchema.safeParse({ intent: "note", reference: "John 3:16", body: " " }).success, false);
  assert.equal(markFormSchema.safeParse({ intent: "other", reference: "John 3:16" }).success, false);
});

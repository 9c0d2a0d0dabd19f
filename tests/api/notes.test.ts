/**
 * Issue 32 part 4: highlights, notes and bookmarks on a verse or a passage through the JSON API
 * (GET/POST /api/notes, GET/PATCH/DELETE /api/notes/{id}): each kind's shape, lists by passage and
 * kind, paging, changes and refusals, other users' ids, hostile input, the per-account cap, a note
 * shared with a group, and the notes going with their account.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

const MAX_ITEMS = 6;

let server: TestServer;
let admin: Awaited<ReturnType<typeof seedAccount>>;

before(async () => {
  // A small cap, so reaching it takes a few requests (the cap has its own test below).
  server = await startTestServer({ MAX_ITEMS_PER_USER: String(MAX_ITEMS) });
  admin = await seedAccount(server.url);
});
after(() => server.close());

function addNote(token: string, body: Record<string, unknown>) {
  return api(server.url, "/api/notes", { method: "POST", token, body });
}

async function added(token: string, body: Record<string, unknown>) {
  const answer = await addNote(token, body);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body;
}

function list(token: string, query = "") {
  return api(server.url, `/api/notes${query}`, { token });
}

const countRows = (userId: string) =>
  server.withDb(
    (db) => (db.prepare("select count(*) as n from verse_notes where user_id = ?").get(userId) as { n: number }).n,
  );

describe("creating each kind", () => {
  test("a note, a highlight and a bookmark answer 201 with the whole item", async () => {
    const { token } = await seedAccount(server.url);
    const note = await added(token, { reference: "Jn 3:16", kind: "note", body: "  God **so** loved  " });
    assert.deepEqual(Object.keys(note).sort(), [
      "body",
      "book",
      "chapter",
      "color",
      "createdAt",
      "endChapter",
      "endVerse",
      "groupId",
      "id",
      "kind",
      "label",
      "reference",
      "updatedAt",
      "verse",
    ]);
    assert.equal(typeof note.id, "string");
    assert.deepEqual(
      { ...note, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        kind: "note",
        reference: "John 3:16",
        book: "JHN",
        chapter: 3,
        verse: 16,
        endChapter: 3,
        endVerse: 16,
        body: "God **so** loved",
        color: null,
        label: null,
        groupId: null,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    assert.ok(!Number.isNaN(Date.parse(note.createdAt)) && !Number.isNaN(Date.parse(note.updatedAt)));

    const highlight = await added(token, { reference: "Psalm 23:1-4", kind: "highlight", color: "Green" });
    assert.equal(highlight.kind, "highlight");
    assert.equal(highlight.reference, "Psalm 23:1-4");
    assert.deepEqual([highlight.book, highlight.chapter, highlight.verse], ["PSA", 23, 1]);
    assert.deepEqual([highlight.endChapter, highlight.endVerse], [23, 4]);
    assert.equal(highlight.color, "green");
    assert.equal(highlight.body, null);

    const plain = await added(token, { reference: "Genesis 1:1", kind: "highlight" });
    assert.equal(plain.color, "yellow", "the default colour");

    const bookmark = await added(token, { reference: "Romans 8:28-9:5", kind: "bookmark", label: " Hope " });
    assert.equal(bookmark.reference, "Romans 8:28-9:5");
    assert.deepEqual([bookmark.chapter, bookmark.verse, bookmark.endChapter, bookmark.endVerse], [8, 28, 9, 5]);
    assert.equal(bookmark.label, "Hope");
    assert.equal(bookmark.color, null);

    const unlabelled = await added(token, { reference: "Psalm 23", kind: "bookmark" });
    assert.equal(unlabelled.label, null);
    assert.equal(unlabelled.reference, "Psalm 23", "a whole chapter");
    assert.deepEqual([unlabelled.verse, unlabelled.endVerse], [1, 6]);

    const read = await api(server.url, `/api/notes/${note.id}`, { token });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, note);
  });

  test("highlighting a passage already highlighted changes its colour (200, the same item); a bookmark its label", async () => {
    const { token, id } = await seedAccount(server.url);
    const first = await added(token, { reference: "John 3:16", kind: "highlight", color: "blue" });
    const again = await addNote(token, { reference: "Jn 3:16", kind: "highlight", color: "pink" });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, first.id);
    assert.equal(again.body.color, "pink");
    const mark = await added(token, { reference: "John 3:16", kind: "bookmark", label: "First" });
    const relabelled = await addNote(token, { reference: "John 3:16", kind: "bookmark", label: "Second" });
    assert.equal(relabelled.status, 200);
    assert.equal(relabelled.body.id, mark.id);
    assert.equal(relabelled.body.label, "Second");
    // Another passage overlapping it is a highlight of its own; notes are never merged.
    assert.equal((await addNote(token, { reference: "John 3:16-17", kind: "highlight" })).status, 201);
    assert.equal((await addNote(token, { reference: "John 3:16", kind: "note", body: "One" })).status, 201);
    assert.equal((await addNote(token, { reference: "John 3:16", kind: "note", body: "Two" })).status, 201);
    assert.equal(countRows(id), 5);
  });

  test("what a kind does not take, a missing or empty note, a bad colour or kind: 400 naming the field", async () => {
    const { token, id } = await seedAccount(server.url);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ reference: "John 3:16", kind: "note" }, /A note needs some text/],
      [{ reference: "John 3:16", kind: "note", body: "   " }, /A note needs some text/],
      [{ reference: "John 3:16", kind: "note", body: "Hi", color: "blue" }, /color is for highlights only/],
      [{ reference: "John 3:16", kind: "highlight", body: "Hi" }, /body is for notes only/],
      [{ reference: "John 3:16", kind: "highlight", label: "x" }, /label is for bookmarks only/],
      [{ reference: "John 3:16", kind: "highlight", color: "red" }, /color must be one of yellow, green/],
      [{ reference: "John 3:16", kind: "bookmark", groupId: "g" }, /Only a note can be shared/],
      [{ reference: "John 3:16", kind: "comment", body: "Hi" }, /kind must be note, highlight or bookmark/],
      [{ kind: "note", body: "Hi" }, /reference is required/],
      [{ reference: 316, kind: "note", body: "Hi" }, /reference/],
      [{ reference: "John 3:16", kind: "note", body: 42 }, /body must be text/],
      [{ reference: "John 3:16", kind: "bookmark", label: "x".repeat(61) }, /label is too long/],
    ];
    for (const [body, message] of cases) {
      const answer = await addNote(token, body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.match(answer.body.error, message, JSON.stringify(body));
    }
    assert.equal((await api(server.url, "/api/notes", { method: "POST", token, rawBody: "{not json" })).status, 400);
    assert.equal(countRows(id), 0);
  });

  test("bad references are a 400 that says why, and nothing is saved", async () => {
    const { token, id } = await seedAccount(server.url);
    const cases: Array<[string, RegExp]> = [
      ["John 99", /John 99 does not exist: John has 21 chapters/],
      ["John 3:99", /John 3 has 36 verses/],
      ["Hezekiah 1", /"Hezekiah 1" is not a Bible reference we recognize/],
      ["Romans 8:28; 12:1", /one verse or one passage at a time/],
      ["Genesis 50:26-Exodus 1:2", /stays within one book/],
      ["God so loved the world", /not a Bible reference/],
      ["", /reference is required/],
      ["J".repeat(101), /reference is too long/],
    ];
    for (const [reference, message] of cases) {
      for (const kind of ["note", "highlight"]) {
        const answer = await addNote(token, { reference, kind, ...(kind === "note" && { body: "A thought" }) });
        assert.equal(answer.status, 400, `${kind} on ${reference}: ${JSON.stringify(answer.body)}`);
        assert.match(answer.body.error, message, reference);
      }
      const listed = await list(token, `?reference=${encodeURIComponent(reference)}`);
      assert.equal(listed.status, 400, `GET ?reference=${reference}`);
      assert.match(listed.body.error, message);
    }
    assert.equal(countRows(id), 0);
  });

  test("a 300,000-character note is refused at once with a clear 400 and changes nothing", async () => {
    const { token, id } = await seedAccount(server.url);
    const kept = await added(token, { reference: "John 1:1", kind: "note", body: "In the beginning" });
    const huge = "Grace upon grace. ".repeat(17_000).slice(0, 300_000);
    const started = performance.now();
    const answer = await addNote(token, { reference: "John 1:1", kind: "note", body: huge });
    assert.ok([400, 413].includes(answer.status), String(answer.status));
    assert.match(answer.body.error, /body is too long \(10,000 characters at most\)/);
    const patched = await api(server.url, `/api/notes/${kept.id}`, { method: "PATCH", token, body: { body: huge } });
    assert.equal(patched.status, 400);
    assert.match(patched.body.error, /body is too long/);
    // Not a time limit (a busy machine may be slow), only a sanity check that nothing walked the text for long.
    assert.ok(performance.now() - started < 10_000);
    assert.equal(countRows(id), 1);
    assert.equal((await api(server.url, `/api/notes/${kept.id}`, { token })).body.body, "In the beginning");
    // Still serving others.
    assert.equal((await api(server.url, "/api/me", { token: admin.token })).status, 200);
  });
});

describe("listing", () => {
  test("all, newest first; by a passage it touches; by kind; by both", async () => {
    const { token } = await seedAccount(server.url);
    const note = await added(token, { reference: "John 3:16", kind: "note", body: "For God so loved" });
    const highlight = await added(token, { reference: "John 3:14-18", kind: "highlight", color: "purple" });
    const later = await added(token, { reference: "John 4:1", kind: "note", body: "The Samaritan woman" });
    const bookmark = await added(token, { reference: "John 2:25-3:2", kind: "bookmark", label: "Nicodemus" });
    const elsewhere = await added(token, { reference: "Acts 3:1", kind: "highlight" });

    const all = await list(token);
    assert.equal(all.status, 200);
    assert.ok(Array.isArray(all.body));
    assert.deepEqual(
      all.body.map((item: { id: string }) => item.id),
      [elsewhere.id, bookmark.id, later.id, highlight.id, note.id],
    );
    assert.equal(all.headers.get("x-next-cursor"), null);

    const ids = async (query: string) => {
      const answer = await list(token, query);
      assert.equal(answer.status, 200, `${query}: ${JSON.stringify(answer.body)}`);
      return answer.body.map((item: { id: string }) => item.id);
    };
    assert.deepEqual(await ids("?reference=John%203"), [bookmark.id, highlight.id, note.id], "John 3, not John 4:1");
    assert.deepEqual(await ids("?reference=jn%203%3A16"), [highlight.id, note.id]);
    assert.deepEqual(await ids("?reference=John%203%3A18"), [highlight.id]);
    assert.deepEqual(await ids("?reference=John%203%3A19-21"), []);
    assert.deepEqual(await ids("?reference=John%202%3A25"), [bookmark.id], "a range across chapters");
    assert.deepEqual(await ids("?reference=John%204"), [later.id]);
    assert.deepEqual(await ids("?reference=Luke%203"), [], "another book's same chapter");
    assert.deepEqual(await ids("?kind=note"), [later.id, note.id]);
    assert.deepEqual(await ids("?kind=highlight"), [elsewhere.id, highlight.id]);
    assert.deepEqual(await ids("?kind=highlight&reference=John%203"), [highlight.id]);
    const wrongKind = await list(token, "?kind=verse");
    assert.equal(wrongKind.status, 400);
    assert.match(wrongKind.body.error, /kind must be note, highlight or bookmark/);
  });

  test("pages of ?limit= follow X-Next-Cursor and the Link header without repeats; bad limits and cursors are 400", async () => {
    const { token } = await seedAccount(server.url);
    const made: string[] = [];
    for (let verse = 1; verse <= 5; verse++) {
      made.unshift((await added(token, { reference: `Psalm 119:${verse}`, kind: "note", body: `Verse ${verse}` })).id);
    }
    const seen: string[] = [];
    let query = "?limit=2";
    for (let page = 0; page < 5 && query; page++) {
      const answer = await list(token, query);
      assert.equal(answer.status, 200);
      assert.ok(answer.body.length <= 2);
      seen.push(...answer.body.map((item: { id: string }) => item.id));
      const cursor = answer.headers.get("x-next-cursor");
      if (cursor) {
        assert.match(answer.headers.get("link") ?? "", /rel="next"/);
        query = `?limit=2&cursor=${encodeURIComponent(cursor)}`;
      } else query = "";
    }
    assert.deepEqual(seen, made);
    const narrowed = await list(token, "?limit=1&reference=Psalm%20119%3A1-2");
    assert.equal(narrowed.body.length, 1);
    const next = narrowed.headers.get("x-next-cursor");
    assert.ok(next);
    const rest = await list(token, `?limit=1&reference=Psalm%20119%3A1-2&cursor=${encodeURIComponent(next)}`);
    assert.deepEqual(
      [...narrowed.body, ...rest.body].map((item: { body: string }) => item.body),
      ["Verse 2", "Verse 1"],
    );
    for (const bad of ["?limit=0", "?limit=101", "?limit=abc", "?cursor=not-a-cursor"]) {
      assert.equal((await list(token, bad)).status, 400, bad);
    }
  });
});

describe("changing and deleting", () => {
  test("PATCH changes what each kind has, and the passage; updatedAt moves, createdAt does not", async () => {
    const { token } = await seedAccount(server.url);
    const note = await added(token, { reference: "John 3:16", kind: "note", body: "First thought" });
    const highlight = await added(token, { reference: "John 3:16", kind: "highlight" });
    const bookmark = await added(token, { reference: "John 3:16", kind: "bookmark", label: "Old" });
    const patch = (id: string, body: unknown) => api(server.url, `/api/notes/${id}`, { method: "PATCH", token, body });

    const rewritten = await patch(note.id, { body: "Second thought" });
    assert.equal(rewritten.status, 200, JSON.stringify(rewritten.body));
    assert.equal(rewritten.body.body, "Second thought");
    assert.equal(rewritten.body.createdAt, note.createdAt);
    assert.ok(Date.parse(rewritten.body.updatedAt) >= Date.parse(note.updatedAt));
    const moved = await patch(note.id, { reference: "1 John 4:8-10" });
    assert.equal(moved.status, 200);
    assert.deepEqual([moved.body.reference, moved.body.book, moved.body.verse], ["1 John 4:8-10", "1JN", 8]);
    assert.equal(moved.body.body, "Second thought");

    const recoloured = await patch(highlight.id, { color: "blue" });
    assert.equal(recoloured.body.color, "blue");
    const relabelled = await patch(bookmark.id, { label: "New" });
    assert.equal(relabelled.body.label, "New");
    const unlabelled = await patch(bookmark.id, { label: null });
    assert.equal(unlabelled.status, 200);
    assert.equal(unlabelled.body.label, null);

    const refusals: Array<[string, unknown, RegExp]> = [
      [note.id, { color: "green" }, /color is for highlights only/],
      [note.id, { label: "x" }, /label is for bookmarks only/],
      [note.id, { body: "  " }, /A note needs some text/],
      [highlight.id, { body: "Text" }, /body is for notes only/],
      [highlight.id, { color: "orange" }, /color must be one of/],
      [highlight.id, { groupId: "some-group" }, /Only a note can be shared/],
      [bookmark.id, { color: "green" }, /color is for highlights only/],
      [bookmark.id, { reference: "John 99" }, /John has 21 chapters/],
      [bookmark.id, { reference: "Romans 8:28; 12:1" }, /one passage at a time/],
      [note.id, {}, /Send at least one of/],
      [note.id, { unknown: "field" }, /Send at least one of/],
    ];
    for (const [id, body, message] of refusals) {
      const answer = await patch(id, body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.match(answer.body.error, message, JSON.stringify(body));
    }
    const after = await list(token);
    assert.deepEqual(
      after.body.map((item: { id: string; body: string; color: string; label: string; reference: string }) => [
        item.id,
        item.reference,
        item.body ?? item.color ?? item.label,
      ]),
      [
        [bookmark.id, "John 3:16", null],
        [highlight.id, "John 3:16", "blue"],
        [note.id, "1 John 4:8-10", "Second thought"],
      ],
      "the refusals changed nothing",
    );
  });

  test("DELETE answers { success, id }; the id is then a 404; PUT and POST on an item are 405", async () => {
    const { token, id: userId } = await seedAccount(server.url);
    const note = await added(token, { reference: "John 3:16", kind: "note", body: "Gone soon" });
    const gone = await api(server.url, `/api/notes/${note.id}`, { method: "DELETE", token });
    assert.equal(gone.status, 200);
    assert.deepEqual(gone.body, { success: true, id: note.id });
    assert.equal(countRows(userId), 0);
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const answer = await api(server.url, `/api/notes/${note.id}`, {
        method,
        token,
        body: method === "PATCH" ? { body: "Back?" } : undefined,
      });
      assert.equal(answer.status, 404, method);
      assert.equal(answer.body.error, "Note not found");
    }
    assert.equal((await api(server.url, `/api/notes/${note.id}`, { method: "PUT", token, body: {} })).status, 405);
    assert.equal((await api(server.url, "/api/notes", { method: "DELETE", token })).status, 405);
    assert.equal((await api(server.url, "/api/notes/x".padEnd(5_000, "x"), { token })).status, 404);
  });
});

describe("other users", () => {
  test("another user's ids are 404 for GET, PATCH and DELETE, an admin's too; their lists never show them", async () => {
    const owner = await seedAccount(server.url);
    const other = await seedAccount(server.url);
    const secret = `Private thought ${Date.now()}`;
    const note = await added(owner.token, { reference: "John 3:16", kind: "note", body: secret });
    const highlight = await added(owner.token, { reference: "John 3:16", kind: "highlight", color: "pink" });
    await added(other.token, { reference: "John 3:16", kind: "note", body: "Theirs" });
    for (const caller of [other, admin]) {
      for (const item of [note, highlight]) {
        for (const [method, body] of [
          ["GET", undefined],
          ["PATCH", { body: "Hijacked" }],
          ["PATCH", { color: "green" }],
          ["DELETE", undefined],
        ] as const) {
          const answer = await api(server.url, `/api/notes/${item.id}`, { method, token: caller.token, body });
          assert.equal(answer.status, 404, `${method} as ${caller === admin ? "admin" : "other"}`);
          assert.ok(!JSON.stringify(answer.body).includes(secret));
        }
      }
      for (const query of ["", "?reference=John%203%3A16", "?kind=note", "?kind=highlight"]) {
        const answer = await list(caller.token, query);
        assert.equal(answer.status, 200);
        assert.ok(!JSON.stringify(answer.body).includes(secret), query);
        assert.ok(!answer.body.some((item: { id: string }) => item.id === note.id || item.id === highlight.id));
      }
    }
    // Highlighting the same passage is the other user's own highlight, never the owner's changed.
    const theirs = await addNote(other.token, { reference: "John 3:16", kind: "highlight", color: "green" });
    assert.equal(theirs.status, 201);
    assert.notEqual(theirs.body.id, highlight.id);
    assert.deepEqual(await api(server.url, `/api/notes/${note.id}`, { token: owner.token }).then((a) => a.body), note);
    assert.deepEqual(
      await api(server.url, `/api/notes/${highlight.id}`, { token: owner.token }).then((a) => a.body),
      highlight,
    );
    assert.equal((await api(server.url, "/api/notes")).status, 401);
    assert.equal((await api(server.url, `/api/notes/${note.id}`)).status, 401);
  });
});

describe("the per-account cap", () => {
  test(`MAX_ITEMS_PER_USER (${MAX_ITEMS} here) notes, highlights and bookmarks, then 409; changing one still works`, async () => {
    const { token, id } = await seedAccount(server.url);
    for (let verse = 1; verse <= MAX_ITEMS; verse++) {
      const kind = (["note", "highlight", "bookmark"] as const)[verse % 3]!;
      await added(token, { reference: `Mark 1:${verse}`, kind, ...(kind === "note" && { body: `Note ${verse}` }) });
    }
    const full = await addNote(token, { reference: "Mark 2:1", kind: "note", body: "One more" });
    assert.equal(full.status, 409);
    assert.match(full.body.error, /limit of 6 notes, highlights and bookmarks/);
    assert.equal((await addNote(token, { reference: "Mark 2:1", kind: "highlight" })).status, 409);
    assert.equal(countRows(id), MAX_ITEMS);
    // Re-colouring a passage already highlighted adds no row, so it is still allowed.
    const recolour = await addNote(token, { reference: "Mark 1:1", kind: "highlight", color: "green" });
    assert.equal(recolour.status, 200, JSON.stringify(recolour.body));
    const [first] = (await list(token, "?kind=note")).body;
    const patched = await api(server.url, `/api/notes/${first.id}`, {
      method: "PATCH",
      token,
      body: { body: "Edited" },
    });
    assert.equal(patched.status, 200);
    assert.equal((await api(server.url, `/api/notes/${first.id}`, { method: "DELETE", token })).status, 200);
    assert.equal((await addNote(token, { reference: "Mark 2:1", kind: "note", body: "Room again" })).status, 201);
  });
});

describe("sharing a note with a group", () => {
  test("with a group the author is in: members see it in GET /api/groups/{id}; another group is a 404", async () => {
    const author = await seedAccount(server.url);
    const member = await seedAccount(server.url);
    const outsider = await seedAccount(server.url);
    const group = await api(server.url, "/api/groups", {
      method: "POST",
      token: author.token,
      body: { name: "Tuesday" },
    });
    assert.equal(group.status, 201);
    const join = await api(server.url, "/api/groups/join", {
      method: "POST",
      token: member.token,
      body: { inviteCode: group.body.inviteCode },
    });
    assert.equal(join.status, 200);
    const elsewhere = await api(server.url, "/api/groups", {
      method: "POST",
      token: outsider.token,
      body: { name: "Not the author's" },
    });

    const shared = await added(author.token, {
      reference: "John 3:16",
      kind: "note",
      body: "We talked about *world*",
      groupId: group.body.id,
    });
    assert.equal(shared.groupId, group.body.id);
    await added(author.token, { reference: "John 3:17", kind: "note", body: "Kept to myself" });

    for (const groupId of [elsewhere.body.id, "00000000-0000-4000-8000-000000000000"]) {
      const refused = await addNote(author.token, { reference: "John 3:16", kind: "note", body: "x", groupId });
      assert.equal(refused.status, 404, JSON.stringify(refused.body));
      assert.match(refused.body.error, /Group not found/);
      const patched = await api(server.url, `/api/notes/${shared.id}`, {
        method: "PATCH",
        token: author.token,
        body: { groupId },
      });
      assert.equal(patched.status, 404);
    }

    const seen = await api(server.url, `/api/groups/${group.body.id}`, { token: member.token });
    assert.equal(seen.status, 200);
    assert.deepEqual(
      seen.body.sharedNotes.map(({ id, reference, book, chapter, verse, body, mine }: Record<string, unknown>) => ({
        id,
        reference,
        book,
        chapter,
        verse,
        body,
        mine,
      })),
      [
        {
          id: shared.id,
          reference: "John 3:16",
          book: "JHN",
          chapter: 3,
          verse: 16,
          body: "We talked about *world*",
          mine: false,
        },
      ],
    );
    assert.equal(typeof seen.body.sharedNotes[0].authorName, "string");
    const own = await api(server.url, `/api/groups/${group.body.id}`, { token: author.token });
    assert.equal(own.body.sharedNotes[0].mine, true);
    // The group page: the passage links to the reader at the verse, the note is rendered Markdown.
    const page = await fetch(`${server.url}/groups/${group.body.id}`, {
      headers: { cookie: `sb_session=${member.token}` },
    });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Shared notes/);
    assert.match(html, /href="\/bible\/JHN\/3\?v=16"[^>]*>John 3:16</);
    assert.match(html, /We talked about <em>world<\/em>/);
    assert.ok(!html.includes("Kept to myself"));
    assert.equal((await api(server.url, `/api/groups/${group.body.id}`, { token: outsider.token })).status, 404);
    assert.deepEqual(
      (await api(server.url, `/api/groups/${elsewhere.body.id}`, { token: outsider.token })).body.sharedNotes,
      [],
    );

    // Unshared by the author: gone from the group, still theirs.
    const unshared = await api(server.url, `/api/notes/${shared.id}`, {
      method: "PATCH",
      token: author.token,
      body: { groupId: null },
    });
    assert.equal(unshared.body.groupId, null);
    assert.deepEqual(
      (await api(server.url, `/api/groups/${group.body.id}`, { token: member.token })).body.sharedNotes,
      [],
    );
  });

  test("leaving the group, or being removed, unshares the member's notes (they stay the member's)", async () => {
    const leader = await seedAccount(server.url);
    const member = await seedAccount(server.url);
    const group = await api(server.url, "/api/groups", { method: "POST", token: leader.token, body: { name: "Acts" } });
    const groupId = group.body.id;
    const joinGroup = async () => {
      const joined = await api(server.url, "/api/groups/join", {
        method: "POST",
        token: member.token,
        body: { inviteCode: group.body.inviteCode },
      });
      assert.equal(joined.status, 200);
    };
    await joinGroup();
    const leaderNote = await added(leader.token, { reference: "Acts 2:42", kind: "note", body: "Devoted", groupId });
    const note = await added(member.token, { reference: "Acts 2:1", kind: "note", body: "Pentecost", groupId });
    const sharedIds = async () =>
      (await api(server.url, `/api/groups/${groupId}`, { token: leader.token })).body.sharedNotes.map(
        (shared: { id: string }) => shared.id,
      );
    assert.deepEqual(await sharedIds(), [note.id, leaderNote.id]);

    const left = await api(server.url, `/api/groups/${groupId}/members/${member.id}`, {
      method: "DELETE",
      token: member.token,
    });
    assert.equal(left.status, 200, JSON.stringify(left.body));
    assert.deepEqual(await sharedIds(), [leaderNote.id]);
    const kept = await api(server.url, `/api/notes/${note.id}`, { token: member.token });
    assert.deepEqual([kept.body.body, kept.body.groupId], ["Pentecost", null]);

    await joinGroup();
    const again = await api(server.url, `/api/notes/${note.id}`, {
      method: "PATCH",
      token: member.token,
      body: { groupId },
    });
    assert.equal(again.status, 200);
    assert.deepEqual(await sharedIds(), [note.id, leaderNote.id]);
    const removed = await api(server.url, `/api/groups/${groupId}/members/${member.id}`, {
      method: "DELETE",
      token: leader.token,
    });
    assert.equal(removed.status, 200);
    assert.deepEqual(await sharedIds(), [leaderNote.id]);
    assert.equal((await api(server.url, `/api/notes/${note.id}`, { token: member.token })).body.groupId, null);
    assert.equal(
      (await api(server.url, `/api/notes/${leaderNote.id}`, { token: leader.token })).body.groupId,
      groupId,
      "the leader's own note stays shared",
    );
  });
});

describe("deleting the account", () => {
  test("DELETE /api/account deletes the account's notes, nobody else's", async () => {
    const account = await seedAccount(server.url);
    const other = await seedAccount(server.url);
    await added(account.token, { reference: "John 3:16", kind: "note", body: "Mine" });
    await added(account.token, { reference: "John 3:16", kind: "highlight" });
    await added(other.token, { reference: "John 3:16", kind: "note", body: "Theirs" });
    const gone = await api(server.url, "/api/account", {
      method: "DELETE",
      token: account.token,
      body: { password: account.password },
    });
    assert.equal(gone.status, 204, JSON.stringify(gone.body));
    assert.equal(countRows(account.id), 0);
    assert.equal(countRows(other.id), 1);
  });

  test("an admin's delete of a user deletes their notes, shared ones too", async () => {
    const user = await seedAccount(server.url);
    const group = await api(server.url, "/api/groups", { method: "POST", token: user.token, body: { name: "Gone" } });
    await added(user.token, { reference: "Ruth 1:16", kind: "note", body: "Whither", groupId: group.body.id });
    await added(user.token, { reference: "Ruth 1:16", kind: "bookmark", label: "Loyalty" });
    const answer = await api(server.url, `/api/admin/users/${user.id}`, { method: "DELETE", token: admin.token });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(countRows(user.id), 0);
  });
});

describe("search finds the caller's notes and bookmarks", () => {
  type Result = {
    kind: string;
    id?: string;
    reference?: string;
    title?: string;
    book?: string;
    chapter?: number;
    verse?: number;
    snippet: string;
  };
  const search = async (token: string, query: string) => {
    const answer = await api(server.url, `/api/search?${new URLSearchParams({ q: query, scope: "all" })}`, { token });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body.results as Result[]).filter((result) => result.kind === "note");
  };

  test("by a note's text and a bookmark's label, with every word; snippets hold the match; nobody else's", async () => {
    const reader = await seedAccount(server.url);
    const stranger = await seedAccount(server.url);
    const long = `${"Background on the feast and the temple courts. ".repeat(8)}Nicodemus came by night, afraid of the council.`;
    const note = await added(reader.token, { reference: "John 3:1-2", kind: "note", body: long });
    const bookmark = await added(reader.token, { reference: "John 19:39", kind: "bookmark", label: "Nicodemus again" });
    await added(reader.token, { reference: "John 3:2", kind: "highlight", color: "blue" });
    await added(stranger.token, { reference: "John 7:50", kind: "note", body: "Nicodemus speaks up" });

    const found = await search(reader.token, "nicodemus");
    assert.deepEqual(
      found.map(({ id, title, reference, book, chapter, verse }) => ({ id, title, reference, book, chapter, verse })),
      [
        {
          id: bookmark.id,
          title: "Bookmark: Nicodemus again",
          reference: "John 19:39",
          book: "JHN",
          chapter: 19,
          verse: 39,
        },
        { id: note.id, title: "Note on John 3:1-2", reference: "John 3:1-2", book: "JHN", chapter: 3, verse: 1 },
      ],
    );
    const [bookmarkHit, noteHit] = found;
    assert.match(bookmarkHit!.snippet, /Nicodemus again/);
    assert.match(noteHit!.snippet, /Nicodemus came by night/);
    assert.ok(noteHit!.snippet.startsWith("…"), "the snippet starts near the match, not at the note's start");
    assert.ok(noteHit!.snippet.length <= 170);

    assert.deepEqual(
      (await search(reader.token, "nicodemus night")).map((result) => result.id),
      [note.id],
      "every word",
    );
    assert.deepEqual(await search(reader.token, "nicodemus pharisee"), []);
    assert.deepEqual(
      (await search(stranger.token, "nicodemus")).map((result) => result.title),
      ["Note on John 7:50"],
      "only the caller's own",
    );
    const mine = await api(server.url, "/api/search?q=nicodemus&scope=mine", { token: reader.token });
    assert.equal(mine.body.results.length, 2);
    const bible = await api(server.url, "/api/search?q=nicodemus&scope=bible", { token: reader.token });
    assert.ok(bible.body.results.every((result: Result) => result.kind === "verse"));
  });

  test("the /search page lists them under My notes, linking to the reader at the verse", async () => {
    const reader = await seedAccount(server.url);
    await added(reader.token, { reference: "Ruth 1:16", kind: "note", body: "Whither thou goest, loyalty" });
    const response = await fetch(`${server.url}/search?q=loyalty`, {
      headers: { cookie: `sb_session=${reader.token}` },
    });
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.match(html, /My notes/);
    assert.match(html, /href="\/bible\/RUT\/1\?v=16#v16"[^>]*>Note on Ruth 1:16</);
  });
});

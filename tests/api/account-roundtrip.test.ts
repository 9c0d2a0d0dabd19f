/**
 * Issue 19's round trip: export an account, delete it, import the zip into a fresh install (a new
 * database) under the same email, and find everything back; a second import adds nothing. Then an
 * import past MAX_ITEMS_PER_USER is refused whole, and Bible notes in a file are read by their
 * references. Servers run one after another (one per process).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { downloadExport, fillAccount, viewAccount } from "../support/account-data";
import { api, registerAccount, startTestServer, uniqueEmail } from "../support/server";

function importZip(baseUrl: string, token: string, bytes: Uint8Array) {
  return fetch(`${baseUrl}/api/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/zip" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

test("export -> delete account -> import on a fresh database restores everything; a second import adds nothing", async () => {
  const old = await startTestServer();
  let bytes: Uint8Array;
  let before: Awaited<ReturnType<typeof viewAccount>>;
  const email = uniqueEmail("roundtrip");
  const password = "correct horse";
  try {
    await registerAccount(old.url); // the admin, so the account below may leave
    const account = await registerAccount(old.url, email, password);
    await fillAccount(old.url, account.token, "Trip");
    before = await viewAccount(old.url, account.token);
    ({ bytes } = await downloadExport(old.url, account.token));
    const files = unzipSync(bytes);
    const data = JSON.parse(strFromU8(files["data.json"]!));
    assert.deepEqual(
      data.notes.map(({ kind, reference, body, color, label }: Record<string, unknown>) => ({
        kind,
        reference,
        body,
        color,
        label,
      })),
      [
        { kind: "note", reference: "John 3:16", body: "For God so **loved** Trip", color: null, label: null },
        { kind: "highlight", reference: "Romans 8:28-9:5", body: null, color: "green", label: null },
        { kind: "bookmark", reference: "Psalm 23", body: null, color: null, label: "Shepherd Trip" },
      ],
      "each mark by its reference as text",
    );
    const notes = strFromU8(files["notes.md"]!);
    for (const line of [
      "## John 3:16",
      "For God so **loved** Trip",
      "- Highlight (green)",
      "- Bookmark: Shepherd Trip",
    ])
      assert.ok(notes.includes(line), line);
    const gone = await api(old.url, "/api/account", { method: "DELETE", token: account.token, body: { password } });
    assert.equal(gone.status, 204);
  } finally {
    await old.close();
  }

  const fresh = await startTestServer();
  try {
    const again = await registerAccount(fresh.url, email, password);
    const response = await importZip(fresh.url, again.token, bytes);
    const summary = await response.json();
    assert.equal(response.status, 200, JSON.stringify(summary));
    assert.deepEqual(summary.added, {
      authors: 1,
      books: 1,
      libraryItems: 2,
      studies: 2,
      savedStudies: 1,
      readingPlans: 1,
      planDaysCompleted: 1,
      notes: 3,
    });
    assert.equal(summary.profileUpdated, true);
    assert.equal(summary.onboardingUpdated, true);
    assert.deepEqual(
      await viewAccount(fresh.url, again.token),
      before,
      "studies, saves, library items with their books, profile, onboarding, plan progress, notes",
    );

    const second = await importZip(fresh.url, again.token, bytes);
    const nothing = await second.json();
    assert.equal(second.status, 200);
    assert.ok(
      Object.values(nothing.added).every((count) => count === 0),
      JSON.stringify(nothing),
    );
    assert.equal(nothing.profileUpdated, false);
    assert.equal(nothing.onboardingUpdated, false);
    assert.deepEqual(await viewAccount(fresh.url, again.token), before);
  } finally {
    await fresh.close();
  }
});

test("an import that would pass the item limit is refused whole", async () => {
  const limited = await startTestServer({ MAX_ITEMS_PER_USER: "1" });
  try {
    const account = await registerAccount(limited.url);
    const now = new Date().toISOString();
    const file = (studyIds: string[], author: string) => {
      const data = {
        format: "sagacity-bites-export",
        version: 1,
        exportedAt: now,
        account: { id: "x", email: uniqueEmail(), createdAt: now },
        authors: [{ id: `a-${author}`, name: author, createdAt: now }],
        studies: studyIds.map((id) => ({ id, title: "T", content: "## C", studyType: "topic", createdAt: now })),
      };
      return zipSync({ "data.json": strToU8(JSON.stringify(data)) });
    };
    const authors = () =>
      limited.withDb((db) => (db.prepare("select count(*) as n from authors").get() as { n: number }).n);

    const tooMany = await importZip(limited.url, account.token, file(["s-1", "s-2"], "Someone"));
    assert.equal(tooMany.status, 413, "a file past the limit by itself");
    assert.match((await tooMany.json()).error, /2 lesson plans; an account holds at most 1/);
    assert.equal(authors(), 0);

    assert.equal((await importZip(limited.url, account.token, file(["s-1"], "Someone"))).status, 200);
    const past = await importZip(limited.url, account.token, file(["s-2"], "Someone"));
    assert.equal(past.status, 409, "with what the account already has");
    assert.match((await past.json()).error, /limit of 1 lesson plans/);
    const studies = limited.withDb((db) => (db.prepare("select count(*) as n from studies").get() as { n: number }).n);
    assert.deepEqual([authors(), studies], [1, 1], "the second file added nothing");
  } finally {
    await limited.close();
  }
});

test("notes in a file: read by reference, never shared, each once; bad references and the cap refuse the file", async () => {
  // Many files from one account: the hourly import limit has its own test.
  const limited = await startTestServer({ MAX_ITEMS_PER_USER: "3", IMPORTS_PER_HOUR: "100" });
  try {
    const account = await registerAccount(limited.url);
    const group = await api(limited.url, "/api/groups", { method: "POST", token: account.token, body: { name: "G" } });
    assert.equal(group.status, 201);
    const made = "2025-01-02T03:04:05.000Z";
    const edited = "2025-02-03T04:05:06.000Z";
    // A file as an export writes it, without the lists an older export may also lack.
    const file = (notes: Array<Record<string, unknown>>) =>
      zipSync({
        "data.json": strToU8(
          JSON.stringify({
            format: "sagacity-bites-export",
            version: 1,
            exportedAt: edited,
            account: { id: "x", email: uniqueEmail(), createdAt: made },
            notes,
          }),
        ),
      });
    const note = { id: "n-1", kind: "note", reference: "jn 3:16", body: "Loved", createdAt: made, updatedAt: edited };
    const highlight = { id: "n-2", kind: "highlight", reference: "Psalm 23:1-4", color: "blue", createdAt: made };
    const bookmark = { id: "n-3", kind: "bookmark", reference: "Romans 8:28-9:5", label: "Hope", createdAt: made };
    const rows = () =>
      limited.withDb(
        (db) =>
          (db.prepare("select count(*) as n from verse_notes where user_id = ?").get(account.id) as { n: number }).n,
      );

    const refusals: Array<[Array<Record<string, unknown>>, number, RegExp]> = [
      [[{ ...note, reference: "John 99" }], 400, /note on "John 99" is not valid: John 99 does not exist/],
      [[{ ...note, reference: "Romans 8:28; 12:1" }], 400, /must be one passage, like John 3:16/],
      [[{ ...note, reference: "John 3:16, 17, 18, 19, 20, 21, 22" }], 400, /must be one passage/],
      [[{ ...note, reference: "Hezekiah 1" }], 400, /not a Bible reference we recognize/],
      [[{ ...note, body: "  " }], 400, /a note needs its text/],
      [[{ ...highlight, color: "red" }], 400, /not valid/],
      [[note, { ...highlight, id: "n-1" }], 400, /lists the note n-1 twice/],
      [
        [note, highlight, bookmark, { ...note, id: "n-4" }],
        413,
        /4 notes, highlights and bookmarks; an account holds at most 3/,
      ],
    ];
    for (const [notes, status, message] of refusals) {
      const answer = await importZip(limited.url, account.token, file(notes));
      const body = await answer.json();
      assert.equal(answer.status, status, JSON.stringify(body));
      assert.match(body.error, message);
    }
    assert.equal(rows(), 0, "the refused files added nothing");

    const first = await importZip(
      limited.url,
      account.token,
      file([{ ...note, groupId: group.body.id }, highlight, bookmark]),
    );
    const summary = await first.json();
    assert.equal(first.status, 200, JSON.stringify(summary));
    assert.equal(summary.added.notes, 3);
    const listed = (await api(limited.url, "/api/notes", { token: account.token })).body;
    assert.deepEqual(
      listed.map((item: Record<string, unknown>) => [item.id, item.reference, item.groupId, item.createdAt]),
      [
        ["n-3", "Romans 8:28-9:5", null, made],
        ["n-2", "Psalm 23:1-4", null, made],
        ["n-1", "John 3:16", null, made],
      ],
      "parsed by reference; the group a note was shared with is dropped",
    );
    assert.equal(listed[2].updatedAt, edited);
    assert.equal(listed[1].color, "blue");
    assert.equal(listed[0].label, "Hope");
    const shared = await api(limited.url, `/api/groups/${group.body.id}`, { token: account.token });
    assert.deepEqual(shared.body.sharedNotes, []);

    const again = await importZip(limited.url, account.token, file([note, highlight, bookmark]));
    assert.equal((await again.json()).added.notes, 0, "the same ids are not added twice");
    // A highlight of the same passage under another id (another install's): one colour per passage.
    const samePassage = await importZip(limited.url, account.token, file([{ ...highlight, id: "n-9", color: "pink" }]));
    assert.equal((await samePassage.json()).added.notes, 0);
    const past = await importZip(limited.url, account.token, file([{ ...note, id: "n-5" }]));
    assert.equal(past.status, 409, "with what the account already has");
    assert.match((await past.json()).error, /limit of 3 notes, highlights and bookmarks/);
    assert.equal(rows(), 3);
  } finally {
    await limited.close();
  }
});

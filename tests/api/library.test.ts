import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { LIBRARY_ITEM_FIELDS } from "../support/library-item";
import { api, assertRefusals, postForm, seedAccount, startTestServer, type TestServer } from "../support/server";

/** GET/POST /api/sermons, GET/DELETE /api/sermons/{id}, and the /library page as served. */
let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(() => server.close());

function addItem(token: string, body: Record<string, unknown>) {
  return api(server.url, "/api/sermons", { method: "POST", token, body });
}

async function page(path: string, token: string) {
  const response = await fetch(server.url + path, { headers: { cookie: `sb_session=${token}` }, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

const post = (path: string, token: string, form: Record<string, string>) => postForm(server.url, path, form, token);

describe("adding quotes and book excerpts by hand", () => {
  test("a quote is saved with its author, and the author is joined in the answer", async () => {
    const { token } = await seedAccount(server.url);
    const answer = await addItem(token, {
      contentType: "quote",
      text: "  You can never get a cup of tea large enough or a book long enough to suit me.  ",
      author: "C. S. Lewis",
      source: "Letters",
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.contentType, "quote");
    assert.equal(
      answer.body.transcript,
      "You can never get a cup of tea large enough or a book long enough to suit me.",
    );
    assert.equal(answer.body.title, "Quote by C. S. Lewis");
    assert.equal(answer.body.authorName, "C. S. Lewis");
    assert.deepEqual(answer.body.author, { name: "C. S. Lewis" });
    assert.equal(answer.body.sourceTitle, "Letters");
    assert.equal(answer.body.book, null);
    assert.equal(answer.body.aiSummary, null);
  });

  test("a book excerpt creates its book: cover, title and store link; the ASIN comes from the link", async () => {
    const { token } = await seedAccount(server.url);
    const answer = await addItem(token, {
      contentType: "book",
      text: "Grace is not opposed to effort, it is opposed to earning.",
      author: "Dallas Willard",
      bookTitle: "The Great Omission",
      coverUrl: "https://images.example.com/omission.jpg",
      storeUrl: "https://www.amazon.com/Great-Omission/dp/0060882433/ref=sr_1_1",
    });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.title, "Excerpt from The Great Omission");
    assert.deepEqual(answer.body.book, {
      coverUrl: "https://images.example.com/omission.jpg",
      title: "The Great Omission",
      amazonUrl: "https://www.amazon.com/Great-Omission/dp/0060882433/ref=sr_1_1",
    });
    const asin = server.withDb(
      (db) => (db.prepare("select asin from books where id = ?").get(answer.body.bookId) as { asin: string }).asin,
    );
    assert.equal(asin, "0060882433");
  });

  test("an ASIN alone makes the store link", async () => {
    const { token } = await seedAccount(server.url);
    const answer = await addItem(token, {
      contentType: "book",
      text: "Excerpt text.",
      bookTitle: "Knowing God",
      asin: "b00abc1234",
    });
    assert.equal(answer.body.book.amazonUrl, "https://www.amazon.com/dp/B00ABC1234");
  });

  test("bad input is a 400 with a clear message", async () => {
    const { token } = await seedAccount(server.url);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ contentType: "quote", text: "   " }, /Text is required/],
      [{ contentType: "quote" }, /Text is required/],
      [{ contentType: "blog", text: "Hello" }, /Choose Quote or Book Excerpt/],
      [{ contentType: "book", text: "Hello" }, /Book title is required/],
      [
        { contentType: "book", text: "Hello", bookTitle: "B", storeUrl: "javascript:alert(1)" },
        /Store URL must be a web address/,
      ],
      [
        { contentType: "book", text: "Hello", bookTitle: "B", coverUrl: "ftp://x/y.jpg" },
        /Cover image URL must be a web address/,
      ],
      [{ contentType: "book", text: "Hello", bookTitle: "B", asin: "12" }, /ASIN must be 10 letters or digits/],
      [{ contentType: "quote", text: "x".repeat(20_001) }, /Text is too long/],
    ];
    await assertRefusals(server.url, "/api/sermons", { method: "POST", token }, cases);
    assert.deepEqual((await api(server.url, "/api/sermons", { token })).body, []);
  });
});

describe("listing, reading and deleting content", () => {
  test("the list is the user's own, newest first, with author and book joined", async () => {
    const { token } = await seedAccount(server.url);
    const other = await seedAccount(server.url);
    await addItem(other.token, { contentType: "quote", text: "Someone else's quote." });
    const first = await addItem(token, { contentType: "quote", text: "First.", author: "A. Author" });
    const second = await addItem(token, {
      contentType: "book",
      text: "Second.",
      bookTitle: "Book Two",
      asin: "B000000002",
    });
    const third = await addItem(token, { contentType: "quote", text: "Third." });
    const list = await api(server.url, "/api/sermons", { token });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.map((item: { id: string }) => item.id),
      [third.body.id, second.body.id, first.body.id],
    );
    assert.deepEqual(list.body[2].author, { name: "A. Author" });
    assert.equal(list.body[1].book.title, "Book Two");
    for (const key of LIBRARY_ITEM_FIELDS) assert.ok(key in list.body[0], key);
  });

  test("another user's item is 404 to read and to delete; the owner can delete it", async () => {
    const owner = await seedAccount(server.url);
    const stranger = await seedAccount(server.url);
    const item = (
      await addItem(owner.token, { contentType: "book", text: "Mine.", bookTitle: "My Book", asin: "B000000003" })
    ).body;

    assert.equal((await api(server.url, `/api/sermons/${item.id}`, { token: stranger.token })).status, 404);
    const theirDelete = await api(server.url, `/api/sermons/${item.id}`, { method: "DELETE", token: stranger.token });
    assert.equal(theirDelete.status, 404);
    assert.deepEqual(theirDelete.body, { error: "Content not found" });
    assert.equal((await api(server.url, `/api/sermons/${item.id}`, { token: owner.token })).status, 200);

    const deleted = await api(server.url, `/api/sermons/${item.id}`, { method: "DELETE", token: owner.token });
    assert.equal(deleted.status, 200);
    assert.equal((await api(server.url, `/api/sermons/${item.id}`, { token: owner.token })).status, 404);
    assert.equal(
      (await api(server.url, `/api/sermons/${item.id}`, { method: "DELETE", token: owner.token })).status,
      404,
    );
    const books = server.withDb(
      (db) => (db.prepare("select count(*) as n from books where id = ?").get(item.bookId) as { n: number }).n,
    );
    assert.equal(books, 0, "the excerpt's book went with it");
  });

  test("without a session every call is 401; other methods are 405", async () => {
    assert.equal((await api(server.url, "/api/sermons")).status, 401);
    assert.equal(
      (await api(server.url, "/api/sermons", { method: "POST", body: { contentType: "quote", text: "x" } })).status,
      401,
    );
    assert.equal((await api(server.url, `/api/sermons/${randomUUID()}`, { method: "DELETE" })).status, 401);
    const { token } = await seedAccount(server.url);
    assert.equal((await api(server.url, "/api/sermons", { method: "PUT", token, body: {} })).status, 405);
    assert.equal(
      (await api(server.url, `/api/sermons/${randomUUID()}`, { method: "PATCH", token, body: {} })).status,
      405,
    );
  });
});

describe("the /library page", () => {
  test("visiting it writes nothing (the page reports the visit by a POST); a new library shows the empty state and both lists", async () => {
    const account = await seedAccount(server.url);
    const visited = () =>
      server.withDb(
        (db) =>
          db.prepare("select has_visited_library as v from user_onboarding where user_id = ?").get(account.id) as
            { v: number } | undefined,
      )?.v;
    assert.ok(!visited());
    const { status, html } = await page("/library", account.token);
    assert.equal(status, 200);
    for (const text of [
      "My Library",
      "Content &amp; Excerpts",
      "Saved Lesson Plans",
      "Your library is empty",
      "Save book excerpts",
      "Capture blog insights",
      "Preserve quotes",
      "Create lesson plans",
    ]) {
      assert.ok(html.includes(text), text);
    }
    assert.ok(!visited(), "a GET never writes");
    const reported = await post("/resources/onboarding", account.token, { step: "hasVisitedLibrary" });
    assert.equal(reported.status, 200);
    assert.equal(visited(), 1);
  });

  test("without JavaScript the first change in the library ticks the visit", async () => {
    const account = await seedAccount(server.url);
    const answer = await post("/library", account.token, {
      intent: "add",
      contentType: "quote",
      text: "Grace upon grace.",
    });
    assert.equal(answer.status, 200);
    assert.equal(
      server.withDb(
        (db) =>
          (
            db.prepare("select has_visited_library as v from user_onboarding where user_id = ?").get(account.id) as {
              v: number;
            }
          ).v,
      ),
      1,
    );
  });

  test("the save toggle's form: a fetcher gets the outcome, the no-JavaScript form goes back with a toast; both use the API's functions", async () => {
    const account = await seedAccount(server.url);
    const other = await seedAccount(server.url);
    const study = (
      await api(server.url, "/api/studies/topic", { method: "POST", token: account.token, body: { topic: "Hope" } })
    ).body;
    const saves = () =>
      (
        server.withDb((db) =>
          db
            .prepare("select count(*) as n from library_saves where user_id = ? and study_id = ?")
            .get(account.id, study.id),
        ) as { n: number }
      ).n;

    const saved = await post("/library", account.token, { intent: "save", studyId: study.id });
    assert.equal(saved.status, 200);
    assert.equal(saves(), 1);
    const removed = await post("/library", account.token, {
      intent: "remove",
      studyId: study.id,
      redirectTo: `/lesson-plans?study=${study.id}`,
    });
    assert.equal(removed.status, 302);
    assert.equal(removed.headers.get("location"), `/lesson-plans?study=${study.id}`);
    assert.match(removed.headers.get("set-cookie") ?? "", /sb_toast=/);
    assert.equal(saves(), 0);

    // Another reader's study is not found; a redirect off the site is refused.
    assert.equal((await post("/library", other.token, { intent: "save", studyId: study.id })).status, 404);
    assert.equal(
      (await post("/library", account.token, { intent: "save", studyId: study.id, redirectTo: "//evil.example/" }))
        .status,
      400,
    );
    assert.equal(saves(), 0);
  });

  test("saved lesson plans show their title, type and a 150-character preview, only the user's own", async () => {
    const account = await seedAccount(server.url);
    const other = await seedAccount(server.url);
    const content = `## Overview ${"Faith works through love in every season of life. ".repeat(6)}`;
    const studyId = randomUUID();
    const otherStudyId = randomUUID();
    server.withDb((db) => {
      const insertStudy = db.prepare(
        "insert into studies (id, user_id, title, content, study_type) values (?, ?, ?, ?, ?)",
      );
      insertStudy.run(studyId, account.id, "Faith and Works", content, "topic");
      insertStudy.run(otherStudyId, other.id, "Someone Else's Study", content, "passage");
      const save = db.prepare("insert into library_saves (id, user_id, study_id) values (?, ?, ?)");
      save.run(randomUUID(), account.id, studyId);
      save.run(randomUUID(), other.id, otherStudyId);
    });
    const { html } = await page("/library", account.token);
    assert.ok(html.includes("Faith and Works"));
    assert.ok(html.includes(`${content.slice(0, 150)}...`), "150-character preview");
    assert.ok(!html.includes(content.slice(0, 151)), "no more than 150 characters");
    assert.ok(html.includes(`/lesson-plans?study=${studyId}`));
    assert.ok(!html.includes("Someone Else&#x27;s Study") && !html.includes("Someone Else's Study"));
    assert.ok(!html.includes("Your library is empty"));
  });

  test("signed out, /library goes to /login", async () => {
    const response = await fetch(`${server.url}/library`, { redirect: "manual" });
    assert.equal(response.status, 302);
    assert.match(response.headers.get("location") ?? "", /\/login$/);
  });
});

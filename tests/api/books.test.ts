/**
 * Books looked up for you (issue 19): GET /api/books/search asks a fake Open Library on loopback
 * (OPEN_LIBRARY_URL) through the guarded fetcher, caches each query for seven days, and says the
 * look-up is unavailable (503) when the service is slow, failing, malformed or too large.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startFakeOpenLibrary } from "../support/fake-open-library";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let fake: Awaited<ReturnType<typeof startFakeOpenLibrary>>;
let user: Awaited<ReturnType<typeof seedAccount>>;

before(async () => {
  fake = await startFakeOpenLibrary();
  server = await startTestServer({ OPEN_LIBRARY_URL: fake.url, BOOK_SEARCH_TIMEOUT_MS: "1000" });
  user = await seedAccount(server.url);
});
after(async () => {
  await server.close();
  await fake.close();
});

const search = (q: string, token: string | null = user.token) =>
  api(server.url, `/api/books/search?q=${encodeURIComponent(q)}`, { token: token ?? undefined });

describe("GET /api/books/search", () => {
  test("signed in only; a query is required", async () => {
    assert.equal((await search("lewis", null)).status, 401);
    const empty = await api(server.url, "/api/books/search", { token: user.token });
    assert.equal(empty.status, 400);
    assert.equal((await search("x".repeat(201))).status, 400);
  });

  test("maps the documented fields, skips odd documents, then answers from the cache", async () => {
    fake.setMode("ok");
    const first = await search("  Mere   CHRISTIANITY ");
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.cached, false);
    assert.deepEqual(first.body.results, [
      {
        title: "Mere Christianity",
        authorName: "C. S. Lewis",
        coverUrl: "https://covers.openlibrary.org/b/id/8231856-M.jpg",
        storeUrl: "https://openlibrary.org/works/OL1234W",
        isbn: "9780060652920",
      },
    ]);
    const asked = fake.queries.length;
    const second = await search("mere christianity");
    assert.equal(second.body.cached, true);
    assert.deepEqual(second.body.results, first.body.results);
    assert.equal(fake.queries.length, asked, "the cached query is not asked again");
    const rows = server.withDb((db) =>
      db.prepare("select search_query, expires_at, created_at from book_search_cache").all(),
    ) as Array<{ search_query: string; expires_at: number; created_at: number }>;
    const row = rows.find((entry) => entry.search_query === "mere christianity")!;
    assert.ok(row, "cached under the normalized query");
    assert.equal(Math.round((row.expires_at - row.created_at) / 86_400_000), 7);

    const odd = await search("knowing god");
    assert.deepEqual(odd.body.results, [
      {
        title: "Knowing God",
        authorName: null,
        coverUrl: null,
        storeUrl: "https://openlibrary.org/works/OL10W",
        isbn: null,
      },
    ]);
  });

  test("an expired cache entry is asked again", async () => {
    fake.setMode("ok");
    await search("screwtape");
    server.withDb((db) =>
      db.prepare("update book_search_cache set expires_at = ? where search_query = 'screwtape'").run(Date.now() - 1),
    );
    const asked = fake.queries.length;
    const again = await search("screwtape");
    assert.equal(again.body.cached, false);
    assert.equal(fake.queries.length, asked + 1);
  });

  for (const mode of ["slow", "error", "malformed", "huge"] as const) {
    test(`${mode}: 503 "unavailable", nothing cached`, async () => {
      fake.setMode(mode);
      const started = Date.now();
      const answer = await search(`lewis ${mode}`);
      assert.equal(answer.status, 503, JSON.stringify(answer.body));
      assert.match(answer.body.error, /Book lookup is unavailable/);
      assert.ok(Date.now() - started < 5_000);
      const cached = server.withDb((db) =>
        db.prepare("select count(*) as n from book_search_cache where search_query = ?").get(`lewis ${mode}`),
      ) as { n: number };
      assert.equal(cached.n, 0);
    });
  }

  test("choosing a result creates the book and author once, then reuses them; the library shows cover and store link", async () => {
    fake.setMode("ok");
    const [book] = (await search("mere christianity")).body.results;
    const add = (text: string) =>
      api(server.url, "/api/sermons", {
        method: "POST",
        token: user.token,
        body: {
          contentType: "book",
          text,
          author: book.authorName,
          bookTitle: book.title,
          coverUrl: book.coverUrl,
          storeUrl: book.storeUrl,
          isbn: book.isbn,
        },
      });
    const first = await add("We are not merely imperfect creatures who must be improved.");
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const second = await add("Aim at heaven and you will get earth thrown in.");
    assert.equal(second.status, 201);
    assert.deepEqual(first.body.book, {
      title: "Mere Christianity",
      coverUrl: "https://covers.openlibrary.org/b/id/8231856-M.jpg",
      amazonUrl: "https://openlibrary.org/works/OL1234W",
    });
    assert.equal(first.body.bookId, second.body.bookId, "one books row");
    assert.equal(first.body.authorId, second.body.authorId, "one authors row");
    const asin = server.withDb((db) => db.prepare("select asin from books where id = ?").get(first.body.bookId)) as {
      asin: string;
    };
    assert.equal(asin.asin, "0060652926", "the ISBN-10 (a book's ASIN) from the ISBN-13");
    const page = await fetch(`${server.url}/library`, { headers: { cookie: `sb_session=${user.token}` } });
    const html = await page.text();
    assert.ok(html.includes("https://covers.openlibrary.org/b/id/8231856-M.jpg"));
    assert.ok(html.includes("View on Open Library"));
  });
});

/**
 * Issue 27: import files made to hurt. Each is refused (400 or 413) with a clear message and the
 * account is exactly as before, or is accepted and harmless. Then the hourly import and export
 * limits (429 with Retry-After). Timing lives in `npm run bench -- import`, not here.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { authorFloodZip, exportData, jsonBombZips, lyingZip, zipJson } from "../support/hostile-zips";
import { api, registerAccount, startTestServer, type TestServer } from "../support/server";

const MAX_ITEMS = 200;
const IMPORTS_PER_HOUR = 3;
const EXPORTS_PER_HOUR = 2;
const DAY_MS = 86_400_000;

let server: TestServer;

before(async () => {
  server = await startTestServer({
    IMPORT_MAX_JSON_BYTES: String(8 * 1024 * 1024),
    MAX_ITEMS_PER_USER: String(MAX_ITEMS),
    IMPORTS_PER_HOUR: String(IMPORTS_PER_HOUR),
    EXPORTS_PER_HOUR: String(EXPORTS_PER_HOUR),
  });
});
after(() => server.close());

async function upload(token: string, body: Uint8Array) {
  const response = await fetch(`${server.url}/api/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/zip" },
    body: body as Uint8Array<ArrayBuffer>,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Every row the account owns, and its profile, as the database holds them. */
function accountRows(userId: string) {
  return server.withDb((db) => ({
    counts: ["studies", "sermons", "authors", "books", "library_saves", "user_plans", "verse_notes"].map(
      (table) => (db.prepare(`select count(*) as n from ${table} where user_id = ?`).get(userId) as { n: number }).n,
    ),
    days: (
      db
        .prepare(
          "select count(*) as n from user_plan_progress where user_plan_id in (select id from user_plans where user_id = ?)",
        )
        .get(userId) as { n: number }
    ).n,
    profile: db.prepare("select * from user_profiles where user_id = ?").get(userId),
  }));
}

/** Imports `zip` as a new account: the answer, and whether the account is unchanged. */
async function importAsNewAccount(zip: Uint8Array) {
  const account = await registerAccount(server.url);
  const before = accountRows(account.id);
  const answer = await upload(account.token, zip);
  return { ...answer, account, unchanged: JSON.stringify(accountRows(account.id)) === JSON.stringify(before) };
}

const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe("hostile import files", () => {
  test("a lying zip (declares 7 MB, under the cap; inflates to about a gigabyte) is a 413, and the server still answers", async () => {
    const { bytes, inflatesTo } = lyingZip(1024 * 1024, 7 * 1024 * 1024);
    assert.ok(inflatesTo > 100 * bytes.length, "the file unpacks to over a hundred times its size");
    const answer = await importAsNewAccount(bytes);
    assert.equal(answer.status, 413, JSON.stringify(answer.body));
    assert.match(answer.body.error, /data\.json is too large once unpacked/);
    assert.ok(answer.unchanged);
    assert.equal((await api(server.url, "/api/me", { token: answer.account.token })).status, 200);
  });

  test("JSON bombs: 100,000 levels of nesting are a 400, an array of 2 million entries a 413", async () => {
    const { nested, wide } = jsonBombZips({ depth: 100_000, length: 2_000_000 });
    const deep = await importAsNewAccount(nested);
    assert.equal(deep.status, 400, JSON.stringify(deep.body));
    assert.match(deep.body.error, /nested too deeply/);
    assert.ok(deep.unchanged);
    const huge = await importAsNewAccount(wide);
    assert.equal(huge.status, 413, JSON.stringify(huge.body));
    assert.match(huge.body.error, /more than \d+ entries in one place/);
    assert.ok(huge.unchanged);
  });

  test("an author flood counts against the account's cap: a 413, nothing added", async () => {
    const answer = await importAsNewAccount(authorFloodZip(MAX_ITEMS * 5, 100));
    assert.equal(answer.status, 413, JSON.stringify(answer.body));
    assert.match(answer.body.error, new RegExp(`${MAX_ITEMS * 5} authors; an account holds at most ${MAX_ITEMS}`));
    assert.ok(answer.unchanged);
  });

  test("notes: a flood past the cap is a 413, a 300,000-character note or a list of verses a 400, nothing added", async () => {
    const note = { kind: "note", reference: "John 3:16", body: "Loved", createdAt: isoDaysAgo(1) };
    const flood = Array.from({ length: MAX_ITEMS * 5 }, (_, index) => ({ ...note, id: `note-${index}` }));
    const tooMany = await importAsNewAccount(zipJson(exportData({ notes: flood })));
    assert.equal(tooMany.status, 413, JSON.stringify(tooMany.body));
    assert.match(tooMany.body.error, new RegExp(`${MAX_ITEMS * 5} notes, highlights and bookmarks`));
    assert.ok(tooMany.unchanged);
    for (const bad of [
      { ...note, id: "huge", body: "Grace upon grace. ".repeat(17_000).slice(0, 300_000) },
      { ...note, id: "list", reference: `John 3:${Array.from({ length: 30 }, (_, index) => index + 1).join(", ")}` },
      { ...note, id: "two-books", reference: "Genesis 50:26-Exodus 1:2" },
    ]) {
      const answer = await importAsNewAccount(zipJson(exportData({ notes: [bad] })));
      assert.equal(answer.status, 400, `${bad.id}: ${JSON.stringify(answer.body)}`);
      assert.ok(answer.unchanged, bad.id);
    }
  });

  test("an id listed twice is a 400 naming it, nothing added", async () => {
    const study = { id: "twice", title: "T", content: "## C", studyType: "topic", createdAt: isoDaysAgo(1) };
    const item = { id: "item-twice", title: "Q", transcript: "Quote", contentType: "quote", createdAt: isoDaysAgo(1) };
    for (const data of [
      exportData({ studies: [study, { ...study, title: "Other" }] }),
      exportData({ libraryItems: [item, item] }),
    ]) {
      const answer = await importAsNewAccount(zipJson(data));
      assert.equal(answer.status, 400, JSON.stringify(answer.body));
      assert.match(answer.body.error, /twice/);
      assert.ok(answer.unchanged);
    }
  });

  test("javascript: (and other non-web) addresses in any URL field are a 400, nothing added", async () => {
    const now = isoDaysAgo(1);
    const author = { id: "au", name: "A", createdAt: now };
    const book = { id: "bk", asin: "B00EXAMPLE", title: "B", amazonUrl: "https://example.org/b", createdAt: now };
    const item = { id: "it", title: "Q", transcript: "Text", contentType: "blog", createdAt: now };
    const planted = [
      { authors: [{ ...author, website: "javascript:alert(1)" }] },
      { authors: [{ ...author, photoUrl: "data:text/html,<script>alert(1)</script>" }] },
      { books: [{ ...book, amazonUrl: "javascript:alert(1)" }] },
      { books: [{ ...book, coverUrl: "JaVaScRiPt:alert(1)" }] },
      { libraryItems: [{ ...item, url: " javascript:alert(1)" }] },
    ];
    for (const fields of planted) {
      const answer = await importAsNewAccount(zipJson(exportData(fields)));
      assert.equal(answer.status, 400, `${JSON.stringify(fields)}: ${JSON.stringify(answer.body)}`);
      assert.match(answer.body.error, /http:\/\/ or https:\/\//);
      assert.ok(answer.unchanged, JSON.stringify(fields));
    }
  });

  test("365 reading days that break the one-day-a-day rule are a 400; an honest history is added", async () => {
    const plan = (createdAt: string, progress: Array<{ dayNumber: number; completedAt: string }>) =>
      zipJson(
        exportData({
          readingPlans: [
            { id: "p", planSlug: "bible-in-a-year", startDate: createdAt, activatedAt: createdAt, createdAt, progress },
          ],
        }),
      );
    const days = (completedAt: (day: number) => string) =>
      Array.from({ length: 365 }, (_, index) => ({ dayNumber: index + 1, completedAt: completedAt(index + 1) }));
    const forged = [
      [
        "all on one day",
        plan(
          isoDaysAgo(2),
          days(() => isoDaysAgo(1)),
        ),
        /already completed today's reading/,
      ],
      [
        "a year of days in a plan started today",
        plan(
          isoDaysAgo(0.01),
          days((day) => isoDaysAgo(366 - day)),
        ),
        /before the plan was started/,
      ],
      [
        "days in the future",
        plan(
          isoDaysAgo(10),
          days((day) => isoDaysAgo(9 - day)),
        ),
        /after today/,
      ],
      ["day 2 before day 1", plan(isoDaysAgo(10), [{ dayNumber: 2, completedAt: isoDaysAgo(5) }]), /not open yet/],
    ] as const;
    for (const [name, zip, message] of forged) {
      const answer = await importAsNewAccount(zip);
      assert.equal(answer.status, 400, `${name}: ${JSON.stringify(answer.body)}`);
      assert.match(answer.body.error, message, name);
      assert.ok(answer.unchanged, name);
    }

    const honest = await importAsNewAccount(
      plan(
        isoDaysAgo(4),
        [1, 2, 3].map((day) => ({ dayNumber: day, completedAt: isoDaysAgo(4 - day) })),
      ),
    );
    assert.equal(honest.status, 200, JSON.stringify(honest.body));
    assert.equal(honest.body.added.planDaysCompleted, 3);
  });
});

describe("hourly limits per account", () => {
  test(`an import past ${IMPORTS_PER_HOUR} in an hour is a 429 with Retry-After, refused files counted too`, async () => {
    const account = await registerAccount(server.url);
    const empty = zipJson(exportData());
    const statuses = [];
    for (let index = 0; index < IMPORTS_PER_HOUR; index++) {
      statuses.push((await upload(account.token, index === 0 ? new Uint8Array([1, 2, 3]) : empty)).status);
    }
    assert.deepEqual(statuses, [400, ...Array(IMPORTS_PER_HOUR - 1).fill(200)]);
    const refused = await upload(account.token, empty);
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.match(refused.body.error, new RegExp(`${IMPORTS_PER_HOUR} imports in the last hour`));
    const retryAfter = Number(refused.headers.get("retry-after"));
    assert.ok(retryAfter > 0 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    const other = await registerAccount(server.url);
    assert.equal((await upload(other.token, empty)).status, 200, "another account is not held back");
  });

  test(`an export past ${EXPORTS_PER_HOUR} in an hour is a 429 with Retry-After; the page says so in a toast`, async () => {
    const account = await registerAccount(server.url);
    const exportOnce = () =>
      fetch(`${server.url}/api/export`, { headers: { authorization: `Bearer ${account.token}` } });
    for (let index = 0; index < EXPORTS_PER_HOUR; index++) {
      const answer = await exportOnce();
      assert.equal(answer.status, 200);
      await answer.arrayBuffer();
    }
    const refused = await exportOnce();
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
    assert.match((await refused.json()).error, /exports in the last hour/);
    const page = await fetch(`${server.url}/settings/export`, {
      headers: { cookie: `sb_session=${account.token}` },
      redirect: "manual",
    });
    assert.equal(page.status, 302);
    assert.equal(page.headers.get("location"), "/settings");
  });
});

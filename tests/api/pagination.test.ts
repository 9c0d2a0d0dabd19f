import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { generatedArticle } from "../fixtures/articles";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { LIBRARY_ITEM_FIELDS } from "../support/library-item";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

/** Every list of the JSON API comes a page at a time; lists carry excerpts; transcripts and libraries are bounded. */
let server: TestServer;
let site: FakeSite;
let admin: Awaited<ReturnType<typeof seedAccount>>;

const QUOTA = 3;

before(async () => {
  site = await startFakeSite();
  server = await startTestServer({
    ALLOW_PRIVATE_URLS: "true",
    MAX_ITEMS_PER_USER: String(QUOTA),
    AI_PROVIDER: "builtin",
  });
  // The first account is the admin.
  admin = await seedAccount(server.url);
});
after(async () => {
  await server.close();
  await site.close();
});

// Two rows share a creation time, so the order within it (newest inserted first) is tested too.
const times = (count: number, base = 1_767_225_600_000) =>
  Array.from({ length: count }, (_, index) => base + Math.floor(index / 2) * 1000);

/** Rows inserted oldest first; the ids come back newest first, as the lists order them. */
function insertSermons(
  userId: string,
  count: number,
  transcript = (index: number) => `Transcript ${index}.`,
): string[] {
  const ids = times(count).map(() => randomUUID());
  server.withDb((db) => {
    const insert = db.prepare(
      "insert into sermons (id, user_id, title, transcript, content_type, created_at) values (?, ?, ?, ?, 'quote', ?)",
    );
    times(count).forEach((time, index) => insert.run(ids[index], userId, `Item ${index}`, transcript(index), time));
  });
  return ids.reverse();
}

function insertStudies(userId: string, count: number): string[] {
  const ids = times(count).map(() => randomUUID());
  server.withDb((db) => {
    const insert = db.prepare(
      "insert into studies (id, user_id, title, content, study_type, created_at) values (?, ?, ?, ?, 'topic', ?)",
    );
    times(count).forEach((time, index) =>
      insert.run(ids[index], userId, `Study ${index}`, `## Overview ${index}`, time),
    );
  });
  return ids.reverse();
}

/** Saves of fresh studies; the ids are the saves' (what GET /api/library lists as id). */
function insertSaves(userId: string, count: number): string[] {
  const studyIds = insertStudies(userId, count).reverse();
  const ids = times(count).map(() => randomUUID());
  server.withDb((db) => {
    const insert = db.prepare("insert into library_saves (id, user_id, study_id, created_at) values (?, ?, ?, ?)");
    times(count).forEach((time, index) => insert.run(ids[index], userId, studyIds[index], time));
  });
  return ids.reverse();
}

/** Follows the Link rel="next" headers from `path` to the last page; every page's ids, in order. */
async function walk(path: string, token: string) {
  const pages: string[][] = [];
  let next: string | null = path;
  while (next) {
    const answer: Awaited<ReturnType<typeof api>> = await api(server.url, next, { token });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.ok(Array.isArray(answer.body), "the body is the list itself");
    pages.push(answer.body.map((item: { id: string }) => item.id));
    const cursor = answer.headers.get("x-next-cursor");
    const link = answer.headers.get("link");
    if (cursor === null) {
      assert.equal(link, null, "no Link on the last page");
      next = null;
    } else {
      const match = /^<([^>]+)>; rel="next"$/.exec(link ?? "");
      assert.ok(match, `Link: ${link}`);
      const url = new URL(match[1]!, server.url);
      assert.equal(url.searchParams.get("cursor"), cursor);
      next = url.pathname + url.search;
    }
    assert.ok(pages.length <= 100, "the walk ends");
  }
  return pages;
}

describe("walking every list a page at a time", () => {
  const lists = [
    { path: "/api/sermons", fill: insertSermons },
    { path: "/api/studies", fill: insertStudies },
    { path: "/api/library", fill: insertSaves },
  ];
  for (const { path, fill } of lists) {
    test(`${path}?limit=2 over 5 items: each exactly once, newest first, only the user's own`, async () => {
      const owner = await seedAccount(server.url);
      const other = await seedAccount(server.url);
      const expected = fill(owner.id, 5);
      const theirs = fill(other.id, 3);

      const pages = await walk(`${path}?limit=2`, owner.token);
      assert.deepEqual(
        pages.map((page) => page.length),
        [2, 2, 1],
      );
      assert.deepEqual(pages.flat(), expected);
      assert.ok(!pages.flat().some((id) => theirs.includes(id)));

      // Another user's cursor only says where to start: the answer is still the caller's own items.
      const theirFirst = await api(server.url, `${path}?limit=1`, { token: other.token });
      const mixed = await api(server.url, `${path}?limit=100&cursor=${theirFirst.headers.get("x-next-cursor")}`, {
        token: owner.token,
      });
      assert.equal(mixed.status, 200);
      assert.ok(mixed.body.every((item: { id: string }) => expected.includes(item.id)));

      const whole = await api(server.url, path, { token: owner.token });
      assert.deepEqual(
        whole.body.map((item: { id: string }) => item.id),
        expected,
      );
      assert.equal(whole.headers.get("x-next-cursor"), null);
    });
  }

  test("/api/admin/users?limit=2 walks every account once, newest first", async () => {
    const created = insertUsers(5);
    const expected = server.withDb((db) =>
      (db.prepare("select id from users order by created_at desc, rowid desc").all() as Array<{ id: string }>).map(
        (row) => row.id,
      ),
    );
    assert.ok(created.every((id) => expected.includes(id)));
    const pages = await walk("/api/admin/users?limit=2", admin.token);
    assert.ok(pages.slice(0, -1).every((page) => page.length === 2));
    assert.deepEqual(pages.flat(), expected);
    const user = await seedAccount(server.url);
    assert.equal((await api(server.url, "/api/admin/users?limit=2", { token: user.token })).status, 403);
  });

  test("the Admin Console lists the newest 25 users, then more with each Show more, until all are shown", async () => {
    insertUsers(60);
    const emails = server.withDb((db) =>
      (
        db.prepare("select email from users order by created_at desc, rowid desc").all() as Array<{ email: string }>
      ).map((row) => row.email),
    );
    const adminPage = async (search: string) => {
      const response = await fetch(`${server.url}/admin${search}`, {
        headers: { cookie: `sb_session=${admin.token}` },
      });
      assert.equal(response.status, 200);
      return response.text();
    };
    // An email is set in spans that may wrap after its "@" and dots (<wbr>), never inside a word.
    const rowsIn = (html: string) => {
      const text = html.replace(/<\/?span>|<wbr\/>/g, "");
      return emails.filter((email) => text.includes(`>${email}<`));
    };
    const first = await adminPage("");
    assert.deepEqual(rowsIn(first), emails.slice(0, 25));
    assert.match(first, /href="\/admin\?users=50"[^>]*>Show more</);
    const shown = Math.ceil(emails.length / 25) * 25;
    const all = await adminPage(`?users=${shown}`);
    assert.deepEqual(rowsIn(all), emails);
    assert.ok(!all.includes("Show more"));
  });

  test("/api/plans is the whole catalogue: it is fixed by the code, smaller than one page", async () => {
    const { token } = await seedAccount(server.url);
    const plans = await api(server.url, "/api/plans", { token });
    assert.equal(plans.status, 200);
    assert.ok(plans.body.length > 0 && plans.body.length <= 50);
    assert.equal(plans.headers.get("x-next-cursor"), null);
  });

  function insertUsers(count: number): string[] {
    const ids = times(count).map(() => randomUUID());
    server.withDb((db) => {
      const insert = db.prepare("insert into users (id, email, password_hash, created_at) values (?, ?, 'x', ?)");
      times(count, Date.now()).forEach((time, index) =>
        insert.run(ids[index], `paged-${ids[index]}@example.com`, time),
      );
    });
    return ids;
  }
});

describe("page sizes", () => {
  test("50 by default, at most 100", async () => {
    const { id, token } = await seedAccount(server.url);
    const expected = insertSermons(id, 105);
    const first = await api(server.url, "/api/sermons", { token });
    assert.equal(first.body.length, 50);
    assert.match(first.headers.get("link") ?? "", /^<\/api\/sermons\?limit=50&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    const big = await api(server.url, "/api/sermons?limit=100", { token });
    assert.equal(big.body.length, 100);
    const rest = await api(server.url, `/api/sermons?limit=100&cursor=${big.headers.get("x-next-cursor")}`, { token });
    assert.deepEqual(
      [...big.body, ...rest.body].map((item: { id: string }) => item.id),
      expected,
    );
    assert.equal(rest.headers.get("x-next-cursor"), null);
  });

  test("a bad limit or cursor is a 400 with { error }, on every list", async () => {
    const { token } = await seedAccount(server.url);
    const garbage = [
      "garbage",
      "not*base64",
      Buffer.from("[1]").toString("base64url"),
      Buffer.from('{"createdAt":1}').toString("base64url"),
    ];
    for (const path of ["/api/sermons", "/api/studies", "/api/library", "/api/admin/users"]) {
      const auth = path === "/api/admin/users" ? admin.token : token;
      for (const query of [
        "limit=0",
        "limit=-1",
        "limit=1000",
        "limit=101",
        "limit=abc",
        "limit=",
        ...garbage.map((cursor) => `cursor=${cursor}`),
      ]) {
        const answer = await api(server.url, `${path}?${query}`, { token: auth });
        assert.equal(answer.status, 400, `${path}?${query}`);
        assert.equal(typeof answer.body.error, "string", `${path}?${query}`);
        assert.deepEqual(Object.keys(answer.body), ["error"]);
      }
    }
    assert.match(
      (await api(server.url, "/api/sermons?limit=0", { token })).body.error,
      /limit must be a whole number from 1 to 100/,
    );
    assert.match((await api(server.url, "/api/sermons?cursor=garbage", { token })).body.error, /cursor is not valid/);
    assert.equal((await api(server.url, "/api/sermons?limit=abc")).status, 401, "signed out is 401 first");
  });
});

describe("excerpts in the list, the whole transcript by id", () => {
  test("a long transcript is listed as its first words; GET /api/sermons/{id} has all of it", async () => {
    const { id, token } = await seedAccount(server.url);
    const long = "Blessed are the poor in spirit, for theirs is the kingdom of heaven. ".repeat(300);
    const [longId, shortId] = insertSermons(id, 2, (index) => (index === 1 ? long : "A short quote."));
    const list = await api(server.url, "/api/sermons", { token });
    const [listedLong, listedShort] = list.body;
    assert.equal(listedLong.id, longId);
    assert.equal(listedLong.transcriptTruncated, true);
    assert.equal(listedLong.transcriptLength, long.length);
    assert.ok(
      listedLong.transcript.length > 400 && listedLong.transcript.length <= 500,
      String(listedLong.transcript.length),
    );
    assert.ok(long.startsWith(listedLong.transcript));
    assert.match(long[listedLong.transcript.length]!, /\s/, "cut at a word boundary");
    for (const key of LIBRARY_ITEM_FIELDS) assert.ok(key in listedLong, key);
    assert.deepEqual(
      [listedShort.id, listedShort.transcript, listedShort.transcriptTruncated, listedShort.transcriptLength],
      [shortId, "A short quote.", false, 14],
    );

    const whole = await api(server.url, `/api/sermons/${longId}`, { token });
    assert.equal(whole.body.transcript, long);
  });
});

describe("the transcript cap", () => {
  test("processing a 300,000-character article keeps its first 200,000 characters; the answer is unchanged", async () => {
    const { id, token } = await seedAccount(server.url);
    const article = generatedArticle(60_000).paragraphs.join("\n\n");
    assert.ok(article.length > 300_000, String(article.length));
    const answer = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token,
      body: { url: `${site.url}/articles/generated?words=60000` },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.success, true);
    assert.deepEqual(Object.keys(answer.body.content).sort(), ["id", "learningBites", "summary", "title"]);
    const stored = server.withDb(
      (db) =>
        db.prepare("select user_id, transcript from sermons where id = ?").get(answer.body.content.id) as {
          user_id: string;
          transcript: string;
        },
    );
    assert.equal(stored.user_id, id);
    assert.equal(stored.transcript.length, 200_000);
    assert.equal(stored.transcript, article.slice(0, 200_000));
  });

  test("a quote typed in over the limit is a 400 with a clear message", async () => {
    const { token } = await seedAccount(server.url);
    const answer = await api(server.url, "/api/sermons", {
      method: "POST",
      token,
      body: { contentType: "quote", text: "x".repeat(200_001) },
    });
    assert.equal(answer.status, 400);
    assert.match(answer.body.error, /Text is too long/);
  });
});

describe(`MAX_ITEMS_PER_USER (${QUOTA} here)`, () => {
  const fullLibrary = `You have reached the limit of ${QUOTA} items in your library. Delete some to add more.`;

  test("one item past the limit is a 409, by hand, from a URL and on the library page; deleting one makes room", async () => {
    const { token } = await seedAccount(server.url);
    const ids: string[] = [];
    for (let index = 0; index < QUOTA; index++) {
      const added = await api(server.url, "/api/sermons", {
        method: "POST",
        token,
        body: { contentType: "quote", text: `Quote ${index}` },
      });
      assert.equal(added.status, 201);
      ids.push(added.body.id);
    }
    const over = await api(server.url, "/api/sermons", {
      method: "POST",
      token,
      body: { contentType: "quote", text: "One too many" },
    });
    assert.equal(over.status, 409);
    assert.deepEqual(over.body, { error: fullLibrary });

    const fromUrl = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      token,
      body: { url: `${site.url}/articles/sabbath` },
    });
    assert.equal(fromUrl.status, 409);
    assert.deepEqual(fromUrl.body, { success: false, error: fullLibrary });
    assert.ok(!site.requests.includes("/articles/sabbath"), "nothing is fetched for a full library");

    const form = new URLSearchParams({ intent: "add", contentType: "quote", text: "From the page" });
    const onPage = await fetch(`${server.url}/library`, {
      method: "POST",
      headers: { cookie: `sb_session=${token}` },
      body: form,
    });
    assert.equal(onPage.status, 409);
    assert.ok((await onPage.text()).includes(fullLibrary), "the page has the message to show");

    assert.equal((await api(server.url, `/api/sermons/${ids[0]}`, { method: "DELETE", token })).status, 200);
    assert.equal(
      (
        await api(server.url, "/api/sermons", {
          method: "POST",
          token,
          body: { contentType: "quote", text: "Room again" },
        })
      ).status,
      201,
    );
  });

  test("one study past the limit is a 409", async () => {
    const { id, token } = await seedAccount(server.url);
    insertStudies(id, QUOTA);
    const answer = await api(server.url, "/api/studies/topic", { method: "POST", token, body: { topic: "Hope" } });
    assert.equal(answer.status, 409);
    assert.deepEqual(answer.body, { error: `You have reached the limit of ${QUOTA} lesson plans for one account.` });
    const streamed = await api(server.url, "/api/studies/generate", {
      method: "POST",
      token,
      body: { studyType: "topic", topic: "Hope" },
    });
    assert.equal(streamed.status, 409);
    const count = server.withDb(
      (db) => (db.prepare("select count(*) as n from studies where user_id = ?").get(id) as { n: number }).n,
    );
    assert.equal(count, QUOTA);
  });
});

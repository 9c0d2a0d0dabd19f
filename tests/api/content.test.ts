import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { sabbathArticle } from "../fixtures/articles";
import { sermonCaptions } from "../fixtures/captions";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { startFakeYouTube, type FakeYouTube } from "../support/fake-youtube";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

/** POST /api/sermons/process-url on a server allowed to fetch local addresses (a church LAN). */
let server: TestServer;
let site: FakeSite;
let youtube: FakeYouTube;
let token: string;
let userId: string;

before(async () => {
  site = await startFakeSite();
  youtube = await startFakeYouTube();
  youtube.videos.set("prodigal001", {
    title: "The Prodigal Son | Sunday Sermon",
    channel: "Grace Church",
    captions: sermonCaptions,
  });
  youtube.videos.set("nocaptions1", { title: "Worship Night", channel: "Grace Church" });
  server = await startTestServer({
    ALLOW_PRIVATE_URLS: "true",
    CONTENT_FETCH_TIMEOUT_MS: "1500",
    YOUTUBE_BASE_URL: youtube.baseUrl,
  });
  const account = await seedAccount(server.url);
  token = account.token;
  userId = account.id;
});
after(async () => {
  await server.close();
  await site.close();
  await youtube.close();
});

function process(body: unknown, auth = token) {
  return api(server.url, "/api/sermons/process-url", { method: "POST", token: auth, body });
}

function sermonCount() {
  const db = new Database(server.databasePath, { readonly: true });
  const { count } = db.prepare("select count(*) as count from sermons where user_id = ?").get(userId) as {
    count: number;
  };
  db.close();
  return count;
}

function sermonRow(id: string) {
  const db = new Database(server.databasePath, { readonly: true });
  const row = db.prepare("select * from sermons where id = ?").get(id) as Record<string, unknown>;
  db.close();
  return row;
}

describe("processing an article", () => {
  test("answers success with the content and saves the whole row", async () => {
    const url = `${site.url}/articles/sabbath`;
    const answer = await process({ url });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.success, true);
    const { content } = answer.body;
    assert.equal(typeof content.id, "string");
    assert.equal(content.title, sabbathArticle.title);
    assert.ok(content.summary.length > 50);
    assert.ok(content.learningBites.length >= 3 && content.learningBites.length <= 7);

    const row = sermonRow(content.id);
    assert.equal(row.user_id, userId);
    assert.equal(row.content_type, "blog");
    assert.equal(row.url, url);
    assert.equal(row.source, url);
    assert.equal(row.source_title, sabbathArticle.site);
    assert.equal(row.author_name, sabbathArticle.author);
    assert.equal(row.transcript, sabbathArticle.paragraphs.join("\n\n"));
    assert.equal(row.ai_summary, content.summary);
    assert.deepEqual(JSON.parse(String(row.ai_learning_bites)), content.learningBites);
    assert.equal(row.ai_provider, "builtin");
    assert.equal(row.ai_model, "builtin");
    assert.ok(row.author_id, "an author row is linked");
  });

  test("a given title wins; 'Untitled Content' or blank means the page's own title", async () => {
    const given = await process({ url: `${site.url}/articles/sabbath`, title: "  My notes on rest  " });
    assert.equal(given.body.content.title, "My notes on rest");
    for (const title of ["Untitled Content", "", null]) {
      const answer = await process({ url: `${site.url}/articles/sabbath`, title });
      assert.equal(answer.body.content.title, sabbathArticle.title, JSON.stringify(title));
    }
  });

  test("a page without a title of its own is Untitled Content", async () => {
    const untitled = await process({ url: `${site.url}/articles/untitled` });
    assert.equal(untitled.body.content.title, "Untitled Content");
    const text = await process({ url: `${site.url}/notes.txt`, title: "Untitled Content" });
    assert.equal(text.status, 200);
    assert.equal(text.body.content.title, "Untitled Content");
  });

  test("redirects are followed and the final address is the source", async () => {
    const answer = await process({ url: `${site.url}/redirect?to=/articles/prayer` });
    assert.equal(answer.status, 200);
    const row = sermonRow(answer.body.content.id);
    assert.equal(row.url, `${site.url}/redirect?to=/articles/prayer`);
    assert.equal(row.source, `${site.url}/articles/prayer`);
  });

  test("the same author is reused for the same user", async () => {
    const first = sermonRow((await process({ url: `${site.url}/articles/sabbath` })).body.content.id);
    const second = sermonRow((await process({ url: `${site.url}/articles/gzip` })).body.content.id);
    assert.equal(first.author_id, second.author_id);
  });
});

describe("processing a YouTube video (YouTube's HTTP calls go to a local stand-in)", () => {
  test("captions become the transcript, and the content is Audio", async () => {
    const answer = await process({ url: "https://www.youtube.com/watch?v=prodigal001", contentType: "audio" });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.content.title, "The Prodigal Son | Sunday Sermon");
    const row = sermonRow(answer.body.content.id);
    assert.equal(row.content_type, "audio");
    assert.equal(row.author_name, "Grace Church");
    assert.equal(row.source, "https://www.youtube.com/watch?v=prodigal001");
    assert.match(String(row.transcript), /parable of the prodigal son/);
  });

  test("youtu.be links are audio even when the client says blog", async () => {
    const answer = await process({ url: "https://youtu.be/prodigal001", contentType: "blog", title: "Prodigal" });
    assert.equal(answer.status, 200);
    assert.equal(sermonRow(answer.body.content.id).content_type, "audio");
  });

  test("a video without captions is a clear error and saves nothing", async () => {
    const before = sermonCount();
    const answer = await process({ url: "https://www.youtube.com/watch?v=nocaptions1" });
    assert.equal(answer.status, 422);
    assert.equal(answer.body.success, false);
    assert.match(answer.body.error, /no captions/);
    assert.equal(sermonCount(), before);
  });
});

describe("failures: success false, a clear error, a 4xx, nothing saved", () => {
  const cases: Array<[string, unknown, number, RegExp]> = [
    ["blank URL", { url: "   " }, 400, /^Please enter a URL to process$/],
    ["missing URL", {}, 400, /Please enter a URL to process/],
    ["not a URL", { url: "sermon notes" }, 400, /valid web address/],
    ["another scheme", { url: "ftp://example.com/sermon.mp3" }, 400, /http:\/\/ or https:\/\//],
    [
      "a bad content type",
      { url: "https://example.com/", contentType: "video" },
      400,
      /contentType must be audio or blog/,
    ],
    ["a missing page", { url: "SITE/no-such-article" }, 404, /not found \(HTTP 404\)/],
    ["a server error", { url: "SITE/server-error" }, 422, /HTTP 500/],
    ["a PDF", { url: "SITE/files/sermon.pdf" }, 422, /PDF file, not an article/],
    ["JSON", { url: "SITE/data.json" }, 422, /not an article/],
    ["a page with no article", { url: "SITE/landing" }, 422, /too little text/],
    ["a huge page", { url: "SITE/huge" }, 413, /too large/],
    ["a slow page", { url: "SITE/slow" }, 408, /took too long/],
    ["too many redirects", { url: "SITE/chain?n=6" }, 422, /redirects too many times/],
    ["a redirect to another scheme", { url: "SITE/redirect?to=file:///etc/passwd" }, 400, /http:\/\/ or https:\/\//],
  ];
  for (const [name, body, status, message] of cases) {
    test(name, async () => {
      const before = sermonCount();
      const payload = JSON.parse(JSON.stringify(body).replace("SITE", site.url));
      const answer = await process(payload);
      assert.equal(answer.status, status, JSON.stringify(answer.body));
      assert.equal(answer.body.success, false);
      assert.match(answer.body.error, message);
      assert.doesNotMatch(JSON.stringify(answer.body), /\\n\s+at |node:internal|\.ts:\d+/, "no stack trace");
      assert.equal(sermonCount(), before);
    });
  }

  test("malformed JSON is a 400", async () => {
    const answer = await api(server.url, "/api/sermons/process-url", { method: "POST", token, rawBody: "{nope" });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.success, false);
  });

  test("without a session: 401", async () => {
    const answer = await api(server.url, "/api/sermons/process-url", {
      method: "POST",
      body: { url: `${site.url}/articles/sabbath` },
    });
    assert.equal(answer.status, 401);
    assert.equal(answer.body.success, false);
  });

  test("GET is not allowed", async () => {
    assert.equal((await api(server.url, "/api/sermons/process-url", { token })).status, 405);
  });
});

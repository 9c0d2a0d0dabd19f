import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startMeProbe } from "../support/hostile";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;

before(async () => {
  server = await startTestServer();
  ({ token } = await seedAccount(server.url));
});
after(() => server.close());

type Chapter = {
  translation: string;
  book: string;
  bookName: string;
  chapter: number;
  verses: Array<{ verse: number; text: string }>;
};

const chapter = (path: string, auth: string | undefined = token) =>
  api(server.url, `/api/bible/${path}`, { token: auth });

describe("GET /api/bible/{translation}/{book}/{chapter}", () => {
  test("gives a chapter by USFM id, by name and by abbreviation, in each shipped translation", async () => {
    const byId = await chapter("kjv/JHN/3");
    assert.equal(byId.status, 200);
    const body = byId.body as Chapter;
    assert.equal(body.translation, "kjv");
    assert.equal(body.book, "JHN");
    assert.equal(body.chapter, 3);
    assert.equal(body.verses.length, 36);
    assert.deepEqual(body.verses[15], {
      verse: 16,
      text: "For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.",
    });
    for (const [path, first] of [
      ["bsb/John/3", "Now there was a man of the Pharisees named Nicodemus"],
      ["WEB/jn/3", "Now there was a man of the Pharisees named Nicodemus"],
      ["bsb/1%20Corinthians/13", "If I speak in the tongues of men and of angels"],
      ["bsb/ps/23", "The LORD is my shepherd"],
    ] as const) {
      const answer = await chapter(path);
      assert.equal(answer.status, 200, path);
      assert.match((answer.body as Chapter).verses[0]!.text, new RegExp(first), path);
    }
  });

  test("a verse a translation leaves out is not a blank verse", async () => {
    // Acts 8:37 is in the KJV and not in the BSB's or WEB's main text.
    const kjv = (await chapter("kjv/ACT/8")).body as Chapter;
    const bsb = (await chapter("bsb/ACT/8")).body as Chapter;
    assert.ok(kjv.verses.some((verse) => verse.verse === 37));
    assert.ok(bsb.verses.every((verse) => verse.text.trim().length > 0));
  });

  test("a book or chapter that does not exist is a 404 that says why; a malformed one a 400", async () => {
    const missingChapter = await chapter("bsb/John/99");
    assert.equal(missingChapter.status, 404);
    assert.deepEqual(missingChapter.body, { error: "John 99 does not exist: John has 21 chapters." });
    const missingBook = await chapter("bsb/Hezekiah/1");
    assert.equal(missingBook.status, 404);
    assert.match((missingBook.body as { error: string }).error, /no book called "Hezekiah"/);
    for (const path of ["niv/JHN/3", "bsb/JHN/three", "bsb/JHN/0", "bsb/JHN/3.5", `bsb/${"a".repeat(300)}/1`]) {
      const answer = await chapter(path);
      assert.equal(answer.status, 400, path);
      assert.equal(typeof (answer.body as { error: unknown }).error, "string", path);
    }
  });

  test("needs a signed-in caller", async () => {
    const answer = await chapter("bsb/JHN/3", "");
    assert.equal(answer.status, 401);
  });
});

describe("GET /api/verse-of-the-day", () => {
  test("gives the day's verse in the caller's zone, in the translation they last read the Bible in", async () => {
    const reader = await seedAccount(server.url);
    const first = await api(server.url, "/api/verse-of-the-day", {
      token: reader.token,
      headers: { "x-time-zone": "Pacific/Kiritimati" },
    });
    assert.equal(first.status, 200);
    const verse = first.body as { date: string; reference: string; text: string; translation: string };
    assert.match(verse.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(verse.date, new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" }).format(new Date()));
    assert.equal(verse.translation, "BSB");
    assert.ok(verse.text.length > 10 && verse.reference.length > 3);

    // Reading the KJV in the reader (the page keeps the place) turns the verse into the KJV.
    const kept = await fetch(`${server.url}/resources/bible-place`, {
      method: "POST",
      headers: {
        cookie: `sb_session=${reader.token}`,
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
      },
      body: "book=JHN&chapter=3&translation=KJV",
      redirect: "manual",
    });
    assert.ok(kept.status < 400, `keeping the place -> ${kept.status}`);
    const again = await api(server.url, "/api/verse-of-the-day", {
      token: reader.token,
      headers: { "x-time-zone": "Pacific/Kiritimati" },
    });
    const kjv = again.body as { reference: string; translation: string };
    assert.equal(kjv.translation, "KJV");
    assert.equal(kjv.reference, verse.reference);
  });
});

describe("GET /api/strongs/{id}", () => {
  test("gives the Greek or Hebrew word, its definition, how the KJV renders it and where", async () => {
    const answer = await api(server.url, "/api/strongs/G26", { token });
    assert.equal(answer.status, 200);
    const entry = answer.body as {
      id: string;
      lemma: string;
      transliteration: string;
      definition: string;
      kjvUsage: string[];
      verses: string[];
      verseCount: number;
    };
    assert.equal(entry.id, "G26");
    assert.equal(entry.lemma, "ἀγάπη");
    assert.equal(entry.transliteration, "agápē");
    assert.match(entry.definition, /^from G25; love, i\.e\. affection or benevolence/);
    assert.deepEqual(entry.kjvUsage, ["(feast of) charity(-ably)", "dear", "love"]);
    assert.ok(entry.verses.includes("John 15:13"));
    assert.ok(entry.verses.includes("1 Corinthians 13:4"));
    assert.equal(entry.verses.length, entry.verseCount);

    // A Hebrew entry's renderings follow ": -" rather than ":--"; lower case is accepted.
    const hebrew = (await api(server.url, "/api/strongs/h157", { token })).body as {
      id: string;
      definition: string;
      verses: string[];
    };
    assert.equal(hebrew.id, "H157");
    assert.doesNotMatch(hebrew.definition, /: -/);
    assert.ok(hebrew.verses.includes("Genesis 22:2"));
    // G26 never matches G260 or G2600.
    const other = (await api(server.url, "/api/strongs/G260", { token })).body as { verses: string[] };
    assert.ok(!other.verses.includes("John 15:13"));
  });

  test("a malformed number is a 400, one the dictionary does not have a 404", async () => {
    for (const id of ["X26", "G", "G0", "26", "G123456", "G26;drop"]) {
      const answer = await api(server.url, `/api/strongs/${encodeURIComponent(id)}`, { token });
      assert.equal(answer.status, 400, id);
      assert.equal(
        (answer.body as { error: string }).error,
        "A Strong's number is G or H and a number, like G26 or H157.",
      );
    }
    const missing = await api(server.url, "/api/strongs/G99999", { token });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { error: "Strong's dictionary has no G99999." });
  });
});

describe("GET /api/search", () => {
  type Results = { results: Array<{ kind: string; reference?: string; id?: string; title?: string; snippet: string }> };

  test("words find verses, best first and paged, and the caller's own lessons, never another's", async () => {
    const reader = await seedAccount(server.url);
    const stranger = await seedAccount(server.url);
    const lesson = await api(server.url, "/api/studies/passage", {
      method: "POST",
      token: reader.token,
      body: { reference: "Lamentations 3:22-24" },
    });
    assert.equal(lesson.status, 201);

    const first = await api(server.url, "/api/search?q=steadfast%20love&limit=5", { token: reader.token });
    assert.equal(first.status, 200);
    const body = first.body as Results;
    const verses = body.results.filter((result) => result.kind === "verse");
    assert.equal(verses.length, 5);
    assert.ok(verses.every((verse) => /steadfast/i.test(verse.snippet) || /love/i.test(verse.snippet)));
    const lessons = body.results.filter((result) => result.kind === "lesson");
    assert.deepEqual(
      lessons.map((result) => result.id),
      [lesson.body.id],
    );
    const cursor = first.headers.get("x-next-cursor");
    assert.ok(cursor);
    assert.match(first.headers.get("link") ?? "", /rel="next"/);

    const second = await api(server.url, `/api/search?q=steadfast%20love&limit=5&cursor=${cursor}`, {
      token: reader.token,
    });
    const again = (second.body as Results).results;
    assert.equal(again.length, 5);
    assert.ok(again.every((result) => result.kind === "verse"));
    assert.equal(new Set([...verses, ...again].map((verse) => verse.reference)).size, 10, "no verse twice");

    const theirs = (await api(server.url, "/api/search?q=steadfast%20love&scope=mine", { token: stranger.token }))
      .body as Results;
    assert.deepEqual(theirs.results, []);
  });

  test("a reference is one result that opens it; the KJV is searched when asked", async () => {
    const reference = (await api(server.url, "/api/search?q=jn3:16", { token })).body as Results;
    assert.deepEqual(reference.results, [
      { kind: "verse", reference: "John 3:16", snippet: "Open John 3:16 in the reader" },
    ]);
    const kjv = (await api(server.url, "/api/search?q=charity%20suffereth&translation=kjv&scope=bible", { token }))
      .body as Results;
    assert.equal(kjv.results[0]?.reference, "1 Corinthians 13:4");
  });

  test("bad input is a 400 that says why", async () => {
    for (const [query, message] of [
      ["", "q is required"],
      [`?q=${"a".repeat(201)}`, "q is at most 200 characters"],
      ["?q=love&scope=everyone", "scope must be bible, mine or all"],
      ["?q=love&translation=niv", "translation must be bsb, kjv or web"],
      ["?q=love&limit=0", "limit must be a whole number from 1 to 50"],
      ["?q=love&cursor=bm90LWEtY3Vyc29y", "cursor is not valid: use the X-Next-Cursor of the page before"],
    ] as const) {
      const answer = await api(server.url, `/api/search${query}`, { token });
      assert.equal(answer.status, 400, query);
      assert.match((answer.body as { error: string }).error, new RegExp(message.replace(/[()]/g, "\\$&")), query);
    }
  });
});

describe("the reader's pages under hostile addresses", () => {
  test("8,000 characters of punctuation in every parameter of /bible, the chapter, the word study, /search and /notes: a page or a 4xx, never a 5xx, while another user is served", async () => {
    const { token: bystander } = await seedAccount(server.url);
    const probe = startMeProbe(server, bystander);
    const statuses = new Map<string, number>();
    const units = ["(", "[", "1:", "jn ", "\\", "%", "a-", "::", "ψ", "\u0000"];
    for (const unit of units) {
      const value = encodeURIComponent(unit.repeat(Math.ceil(8_000 / unit.length)).slice(0, 8_000));
      for (const path of [
        `/bible?q=${value}`,
        `/bible?q=${value}&t=${value}`,
        `/bible/JHN/3?v=${value}&t=${value}&p=${value}&words=${value}&side=${value}`,
        `/bible/${value}/3`,
        `/bible/JHN/${value}`,
        `/bible/strongs/${value}?back=${value}`,
        `/search?q=${value}&scope=${value}&t=${value}&cursor=${value}`,
        `/notes?by=${value}&kind=${value}&count=${value}`,
      ]) {
        const response = await fetch(server.url + path, {
          headers: { cookie: `sb_session=${token}` },
          redirect: "manual",
        });
        const body = await response.text();
        statuses.set(`${path.split("?")[0]!.slice(0, 40)} ${JSON.stringify(unit)}`, response.status);
        assert.ok(response.status < 500, `${path.slice(0, 80)}: ${response.status}`);
        assert.doesNotMatch(body, /\n {4}at [^\n]{0,300}:\d+:\d+/, "no stack trace");
      }
    }
    const me = await probe.stop();
    assert.ok(me.n > me.timeouts, "another user's GET /api/me was answered meanwhile");
    assert.ok(statuses.size >= units.length * 6);
  });
});

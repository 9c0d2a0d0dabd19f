import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
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

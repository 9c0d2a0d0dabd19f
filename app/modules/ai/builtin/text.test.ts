import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { segmentPassage } from "./outline";
import { fill } from "./voice";
import { stem } from "./stem";
import { capitalize, createPicker, joinList, keyPhrase, titleCase, verseKind, verseNumbers } from "./text";

describe("text helpers of the built-in writer", () => {
  test("the picker is stable for a seed and varies across seeds", () => {
    const options = ["a", "b", "c", "d", "e", "f", "g"];
    assert.equal(createPicker("faith")("slot", options), createPicker("faith")("slot", options));
    const picks = new Set(
      ["faith", "hope", "love", "grace", "peace", "joy"].map((seed) => createPicker(seed)("slot", options)),
    );
    assert.ok(picks.size > 1);
  });

  test("stems group a word's forms", () => {
    assert.equal(stem("loved"), stem("loves"));
    assert.equal(stem("called"), stem("calling"));
    assert.equal(stem("works"), stem("working"));
    assert.equal(stem("believers"), stem("believing"));
    assert.equal(stem("Mercies"), stem("mercy"));
    assert.notEqual(stem("sin"), stem("sing"));
    assert.notEqual(stem("hope"), stem("hopeless"));
  });

  test("reads what a verse does", () => {
    assert.equal(
      verseKind("Trust in the LORD with all your heart, and lean not on your own understanding;"),
      "command",
    );
    assert.equal(verseKind("Do not be anxious about anything,"), "command");
    assert.equal(
      verseKind("What then shall we say in response to these things? If God is for us, who can be against us?"),
      "question",
    );
    assert.equal(verseKind("and He will make your paths straight."), "promise");
    assert.equal(verseKind("Praise the LORD, all you nations!"), "praise");
    assert.equal(verseKind("And Jesus said to them, “Follow Me.” So they went."), "narrative");
    assert.notEqual(
      verseKind("“Which ones?” the man asked. Jesus answered, “Do not murder.”"),
      "question",
      "a two-word question is an aside",
    );
  });

  test("quotes a short phrase, preferring the word that matters", () => {
    const verse =
      "And we know that God works all things together for the good of those who love Him, who are called according to His purpose.";
    assert.equal(
      keyPhrase(verse, { maxWords: 14 }),
      "God works all things together for the good of those who love Him",
    );
    assert.match(keyPhrase(verse, { word: "love", maxWords: 8 }), /love Him$/);
    assert.equal(
      keyPhrase("And Jesus told the woman, “Your faith has saved you; go in peace.”", { word: "faith" }),
      "Your faith has saved you",
    );
    assert.equal(
      keyPhrase("And those He predestined, He also called; those He called, He also justified;", { word: "justified" }),
      "those He called, He also justified",
    );
    const commandments =
      "The commandments “Do not commit adultery,” “Do not murder,” and any other commandments, are summed up in this one decree: “Love your neighbor as yourself.”";
    assert.equal(keyPhrase(commandments, { prefer: "command" }), "Love your neighbor as yourself");
  });

  test("writes lists and names as prose", () => {
    assert.equal(joinList(["faith", "hope", "love"]), "faith, hope and love");
    assert.equal(verseNumbers([30, 28, 28]), "verses 28 and 30");
    assert.equal(verseNumbers([5]), "verse 5");
    assert.equal(titleCase("faith and works"), "Faith and Works");
    assert.equal(capitalize("“those He called”"), "“Those He called”");
  });
});

describe("passage outline", () => {
  const verse = (chapter: number, number: number, text: string) => ({
    id: 45_000_000 + chapter * 1000 + number,
    chapter,
    verse: number,
    text,
  });

  test("cuts at chapter breaks and keeps movements of two verses or more", () => {
    const verses = [
      verse(1, 1, "The shepherd leads the sheep to water."),
      verse(1, 2, "The sheep follow the shepherd to green pasture."),
      verse(1, 3, "The shepherd guards the sheep at night."),
      verse(1, 4, "Therefore build the temple of stone and cedar."),
      verse(1, 5, "The temple stands with cedar beams and stone walls."),
      verse(1, 6, "Priests serve in the temple of cedar."),
      verse(2, 1, "A new song of praise rises to the king."),
      verse(2, 2, "Sing praise to the king with a new song."),
    ];
    const groups = segmentPassage(verses).map((group) => group.map((entry) => `${entry.chapter}:${entry.verse}`));
    assert.deepEqual(groups, [
      ["1:1", "1:2", "1:3"],
      ["1:4", "1:5", "1:6"],
      ["2:1", "2:2"],
    ]);
  });

  test("a short passage is one verse per point", () => {
    assert.equal(segmentPassage([verse(1, 1, "a b c"), verse(1, 2, "d e f")]).length, 2);
  });
});

test("fill closes an aside with a comma when the sentence goes on after it", () => {
  const line = "{reference} tells {addressee} what to do.";
  assert.equal(
    fill(line, { reference: "(Joshua 1:9)", addressee: "Joshua, as he leads Israel into Canaan" }),
    "(Joshua 1:9) tells Joshua, as he leads Israel into Canaan, what to do.",
  );
  assert.equal(
    fill(line, { reference: "(John 13:34)", addressee: "his disciples" }),
    "(John 13:34) tells his disciples what to do.",
  );
  assert.equal(
    fill("A promise to {addressee}.", { addressee: "Israel, weary in exile" }),
    "A promise to Israel, weary in exile.",
  );
  assert.equal(fill("({addressee}) and", { addressee: "Israel, weary in exile" }), "(Israel, weary in exile) and");
});

test("createPicker's choices in two slots are not tied to each other", () => {
  const pairs = new Set<string>();
  for (let index = 0; index < 200; index += 1) {
    const pick = createPicker(`topic-${index}`);
    pairs.add(`${pick("activity", [0, 1, 2, 3])}-${pick("tip", [0, 1, 2, 3])}`);
  }
  // Independent choices of 4 and 4 over 200 seeds meet all 16 pairs (each missed with chance < 1e-11).
  assert.equal(pairs.size, 16);
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { outlineLines, quotableRuns, readsAsHeading } from "./commentary-text";

describe("the Concise Commentary's chapter outline", () => {
  test("one part a line, closed by its verses", () => {
    assert.deepEqual(outlineLines("Believers are to dedicate themselves to God. (1-2)\nTo be humble. (3-8)"), [
      { text: "Believers are to dedicate themselves to God.", from: 1, to: 2 },
      { text: "To be humble.", from: 3, to: 8 },
    ]);
  });

  test("several parts on one line, each closed by its book, chapter and verses (Isaiah 40, Jeremiah 29)", () => {
    assert.deepEqual(
      outlineLines(
        "The preaching of the gospel, and glad tidings of the coming of Christ. (Is. 40:1-11) The almighty power of God. (Is. 40:12-17) The folly of idolatry. (Is. 40:18-26) Against unbelief. (Is. 40:27-31)",
      ),
      [
        { text: "The preaching of the gospel, and glad tidings of the coming of Christ.", from: 1, to: 11 },
        { text: "The almighty power of God.", from: 12, to: 17 },
        { text: "The folly of idolatry.", from: 18, to: 26 },
        { text: "Against unbelief.", from: 27, to: 31 },
      ],
    );
    // A part after the last marker has no verses given: it stands without them.
    assert.deepEqual(
      outlineLines("Two letters to the captives. (Jr 29:1-19) In the second, judgments are denounced."),
      [{ text: "Two letters to the captives.", from: 1, to: 19 }, { text: "In the second, judgments are denounced." }],
    );
    assert.deepEqual(outlineLines("The church desires further influences of Divine grace. (Song 4:16)"), [
      { text: "The church desires further influences of Divine grace.", from: 16, to: 16 },
    ]);
  });

  test("a line without verses is kept as it is", () => {
    assert.deepEqual(outlineLines("The conflict in the soul of a believer."), [
      { text: "The conflict in the soul of a believer." },
    ]);
  });
});

describe("sentences shaped as headings", () => {
  test("an indirect question ending on a full stop, or a name with its clause, is a heading", () => {
    for (const heading of [
      "What is the degree of this desire.",
      "What is the object of his desire and what it is he thus thirsts after.",
      "What the purport of it is.",
      "What God had done for Job.",
      "How the humble are the true lords of the land.",
      "Who were in conspiracy.",
      "To whom these promises are made—to those that believe in Jesus Christ, to those that consent to, and confide in, Jesus Christ as the only Mediator of reconciliation.",
      "What she inferred hence, and what she alleged this for.",
      "The providence of God, by which there is a constant correspondence kept up between heaven and earth.",
      "The notice which the poor simple man gave to the Jews concerning Christ, John 5:15.",
      "The further instruction and encouragement which Jesus Christ gave her; for he will not quench the smoking flax.",
      "The Lord Jesus’s relation to God; he is Son to the Father, such a Son as no one else is.",
    ])
      assert.ok(readsAsHeading(heading), heading);
  });

  test("prose is not: a relative clause with a clause of its own, exclamations, questions", () => {
    for (const prose of [
      "What God has created is to be received with thanksgiving.",
      "What they did they did cheerfully, and from a good principle.",
      "What God requires of us he himself works in us, or it is not done.",
      "What a mercy it is that if we cannot gather with the saints, we can still speak to their Master.",
      "How feelingly does she cry out, O, my lord! give her the living child, 1 Kgs. 3:26.",
      "Why art thou cast down, O my soul?",
      "Why, this act involved disbelief of God’s word.",
      "Who this person was whom he calls true yoke-fellow is uncertain.",
      "Whom God calls out to any service he will be sure to furnish with necessary assistances.",
      "The people of God are reproved for their unbelief and distrust of God.",
    ])
      assert.ok(!readsAsHeading(prose), prose);
  });

  test("a part is cut at a heading, and the rest never opens on a sentence leaning on it", () => {
    assert.deepEqual(
      quotableRuns([
        "What is the degree of this desire.",
        "It is very importunate; it is his soul that pants.",
        "The soul that thirsts for God shall be satisfied.",
      ]),
      [["The soul that thirsts for God shall be satisfied."]],
    );
    assert.deepEqual(
      quotableRuns([
        "We must wait on God in every trouble.",
        "What is the object of his desire.",
        "He pants after God.",
        "God is the fountain of living waters.",
        "He never fails those who seek him.",
      ]),
      [
        ["We must wait on God in every trouble."],
        ["God is the fountain of living waters.", "He never fails those who seek him."],
      ],
    );
    assert.deepEqual(quotableRuns(["A sentence with nothing to cut."]), [["A sentence with nothing to cut."]]);
  });
});

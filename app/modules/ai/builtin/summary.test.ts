import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { autoCaptions, sermonCaptions } from "../../../../tests/fixtures/captions";
import { longArticleText, prayerArticle, sabbathArticle } from "../../../../tests/fixtures/articles";
import { defaultAiSettings } from "../settings";
import { assertLinear } from "../../../../tests/support/hostile-text";
import { captionsToText } from "~/modules/content/youtube.server";
import { MAX_SUMMARY_INPUT } from "./extractive";
import { contentTerms, isWellFormedSentence, splitSentences, standAlone, words } from "./sentences";
import { summarize } from "./summary.server";

const settings = defaultAiSettings;

describe("splitSentences", () => {
  test("splits on . ! ? and keeps abbreviations, initials and references together", () => {
    assert.deepEqual(
      splitSentences(
        "Dr. Smith preached at St. Paul's. C. S. Lewis wrote about joy (John 15:11). Read Rom. 8 today! Is it true? Yes, it is.",
      ),
      [
        "Dr. Smith preached at St. Paul's.",
        "C. S. Lewis wrote about joy (John 15:11).",
        "Read Rom. 8 today!",
        "Is it true?",
        "Yes, it is.",
      ],
    );
  });

  test("quotes that end a sentence stay with it", () => {
    assert.deepEqual(splitSentences('He said, "Come and see." They went with him.'), [
      'He said, "Come and see."',
      "They went with him.",
    ]);
  });

  test("e.g. and i.e. do not end a sentence", () => {
    assert.equal(splitSentences("Some disciplines, e.g. Fasting and prayer, take practice over many years.").length, 1);
  });

  test("a run of marks ends a sentence once; a word before a period is read back only to its start", () => {
    assert.deepEqual(splitSentences("Wait... Then it came! ?! Really?! Yes."), [
      "Wait...",
      "Then it came! ?!",
      "Really?!",
      "Yes.",
    ]);
    assert.deepEqual(splitSentences("He met J. R. R. Tolkien. Then U.S. Army. Go."), [
      "He met J. R. R. Tolkien.",
      "Then U.S. Army.",
      "Go.",
    ]);
    assert.deepEqual(splitSentences(". A."), [".", "A."]);
  });
});

describe("sentence tools on hostile text (a page of 400,000 dots blocked the server for 8 s)", () => {
  test("splitting, judging and reading terms take linear time", () => {
    assertLinear((text) => splitSentences(text));
    assertLinear((text) => isWellFormedSentence(text));
    assertLinear((text) => standAlone(text));
    assertLinear((text) => contentTerms(text));
    assertLinear((text) => words(text));
  });
});

describe("isWellFormedSentence", () => {
  test("accepts complete sentences", () => {
    assert.ok(isWellFormedSentence("Rest is a gift to receive, not a test to pass."));
    assert.ok(isWellFormedSentence("“Come to me, all who labor,” Jesus said to the crowd."));
  });

  test("refuses fragments, crumbs, menus, links and boilerplate", () => {
    for (const bad of [
      "Home › Articles › Spiritual Disciplines",
      "and then the father ran to meet him.",
      "Rest is a gift to receive, not a test to pass",
      "The father went out to both of them with...",
      "Subscribe to our newsletter for weekly encouragement today.",
      "Read more about this topic at https://example.com/rest today.",
      "Too short.",
      "SHARE THIS POST WITH YOUR FRIENDS AND FAMILY TODAY.",
      "He said (and meant it very much that the father loved him.",
    ]) {
      assert.equal(isWellFormedSentence(bad), false, bad);
    }
  });

  test("standAlone drops a leading connective", () => {
    assert.equal(
      standAlone("But a heart that has rested in God meets those demands differently."),
      "A heart that has rested in God meets those demands differently.",
    );
    assert.equal(standAlone("So be it."), "So be it.");
  });
});

function sourceSentences(text: string) {
  return new Set(text.split(/\n\s*\n/).flatMap((paragraph) => splitSentences(paragraph)));
}

describe("built-in summarize: quality properties", () => {
  const cases = [
    { name: "an 800-word article", title: sabbathArticle.title, text: sabbathArticle.paragraphs.join("\n\n") },
    { name: "a 300-word article", title: prayerArticle.title, text: prayerArticle.paragraphs.join("\n\n") },
    { name: "a 5,000-word article", title: "Rest and Prayer", text: longArticleText(5000) },
    { name: "a sermon's captions", title: "The Prodigal Son", text: captionsToText(sermonCaptions) },
  ];

  for (const { name, title, text } of cases) {
    test(`${name}: 3 to 7 distinct bites, whole sentences from the text, a short summary`, () => {
      const result = summarize({ title, text, settings });
      assert.ok(
        result.learningBites.length >= 3 && result.learningBites.length <= 7,
        `${result.learningBites.length} bites`,
      );
      assert.equal(new Set(result.learningBites).size, result.learningBites.length, "bites are distinct");
      const sentences = sourceSentences(text);
      for (const bite of result.learningBites) {
        assert.ok(isWellFormedSentence(bite), `well formed: ${bite}`);
        assert.ok(
          [...sentences].some((sentence) => sentence === bite || sentence.endsWith(bite.slice(1))),
          `a sentence of the text: ${bite}`,
        );
      }
      const summarySentences = splitSentences(result.summary);
      assert.ok(summarySentences.length >= 2 && summarySentences.length <= 5);
      for (const sentence of summarySentences) {
        assert.ok(sentences.has(sentence), `summary quotes the text: ${sentence}`);
        assert.ok(isWellFormedSentence(sentence));
      }
      assert.ok(result.summary.split(/\s+/).length <= 160, "the summary is short");
      for (const bite of result.learningBites) assert.ok(!result.summary.includes(bite), "bites add to the summary");
    });
  }

  test("the same input gives the same output", () => {
    const text = sabbathArticle.paragraphs.join("\n\n");
    const first = summarize({ title: sabbathArticle.title, text, settings });
    for (let run = 0; run < 3; run += 1)
      assert.deepEqual(summarize({ title: sabbathArticle.title, text, settings }), first);
  });

  test("longer texts get more bites, never more than 7", () => {
    const short = summarize({ title: prayerArticle.title, text: prayerArticle.paragraphs.join("\n\n"), settings });
    const long = summarize({ title: "Rest", text: longArticleText(5000), settings });
    assert.ok(long.learningBites.length >= short.learningBites.length);
    assert.equal(long.learningBites.length, 7);
  });

  test("menu crumbs and share text around an article never become bites", () => {
    const text = [
      "Home › Blog › Rest",
      "Share",
      "Tweet",
      ...sabbathArticle.paragraphs,
      "Subscribe to our newsletter to get weekly encouragement.",
      "© 2024 Quiet Waters. All rights reserved.",
    ].join("\n\n");
    const result = summarize({ title: sabbathArticle.title, text, settings });
    for (const line of [...result.learningBites, result.summary]) {
      assert.ok(!/›|Share|Tweet|Subscribe|©/.test(line), line);
    }
  });

  test("captions without punctuation still give 3 or more readable bites", () => {
    const result = summarize({ title: "Learning to Pray", text: captionsToText(autoCaptions), settings });
    assert.ok(result.learningBites.length >= 3);
    for (const bite of result.learningBites) assert.match(bite, /^[A-Z].*\.$/);
  });

  test("a scripture reference that does not exist is marked, never shown as real", () => {
    const text = [
      "God promises rest to the weary in many places across the whole of Scripture.",
      "Some preachers quote a promise of rest from John 30:1 without checking the chapter.",
      "Jesus invites the weary to come to him and find rest for their souls (Matthew 11:28-30).",
      "A careful reader notices that the rest promised in John 30:1 cannot be found anywhere.",
      "The Sabbath command grounds our weekly rest in the rhythm of creation (Exodus 20:8-11).",
      "Claims about rest built on John 30:1 should be set aside by every careful teacher.",
    ].join(" ");
    const result = summarize({ title: "Rest", text, settings });
    const lines = [result.summary, ...result.learningBites];
    assert.ok(
      lines.some((line) => line.includes("John 30:1 (reference not found)")),
      "the invalid reference is marked",
    );
    assert.ok(
      lines.some((line) => line.includes("(Matthew 11:28-30)")),
      "real references stay as they are",
    );
  });

  test("a hostile text is summarized, or refused, in linear time", () => {
    assertLinear((text) => summarize({ title: "Title", text, settings }));
    assertLinear((text) => summarize({ title: "Title", text: `${longArticleText(300)}\n\n${text}`, settings }));
  });

  test("only the first MAX_SUMMARY_INPUT characters are read", () => {
    // Two-word sentences are never quoted: the article after them is all there is to summarize.
    const filler = "Read on. ".repeat(Math.ceil(MAX_SUMMARY_INPUT / 9));
    const article = longArticleText(300);
    assert.ok(
      summarize({ title: "Rest", text: `${filler.slice(0, MAX_SUMMARY_INPUT / 2)}\n\n${article}`, settings }).summary,
    );
    assert.throws(() => summarize({ title: "Rest", text: `${filler}\n\n${article}`, settings }), /too short/);
  });

  test("a text too short to summarize is a clear error", () => {
    assert.throws(
      () => summarize({ title: "Hi", text: "Grace is free. Come and see.", settings }),
      (error: Error & { status?: number }) => error.status === 422 && /too short/.test(error.message),
    );
  });
});

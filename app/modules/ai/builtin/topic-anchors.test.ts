import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { findReferences, parseReference } from "~/modules/bible/references.server";
import { matchTopic, parseTopicAnchors, TOPIC_MATCH_THRESHOLD, topicAnchors } from "./topic-anchors";
import { neverApplied } from "./verse-roles";

const nave = new Set(
  (
    JSON.parse(readFileSync(new URL("../../../../db/bible-data/topics.json", import.meta.url), "utf8")) as Array<{
      topic: string;
    }>
  ).map((entry) => entry.topic),
);

function topicOf(query: string) {
  const match = matchTopic(query);
  return "topic" in match ? match.topic.id : null;
}

describe("topic anchors (content/topic-anchors.json)", () => {
  test("at least 300 topics, each with 3 to 8 anchors that name verses that exist", () => {
    assert.ok(topicAnchors.length >= 300, `topics: ${topicAnchors.length}`);
    for (const topic of topicAnchors) {
      assert.ok(topic.anchors.length >= 3 && topic.anchors.length <= 8, topic.id);
      for (const anchor of topic.anchors)
        for (const range of anchor.ranges) {
          const { bookOrder, chapter, verse } = splitVerseId(range.end);
          assert.ok(verse <= bookByOrder(bookOrder)!.verses[chapter - 1]!, `${topic.id}: ${anchor.ref}`);
        }
    }
  });

  test("no anchor lies wholly inside verses never to be applied (a friend of Job's, a curse)", () => {
    for (const topic of topicAnchors)
      for (const anchor of topic.anchors)
        for (const range of anchor.ranges) {
          const inside = [range.start, range.end].every((verse) => neverApplied(verse) !== null);
          assert.ok(!inside || range.start !== range.end, `${topic.id}: ${anchor.ref}`);
        }
  });

  test("every Nave's topic named exists in Nave's Topical Bible, spelled the same", () => {
    for (const topic of topicAnchors)
      for (const name of topic.nave) assert.ok(nave.has(name), `${topic.id}: "${name}" is not a Nave's topic`);
  });

  test("the topics of issue 28 match the right entry", () => {
    const expected: Record<string, string> = {
      "Anxiety and worry": "anxiety",
      "Work and rest": "work-and-rest",
      Suffering: "suffering",
      Generosity: "generosity",
      "Church conflict": "church-conflict",
      Marriage: "marriage",
      Doubt: "doubt",
      "Holy Spirit": "holy-spirit",
      Justice: "justice",
      Temptation: "temptation",
      "Social media": "social-media",
      Singleness: "singleness",
      "Caring for aging parents": "aging-parents",
      Grief: "grief",
      "conflict in the church": "church-conflict",
      "caring for elderly parents": "aging-parents",
      worries: "anxiety",
      "What does the Bible say about anger?": "anger",
      "being single": "singleness",
      "loneliness and isolation": "loneliness",
      "Generosity and giving": "generosity",
      "in-laws": "in-laws",
    };
    for (const [query, id] of Object.entries(expected)) assert.equal(topicOf(query), id, query);
    const exact = matchTopic("Church conflict");
    assert.ok("score" in exact && exact.score === 1);
  });

  test("the anchors of the issue's misfits are about the topic, not a word in it", () => {
    const anchors = (id: string) => topicAnchors.find((topic) => topic.id === id)!.anchors.map((anchor) => anchor.ref);
    assert.ok(!anchors("social-media").some((ref) => ref.startsWith("EST.")));
    assert.ok(anchors("singleness").some((ref) => ref.startsWith("1CO.7.")));
    assert.ok(!anchors("work-and-rest").some((ref) => ref.startsWith("REV.9.")));
    assert.ok(!anchors("aging-parents").some((ref) => ref.startsWith("2CO.12.")));
  });

  test("words that name no topic fall below the threshold and get 3 to 5 topic names to choose from", () => {
    const names = new Set(topicAnchors.map((topic) => topic.name));
    for (const query of ["xylophone maintenance", "Medes", "qwertyuiop", "", "xylophone maintenance for the church"]) {
      const match = matchTopic(query);
      assert.ok("closest" in match, `${query} is no topic`);
      assert.ok(match.closest.length >= 3 && match.closest.length <= 5, query);
      for (const name of match.closest) assert.ok(names.has(name), name);
    }
    const near = matchTopic("xylophone maintenance for the church");
    assert.ok("closest" in near && near.closest[0] === "The church");
    assert.ok(TOPIC_MATCH_THRESHOLD > 0 && TOPIC_MATCH_THRESHOLD < 1);
  });

  test("related topics exist and match by their id, and an alias naming two topics is refused", () => {
    const ids = new Set(topicAnchors.map((topic) => topic.id));
    for (const topic of topicAnchors) for (const id of topic.related) assert.ok(ids.has(id), `${topic.id} -> ${id}`);
    for (const id of ids) {
      assert.equal(topicOf(id), id);
      assert.equal(topicOf(id.replace(/-/g, " ")), id);
    }
    const file = JSON.parse(readFileSync(new URL("./content/topic-anchors.json", import.meta.url), "utf8")) as {
      topics: Array<{ aliases: string[] }>;
    };
    file.topics[1]!.aliases.push(topicAnchors[0]!.name);
    assert.throws(() => parseTopicAnchors(file), /already names the topic/);
  });

  test("every topic has 3 discussion questions and 1 or 2 things to practise, and the file must say them", () => {
    for (const topic of topicAnchors) {
      assert.equal(topic.questions.length, 3, topic.id);
      assert.ok(topic.practice.length >= 1 && topic.practice.length <= 2, topic.id);
    }
    const file = JSON.parse(readFileSync(new URL("./content/topic-anchors.json", import.meta.url), "utf8")) as {
      topics: Array<{ questions?: string[]; practice: string[] }>;
    };
    file.topics[0]!.practice = [];
    delete file.topics[1]!.questions;
    assert.throws(() => parseTopicAnchors(file), /topics\[0\]\.practice[\s\S]*topics\[1\]\.questions/);
  });

  test("every passage a question names is a real reference overlapping one of its topic's anchors", () => {
    for (const topic of topicAnchors) {
      let named = 0;
      for (const question of topic.questions) {
        const found = findReferences(question);
        if (found.length > 0) named++;
        for (const reference of found) {
          const where = `${topic.id}: "${reference.text}" in "${question}"`;
          assert.ok(reference.valid && parseReference(reference.text).ok, where);
          const overlaps = reference.ranges.some((range) =>
            topic.anchors.some((anchor) =>
              anchor.ranges.some((own) => range.start <= own.end && own.start <= range.end),
            ),
          );
          assert.ok(overlaps, `${where} is none of the topic's anchors`);
        }
      }
      assert.ok(named > 0, `${topic.id}: no question names an anchor`);
    }
  });

  test("no question is asked word for word in two topics", () => {
    const seen = new Map<string, string>();
    for (const topic of topicAnchors)
      for (const question of topic.questions) {
        const key = question.toLowerCase().replace(/\s+/g, " ");
        assert.ok(!seen.has(key), `${topic.id} repeats a question of ${seen.get(key)}: "${question}"`);
        seen.set(key, topic.id);
      }
  });
});

test("the person a struggle concerns is not its topic: 'forgiving my father' is forgiveness", () => {
  const named = (query: string) => {
    const match = matchTopic(query);
    return "topic" in match ? match.topic.name : null;
  };
  assert.equal(named("Forgiving my father"), "Forgiveness");
  assert.equal(named("Anger at my husband"), "Anger");
  assert.equal(named("Grief over my mother"), "Grief");
  // A topic that names the person is still found whole.
  assert.equal(named("Caring for my aging parents"), "Caring for aging parents");
  assert.equal(named("Loving my neighbour"), "Loving your neighbour");
  assert.equal(named("Being a father"), "Fatherhood");
  assert.equal(named("My father"), "Fatherhood");
});

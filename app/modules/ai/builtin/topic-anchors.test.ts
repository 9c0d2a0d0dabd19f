import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { bookByOrder, splitVerseId } from "~/modules/bible/books";
import { findReferences, parseReference } from "~/modules/bible/references.server";
import { matchStudy, matchTopic, parseTopicAnchors, TOPIC_MATCH_THRESHOLD, allTopicAnchors } from "./topic-anchors";
const topicAnchors = allTopicAnchors();
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

describe("a request joining two topics, and words a topic does not speak of", () => {
  const studied = (query: string) => {
    const match = matchStudy(query);
    return "topics" in match ? match.topics.map((topic) => topic.id).join("+") : null;
  };

  test("two known topics joined by and, &, vs or a comma are one study of both", () => {
    assert.equal(studied("Pride and humility"), "pride+humility");
    assert.equal(studied("Anxiety & depression"), "anxiety+depression");
    assert.equal(studied("Money, contentment"), "money+contentment");
    assert.equal(studied("Law vs grace"), "law+grace");
    assert.equal(studied("Grief and hope"), "grief+hope");
    assert.equal(studied("What does the Bible say about pride and humility?"), "pride+humility");
    // An alias joining two topics' names that its topic never speaks of gives way to the pair.
    assert.equal(studied("Prayer and fasting"), "prayer+fasting");
  });

  test("a whole topic comes first, and two names for one topic are that topic", () => {
    assert.equal(studied("Work and rest"), "work-and-rest");
    assert.equal(studied("Anxiety and worry"), "anxiety");
    assert.equal(studied("Faith and works"), "good-works");
    assert.equal(studied("Loneliness and isolation"), "loneliness");
  });

  test("a pair with an unknown half is refused, naming the known half first", () => {
    for (const query of ["Pride and xylophones", "Xylophones & pride"]) {
      const match = matchStudy(query);
      assert.ok("closest" in match, query);
      assert.equal(match.closest[0], "Pride");
    }
  });

  test("a person or setting the topic never speaks of is named, in the request's words", () => {
    const unspoken = (query: string) => {
      const match = matchStudy(query);
      assert.ok("topics" in match, query);
      return match.unspoken;
    };
    assert.equal(unspoken("Parenting teenagers"), "teenagers");
    assert.equal(unspoken("Anger at my husband"), "my husband");
    assert.equal(unspoken("Parenting teenagers and anger"), "teenagers");
    // Said by the topic's own words, a synonym, or nothing but a qualifier: nothing to say.
    assert.equal(unspoken("Conflict in marriage with my wife"), null);
    assert.equal(unspoken("Parenting"), null);
    assert.equal(unspoken("Kids"), null);
    assert.equal(unspoken("Teenagers"), null);
    assert.equal(unspoken("Caring for the poor"), null);
  });
});

describe("reviewed closing prayers", () => {
  test("every topic has one of one to three sentences, addressed to God, ending Amen", () => {
    for (const topic of topicAnchors) {
      const { prayer } = topic;
      assert.ok(prayer.endsWith("Amen."), topic.id);
      const sentences = prayer.replace(/ Amen\.$/, "").split(/(?<=[.!?])\s+(?=[A-Z“"])/);
      assert.ok(sentences.length >= 1 && sentences.length <= 3, `${topic.id}: ${sentences.length} sentences`);
      assert.doesNotMatch(prayer, /thank you for \(|\(/i, topic.id);
      assert.match(prayer, /\b(?:you|your|Lord|God|Father)\b/, `${topic.id} speaks to God`);
    }
    assert.equal(new Set(topicAnchors.map((topic) => topic.prayer)).size, topicAnchors.length, "no prayer twice");
  });

  test("the file must give each topic a prayer, and one naming a passage in parentheses is refused", () => {
    const read = () =>
      JSON.parse(readFileSync(new URL("./content/topic-anchors.json", import.meta.url), "utf8")) as {
        topics: Array<{ prayer?: string }>;
      };
    const missing = read();
    delete missing.topics[2]!.prayer;
    assert.throws(() => parseTopicAnchors(missing), /topics\[2\]\.prayer/);
    const mechanical = read();
    mechanical.topics[0]!.prayer = "Thank you for (Ephesians 6:1-4). Amen.";
    assert.throws(() => parseTopicAnchors(mechanical), /topics\[0\]\.prayer/);
  });
});

test("a hyphenated word's parts help suggest, never match: 'Same-sex attraction' suggests Sexuality first", () => {
  const answer = matchTopic("Same-sex attraction");
  assert.ok("closest" in answer, "no reviewed topic, so a refusal with suggestions");
  assert.equal(answer.closest[0], "Sexuality");
  const inLaws = matchTopic("In-laws");
  assert.ok("topic" in inLaws && inLaws.topic.id === "in-laws");
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { parseReference } from "~/modules/bible/references.server";
import { scriptureUseFor, topicGuidanceFor } from "./guidance.server";

const ranges = (reference: string) => {
  const parsed = parseReference(reference);
  assert.ok(parsed.ok, reference);
  return parsed.ranges;
};

test("a topic the reviewed data knows brings its anchors first, then Nave's passages that are not anchors", () => {
  const { guidance, anchorRanges } = topicGuidanceFor("church conflict");
  assert.ok(guidance.topic, "church conflict is a reviewed topic");
  assert.ok(guidance.topic.anchors.length >= 3);
  assert.ok(anchorRanges.length > 0);
  const anchors = new Set(guidance.topic.anchors.map((anchor) => anchor.reference));
  for (const reference of guidance.widening) assert.ok(!anchors.has(reference), `${reference} repeats an anchor`);
  assert.ok(!guidance.topic.anchors.some((anchor) => anchor.reference.startsWith("Esther")), "not the Medes");
});

test("nonsense gets no anchors and the closest reviewed topics", () => {
  const { guidance, anchorRanges } = topicGuidanceFor("xylophone maintenance");
  assert.equal(guidance.topic, null);
  assert.deepEqual(anchorRanges, []);
  assert.ok(guidance.closest.length >= 3);
});

test("Jonah 4 tells the model not to apply the death wish; verses with one reason are joined", () => {
  const use = scriptureUseFor(ranges("Jonah 4"));
  const wish = use.never.find((entry) => entry.reference.includes("Jonah 4:3"));
  assert.ok(wish, JSON.stringify(use.never));
  assert.ok(use.never.length <= 8);
});

test("a chapter with reviewed roles lists them with speaker and addressee", () => {
  const use = scriptureUseFor(ranges("Isaiah 41"));
  const promise = use.roles.find((role) => role.kind === "promise" && role.reference === "Isaiah 41:10");
  assert.ok(promise, JSON.stringify(use.roles));
  assert.ok(promise.speaker.length > 0 && promise.addressee.length > 0);
});

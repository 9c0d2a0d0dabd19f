import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { parseDataReference, splitVerseId } from "~/modules/bible/books";
import { parseReference } from "~/modules/bible/references.server";
import { gospelUnitsIn, parseParablesMiracles } from "./parables-miracles";

type Account = { ref: string; also?: string; audience?: string; hearers?: string };
type Entry = { id: string; name: string; accounts: Account[] };

const read = () =>
  JSON.parse(readFileSync(new URL("./content/parables-miracles.json", import.meta.url), "utf8")) as {
    parables: Array<Entry & { theme: string }>;
    miracles: Array<Entry & { kind: string }>;
  };

function unitsIn(reference: string) {
  const parsed = parseReference(reference);
  assert.ok(parsed.ok, reference);
  return gospelUnitsIn(parsed.ranges);
}

describe("the gospels' parables and miracles (content/parables-miracles.json)", () => {
  const file = read();

  test("holds the standard lists: about forty parables and thirty-five miracles", () => {
    assert.ok(file.parables.length >= 38, `${file.parables.length} parables`);
    assert.ok(file.miracles.length >= 33, `${file.miracles.length} miracles`);
    for (const id of ["lost-son", "good-samaritan", "sower", "talents", "persistent-widow"])
      assert.ok(
        file.parables.some((entry) => entry.id === id),
        id,
      );
    for (const id of ["five-thousand", "storm", "lazarus", "man-born-blind", "jairus-daughter"])
      assert.ok(
        file.miracles.some((entry) => entry.id === id),
        id,
      );
  });

  test("every parable names its hearers from the text, in the same gospel, near the parable", () => {
    for (const parable of file.parables)
      for (const account of parable.accounts) {
        assert.ok(account.audience && account.hearers, `${parable.id} ${account.ref} names its hearers`);
        const audience = parseDataReference(account.audience)!;
        const told = parseDataReference(account.ref)!;
        assert.equal(splitVerseId(audience.start).bookOrder, splitVerseId(told.start).bookOrder, parable.id);
        // Usually just before it (Luke 15:1-2); once just after (the crowds astonished, Matthew 7:28-29).
        assert.ok(
          Math.abs(splitVerseId(told.start).chapter - splitVerseId(audience.start).chapter) <= 2,
          `${parable.id}: ${account.audience} is near ${account.ref}`,
        );
      }
  });

  test("one gospel tells each parable or miracle once, and its two runs of verses do not overlap", () => {
    for (const entry of [...file.parables, ...file.miracles]) {
      const books = entry.accounts.map((account) => account.ref.slice(0, 3));
      assert.equal(new Set(books).size, books.length, entry.id);
      for (const account of entry.accounts.filter((item) => item.also)) {
        assert.ok(parseDataReference(account.ref)!.end < parseDataReference(account.also!)!.start, entry.id);
      }
    }
  });

  test("the schema refuses a verse outside the gospels, a verse that does not exist, hearers without their verses and a repeated id", () => {
    const cases: Array<[(data: ReturnType<typeof read>) => void, RegExp]> = [
      [(data) => (data.parables[0]!.accounts[0]!.ref = "ACT.16.16-ACT.16.34"), /Matthew, Mark, Luke or John/],
      [(data) => (data.miracles[0]!.accounts[0]!.ref = "JHN.2.1-JHN.2.99"), /does not exist/],
      [(data) => delete data.parables[0]!.accounts[0]!.audience, /audience and hearers go together/],
      [(data) => (data.miracles[1]!.id = data.parables[0]!.id), /listed twice/],
    ];
    for (const [spoil, message] of cases) {
      const data = read();
      spoil(data);
      assert.throws(() => parseParablesMiracles(data), message);
    }
  });

  test("finds the parable or miracle a passage tells, and not one a passage only touches", () => {
    assert.deepEqual(
      unitsIn("Luke 15:11-32").map((found) => found.unit.id),
      ["lost-son"],
    );
    assert.deepEqual(unitsIn("Luke 15:11-32")[0]!.share, 1);
    assert.deepEqual(
      unitsIn("Mark 5:21-43").map((found) => found.unit.id),
      ["jairus-daughter", "bleeding-woman"],
    );
    assert.deepEqual(
      unitsIn("Luke 15").map((found) => found.unit.id),
      ["lost-son", "lost-sheep", "lost-coin"],
    );
    // One verse of the sower's explanation inside a long passage is not a lesson on the sower.
    assert.deepEqual(
      unitsIn("Matthew 13:18-58").filter((found) => found.unit.id === "sower"),
      [],
    );
    for (const reference of ["Romans 8", "Acts 16:16-34", "Genesis 22:1-19", "John 3:16"])
      assert.deepEqual(unitsIn(reference), [], reference);
  });
});

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { contentFiles, parseContent } from "./content";

function read(file: string): unknown {
  return JSON.parse(readFileSync(new URL(`./content/${file}`, import.meta.url), "utf8"));
}

describe("built-in writer content files", () => {
  test("every file in content/ has a schema, and every file passes it", () => {
    const onDisk = readdirSync(new URL("./content/", import.meta.url)).filter((file) => file.endsWith(".json"));
    assert.deepEqual(new Set(contentFiles), new Set(onDisk));
    for (const file of contentFiles) assert.doesNotThrow(() => parseContent(file, read(file)), file);
  });

  test("a book's background must name a known kind, and every book must have one", () => {
    const unknownKind = read("book-contexts.json") as { books: Record<string, Record<string, unknown>> };
    unknownKind.books.ROM!.kind = "epistle";
    assert.throws(
      () => parseContent("book-contexts.json", unknownKind),
      /book-contexts\.json is invalid[\s\S]*books\.ROM\.kind/,
    );
    const missing = read("book-contexts.json") as { books: Record<string, unknown> };
    delete missing.books.JUD;
    assert.throws(
      () => parseContent("book-contexts.json", missing),
      /is missing: every book has one\n\s+→ at books\.JUD/,
    );
  });

  test("a theme without prayers fails with the file and the path named", () => {
    const broken = read("themes.json") as { themes: Array<Record<string, unknown>> };
    delete broken.themes[2]!.prayers;
    assert.throws(
      () => parseContent("themes.json", broken),
      (error: Error) => {
        assert.match(error.message, /content\/themes\.json is invalid/);
        assert.match(error.message, /themes\[2\]\.prayers/);
        return true;
      },
    );
  });

  test("a tone missing from a tone table, an empty list and a capitalised word are refused", () => {
    const lines = read("lesson-lines.json") as {
      shared: { closingPrayer: Record<string, unknown> };
      topic: { intros: unknown[] };
    };
    delete lines.shared.closingPrayer.Formal;
    lines.topic.intros = [];
    assert.throws(
      () => parseContent("lesson-lines.json", lines),
      (error: Error) => {
        assert.match(error.message, /lesson-lines\.json/);
        assert.match(error.message, /shared\.closingPrayer\.Formal/);
        assert.match(error.message, /topic\.intros/);
        return true;
      },
    );
    const glossary = read("glossary.json") as Array<{ forms: string[] }>;
    glossary[0]!.forms.push("Grace");
    assert.throws(
      () => parseContent("glossary.json", glossary),
      /glossary\.json[\s\S]*lower-case word[\s\S]*\[0\]\.forms\[2\]/,
    );
  });

  test("a devotional line with an unknown or a missing placeholder is refused", () => {
    const lines = read("devotional-lines.json") as {
      memory: string[];
      prayer: { afterPassage: { Formal: string[] } };
    };
    lines.memory[1] = "Learn {verse} by heart, thinking of {word}.";
    lines.prayer.afterPassage.Formal[0] = "{salutation} receive these words as our prayer.";
    assert.throws(
      () => parseContent("devotional-lines.json", lines),
      (error: Error) => {
        assert.match(error.message, /devotional-lines\.json/);
        assert.match(error.message, /unknown placeholder \{word\}[\s\S]*memory\[1\]/);
        assert.match(error.message, /must use \{closing\}[\s\S]*prayer\.afterPassage\.Formal\[0\]/);
        return true;
      },
    );
  });

  test("a devotional question that is no question, a part question without its verses, or a wrong genre is refused", () => {
    const questions = read("devotional-questions.json") as {
      genres: { gospel: { observe: string[]; part: string[] } };
      books: Record<string, string>;
      chapters: Array<{ ref: string; genre: string }>;
    };
    questions.genres.gospel.observe[0] = "Tell the story again.";
    questions.genres.gospel.part[0] = "What does {part} show you about Jesus?";
    questions.books.RUT = "romance";
    questions.chapters[0]!.ref = "GEN.51";
    assert.throws(
      () => parseContent("devotional-questions.json", questions),
      (error: Error) => {
        assert.match(error.message, /devotional-questions\.json/);
        assert.match(error.message, /ends with a question mark[\s\S]*genres\.gospel\.observe\[0\]/);
        assert.match(error.message, /uses \{verses\} and \{part\}[\s\S]*genres\.gospel\.part\[0\]/);
        assert.match(error.message, /books\.RUT/);
        assert.match(error.message, /does not exist[\s\S]*chapters\[0\]\.ref/);
        return true;
      },
    );
  });

  test("theme ids are unique", () => {
    const themes = read("themes.json") as { themes: Array<{ id: string }> };
    themes.themes[1]!.id = themes.themes[0]!.id;
    assert.throws(() => parseContent("themes.json", themes), /theme ids must be unique/);
  });
});

import { Link } from "@remix-run/react";
import type { TaggedWord } from "~/modules/bible/strongs.server";

const normal = (word: string) => word.toLowerCase().replace(/[^\p{L}'’]/gu, "");

/**
 * A KJV verse with each word that carries a Strong's number as a link to its word study. The
 * tags name the words in order ("the world,", "he gave"); each is found in the text after the last.
 */
export function TaggedText({ text, words, back }: { text: string; words: TaggedWord[]; back: string }) {
  const tokens = text.split(/(\s+)/);
  const links = new Map<number, { last: number; id: string; word: string }>();
  let cursor = 0;
  for (const tagged of words) {
    const wanted = tagged.word.split(/\s+/).map(normal).filter(Boolean);
    if (wanted.length === 0) continue;
    for (let start = cursor; start < tokens.length; start += 2) {
      let index = start;
      let matched = 0;
      while (matched < wanted.length && index < tokens.length && normal(tokens[index]!) === wanted[matched]) {
        matched++;
        index += 2;
      }
      if (matched === wanted.length) {
        links.set(start, { last: index - 2, id: tagged.ids[0]!, word: tagged.word });
        cursor = index;
        break;
      }
    }
  }
  const parts: React.ReactNode[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const link = links.get(index);
    if (!link) {
      parts.push(tokens[index]);
      continue;
    }
    const phrase = tokens.slice(index, link.last + 1).join("");
    const trailing = /[^\p{L}'’)]+$/u.exec(phrase)?.[0] ?? "";
    parts.push(
      <Link
        key={index}
        to={`/bible/strongs/${link.id}?${new URLSearchParams({ back })}`}
        className="rounded-sm underline decoration-primary/30 decoration-dotted underline-offset-4 hover:bg-accent hover:decoration-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        title={`Word study: Strong's ${link.id}`}
      >
        {phrase.slice(0, phrase.length - trailing.length)}
      </Link>,
      trailing,
    );
    index = link.last;
  }
  return <>{parts}</>;
}

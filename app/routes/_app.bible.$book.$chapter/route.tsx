import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import literataRegular from "@fontsource/literata/files/literata-latin-400-normal.woff2";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { BookOpen, ChevronLeft, ChevronRight, GraduationCap } from "lucide-react";
import { useEffect } from "react";
import { GoToPassage } from "~/components/bible/go-to-passage";
import { CommentaryPanel } from "~/components/commentary/commentary-panel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/request.server";
import {
  chapterCommentary,
  chapterPlace,
  chapterText,
  chapterTitle,
  chapterWordTags,
  neighbourChapters,
  readerTranslation,
  readerTranslations,
  verseStudy,
} from "~/modules/bible/reader.server";
import { shippedTranslationNames } from "~/modules/bible/translations";
import { listGroups } from "~/modules/groups/membership.server";
import {
  chapterRange,
  clearHighlights,
  createNote,
  deleteNote,
  marksByVerse,
  notesInPassage,
  updateNote,
} from "~/modules/notes/notes.server";
import { markFormSchema } from "~/modules/notes/schemas";
import { invalidReply, refusalReply, pageRefusal } from "~/utils/refusal.server";
import { ChapterText, type ReaderHref } from "./chapter-text";
import { ReadChapterAloud } from "./read-chapter-aloud";
import { TranslationChooser } from "./translation-chooser";
import { VerseStudyPanel } from "./verse-study";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.title} (${loaded.primary.translation}) | Sagacity Bites` : "Bible | Sagacity Bites" },
];

export const links: LinksFunction = () => [
  { rel: "preload", href: literataRegular, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/**
 * /bible/JHN/3?t=kjv&p=web&v=16: a chapter of a shipped Bible (t: BSB unless named), a second one
 * beside it (p), and the verse the reader tapped (v: its cross-references and topics, and the
 * commentaries opening there). A book written any other way ("john", "Jn") is sent to its id.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const chapterNumber = Number(params.chapter);
  let place;
  try {
    place = chapterPlace(params.book ?? "", chapterNumber);
  } catch (error) {
    pageRefusal(error);
  }
  const url = new URL(request.url);
  if (params.book !== place.book.id || params.chapter !== String(place.chapter)) {
    throw redirect(`/bible/${place.book.id}/${place.chapter}${url.search}`);
  }
  const search = url.searchParams;
  const translation = readerTranslation(search.get("t")) ?? "BSB";
  const parallelCode = readerTranslation(search.get("p"));
  const parallel = parallelCode && parallelCode !== translation ? parallelCode : null;
  const asked = Number(search.get("v"));
  const verse = Number.isInteger(asked) && asked >= 1 && asked <= 200 ? asked : undefined;
  const primary = chapterText(place, translation);
  const selected = verse && primary.verses.some((entry) => entry.verse === verse) ? verse : undefined;
  // Word study: the KJV's words that carry Strong's numbers become links.
  const wordStudy = translation === "KJV" && search.get("words") === "1";
  // The reader's own highlights, notes and bookmarks on this chapter: one indexed read.
  const marks = notesInPassage(user.id, chapterRange(place.book.order, place.chapter));
  return {
    title: chapterTitle(place.book, place.chapter),
    book: { id: place.book.id, name: place.book.name, chapters: place.book.chapters },
    chapter: place.chapter,
    primary,
    parallel: parallel ? chapterText(place, parallel) : null,
    wordTags: wordStudy ? chapterWordTags(place) : null,
    neighbours: neighbourChapters(place),
    selected: selected ? verseStudy(place, selected, translation) : null,
    marks: marksByVerse(marks, place.book.id, place.chapter),
    // The tapped verse's own marks (notes in full), and the groups a note can be shared with.
    selectedMarks: selected
      ? marks.filter(
          (item) =>
            (item.chapter < place.chapter || item.verse <= selected) &&
            (item.endChapter > place.chapter || item.endVerse >= selected),
        )
      : [],
    groups: selected ? listGroups(user.id).map((group) => ({ id: group.id, name: group.name })) : [],
    commentary: chapterCommentary(place, selected),
    translations: readerTranslations.map((code) => ({ code, name: shippedTranslationNames[code] })),
  };
}

/**
 * Highlight, bookmark and note on the tapped verse (the verse panel's forms): the same module
 * functions as POST/PATCH/DELETE /api/notes. Answers which form it was and, when refused, why.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: markFormSchema });
  const intent = String(formData.get("intent") ?? "").slice(0, 20);
  if (submission.status !== "success") return invalidReply(submission, { extra: { intent } });
  const form = submission.value;
  try {
    switch (form.intent) {
      case "highlight":
        if (form.color === "none") clearHighlights(user.id, form.reference);
        else createNote(user.id, { reference: form.reference, kind: "highlight", color: form.color });
        break;
      case "bookmark":
        createNote(user.id, { reference: form.reference, kind: "bookmark", label: form.label });
        break;
      case "note":
        createNote(user.id, { reference: form.reference, kind: "note", body: form.body, groupId: form.groupId });
        break;
      case "edit-note":
        updateNote(user.id, form.id, { body: form.body, groupId: form.groupId ?? null });
        break;
      case "delete":
        deleteNote(user.id, form.id);
        break;
    }
    return { intent, ok: true as const, id: crypto.randomUUID() };
  } catch (error) {
    return refusalReply(error, { submission, extra: { intent } });
  }
}

export default function BibleChapterPage() {
  const {
    title,
    book,
    chapter,
    primary,
    parallel,
    wordTags,
    neighbours,
    selected,
    marks,
    selectedMarks,
    groups,
    commentary,
    translations,
  } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  // The reader's place, kept once the chapter is up (see resources.bible-place for why not a fetcher).
  useEffect(() => {
    const body = new FormData();
    body.set("book", book.id);
    body.set("chapter", String(chapter));
    body.set("translation", primary.translation);
    fetch("/resources/bible-place", { method: "POST", body, keepalive: true }).catch(() => {});
  }, [book.id, chapter, primary.translation]);

  /** This chapter's address with some parameters changed (null removes one); the verse's anchor when one is chosen. */
  const href: ReaderHref = (changes, target = `/bible/${book.id}/${chapter}`) => {
    const params = new URLSearchParams(searchParams);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const query = params.toString();
    return `${target}${query ? `?${query}` : ""}`;
  };
  const chapterHref = (to: { bookId: string; chapter: number } | null) =>
    to ? href({ v: null }, `/bible/${to.bookId}/${to.chapter}`) : null;
  const previous = chapterHref(neighbours.previous);
  const next = chapterHref(neighbours.next);
  const reference = selected ? selected.reference : title;

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted-foreground">
              <Link to="/bible?books" className="underline-offset-4 hover:underline">
                Bible
              </Link>{" "}
              · {primary.translationName} ·{" "}
              <Link to="/notes" className="underline-offset-4 hover:underline">
                My notes
              </Link>
            </p>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          </div>
          <div className="flex items-center gap-2">
            <ReadChapterAloud verses={primary.verses} title={title} />
            <div className="hidden sm:block">
              <ChapterSteps previous={previous} next={next} neighbours={neighbours} />
            </div>
          </div>
        </div>
        <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
          <GoToPassage translation={searchParams.get("t") ?? undefined} />
          <TranslationChooser
            translations={translations}
            translation={primary.translation}
            parallel={parallel?.translation ?? null}
            wordStudy={wordTags !== null}
            href={href}
          />
        </div>
        <details className="group rounded-md border">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
            <BookOpen className="size-4 text-primary" aria-hidden="true" />
            Chapters of {book.name}
          </summary>
          <nav aria-label={`Chapters of ${book.name}`} className="px-3 pb-3">
            <ul className="flex flex-wrap gap-1">
              {Array.from({ length: book.chapters }, (_, index) => index + 1).map((number) => (
                <li key={number}>
                  <Link
                    to={href({ v: null }, `/bible/${book.id}/${number}`)}
                    aria-current={number === chapter ? "page" : undefined}
                    className="flex size-11 items-center justify-center rounded-md text-sm tabular-nums hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
                  >
                    {number}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article aria-labelledby="chapter-text-heading" className="min-w-0 space-y-6">
          <h2 id="chapter-text-heading" className="sr-only">
            {title}, {primary.translationName}
            {parallel ? ` and ${parallel.translationName}` : ""}
          </h2>
          <ChapterText
            primary={primary}
            parallel={parallel}
            wordTags={wordTags}
            selected={selected}
            marks={{ byVerse: marks, selected: selectedMarks, groups }}
            href={href}
            back={`/bible/${book.id}/${chapter}?${searchParams.toString()}`}
          />
          <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
            <Form method="post" action="/lesson-plans">
              <input type="hidden" name="studyType" value="passage" />
              <input type="hidden" name="reference" value={reference} />
              <Button type="submit" variant="outline">
                <GraduationCap aria-hidden="true" />
                Study {reference}
              </Button>
            </Form>
            <ChapterSteps previous={previous} next={next} neighbours={neighbours} />
          </div>
        </article>
        {/* Beside the text at 1280 px, in view as the chapter scrolls (its own scroll when taller than the screen). */}
        <aside
          aria-label="Beside the text"
          className="min-w-0 space-y-6 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:pr-1"
        >
          {selected ? (
            <div className="hidden lg:block">
              <VerseStudyPanel study={selected} marks={selectedMarks} groups={groups} closeHref={href({ v: null })} />
            </div>
          ) : (
            <p className="hidden text-sm text-muted-foreground lg:block">
              Tap a verse number to highlight it, bookmark it or write a note, and for its cross-references and topics.
            </p>
          )}
          {commentary ? <CommentaryPanel key={`${commentary.reference}`} commentary={commentary} /> : null}
        </aside>
      </div>
    </div>
  );
}

function ChapterSteps({
  previous,
  next,
  neighbours,
}: {
  previous: string | null;
  next: string | null;
  neighbours: ReturnType<typeof neighbourChapters>;
}) {
  const label = (to: { title: string }) => to.title;
  return (
    <nav aria-label="Chapters" className="flex gap-2">
      {previous && neighbours.previous ? (
        <Button asChild variant="outline" size="sm">
          <Link to={previous} aria-label={`Previous chapter: ${label(neighbours.previous)}`}>
            <ChevronLeft aria-hidden="true" />
            {label(neighbours.previous)}
          </Link>
        </Button>
      ) : null}
      {next && neighbours.next ? (
        <Button asChild variant="outline" size="sm">
          <Link to={next} aria-label={`Next chapter: ${label(neighbours.next)}`}>
            {label(neighbours.next)}
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </nav>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

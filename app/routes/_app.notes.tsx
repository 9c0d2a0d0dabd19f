import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { BookOpen, Bookmark, Highlighter, NotebookPen, Trash2, Users } from "lucide-react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MarkdownView } from "~/components/markdown";
import { PageHeader } from "~/components/page-header";
import { ShowMoreLink } from "~/components/show-more-link";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/request.server";
import { bookById } from "~/modules/bible/books";
import { listGroups } from "~/modules/groups/membership.server";
import { highlightStyles } from "~/modules/notes/colors";
import { getProfile } from "~/modules/profile/profile.server";
import { countNotes, deleteNote, listNotes, type VerseNoteItem } from "~/modules/notes/notes.server";
import { NOTE_KINDS } from "~/modules/notes/schemas";
import { cn } from "~/utils/cn";
import { shownCount } from "~/utils/pagination.server";
import { invalidReply, refusalReply } from "~/utils/refusal.server";

export const meta: MetaFunction = () => [{ title: "My Notes | Sagacity Bites" }];

const PAGE_SIZE = 100;
const VIEWS = ["book", "label", "date"] as const;
type View = (typeof VIEWS)[number];

const viewSchema = z.object({
  by: z.enum(VIEWS).catch("book"),
  kind: z.enum(NOTE_KINDS).optional().catch(undefined),
});

interface Section {
  key: string;
  title: string;
  items: VerseNoteItem[];
}

const kindNames = { note: "Notes", highlight: "Highlights", bookmark: "Bookmarks" } as const;

/** The marks under their headings: by book (in Bible order), by label, or by day. */
function sectionsOf(items: VerseNoteItem[], by: View, timeZone: string): Section[] {
  const dayFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone });
  const sections = new Map<string, Section>();
  const add = (key: string, title: string, item: VerseNoteItem) => {
    const section = sections.get(key) ?? { key, title, items: [] };
    section.items.push(item);
    sections.set(key, section);
  };
  if (by === "book") {
    const ordered = [...items].sort(
      (a, b) =>
        (bookById(a.book)?.order ?? 0) - (bookById(b.book)?.order ?? 0) || a.chapter - b.chapter || a.verse - b.verse,
    );
    for (const item of ordered) add(item.book, bookById(item.book)?.name ?? item.book, item);
  } else if (by === "label") {
    const labelled = items.filter((item) => item.kind === "bookmark" && item.label);
    for (const item of [...labelled].sort((a, b) => a.label!.localeCompare(b.label!)))
      add(`label:${item.label}`, item.label!, item);
    for (const item of items.filter((entry) => !labelled.includes(entry)))
      add(`kind:${item.kind}`, item.kind === "bookmark" ? "Bookmarks without a label" : kindNames[item.kind], item);
  } else {
    for (const item of items) {
      const day = dayFormat.format(item.createdAt);
      add(day, day, item);
    }
  }
  return [...sections.values()];
}

/**
 * /notes?by=book|label|date&kind=note|highlight|bookmark&count=: the reader's notes, highlights and
 * bookmarks, newest `count` of them (100 more at a time), grouped by book (in Bible order), by label
 * (bookmarks under theirs, the rest by kind) or by the day they were made.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const { by, kind } = viewSchema.parse({ by: search.get("by") ?? undefined, kind: search.get("kind") ?? undefined });
  const count = shownCount(search.get("count"), PAGE_SIZE);
  const page = listNotes(user.id, { limit: count, kind });
  return {
    by,
    kind: kind ?? null,
    total: countNotes(user.id),
    count,
    hasMore: page.nextCursor !== null,
    // Days are the reader's own (their profile's time zone, UTC until the browser has told it).
    sections: sectionsOf(page.items, by, getProfile(user.id).timeZone ?? "UTC"),
    groups: Object.fromEntries(listGroups(user.id).map((group) => [group.id, group.name])),
  };
}

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.string().max(64) });

/** Delete, the same module function as DELETE /api/notes/{id}. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    deleteNote(user.id, submission.value.id);
    return { ok: true as const };
  } catch (error) {
    return refusalReply(error, { submission });
  }
}

const kindIcons = { note: NotebookPen, highlight: Highlighter, bookmark: Bookmark } as const;

function NoteEntry({ item, groupName }: { item: VerseNoteItem; groupName?: string }) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const Icon = kindIcons[item.kind];
  const deleting = fetcher.state !== "idle";
  if (fetcher.data?.ok) return null;
  return (
    <li className={cn("space-y-2 py-3", deleting && "opacity-50")}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
          {item.kind === "highlight" && item.color ? (
            <span
              className={cn("size-4 shrink-0 rounded-full", highlightStyles[item.color].swatch)}
              aria-hidden="true"
            />
          ) : (
            <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
          )}
          <Link
            to={`/bible/${item.book}/${item.chapter}?v=${item.verse}#v${item.verse}`}
            className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline"
          >
            {item.reference}
          </Link>
          <span className="min-w-0 text-sm text-muted-foreground">
            {item.kind === "highlight" && item.color ? `${highlightStyles[item.color].name} highlight` : null}
            {item.kind === "bookmark" ? (item.label ? `Bookmark: ${item.label}` : "Bookmark") : null}
            {item.kind === "note" && groupName ? (
              <>
                <Users className="mr-1 inline size-3.5" aria-hidden="true" />
                Shared with {groupName}
              </>
            ) : null}
          </span>
        </div>
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="id" value={item.id} />
          <Button
            type="submit"
            name="intent"
            value="delete"
            variant="ghost"
            size="icon"
            disabled={deleting}
            aria-label={`Delete the ${item.kind} on ${item.reference}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </fetcher.Form>
      </div>
      {item.kind === "note" && item.body ? (
        <MarkdownView
          source={item.body}
          headingLevel={() => 4}
          headingClass={() => "text-sm font-semibold"}
          className="space-y-2 break-words pl-6 text-sm"
          classes={{ list: "space-y-1 pl-5" }}
        />
      ) : null}
      {fetcher.data?.error ? (
        <p role="alert" className="pl-6 text-sm font-medium text-destructive">
          {fetcher.data.error}
        </p>
      ) : null}
    </li>
  );
}

function ViewLinks({ by, kind }: { by: View; kind: string | null }) {
  const [search] = useSearchParams();
  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    next.delete("count");
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    return query ? `?${query}` : ".";
  };
  const tab = (current: boolean) =>
    cn(
      "flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
      current && "bg-background text-foreground shadow-sm",
    );
  return (
    <div className="flex flex-wrap gap-3">
      <nav aria-label="Group by">
        <ul className="flex rounded-lg bg-muted p-1">
          {VIEWS.map((view) => (
            <li key={view}>
              <Link
                to={link({ by: view === "book" ? null : view })}
                replace
                aria-current={by === view ? "true" : undefined}
                className={tab(by === view)}
              >
                By {view}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Show">
        <ul className="flex flex-wrap rounded-lg bg-muted p-1">
          {([null, ...NOTE_KINDS] as const).map((entry) => (
            <li key={entry ?? "all"}>
              <Link
                to={link({ kind: entry })}
                replace
                aria-current={kind === entry ? "true" : undefined}
                className={tab(kind === entry)}
              >
                {entry ? kindNames[entry] : "All"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

export default function NotesPage() {
  const { by, kind, total, count, hasMore, sections, groups } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const more = new URLSearchParams(search);
  more.set("count", String(count + PAGE_SIZE));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="My Notes"
        description={
          total === 0
            ? "Your highlights, bookmarks and notes on the Bible."
            : `${total.toLocaleString("en-US")} ${total === 1 ? "mark" : "highlights, bookmarks and notes"} on the Bible.`
        }
        actions={
          <Button asChild variant="outline">
            <Link to="/bible">
              <BookOpen aria-hidden="true" />
              Open the Bible
            </Link>
          </Button>
        }
      />
      {total === 0 ? (
        <div className="rounded-lg border p-6 text-center">
          <NotebookPen className="mx-auto size-8 text-primary" aria-hidden="true" />
          <h2 className="mt-3 text-lg font-semibold">Nothing marked yet</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            In the Bible, tap a verse number to highlight the verse in one of five colours, bookmark it with a label, or
            write a note. They all gather here.
          </p>
        </div>
      ) : (
        <div className="space-y-6">
          <ViewLinks by={by} kind={kind} />
          {sections.length === 0 ? (
            <p className="text-sm text-muted-foreground">None of this kind yet.</p>
          ) : (
            sections.map((section, index) => (
              <section key={section.key} aria-labelledby={`notes-section-${index}`} className="space-y-1">
                <h2 id={`notes-section-${index}`} className="border-b pb-1 text-lg font-semibold">
                  {section.title}
                </h2>
                <ul className="divide-y">
                  {section.items.map((item) => (
                    <NoteEntry key={item.id} item={item} groupName={item.groupId ? groups[item.groupId] : undefined} />
                  ))}
                </ul>
              </section>
            ))
          )}
          {hasMore ? <ShowMoreLink status={`The newest ${count} shown.`} search={more} /> : null}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

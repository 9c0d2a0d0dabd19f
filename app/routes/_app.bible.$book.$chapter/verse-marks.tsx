import { useFetcher } from "@remix-run/react";
import { Bookmark, BookmarkX, Highlighter, NotebookPen, Pencil, Trash2, Users } from "lucide-react";
import { useId, useState } from "react";
import { MarkdownView } from "~/components/markdown";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { highlightColorList, highlightStyles } from "~/modules/notes/colors";
import type { VerseNoteItem } from "~/modules/notes/notes.server";
import { cn } from "~/utils/cn";

/** A mark as the loader sends it. */
export type VerseMark = VerseNoteItem;
export interface ShareGroup {
  id: string;
  name: string;
}

interface ActionAnswer {
  intent?: string;
  ok?: boolean;
  error?: string;
  id?: string;
}

/** The refusal of the last answer to this fetcher, shown beside its form (and announced). */
function Refusal({ answer }: { answer: ActionAnswer | undefined }) {
  if (!answer?.error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {answer.error}
    </p>
  );
}

function HighlightChooser({ reference, current }: { reference: string; current: VerseMark | undefined }) {
  const fetcher = useFetcher<ActionAnswer>();
  const pending = fetcher.formData?.get("color");
  const shown = typeof pending === "string" ? (pending === "none" ? null : pending) : (current?.color ?? null);
  return (
    <fetcher.Form method="post" className="space-y-1.5">
      <input type="hidden" name="intent" value="highlight" />
      <input type="hidden" name="reference" value={reference} />
      <fieldset>
        <legend className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">
          <Highlighter className="size-3.5" aria-hidden="true" />
          Highlight
        </legend>
        <div className="mt-1.5 flex flex-wrap items-center gap-1">
          {highlightColorList.map((color) => (
            <button
              key={color}
              type="submit"
              name="color"
              value={color}
              aria-pressed={shown === color}
              aria-label={`Highlight ${reference} ${highlightStyles[color].name.toLowerCase()}`}
              title={highlightStyles[color].name}
              className="flex size-11 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span
                className={cn(
                  "block size-7 rounded-full border border-black/10 dark:border-white/20",
                  highlightStyles[color].swatch,
                  shown === color && "ring-2 ring-foreground ring-offset-2 ring-offset-card",
                )}
              />
            </button>
          ))}
          {shown ? (
            <Button type="submit" name="color" value="none" variant="ghost" size="sm">
              No colour
            </Button>
          ) : null}
        </div>
      </fieldset>
      <Refusal answer={fetcher.data} />
    </fetcher.Form>
  );
}

function BookmarkControl({ reference, bookmark }: { reference: string; bookmark: VerseMark | undefined }) {
  const fetcher = useFetcher<ActionAnswer>();
  const labelId = useId();
  if (bookmark) {
    return (
      <fetcher.Form method="post" className="flex flex-wrap items-center justify-between gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={bookmark.id} />
        <p className="flex min-w-0 items-center gap-1.5 text-sm">
          <Bookmark className="size-4 shrink-0 fill-primary text-primary" aria-hidden="true" />
          <span className="truncate">Bookmarked{bookmark.label ? <>: {bookmark.label}</> : null}</span>
        </p>
        <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
          <BookmarkX aria-hidden="true" />
          Remove bookmark
        </Button>
        <Refusal answer={fetcher.data} />
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" className="space-y-1.5">
      <input type="hidden" name="intent" value="bookmark" />
      <input type="hidden" name="reference" value={reference} />
      <label htmlFor={labelId} className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        Bookmark
      </label>
      <div className="flex gap-2">
        <Input id={labelId} name="label" maxLength={60} placeholder="Label (optional)" />
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
          <Bookmark aria-hidden="true" />
          Bookmark
        </Button>
      </div>
      <Refusal answer={fetcher.data} />
    </fetcher.Form>
  );
}

function ShareSelect({ groups, value, id }: { groups: ShareGroup[]; value?: string | null; id: string }) {
  if (groups.length === 0) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <label htmlFor={id} className="shrink-0 text-muted-foreground">
        Share with
      </label>
      <select
        id={id}
        name="groupId"
        defaultValue={value ?? ""}
        className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <option value="">Only me</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function NoteCard({ note, groups }: { note: VerseMark; groups: ShareGroup[] }) {
  const fetcher = useFetcher<ActionAnswer>();
  // Editing since which answer (undefined: not editing); an edit saved after that closes the form.
  const [editingSince, setEditingSince] = useState<string | null | undefined>(undefined);
  const bodyId = useId();
  const shareId = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const savedSince = answer?.ok && answer.intent === "edit-note" && answer.id !== editingSince;
  const editing = editingSince !== undefined && !savedSince;
  const setEditing = (open: boolean) => setEditingSince(open ? (fetcher.data?.id ?? null) : undefined);
  const group = groups.find((entry) => entry.id === note.groupId);
  if (editing) {
    return (
      <fetcher.Form method="post" className="space-y-2 rounded-md border p-3">
        <input type="hidden" name="intent" value="edit-note" />
        <input type="hidden" name="id" value={note.id} />
        <label htmlFor={bodyId} className="text-sm font-medium">
          Note on {note.reference}
        </label>
        <Textarea id={bodyId} name="body" defaultValue={note.body ?? ""} rows={4} maxLength={10_000} required />
        <ShareSelect groups={groups} value={note.groupId} id={shareId} />
        <Refusal answer={fetcher.data} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
            Save
          </Button>
        </div>
      </fetcher.Form>
    );
  }
  return (
    <article className="space-y-2 rounded-md border p-3 text-sm">
      <header className="flex flex-wrap items-center justify-between gap-x-2 text-xs text-muted-foreground">
        <span>
          {note.reference}
          {group ? (
            <>
              {" "}
              · <Users className="inline size-3" aria-hidden="true" /> Shared with {group.name}
            </>
          ) : null}
        </span>
      </header>
      <MarkdownView
        source={note.body ?? ""}
        headingLevel={() => 4}
        headingClass={() => "text-sm font-semibold"}
        className="space-y-2 break-words"
        classes={{ list: "space-y-1 pl-5" }}
      />
      <fetcher.Form method="post" className="flex justify-end gap-1">
        <input type="hidden" name="id" value={note.id} />
        <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          type="submit"
          name="intent"
          value="delete"
          variant="ghost"
          size="sm"
          disabled={fetcher.state !== "idle"}
          aria-label={`Delete the note on ${note.reference}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </fetcher.Form>
      <Refusal answer={fetcher.data} />
    </article>
  );
}

function NewNote({ reference, groups }: { reference: string; groups: ShareGroup[] }) {
  const fetcher = useFetcher<ActionAnswer>();
  const bodyId = useId();
  const passageId = useId();
  const shareId = useId();
  // A saved note empties the form: a new key for each answer that succeeded.
  const savedId = fetcher.data?.ok ? fetcher.data.id : undefined;
  return (
    <fetcher.Form key={savedId} method="post" className="space-y-2">
      <input type="hidden" name="intent" value="note" />
      <label
        htmlFor={bodyId}
        className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground"
      >
        <NotebookPen className="size-3.5" aria-hidden="true" />
        New note
      </label>
      <Textarea
        id={bodyId}
        name="body"
        rows={3}
        maxLength={10_000}
        required
        placeholder="What do you see here? Markdown works: **bold**, lists, > quotes."
      />
      <div className="flex items-center gap-2 text-sm">
        <label htmlFor={passageId} className="shrink-0 text-muted-foreground">
          On
        </label>
        <Input
          id={passageId}
          name="reference"
          defaultValue={reference}
          maxLength={100}
          aria-describedby={`${passageId}-hint`}
          className="h-10"
        />
      </div>
      <p id={`${passageId}-hint`} className="text-xs text-muted-foreground">
        A verse or a passage: widen it to {reference}-… for several verses.
      </p>
      <ShareSelect groups={groups} id={shareId} />
      <Refusal answer={fetcher.data} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          Save note
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The tapped verse's own marks: a highlight colour (five, or none), a bookmark with a label, and
 * notes in Markdown (each can be shared with a group the reader is in). Forms post to the chapter's
 * action through fetchers, so the page stays where it is; without scripts they are plain posts.
 */
export function VerseMarks({
  reference,
  marks,
  groups,
}: {
  reference: string;
  marks: VerseMark[];
  groups: ShareGroup[];
}) {
  const highlight = marks.filter((mark) => mark.kind === "highlight").at(-1);
  const bookmark = marks.find((mark) => mark.kind === "bookmark");
  const notes = marks.filter((mark) => mark.kind === "note");
  return (
    <div className="space-y-4 border-b pb-4">
      <HighlightChooser reference={reference} current={highlight} />
      <BookmarkControl reference={reference} bookmark={bookmark} />
      {notes.length ? (
        <div className="space-y-2">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            My notes ({notes.length})
          </h3>
          {notes.map((note) => (
            <NoteCard key={note.id} note={note} groups={groups} />
          ))}
        </div>
      ) : null}
      <NewNote reference={reference} groups={groups} />
    </div>
  );
}

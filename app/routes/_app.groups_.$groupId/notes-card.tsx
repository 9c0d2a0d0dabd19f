import { Link } from "@remix-run/react";
import { NotebookPen } from "lucide-react";
import { IconCardTitle } from "~/components/groups/icon-card-title";
import { MarkdownView } from "~/components/markdown";
import { formatStudyDate } from "~/components/studies/format";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

export interface SharedNoteView {
  id: string;
  reference: string;
  /** The reader at the note's first verse. */
  href: string;
  authorName: string;
  mine: boolean;
  body: string;
  createdAt: string;
}

/** The notes members share with the group from the reader, newest first: the passage, who wrote it, the note. */
export function SharedNotesCard({ notes }: { notes: SharedNoteView[] }) {
  return (
    <Card className="print:hidden">
      <CardHeader>
        <IconCardTitle icon={NotebookPen}>Shared notes</IconCardTitle>
        <CardDescription>
          {notes.length === 0
            ? "No notes shared yet. In the Bible reader, a note can be shared with a group you belong to."
            : "Notes members wrote in the Bible reader and shared with the group."}
        </CardDescription>
      </CardHeader>
      {notes.length > 0 ? (
        <CardContent>
          <ul className="divide-y divide-border">
            {notes.map((note) => (
              <li key={note.id} className="space-y-1.5 py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <Link to={note.href} className="font-semibold text-primary underline-offset-4 hover:underline">
                    {note.reference}
                  </Link>
                  <span className="text-muted-foreground">
                    {note.mine ? "You" : note.authorName} · {formatStudyDate(note.createdAt)}
                  </span>
                </p>
                <MarkdownView
                  source={note.body}
                  // Under the card's title (an h2): a note's headings start at h3, and stay small.
                  headingLevel={(level) => Math.min(6, level + 2) as 3 | 4 | 5 | 6}
                  headingClass={() => "text-sm font-semibold"}
                  className="space-y-2 break-words text-sm text-foreground"
                  classes={{ list: "space-y-1 pl-5" }}
                />
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}

import { Link } from "@remix-run/react";
import { BookOpen } from "lucide-react";
import { SpriteIcon } from "~/components/ui/static-icon";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { SavedStudyEntry } from "~/components/library/types";

/** The icon every saved lesson plan repeats: the page draws it once (IconSprite). */
export const savedStudyCardIcons = [BookOpen];

/** A saved lesson plan: title, type and a 150-character preview, opening the study. */
export function SavedStudyCard({ entry }: { entry: SavedStudyEntry }) {
  return (
    <Card>
      <CardHeader className="space-y-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <Badge variant="secondary">{entry.study.studyType === "passage" ? "Passage" : "Topic"}</Badge>
          <span className="text-xs text-muted-foreground">Saved {entry.date}</span>
        </div>
        <h3 className="font-semibold leading-snug">
          <Link
            to={`/lesson-plans?study=${encodeURIComponent(entry.study.id)}`}
            className="tap-target inline-flex items-start gap-2 hover:underline focus-visible:underline"
          >
            <SpriteIcon icon={BookOpen} className="mt-0.5 size-4 shrink-0 text-primary" />
            {entry.study.title}
          </Link>
        </h3>
      </CardHeader>
      <CardContent className="p-4 pt-0">
        <p className="break-words text-sm text-muted-foreground">{entry.study.preview}</p>
      </CardContent>
    </Card>
  );
}

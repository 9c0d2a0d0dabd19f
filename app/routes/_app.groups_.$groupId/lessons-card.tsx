import { Form, Link } from "@remix-run/react";
import { Share2 } from "lucide-react";
import { formatStudyDate, studyTypeLabel } from "~/components/studies/format";
import { StudyListItem } from "~/components/studies/study-list-item";
import { Button } from "~/components/ui/button";
import { IconCardTitle } from "~/components/groups/icon-card-title";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import type { SharedStudySummary } from "~/modules/groups/progress.server";
import { cn } from "~/utils/cn";

/** The lesson plans shared with the group; the leader shares one of theirs, or unshares. */
export function SharedLessonsCard({
  groupId,
  studies,
  isLeader,
  shareable,
}: {
  groupId: string;
  studies: SharedStudySummary[];
  isLeader: boolean;
  /** The leader's own lesson plans not shared yet. */
  shareable: Array<{ id: string; title: string }>;
}) {
  return (
    // With nothing shared, the leader sheet leaves the card out rather than print an empty heading.
    <Card
      className={cn(
        "print:break-inside-avoid print:border-0 print:shadow-none",
        studies.length === 0 && "print:hidden",
      )}
    >
      <CardHeader className="print:p-0 print:pb-1">
        {/* On the leader sheet, only the newest: the lesson for this week's meeting. */}
        <span className="print:hidden">
          <IconCardTitle icon={Share2}>Shared lessons</IconCardTitle>
        </span>
        <span className="hidden print:block">
          <IconCardTitle icon={Share2}>This week&apos;s lesson</IconCardTitle>
        </span>
        <CardDescription className="print:hidden">
          {studies.length === 0
            ? isLeader
              ? "Share a lesson plan and every member can read and print it."
              : "No lesson plans shared yet."
            : "Open one to read it, print it or save it to your library."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 print:p-0">
        {studies.length > 0 ? (
          <ul className="space-y-2">
            {studies.map((study, index) => (
              <li key={study.id} className={cn("flex items-center gap-2", index > 0 && "print:hidden")}>
                <StudyListItem
                  to={`/groups/${groupId}/studies/${study.id}`}
                  className="min-w-0 flex-1"
                  studyType={study.studyType}
                  title={study.title}
                  detail={`${studyTypeLabel(study.studyType)} · shared ${formatStudyDate(study.sharedAt)}`}
                />
                {isLeader ? (
                  <Form method="post" preventScrollReset className="print:hidden">
                    <input type="hidden" name="intent" value="unshare" />
                    <input type="hidden" name="studyId" value={study.id} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Unshare ${study.title}`}>
                      Unshare
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {isLeader ? (
          shareable.length > 0 ? (
            <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3 print:hidden">
              <input type="hidden" name="intent" value="share" />
              <div className="min-w-0 flex-1 space-y-1.5">
                <Label htmlFor="share-study">Share a lesson plan</Label>
                <select
                  id="share-study"
                  name="studyId"
                  className="flex h-10 w-full rounded-md max-md:h-11 border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {shareable.map((study) => (
                    <option key={study.id} value={study.id}>
                      {study.title}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="submit">Share</Button>
            </Form>
          ) : (
            <p className="text-sm text-muted-foreground print:hidden">
              <Link to="/lesson-plans" className="font-medium text-primary underline-offset-4 hover:underline">
                Create a lesson plan
              </Link>{" "}
              to share it with the group.
            </p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}

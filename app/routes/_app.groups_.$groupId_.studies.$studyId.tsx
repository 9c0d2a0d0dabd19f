import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft, Bookmark, BookmarkCheck } from "lucide-react";
import { PrintButton } from "~/components/groups/print-button";
import { PrintCredits, PrintScripture } from "~/components/groups/printable-extras";
import { formatStudyDate, studyTypeLabel } from "~/components/studies/format";
import { SaveToLibraryToggle } from "~/components/studies/save-to-library-toggle";
import { StudyContent } from "~/components/studies/study-content";
import { WriterCredit } from "~/components/studies/writer-credit";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { requireUser } from "~/modules/auth/request.server";
import { readSharedStudy, saveSharedStudy } from "~/modules/groups/group-studies.server";
import { printQuotesFor } from "~/modules/studies/print-quotes.server";
import { scriptureTextsFor } from "~/modules/studies/scripture-texts.server";
import { withHighlights } from "~/modules/notes/notes.server";
import { refusalReply, pageRefusal } from "~/utils/refusal.server";
import { useErrorToast } from "~/components/use-error-toast";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.study.title ?? "Shared lesson plan"} | Sagacity Bites` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const groupId = params.groupId ?? "";
  try {
    const shared = readSharedStudy(user.id, groupId, params.studyId ?? "");
    return {
      ...shared,
      texts: withHighlights(user.id, scriptureTextsFor(shared.study.content, shared.study.translation)),
      printQuotes: printQuotesFor(shared.study.content, shared.study.translation),
    };
  } catch (error) {
    pageRefusal(error);
  }
}

/** "Save to My Library": the member's own copy, as POST /api/groups/{id}/studies/{studyId}/save. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const groupId = params.groupId ?? "";
  const studyId = params.studyId ?? "";
  try {
    saveSharedStudy(user.id, groupId, studyId);
  } catch (error) {
    return refusalReply(error);
  }
  return redirectWithToast(`/groups/${groupId}/studies/${studyId}`, {
    title: "Saved to library",
    description: "You can find this in your library",
  });
}

export default function SharedLessonPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  useErrorToast(actionData, "Failed to update library");

  const { group, study, isOwner, ownId, saved, texts, printQuotes } = loaded;

  return (
    <div className="mx-auto max-w-4xl">
      <Link
        to={`/groups/${group.id}`}
        className="tap-target mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground print:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {group.name}
      </Link>
      <Card data-print-root className="print:border-0 print:shadow-none">
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
          <div className="min-w-0 space-y-2">
            <p className="text-sm text-muted-foreground">Shared with {group.name}</p>
            <h1 className="break-words text-2xl font-semibold leading-tight tracking-tight">{study.title}</h1>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <Badge variant="secondary">{studyTypeLabel(study.studyType)}</Badge>
              <span>{formatStudyDate(study.createdAt)}</span>
              {study.translation ? <span>Scripture: {study.translation}</span> : null}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2 print:hidden">
            <PrintButton />
            {isOwner && ownId ? (
              <SaveToLibraryToggle studyId={ownId} saved={saved} />
            ) : saved ? (
              <Button asChild variant="secondary" size="sm">
                <Link to="/library">
                  <BookmarkCheck aria-hidden="true" />
                  In My Library
                </Link>
              </Button>
            ) : (
              <Form method="post">
                <Button type="submit" variant="outline" size="sm">
                  <Bookmark aria-hidden="true" />
                  Save to My Library
                </Button>
              </Form>
            )}
          </div>
        </CardHeader>
        <CardContent className="space-y-6">
          <StudyContent content={study.content} texts={texts} />
          <WriterCredit writer={study} />
          <PrintScripture quotes={printQuotes} />
          <PrintCredits quotes={printQuotes} source={`Shared with ${group.name}`} />
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title="Lesson plan not found" icon="missing" back={{ to: "/groups", label: "Go to my groups" }}>
            This lesson is not shared with a group you are in, or it has been unshared.
          </ErrorPage>
        ),
      }}
    />
  );
}

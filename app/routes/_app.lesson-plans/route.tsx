import { HelpPopover } from "~/components/help-popover";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { FileText, Plus } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { CommentaryPanel } from "~/components/commentary/commentary-panel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { CreateStudyCard, type StudyFailure } from "~/components/studies/create-study-card";
import { formatStudyDate, studyTypeLabel } from "~/components/studies/format";
import { StudyListItem } from "~/components/studies/study-list-item";
import { SaveToLibraryToggle } from "~/components/studies/save-to-library-toggle";
import { PrintCredits, PrintScripture } from "~/components/groups/printable-extras";
import { LessonActions } from "~/components/studies/lesson-actions";
import { lessonPlainText } from "~/components/studies/plain-text";
import { StudyContent } from "~/components/studies/study-content";
import { WriterCredit } from "~/components/studies/writer-credit";
import { LessonSections, LessonSectionsBar } from "~/components/studies/lesson-sections";
import { printQuotesFor } from "~/modules/studies/print-quotes.server";
import { lessonTranslation } from "~/modules/studies/lesson-translation.server";
import { TranslationBadge } from "~/components/scripture/translation-badge";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { requireUser } from "~/modules/auth/request.server";
import { commentaryPanelForReference } from "~/modules/bible/commentary.server";
import { savedStudyIds } from "~/modules/library/saves.server";
import { studyRequestSchema, type StudyType } from "~/modules/studies/schemas";
import { scriptureTextsFor } from "~/modules/studies/scripture-texts.server";
import { withHighlights } from "~/modules/notes/notes.server";
import { createStudy, findStudy, listStudies, RECENT_STUDIES } from "~/modules/studies/studies.server";
import { ApiError } from "~/utils/client-errors";
import { invalidReply, refusalReply } from "~/utils/refusal.server";
import { useErrorToast } from "~/components/use-error-toast";
import { redirectWithToast } from "~/utils/toast.server";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { useStudyGenerator } from "./use-study-generator";

/** Where the phone's Sections list sends a reader for New study and Recent Studies. */
const LIBRARY_ID = "lesson-library";

export const meta: MetaFunction = () => [{ title: "Lesson Plans | Sagacity Bites" }];

const readyText: Record<StudyType, string> = {
  topic: "Your topic study is ready",
  passage: "Your passage study is ready",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const selectedId = new URL(request.url).searchParams.get("study");
  const recent = listStudies(user.id, { limit: RECENT_STUDIES }).items.map(({ id, title, studyType, createdAt }) => ({
    id,
    title,
    studyType,
    createdAt,
  }));
  const selected = selectedId ? findStudy(user.id, selectedId) : null;
  return {
    recent,
    selected,
    saved: selected ? savedStudyIds(user.id, [selected.id]).has(selected.id) : false,
    texts: selected ? withHighlights(user.id, scriptureTextsFor(selected.content, selected.translation)) : {},
    printQuotes: selected ? printQuotesFor(selected.content, selected.translation) : null,
    translation: lessonTranslation(selected?.translation),
    commentary: selected?.studyType === "passage" ? commentaryPanelForReference(selected.input) : null,
  };
}

/**
 * Without JavaScript the forms post here; with it, the page streams the same generation from
 * its own /lesson-plans/generate (app/routes/_app.lesson-plans.generate.tsx). Both parse with
 * studyRequestSchema and generate with planStudy and generateStudy (createStudy here), as
 * /api/studies/topic, /passage and /generate do.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: studyRequestSchema });
  // Which tab's field a failure is shown beside.
  const studyType: StudyType = submission.payload.studyType === "passage" ? "passage" : "topic";
  if (submission.status !== "success") {
    return invalidReply(submission, {
      fallback: "Please try again",
      extra: { studyType, suggestions: [] as string[] },
    });
  }
  try {
    const study = await createStudy(user.id, submission.value, { signal: request.signal });
    return redirectWithToast(`/lesson-plans?study=${study.id}`, {
      title: "Lesson plan created!",
      description: readyText[study.studyType],
    });
  } catch (error) {
    return refusalReply(error, {
      submission,
      extra: (refusal) => ({ studyType, suggestions: refusal.details?.suggestions ?? [] }),
    });
  }
}

/** The closest topics a refused topic came back with (`suggestions` in the error's body). */
function suggestionsOf(body: unknown): string[] {
  if (!body || typeof body !== "object" || !("suggestions" in body) || !Array.isArray(body.suggestions)) return [];
  return body.suggestions.filter((entry): entry is string => typeof entry === "string");
}

function TopicVsPassageHelp() {
  return (
    <HelpPopover label="Help: Topic vs Passage" title="Topic vs Passage">
      <p>
        <span className="font-medium">Topic</span> builds a lesson plan around a theme, such as Forgiveness or Hope in
        suffering: it gathers the key scriptures from across the Bible.
      </p>
      <p>
        <span className="font-medium">Passage</span> studies one portion of Scripture, such as John 3:16-21 or Psalm 23:
        its text, outline, key words and cross-references.
      </p>
      <p className="text-muted-foreground">
        Both include discussion questions, application points and a group activity. References appear as badges:{" "}
        {/* A phone has no hover: the words follow the pointer the screen has. */}
        <span className="hidden [@media(hover:hover)]:inline">hover or focus one to read the verse.</span>
        <span className="[@media(hover:hover)]:hidden">tap one to read the verse.</span>
      </p>
    </HelpPopover>
  );
}

export default function LessonPlansPage() {
  const { recent, selected, saved, texts, printQuotes, commentary, translation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { state: generation, generate } = useStudyGenerator();
  const previewRef = useRef<HTMLDivElement>(null);
  // A finished lesson reads as a document; while one is being written the form stays open.
  const reading = Boolean(selected) && !generation.pending;
  const scrollToPreview = useRef(false);
  // Why the last try failed, shown beside its field; a topic the writer has no reviewed passages
  // for comes back with the closest topics to offer.
  const [failure, setFailure] = useState<StudyFailure | null>(null);

  // Without scripts the form posted to the action; its failure is shown in the card the same way.
  const noScriptFailure = useMemo<StudyFailure | null>(
    () =>
      actionData
        ? { studyType: actionData.studyType, message: actionData.error, suggestions: actionData.suggestions ?? [] }
        : null,
    [actionData],
  );

  useErrorToast(actionData, "Failed to create lesson plan");

  useEffect(() => {
    // On a phone the preview sits below the lists: bring it into view when a study opens.
    if (scrollToPreview.current && window.matchMedia("(max-width: 1023px)").matches) {
      previewRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    }
    scrollToPreview.current = false;
  }, [selected?.id]);

  async function onGenerate(studyType: StudyType, value: string) {
    setFailure(null);
    try {
      const study = await generate(
        studyType === "topic" ? { studyType, topic: value } : { studyType, reference: value },
      );
      toast({ title: "Lesson plan created!", description: readyText[study.studyType] });
      scrollToPreview.current = true;
      navigate(`/lesson-plans?study=${study.id}`, { preventScrollReset: true });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : "Please try again";
      setFailure({ studyType, message, suggestions: error instanceof ApiError ? suggestionsOf(error.body) : [] });
      toast({
        title: "Failed to create lesson plan",
        description: message,
        variant: "destructive",
      });
      return false;
    }
  }

  const library = (
    <div
      key="library"
      id={LIBRARY_ID}
      className={cn("min-w-0 scroll-mt-32 space-y-6 print:hidden", reading && "lg:col-start-1 lg:row-start-1")}
    >
      {reading ? (
        // With a lesson open, the form folds away; it opens again in place (no scripts needed).
        <details className="group rounded-lg border bg-card shadow-sm">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium hover:bg-muted/60 [&::-webkit-details-marker]:hidden">
            <Plus className="size-4 text-primary transition-transform group-open:rotate-45" aria-hidden="true" />
            New study
          </summary>
          <div className="border-t">
            <CreateStudyCard
              pending={generation.pending}
              onGenerate={onGenerate}
              failure={failure ?? noScriptFailure}
            />
          </div>
        </details>
      ) : (
        <CreateStudyCard pending={generation.pending} onGenerate={onGenerate} failure={failure ?? noScriptFailure} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>Recent Studies</CardTitle>
          <CardDescription>Your latest lesson plans</CardDescription>
        </CardHeader>
        <CardContent>
          {recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">No studies yet. Create your first one above.</p>
          ) : (
            <ul className="space-y-2">
              {recent.map((study) => {
                const current = selected?.id === study.id;
                return (
                  <li key={study.id}>
                    <StudyListItem
                      to={`/lesson-plans?study=${study.id}`}
                      preventScrollReset
                      aria-current={current ? "true" : undefined}
                      onClick={() => {
                        scrollToPreview.current = true;
                      }}
                      className={cn(current && "border-primary bg-primary/5")}
                      studyType={study.studyType}
                      title={study.title}
                      detail={`${studyTypeLabel(study.studyType)} · ${formatStudyDate(study.createdAt)}`}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      {reading && selected ? <LessonSections content={selected.content} /> : null}
    </div>
  );

  const preview = (
    <div
      key="preview"
      ref={previewRef}
      className={cn("min-w-0 scroll-mt-20", reading && "lg:col-start-2 lg:row-start-1")}
    >
      {reading && selected ? <LessonSectionsBar content={selected.content} moreId={LIBRARY_ID} /> : null}
      <Card
        aria-label="Study preview"
        role="region"
        data-print-root
        className="max-sm:-mx-4 max-sm:rounded-none max-sm:border-x-0 max-sm:shadow-none print:border-0 print:shadow-none"
      >
        {generation.pending ? (
          <CardContent className="space-y-4 p-6" aria-live="polite">
            <div className="flex items-center gap-3 rounded-md bg-muted/50 p-3">
              <Spinner label="Creating your study" />
              <p className="text-sm text-muted-foreground">{generation.message}</p>
            </div>
            {generation.markdown ? <StudyContent content={generation.markdown} /> : null}
          </CardContent>
        ) : selected ? (
          <>
            <CardHeader className="gap-3 max-sm:px-4 sm:flex-row sm:items-start sm:justify-between sm:space-y-0">
              <div className="min-w-0 space-y-2">
                <CardTitle className="break-words text-2xl">{selected.title}</CardTitle>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <Badge variant="secondary">{studyTypeLabel(selected.studyType)}</Badge>
                  <span>{formatStudyDate(selected.createdAt)}</span>
                  {translation ? (
                    <TranslationBadge name={translation.name} code={translation.code} note={translation.note} />
                  ) : null}
                </div>
                <LessonActions
                  title={selected.title}
                  text={typeof selected.content === "string" ? lessonPlainText(selected.content) : ""}
                />
              </div>
              <div className="print:hidden">
                <SaveToLibraryToggle studyId={selected.id} saved={saved} />
              </div>
            </CardHeader>
            <CardContent className="max-sm:px-4 text-[1.0625rem] leading-[1.6] print:text-base print:leading-snug">
              <div className="max-w-[40rem] print:max-w-none">
                <StudyContent content={selected.content} texts={texts} />
                {/* A reading aid with tabs and a link, for the screen: on paper the lesson quotes its commentators itself. */}
                {commentary ? <CommentaryPanel commentary={commentary} className="mt-6 print:hidden" /> : null}
                <WriterCredit writer={selected} />
              </div>
              {printQuotes ? (
                <>
                  <PrintScripture quotes={printQuotes} />
                  <PrintCredits quotes={printQuotes} />
                </>
              ) : null}
            </CardContent>
          </>
        ) : (
          <CardContent className="flex min-h-64 flex-col items-center justify-center gap-3 p-10 text-center text-muted-foreground">
            <FileText className="size-10 opacity-60" aria-hidden="true" />
            <p>Create a study to see the preview here</p>
          </CardContent>
        )}
      </Card>
    </div>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Lesson Plans"
        description="Create Bible studies from a topic or a passage"
        help={<TopicVsPassageHelp />}
      />
      {/* The toast needs scripts; a form posted without them shows the failure here. */}
      {!hydrated && actionData?.error ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          <strong>Failed to create lesson plan: </strong>
          {actionData.error}
        </p>
      ) : null}
      <div
        className={cn(
          "grid gap-6",
          reading ? "lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]" : "lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]",
        )}
      >
        {/* A lesson being read comes first on a phone, the form and the list after it (beside it
            on a wide screen); before one is open, the form comes first. */}
        {reading ? [preview, library] : [library, preview]}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

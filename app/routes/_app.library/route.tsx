import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { ContentCard, contentCardIcons } from "./content-card";
import { AddExcerptDialog, AddExcerptPanel } from "./add-excerpt-dialog";
import { LibraryEmptyState } from "./empty-state";
import { LibraryFilter } from "./library-filter";
import { LibraryHelp } from "./library-help";
import { SavedStudyCard, savedStudyCardIcons } from "./saved-study-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { EmptyNote, LibraryList, searchOf } from "./library-list";
import { PageHeader } from "~/components/page-header";
import { IconSprite } from "~/components/ui/static-icon";
import { requireUser } from "~/modules/auth/request.server";
import {
  addManualLibraryItem,
  countLibraryItems,
  deleteLibraryItem,
  listLibraryItems,
} from "~/modules/library/items.server";
import {
  contentExcerpt,
  contentLabels,
  EXCERPT_LENGTH,
  LIBRARY_PAGE_SIZE,
  STUDY_PREVIEW_LENGTH,
  studyPreview,
} from "~/modules/library/display";
import {
  countLibrarySaves,
  listLibrarySaves,
  removeStudyFromLibrary,
  saveStudyToLibrary,
} from "~/modules/library/saves.server";
import {
  libraryFilterSchema,
  libraryReturnSchema,
  libraryToggleSchema,
  manualItemSchema,
} from "~/modules/library/schemas";
import { getOnboardingStatus, markOnboardingStep } from "~/modules/onboarding/onboarding.server";
import { refusalReply, refusalToast } from "~/utils/refusal.server";
import { shownCount } from "~/utils/pagination.server";
import { redirectWithToast } from "~/utils/toast.server";
import { firstErrorMessage } from "~/utils/form-reply";

const libraryIcons = [...contentCardIcons, ...savedStudyCardIcons];

export const meta: MetaFunction = () => [{ title: "My Library | Sagacity Bites" }];

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const search = new URL(request.url).searchParams;
  const contentShown = shownCount(search.get("content"), LIBRARY_PAGE_SIZE);
  const savedShown = shownCount(search.get("saved"), LIBRARY_PAGE_SIZE);
  const { q, type } = libraryFilterSchema.parse(Object.fromEntries(search));
  const filter = { query: q, contentType: type };
  // One character past the excerpt length tells whether the transcript goes on ("...").
  const items = listLibraryItems(user.id, {
    transcriptLimit: EXCERPT_LENGTH + 1,
    limit: contentShown,
    filter,
  }).items.map((item) => ({
    id: item.id,
    title: item.title,
    contentType: item.contentType,
    label: contentLabels[item.contentType],
    // Blogs link to their source; videos to the video.
    link: item.contentType === "blog" || item.contentType === "audio" ? (item.source ?? item.url) : item.source,
    authorName: item.author?.name ?? item.authorName,
    sourceTitle: item.sourceTitle,
    excerpt: contentExcerpt(item),
    insights: item.aiLearningBites ?? [],
    book: item.book,
    date: dateFormat.format(item.createdAt),
  }));
  const saved = listLibrarySaves(user.id, { contentLimit: STUDY_PREVIEW_LENGTH + 1, limit: savedShown }).items.map(
    (entry) => ({
      id: entry.id,
      date: dateFormat.format(new Date(entry.createdAt)),
      study: {
        id: entry.study.id,
        title: entry.study.title,
        studyType: entry.study.studyType,
        preview: studyPreview(entry.study.content),
      },
    }),
  );
  // A long library comes a page at a time: the whole of it would be megabytes of HTML.
  const contentTotal = items.length < contentShown ? items.length : countLibraryItems(user.id, filter);
  const filtered = Boolean(q || type);
  const savedTotal = saved.length < savedShown ? saved.length : countLibrarySaves(user.id);
  return {
    items,
    saved,
    contentTotal,
    savedTotal,
    filtered,
    visited: getOnboardingStatus(user.id).hasVisitedLibrary,
  };
}

/** A failure names the form it answers; a value no form sends (a hostile one) is not sent back. */
function echoIntent(intent: unknown) {
  return typeof intent === "string" && intent.length <= 32 ? intent : "unknown";
}

/** A failed change: the answer a fetcher reads, naming the form it answers. */
function failure(
  intent: unknown,
  id: string,
  error: string,
  status: number,
  fieldErrors: Record<string, string[]> = {},
) {
  return data({ ok: false as const, intent: echoIntent(intent), id, error, fieldErrors }, { status });
}

/** A module's refusal, for the fetcher that asked (a no-JavaScript form goes back with a toast instead). */
function refusal(intent: unknown, error: unknown, redirectTo?: string) {
  if (redirectTo) return refusalToast(error, redirectTo, "Failed to update library");
  return refusalReply(error, { extra: { ok: false as const, intent: echoIntent(intent) } });
}

const toggleToasts = {
  save: { title: "Saved to library", description: "You can find this in your library" },
  remove: { title: "Removed from library", description: "Study removed successfully" },
} as const;

/**
 * The save-to-library toggle (SPEC §4), from any page: a fetcher gets the outcome back; the
 * no-JavaScript form sends `redirectTo` and goes back there with the toast.
 */
function toggleSave(userId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: libraryToggleSchema });
  const id = crypto.randomUUID();
  if (submission.status !== "success") {
    return failure(String(formData.get("intent")), id, firstErrorMessage(submission.error, "Invalid request"), 400);
  }
  const { intent, studyId, redirectTo } = submission.value;
  try {
    if (intent === "save") saveStudyToLibrary(userId, studyId);
    else removeStudyFromLibrary(userId, studyId);
  } catch (error) {
    return refusal(intent, error, redirectTo);
  }
  if (redirectTo) return redirectWithToast(redirectTo, toggleToasts[intent]);
  return { ok: true as const, intent, id, studyId, saved: intent === "save" };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "save" || intent === "remove") return toggleSave(user.id, form);
  // Without JavaScript the visit itself is not reported (see LibraryPage): the first change counts.
  markOnboardingStep(user.id, "hasVisitedLibrary");
  const id = crypto.randomUUID();
  const back = libraryReturnSchema.safeParse({ redirectTo: form.get("redirectTo") ?? undefined });
  if (!back.success) return failure(intent, id, "Invalid request", 400);
  // The no-JavaScript forms say where to go back to; a fetcher gets the outcome instead.
  const { redirectTo } = back.data;
  try {
    if (intent === "delete") {
      deleteLibraryItem(user.id, String(form.get("id") ?? ""));
      if (redirectTo)
        return redirectWithToast(redirectTo, {
          title: "Deleted from library",
          description: "The item was removed from your library",
        });
      return { ok: true as const, intent, id };
    }
    if (intent === "add") {
      const submission = parseWithZod(form, { schema: manualItemSchema });
      if (submission.status !== "success") {
        // Only the form's own fields can have errors (the schema ignores other names), each a short message.
        const fieldErrors = Object.fromEntries(
          Object.entries(submission.error ?? {}).flatMap(([name, messages]) =>
            messages?.length ? [[name, messages.slice(0, 1)]] : [],
          ),
        );
        return failure(intent, id, firstErrorMessage(submission.error, "Invalid request"), 400, fieldErrors);
      }
      const item = addManualLibraryItem(user.id, submission.value);
      const added = {
        title: "Added to your library",
        description: `${contentLabels[item.contentType]}: ${item.title}`,
      };
      if (redirectTo) return redirectWithToast(redirectTo, added);
      return { ok: true as const, intent, id, title: item.title, label: contentLabels[item.contentType] };
    }
    return failure(intent, id, "Unknown action", 400);
  } catch (error) {
    return refusal(intent, error, intent === "delete" ? redirectTo : undefined);
  }
}

export default function MyLibraryPage() {
  const { items, saved, contentTotal, savedTotal, filtered, visited } = useLoaderData<typeof loader>();
  // A GET never writes: the first visit is reported by a POST once the page is up. Without
  // JavaScript it is not; the first change made here (or saving a study) ticks the step instead.
  // A plain POST, not a fetcher: a fetcher's revalidation finishing while the reader's next page
  // was still being discovered left that page blank (as the reader's place, resources.bible-place).
  useEffect(() => {
    if (visited) return;
    const body = new FormData();
    body.set("step", "hasVisitedLibrary");
    fetch("/resources/onboarding", { method: "POST", body, keepalive: true }).catch(() => {});
  }, [visited]);
  // Without scripts the dialogs cannot open: ?add and ?delete=<id> ask on the page instead.
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const listParams = new URLSearchParams(searchParams);
  listParams.delete("add");
  listParams.delete("delete");
  const returnTo = listParams.size ? `/library?${listParams}` : "/library";
  const withParam = (name: string, value: string) => {
    const params = new URLSearchParams(listParams);
    params.set(name, value);
    return `/library?${params}`;
  };
  const addFailure = actionData && !actionData.ok && actionData.intent === "add" ? actionData : undefined;
  const empty = items.length === 0 && saved.length === 0 && !filtered;
  return (
    <div className="mx-auto max-w-6xl">
      <IconSprite icons={libraryIcons} />
      <PageHeader
        title="My Library"
        description="Your saved content, excerpts and lesson plans"
        help={<LibraryHelp />}
      />
      <div className="grid gap-8 xl:grid-cols-3">
        <section aria-labelledby="library-content-heading" className="space-y-4 xl:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="library-content-heading" className="text-xl font-semibold tracking-tight">
              Content & Excerpts
            </h2>
            <AddExcerptDialog askHref={withParam("add", "")} />
          </div>
          <AddExcerptPanel
            open={searchParams.has("add") || addFailure !== undefined}
            returnTo={returnTo}
            failure={addFailure}
          />
          {empty ? null : (
            <LibraryFilter
              query={searchParams.get("q") ?? ""}
              type={searchParams.get("type") ?? ""}
              types={Object.entries(contentLabels).map(([value, label]) => ({ value, label }))}
            />
          )}
          <LibraryList
            label="Content & Excerpts"
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-1 2xl:grid-cols-2"
            items={items}
            renderItem={(item) => (
              <ContentCard
                item={item}
                deleteLinks={{
                  asking: searchParams.get("delete") === item.id,
                  askHref: withParam("delete", item.id),
                  cancelHref: returnTo,
                }}
              />
            )}
            none={
              empty ? (
                <LibraryEmptyState />
              ) : filtered ? (
                <EmptyNote>
                  Nothing in your library matches this search.{" "}
                  <Link to="/library" className="font-medium text-primary underline-offset-4 hover:underline">
                    Show everything
                  </Link>
                </EmptyNote>
              ) : (
                <EmptyNote>
                  No content yet. Use Add Content for a sermon or article, or add a quote or book excerpt.
                </EmptyNote>
              )
            }
            more={{ list: "content", total: contentTotal, other: { saved: saved.length, ...searchOf(searchParams) } }}
          />
        </section>
        <section aria-labelledby="library-saved-heading" className="space-y-4">
          <h2 id="library-saved-heading" className="text-xl font-semibold tracking-tight">
            Saved Lesson Plans
          </h2>
          <LibraryList
            label="Saved Lesson Plans"
            className="space-y-3"
            items={saved}
            renderItem={(entry) => <SavedStudyCard entry={entry} />}
            none={<EmptyNote>No saved lesson plans yet. Save one on Lesson Plans to keep it here.</EmptyNote>}
            more={{ list: "saved", total: savedTotal, other: { content: items.length, ...searchOf(searchParams) } }}
          />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

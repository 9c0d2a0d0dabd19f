import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { CommentaryPanel } from "~/components/commentary/commentary-panel";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/request.server";
import { commentaryPanelForReference } from "~/modules/bible/commentary.server";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { shownDayReferences } from "~/modules/plans/today.server";
import { todayViewSchema } from "~/modules/plans/schemas";

export const meta: MetaFunction = () => [{ title: "Commentary | Sagacity Bites" }];

/**
 * GET /today/commentary?day=N: the classic commentaries on the day Today shows. Today's fold loads
 * it when opened (so the commentary is not in the page's first download) and links here without
 * scripts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const view = todayViewSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const day = view.success ? view.data.day : undefined;
  const { references } = shownDayReferences(user.id, { timeZone: readTimeZone(user.id), day });
  return {
    day: day ?? null,
    references,
    panels: references.flatMap((reference) => commentaryPanelForReference(reference) ?? []),
  };
}

export default function TodayCommentaryPage() {
  const { day, references, panels } = useLoaderData<typeof loader>();
  const back = day === null ? "/today" : `/today?day=${day}`;
  return (
    <div className="reading-column mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Commentary"
        description={references.length ? `On ${references.join(", ")}` : "No reading today"}
        className="mb-0"
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to={back}>
              <ArrowLeft aria-hidden="true" />
              Back to the reading
            </Link>
          </Button>
        }
      />
      {panels.length > 0 ? (
        panels.map((panel) => <CommentaryPanel key={panel.reference} commentary={panel} />)
      ) : (
        <p className="text-muted-foreground">
          {references.length
            ? "No commentary has text on this reading."
            : "Start a reading plan to read the commentaries on each day's passage."}
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

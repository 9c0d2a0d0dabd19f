import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { BookOpen, CalendarDays, Library, Mic, Sun } from "lucide-react";
import { StaticIcon } from "~/components/ui/static-icon";
import { ContinueCard, RecentList } from "~/components/dashboard/start-the-day";
import { formatStudyDate, studyTypeLabel } from "~/components/studies/format";
import { QuickStartChecklist } from "~/components/onboarding/quick-start-checklist";
import { WelcomeNoScript } from "~/components/onboarding/welcome-noscript";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { parseCookies, requireUser } from "~/modules/auth/request.server";
import { contentLabels } from "~/modules/library/display";
import { listContent } from "~/modules/library/content.server";
import { getOnboardingStatus } from "~/modules/onboarding/onboarding.server";
import { continueReading, readTimeZone } from "~/modules/plans/plans.server";
import { getProfile } from "~/modules/profile/profile.server";
import { listStudies } from "~/modules/studies/studies.server";
import { QUICK_START_COLLAPSED_COOKIE } from "~/modules/onboarding/quick-start";
import { useLazyModule } from "~/utils/lazy";

const loadWelcomeDialog = () => import("~/components/onboarding/welcome-dialog");

export const meta: MetaFunction = () => [{ title: "Dashboard | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = requireUser(request);
  const status = getOnboardingStatus(user.id);
  const collapsedBy = parseCookies(request.headers.get("cookie"))[QUICK_START_COLLAPSED_COOKIE];
  const recentCount = 3;
  return {
    userId: user.id,
    // SPEC §2 greets with the email's first part; a display name from the profile comes first.
    name: getProfile(user.id).displayName ?? user.email.split("@")[0],
    reading: continueReading(user.id, { timeZone: readTimeZone(user.id) }),
    lessons: listStudies(user.id, { limit: recentCount }).items.map((study) => ({
      id: study.id,
      title: study.title,
      detail: `${studyTypeLabel(study.studyType)} · ${formatStudyDate(study.createdAt)}`,
      to: `/lesson-plans?study=${study.id}`,
    })),
    library: listContent(user.id, { limit: recentCount, transcriptLimit: 0 }).items.map((item) => ({
      id: item.id,
      title: item.title,
      detail: contentLabels[item.contentType],
      to: "/library",
    })),
    onboarding: { ...status, onboardingCompletedAt: status.onboardingCompletedAt?.toISOString() ?? null },
    checklistCollapsed: collapsedBy === user.id,
  };
}

const tiles = [
  {
    // SPEC's tile title for the screen the sidebar calls Add Content: the description names it.
    title: "Process Sermon",
    description: "Add Content: a sermon or article made into key insights",
    to: "/process-sermon",
    icon: Mic,
  },
  { title: "My Library", description: "Your saved content and lesson plans", to: "/library", icon: Library },
  {
    title: "Lesson Plans",
    description: "Create a lesson plan from a topic or passage",
    to: "/lesson-plans",
    icon: BookOpen,
  },
  {
    title: "Reading Plans",
    description: "Choose a guided plan through Scripture",
    to: "/bible-plans",
    icon: CalendarDays,
  },
  { title: "Today", description: "Today's reading and devotional", to: "/today", icon: Sun },
];

export default function Dashboard() {
  const { userId, name, reading, lessons, library, onboarding, checklistCollapsed } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  // Only a new reader sees the welcome dialog: its code is fetched for them alone.
  const welcome = useLazyModule(loadWelcomeDialog, onboarding.hasCompletedWelcome ? "later" : "now");
  // A reader who is already clicking or typing before its code arrives is not interrupted by it
  // (it would cover a menu they just opened); it waits for their next visit.
  const [busyBeforeWelcome, setBusyBeforeWelcome] = useState(false);
  useEffect(() => {
    if (welcome || onboarding.hasCompletedWelcome) return;
    const markBusy = () => setBusyBeforeWelcome(true);
    window.addEventListener("pointerdown", markBusy, true);
    window.addEventListener("keydown", markBusy, true);
    return () => {
      window.removeEventListener("pointerdown", markBusy, true);
      window.removeEventListener("keydown", markBusy, true);
    };
  }, [welcome, onboarding.hasCompletedWelcome]);
  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-8 flex items-start justify-between gap-3">
        <div>
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {name}</h1>
          <p className="mt-1 text-muted-foreground">Continue your journey of faith and discipleship.</p>
        </div>
        {/* The onboarding status is refetched after the welcome dialog closes. */}
        {revalidator.state === "loading" ? <Spinner label="Loading..." className="mt-2" /> : null}
      </div>
      {onboarding.hasCompletedWelcome ? null : <WelcomeNoScript redirectTo="/" />}
      <div className="mb-6">
        <ContinueCard reading={reading} />
      </div>
      <QuickStartChecklist
        status={onboarding}
        userId={userId}
        // Already complete when the page opened: SPEC §2 shows the checklist only while it is not.
        initiallyCollapsed={checklistCollapsed || onboarding.onboardingCompletedAt !== null}
      />
      <div className="mb-8 space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <RecentList kind="lesson" items={lessons} />
          <RecentList kind="library" items={library} />
        </div>
      </div>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">Go to</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              prefetch="intent"
              className="block h-full rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <Card className="h-full transition-colors hover:border-primary/60 hover:bg-accent/40">
                <CardHeader>
                  <StaticIcon icon={tile.icon} className="mb-2 size-6 text-primary" />
                  <CardTitle className="text-lg">{tile.title}</CardTitle>
                  <CardDescription>{tile.description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      {welcome && !busyBeforeWelcome ? <welcome.WelcomeDialog show={!onboarding.hasCompletedWelcome} /> : null}
    </div>
  );
}

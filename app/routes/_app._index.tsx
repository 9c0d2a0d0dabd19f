import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ContinueCard, RecentList } from "~/components/dashboard/start-the-day";
import { GoToTiles } from "~/components/dashboard/go-to-tiles";
import { VerseOfTheDayCard } from "~/components/dashboard/verse-of-the-day";
import { formatStudyDate, studyTypeLabel } from "~/components/studies/format";
import { QuickStartChecklist } from "~/components/onboarding/quick-start-checklist";
import { QuickStartCongratulation } from "~/components/onboarding/quick-start-congratulation";
import { WelcomeNoScript } from "~/components/onboarding/welcome-noscript";
import { Spinner } from "~/components/ui/spinner";
import { requireUser } from "~/modules/auth/request.server";
import { readCookie } from "~/utils/cookies.server";
import { readersVerseOfTheDay } from "~/modules/dashboard/verse-of-the-day.server";
import { listGroups } from "~/modules/groups/membership.server";
import { getOnboardingStatus, shouldCongratulate } from "~/modules/onboarding/onboarding.server";
import { calendarDay } from "~/utils/time-zone";
import { firstPlanChoices } from "~/modules/plans/first-plan.server";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { continueReading, readingStreak } from "~/modules/plans/today.server";
import { getProfile } from "~/modules/profile/profile.server";
import { listStudies } from "~/modules/studies/studies.server";
import { QUICK_START_COLLAPSED_COOKIE } from "~/modules/onboarding/quick-start";
import { useLazyModule } from "~/utils/lazy";
import { GeneralErrorBoundary } from "~/components/error-boundary";

const loadWelcomeDialog = () => import("~/components/onboarding/welcome-dialog");

export const meta: MetaFunction = () => [{ title: "Dashboard | Sagacity Bites" }];

const RECENT_COUNT = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const status = getOnboardingStatus(user.id);
  const collapsedBy = readCookie(request.headers.get("cookie"), QUICK_START_COLLAPSED_COOKIE);
  const timeZone = readTimeZone(user.id);
  return {
    userId: user.id,
    // SPEC §2 greets with the email's first part; a display name from the profile comes first.
    name: getProfile(user.id).displayName ?? user.email.split("@")[0],
    reading: continueReading(user.id, { timeZone }),
    streak: readingStreak(user.id, { timeZone }),
    verse: readersVerseOfTheDay(user.id, { day: calendarDay(new Date(), timeZone) }),
    lessons: listStudies(user.id, { limit: RECENT_COUNT }).items.map((study) => ({
      id: study.id,
      title: study.title,
      detail: `${studyTypeLabel(study.studyType)} · ${formatStudyDate(study.createdAt)}`,
      to: `/lesson-plans?study=${study.id}`,
    })),
    groups: listGroups(user.id)
      .slice(0, RECENT_COUNT)
      .map((group) => ({
        id: group.id,
        title: group.name,
        detail: [
          `${group.memberCount} ${group.memberCount === 1 ? "member" : "members"}`,
          group.plan?.name,
          group.role === "leader" ? "you lead" : null,
        ]
          .filter(Boolean)
          .join(" · "),
        to: `/groups/${group.id}`,
      })),
    onboarding: { ...status, onboardingCompletedAt: status.onboardingCompletedAt?.toISOString() ?? null },
    congratulate: shouldCongratulate(user.id),
    // The welcome's one question and the plan each answer starts: only a new reader is asked.
    firstPlans: status.hasCompletedWelcome ? null : firstPlanChoices(user.id),
    checklistCollapsed: collapsedBy === user.id,
  };
}

export default function Dashboard() {
  const {
    userId,
    name,
    reading,
    streak,
    verse,
    lessons,
    groups,
    onboarding,
    congratulate,
    firstPlans,
    checklistCollapsed,
  } = useLoaderData<typeof loader>();
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
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex items-start justify-between gap-3">
        <div>
          {/* A first visit is not a return. */}
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">
            {onboarding.hasCompletedWelcome ? "Welcome back" : "Welcome"}, {name}
          </h1>
          <p className="mt-1 text-muted-foreground">Continue your journey of faith and discipleship.</p>
        </div>
        {/* The onboarding status is refetched after the welcome dialog closes. */}
        {revalidator.state === "loading" ? <Spinner label="Loading..." className="mt-2" /> : null}
      </div>
      {firstPlans ? (
        <WelcomeNoScript redirectTo="/" options={firstPlans.choices} defaultMinutes={firstPlans.defaultMinutes} />
      ) : null}
      {congratulate ? <QuickStartCongratulation /> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <ContinueCard reading={reading} streak={streak} />
        <VerseOfTheDayCard verse={verse} />
      </div>
      <QuickStartChecklist status={onboarding} userId={userId} initiallyCollapsed={checklistCollapsed} />
      <GoToTiles />
      <div className="grid gap-4 md:grid-cols-2">
        <RecentList kind="lesson" items={lessons} />
        <RecentList kind="group" items={groups} />
      </div>
      {welcome && !busyBeforeWelcome && firstPlans ? (
        <welcome.WelcomeDialog
          show={!onboarding.hasCompletedWelcome}
          options={firstPlans.choices}
          defaultMinutes={firstPlans.defaultMinutes}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

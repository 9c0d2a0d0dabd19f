import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ArrowLeft, LogOut, Trash2 } from "lucide-react";
import { CONFIRM_PARAM, ConfirmAction, ConfirmInPlace } from "~/components/groups/confirm-action";
import { PrintButton } from "~/components/groups/print-button";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/modules/auth/request.server";
import { shareStudy, unshareStudy } from "~/modules/groups/group-studies.server";
import {
  deleteGroup,
  handOverLeadership,
  regenerateInviteCode,
  removeMember,
  updateGroup,
  updateMemberSettings,
} from "~/modules/groups/membership.server";
import { clearGroupPlan, setGroupPlan } from "~/modules/groups/group-plan.server";
import { getGroup, type GroupDetail } from "~/modules/groups/progress.server";
import { groupPageFormSchema } from "~/modules/groups/schemas";
import { calendarDay } from "~/utils/time-zone";
import { readTimeZone } from "~/modules/plans/time-zones.server";
import { listPlans } from "~/modules/plans/catalogue.server";
import { groupNotes } from "~/modules/notes/notes.server";
import { listStudies } from "~/modules/studies/studies.server";
import { invalidReply, refusalReply, pageRefusal } from "~/utils/refusal.server";
import { useErrorToast } from "~/components/use-error-toast";
import { useHydrated } from "~/utils/use-hydrated";
import { redirectWithToast } from "~/utils/toast.server";
import { InviteCard } from "./invite-card";
import { isLoopbackOrigin, publicOrigin } from "~/utils/public-origin.server";
import { GroupDetailsCard } from "./details-card";
import { SharedLessonsCard } from "./lessons-card";
import { MembersCard } from "./members-card";
import { SharedNotesCard, type SharedNoteView } from "./notes-card";
import { GroupPlanCard } from "./plan-card";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.group.name ?? "Group"} | Sagacity Bites` },
];

/** How many of the leader's own lesson plans the share list offers (newest first). */
const SHAREABLE_LIMIT = 100;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const timeZone = readTimeZone(user.id);
  let group: GroupDetail;
  try {
    group = getGroup(user.id, params.groupId ?? "", { timeZone });
  } catch (error) {
    pageRefusal(error);
  }
  const isLeader = group.role === "leader";
  const origin = publicOrigin(context);
  const shared = new Set(group.studies.map((study) => study.id));
  const notes: SharedNoteView[] = groupNotes(group.id, user.id).map((note) => ({
    id: note.id,
    reference: note.reference,
    href: `/bible/${note.book}/${note.chapter}?v=${note.verse}`,
    authorName: note.authorName,
    mine: note.mine,
    body: note.body,
    createdAt: note.createdAt.toISOString(),
  }));
  return {
    group,
    notes,
    me: user.id,
    today: calendarDay(new Date(), timeZone),
    inviteLink: group.inviteCode ? `${origin}/join/${group.inviteCode}` : null,
    // Still 127.0.0.1: the desktop app's window while it does not share, an address no other device can open.
    onLoopback: isLoopbackOrigin(origin),
    // The desktop app's window (Electron's own user agent), which has a File menu to share from.
    inDesktopApp: /\bElectron\//.test(request.headers.get("user-agent") ?? ""),
    plans: isLeader ? listPlans(user.id).map(({ id, name, daysCount }) => ({ id, name, daysCount })) : [],
    shareable: isLeader
      ? listStudies(user.id, { limit: SHAREABLE_LIMIT })
          .items.filter((study) => !shared.has(study.id))
          .map(({ id, title }) => ({ id, title }))
      : [],
  };
}

/** Every form of the page: the same module functions as the group's API rows. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const groupId = params.groupId ?? "";
  const here = `/groups/${groupId}`;
  const submission = parseWithZod(await request.formData(), { schema: groupPageFormSchema });
  if (submission.status !== "success") return invalidReply(submission);
  const form = submission.value;
  try {
    switch (form.intent) {
      case "share":
        shareStudy(user.id, groupId, form.studyId);
        return redirectWithToast(here, { title: "Lesson plan shared", description: "Every member can read it now" });
      case "unshare":
        unshareStudy(user.id, groupId, form.studyId);
        return redirectWithToast(here, { title: "Lesson plan unshared" });
      case "set-plan": {
        const plan = setGroupPlan(
          user.id,
          groupId,
          { planId: form.planId, startDate: form.startDate },
          { timeZone: readTimeZone(user.id, form.timeZone || undefined) },
        );
        return redirectWithToast(here, { title: "Group plan set", description: `The group reads ${plan.name}` });
      }
      case "clear-plan":
        clearGroupPlan(user.id, groupId);
        return redirectWithToast(here, { title: "The group no longer reads a plan together" });
      case "regenerate-code":
        regenerateInviteCode(user.id, groupId);
        return redirectWithToast(here, { title: "New invite code", description: "The old code no longer works" });
      case "remove-member":
        removeMember(user.id, groupId, form.userId);
        return redirectWithToast(here, { title: "Member removed" });
      case "hand-over":
        handOverLeadership(user.id, groupId, form.userId);
        return redirectWithToast(here, { title: "Leadership handed over" });
      case "leave": {
        const result = removeMember(user.id, groupId, user.id);
        return redirectWithToast("/groups", {
          title: result.groupDeleted ? "You left, and the group was removed" : "You left the group",
        });
      }
      case "rename":
        updateGroup(user.id, groupId, { name: form.name, description: form.description });
        return redirectWithToast(here, { title: "Group details saved" });
      case "delete-group":
        deleteGroup(user.id, groupId);
        return redirectWithToast("/groups", { title: "Group deleted" });
      case "hide-progress":
        updateMemberSettings(user.id, groupId, user.id, { hideProgress: form.hideProgress });
        return redirectWithToast(here, {
          title: form.hideProgress ? "Your progress is hidden from the group" : "Your progress is shown to the group",
        });
    }
  } catch (error) {
    return refusalReply(error, { submission });
  }
}

function leaveQuestion(group: GroupDetail, me: string) {
  if (group.role !== "leader") {
    return "You lose access to the group's lesson plans and reading plan. You can join again with the current invite code.";
  }
  const next = group.members.find((member) => member.userId !== me);
  return next
    ? `Leadership passes to ${next.name}, the longest-standing member. Your lesson plans shared with the group are unshared.`
    : "You are the only member: the group will be deleted.";
}

export default function GroupPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const location = useLocation();

  useErrorToast(actionData, "That did not work");

  const { group, notes, me, today, inviteLink, onLoopback, inDesktopApp, plans, shareable } = loaded;
  const isLeader = group.role === "leader";
  // A leader on their own: inviting is the first thing to do, and leaving would only delete the group.
  const alone = isLeader && group.members.length === 1;
  const invite =
    isLeader && group.inviteCode && inviteLink ? (
      <InviteCard
        code={group.inviteCode}
        link={inviteLink}
        onThisComputerOnly={onLoopback}
        inDesktopApp={inDesktopApp}
        first={alone}
      />
    ) : null;
  const asked = hydrated ? null : new URLSearchParams(location.search).get(CONFIRM_PARAM);
  const questions: Record<
    string,
    { title: string; description: string; confirmLabel: string; fields: Record<string, string> }
  > = {
    leave: {
      title: "Leave this group?",
      description: leaveQuestion(group, me),
      confirmLabel: "Leave Group",
      fields: { intent: "leave" },
    },
    "delete-group": {
      title: "Delete this group?",
      description:
        "This cannot be undone. The group, its members list and its shared lesson plans go; everyone's own lesson plans and reading progress stay.",
      confirmLabel: "Delete Group",
      fields: { intent: "delete-group" },
    },
    "regenerate-code": {
      title: "Make a new invite code?",
      description: "The current code and link stop working at once; members already in the group stay.",
      confirmLabel: "Make New Code",
      fields: { intent: "regenerate-code" },
    },
  };
  for (const member of group.members) {
    questions[`remove-${member.userId}`] = {
      title: `Remove ${member.name} from the group?`,
      description: "They lose access to the group's lesson plans and reading plan.",
      confirmLabel: "Remove Member",
      fields: { intent: "remove-member", userId: member.userId },
    };
    questions[`hand-over-${member.userId}`] = {
      title: `Hand the group to ${member.name}?`,
      description: "They become the group's leader; you stay in the group as a member.",
      confirmLabel: "Make Leader",
      fields: { intent: "hand-over", userId: member.userId },
    };
  }
  const question = asked ? questions[asked] : undefined;
  const deleteGroup = (
    <ConfirmAction
      id="delete-group"
      label="Delete Group"
      variant={alone ? "outline" : "destructive"}
      icon={<Trash2 aria-hidden="true" />}
      title={questions["delete-group"]!.title}
      description={questions["delete-group"]!.description}
      confirmLabel="Delete Group"
      fields={{ intent: "delete-group" }}
    />
  );

  return (
    <div className="mx-auto max-w-6xl">
      <Link
        to="/groups"
        className="tap-target mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground print:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        My groups
      </Link>
      <PageHeader
        title={group.name}
        className="print:mb-3"
        description={
          <>
            <Badge variant={isLeader ? "default" : "secondary"} className="mr-2 align-middle print:hidden">
              {isLeader ? "Leader" : "Member"}
            </Badge>
            {group.description}
          </>
        }
        actions={
          <>
            {isLeader ? <PrintButton label="Print leader sheet" /> : null}
            {alone ? (
              deleteGroup
            ) : (
              <ConfirmAction
                id="leave"
                label="Leave Group"
                icon={<LogOut aria-hidden="true" />}
                title={questions.leave!.title}
                description={questions.leave!.description}
                confirmLabel="Leave Group"
                fields={{ intent: "leave" }}
              />
            )}
          </>
        }
      />
      {question ? <ConfirmInPlace {...question} /> : null}
      {!hydrated && actionData?.error ? (
        <p role="alert" className="mb-4 text-sm text-destructive">
          <strong>That did not work: </strong>
          {actionData.error}
        </p>
      ) : null}
      {/* Printed, the page is a one-page leader sheet: the plan and members' reading, the lessons,
          the invite code; the forms and settings stay on the screen. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] print:block print:space-y-3">
        <div className="min-w-0 space-y-6 print:space-y-3">
          {alone ? invite : null}
          <GroupPlanCard plan={group.plan} isLeader={isLeader} plans={plans} today={today} />
          <MembersCard members={group.members} me={me} isLeader={isLeader} plan={group.plan} />
          <SharedLessonsCard groupId={group.id} studies={group.studies} isLeader={isLeader} shareable={shareable} />
          <SharedNotesCard notes={notes} />
        </div>
        <div className="min-w-0 space-y-6 print:space-y-3">
          {alone ? null : invite}
          {isLeader ? <GroupDetailsCard name={group.name} description={group.description} /> : null}
          {isLeader && !alone ? (
            <Card className="print:hidden">
              <CardHeader>
                <CardTitle className="text-lg">Delete group</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm text-muted-foreground">
                <p>Removes the group for everyone. Members keep their own studies and reading progress.</p>
                {deleteGroup}
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title="Group not found" icon="missing" back={{ to: "/groups", label: "Go to my groups" }}>
            This group does not exist, or you are not one of its members. Ask its leader for an invite link.
          </ErrorPage>
        ),
      }}
    />
  );
}

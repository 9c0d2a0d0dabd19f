import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BookOpen, CalendarDays, ChevronRight, Users } from "lucide-react";
import { useMemo } from "react";
import { Field } from "~/components/forms";
import { GroupDetailsFields } from "~/components/groups/group-details-fields";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { requireUser } from "~/modules/auth/request.server";
import { createGroup, joinGroup, listGroups } from "~/modules/groups/membership.server";
import { createGroupSchema, joinGroupSchema } from "~/modules/groups/schemas";
import { invalidReply, refusalReply } from "~/utils/refusal.server";
import { useErrorToast } from "~/components/use-error-toast";
import { redirectWithToast } from "~/utils/toast.server";
import { GroupFormCard, groupForms } from "./group-form-card";

export const meta: MetaFunction = () => [{ title: "Groups | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { groups: listGroups(user.id) };
}

/** Create and Join, the same module functions as POST /api/groups and /api/groups/join. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  if (formData.get("intent") === "join") {
    const extra = { intent: "join" as const };
    const submission = parseWithZod(formData, { schema: joinGroupSchema });
    if (submission.status !== "success") return invalidReply(submission, { extra });
    try {
      const group = joinGroup(user.id, submission.value.inviteCode);
      return redirectWithToast(`/groups/${group.id}`, {
        title: group.alreadyMember ? "You are already in this group" : `Welcome to ${group.name}!`,
      });
    } catch (error) {
      return refusalReply(error, { submission, extra });
    }
  }
  const extra = { intent: "create" as const };
  const submission = parseWithZod(formData, { schema: createGroupSchema });
  if (submission.status !== "success") return invalidReply(submission, { extra });
  try {
    const group = createGroup(user.id, submission.value);
    return redirectWithToast(`/groups/${group.id}`, {
      title: "Group created!",
      description: "Share the invite code or link with your group",
    });
  } catch (error) {
    return refusalReply(error, { submission, extra });
  }
}

function GroupsEmptyState() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
        <Users className="size-10 text-primary" aria-hidden="true" />
        <div>
          <h2 className="text-lg font-semibold">You are not in a group yet</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Create one for your small group, or join with the invite code your leader gave you.
          </p>
        </div>
        <ul className="grid w-full max-w-xl gap-3 text-left sm:grid-cols-2">
          <li className="flex gap-3 rounded-md border p-3">
            <BookOpen className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="text-sm">Share your lesson plans with the group, and print them for the meeting.</p>
          </li>
          <li className="flex gap-3 rounded-md border p-3">
            <CalendarDays className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="text-sm">Read a plan together and see who kept up with today&apos;s reading.</p>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

export default function GroupsPage() {
  const { groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  useErrorToast(actionData, (failed) => groupForms[failed.intent].failed);

  // The refusal stays beside the field of the form that posted (the toast, with scripts, vanishes).
  const failure = useMemo(
    (): Partial<Record<keyof typeof groupForms, string[]>> =>
      actionData?.error ? { [actionData.intent]: [actionData.error] } : {},
    [actionData],
  );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Groups" description="Study together: share lesson plans and read a plan as a group" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section aria-labelledby="my-groups" className="min-w-0 space-y-3">
          <h2 id="my-groups" className="text-lg font-semibold">
            My groups
          </h2>
          {groups.length === 0 ? (
            <GroupsEmptyState />
          ) : (
            <ul className="space-y-3">
              {groups.map((group) => (
                <li key={group.id}>
                  <Link
                    to={`/groups/${group.id}`}
                    className="flex items-center gap-4 rounded-lg border bg-card p-4 transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Users className="size-6 shrink-0 text-primary" aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="truncate font-semibold">{group.name}</span>
                        <Badge variant={group.role === "leader" ? "default" : "secondary"}>
                          {group.role === "leader" ? "Leader" : "Member"}
                        </Badge>
                      </span>
                      <span className="block text-sm text-muted-foreground">
                        {group.memberCount} {group.memberCount === 1 ? "member" : "members"}
                        {group.plan ? ` · Reading ${group.plan.name}` : ""}
                      </span>
                      {group.description ? (
                        <span className="mt-1 block truncate text-sm text-muted-foreground">{group.description}</span>
                      ) : null}
                    </span>
                    <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="min-w-0 space-y-6">
          <GroupFormCard intent="create" pending={pendingIntent === "create"}>
            <GroupDetailsFields idPrefix="group" nameErrors={failure.create} />
          </GroupFormCard>
          <GroupFormCard intent="join" pending={pendingIntent === "join"}>
            <Field
              label="Invite code"
              errors={failure.join}
              inputProps={{
                id: "invite-code",
                name: "inviteCode",
                required: true,
                maxLength: 100,
                autoComplete: "off",
                autoCapitalize: "characters",
                placeholder: "e.g., K7QM-2XPD-9HRT",
                className: "font-mono uppercase",
              }}
            />
          </GroupFormCard>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

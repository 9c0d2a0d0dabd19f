import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Users } from "lucide-react";
import { SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AuthFrame } from "~/components/auth/auth-frame";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { getOptionalUser, requireUser } from "~/modules/auth/request.server";
import { findGroupByInviteCode, isMember, joinGroup } from "~/modules/groups/membership.server";
import { refusalReply, refusalOf } from "~/utils/refusal.server";
import { RETURN_PARAM } from "~/utils/local-path";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Join a group | Sagacity Bites" }];

/**
 * An invite link. Outside the signed-in layout so that a visitor who is not signed in is sent to
 * sign in (or create an account) and comes back here, rather than to the dashboard.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) {
    const back = new URL(request.url).pathname;
    throw redirect(`/login?${new URLSearchParams({ [RETURN_PARAM]: back })}`);
  }
  try {
    const group = findGroupByInviteCode(params.code ?? "");
    if (isMember(user.id, group.id)) throw redirect(`/groups/${group.id}`);
    return { group, error: null };
  } catch (error) {
    const refusal = refusalOf(error);
    return data({ group: null, error: refusal.message }, { status: refusal.status });
  }
}

/** Joins, as POST /api/groups/join does. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  try {
    const group = joinGroup(user.id, params.code ?? "");
    return redirectWithToast(`/groups/${group.id}`, { title: `Welcome to ${group.name}!` });
  } catch (error) {
    return refusalReply(error);
  }
}

export default function JoinGroupPage() {
  const { group, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failure = actionData?.error ?? error;
  return (
    <AuthFrame>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Users className="size-5 text-primary" aria-hidden="true" />
            {group ? `Join ${group.name}` : "Invite not valid"}
          </CardTitle>
          <CardDescription>
            {group
              ? (group.description ?? "You have been invited to this group.")
              : "This invite link does not open a group."}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          {failure ? (
            <p role="alert" className="text-destructive">
              {failure}
            </p>
          ) : (
            <p className="text-muted-foreground">
              Members read the lessons the leader shares and the group&apos;s reading plan. The group sees your reading
              streak; you can hide it.
            </p>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          {group ? (
            <Form method="post">
              <SubmitButton pending={navigation.state !== "idle"} pendingText="Joining...">
                Join Group
              </SubmitButton>
            </Form>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/groups">My groups</Link>
          </Button>
        </CardFooter>
      </Card>
    </AuthFrame>
  );
}

export function ErrorBoundary() {
  return (
    <AuthFrame>
      <GeneralErrorBoundary />
    </AuthFrame>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { Settings2, Users } from "lucide-react";
import { parseWithZod } from "@conform-to/zod/v4";
import { AiConnectionCheck } from "~/components/admin/ai-connection-check";
import { AiSettingsForm } from "~/components/admin/ai-settings-form";
import { LimitsPanel } from "~/components/admin/limits-panel";
import { SignupSettingsPanel } from "~/components/admin/signup-settings";
import { UsersSearch, UsersTable } from "~/components/admin/users-table";
import { WriterInUseNote } from "~/components/admin/writer-in-use";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { ShowMoreLink } from "~/components/show-more-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { clearLimit, listLimits } from "~/modules/admin/limits.server";
import { adminFormSchema, adminIntents } from "~/modules/admin/schemas";
import { deleteUser, listUsers, updateUser } from "~/modules/admin/users.server";
import { AI_CHECK_INTENT } from "~/modules/ai/connection-check";
import { checkAiConnection } from "~/modules/ai/connection-check.server";
import { getAiSettings, updateAiSettings } from "~/modules/ai/settings.server";
import { writerInUse } from "~/modules/ai/writer-in-use.server";
import { requireAdminUser } from "~/modules/auth/request.server";
import {
  createInvite,
  getSignupSettings,
  listPendingInvites,
  revokeInvite,
  setSignupMode,
} from "~/modules/auth/signup.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { refusalReply } from "~/utils/refusal.server";
import { shownCount } from "~/utils/pagination.server";
import { redirectWithToast } from "~/utils/toast.server";
import { firstErrorMessage, replyWithoutEcho } from "~/utils/form-reply";

export const meta: MetaFunction = () => [{ title: "Admin Console | Sagacity Bites" }];

/** Users the console lists at first, and adds with each "Show more". */
const USERS_PAGE_SIZE = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdminUser(request);
  const search = new URL(request.url).searchParams;
  const page = listUsers({
    limit: shownCount(search.get("users"), USERS_PAGE_SIZE),
    query: search.get("q")?.slice(0, 254),
  });
  return {
    currentUserId: admin.id,
    users: page.items,
    hasMoreUsers: page.nextCursor !== null,
    settings: getAiSettings(),
    writerInUse: writerInUse(),
    signup: getSignupSettings(),
    invites: listPendingInvites(),
    limits: listLimits(),
    limitsCheckedAt: new Date().toISOString(),
  };
}

/**
 * Back to the page the form was on (its tab, search and "Show more" count), with the toast; not
 * to a deletion's question (?delete=), which is answered once anything is done.
 */
function backTo(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("delete");
  return `${url.pathname}${url.search}`;
}

function done(request: Request, description: string) {
  // Replace, not push: the console after a change is the same page, not a new step back.
  return redirectWithToast(backTo(request), { title: "Success", description }, { "X-Remix-Replace": "true" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdminUser(request);
  const submission = parseWithZod(await request.formData(), { schema: adminFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Unknown action");
    // The values are not echoed: the forms are hidden fields, and a hostile one could be huge.
    return data({ result: replyWithoutEcho(submission, { resetForm: true }), error: message }, { status: 400 });
  }
  const form = submission.value;
  try {
    switch (form.intent) {
      case AI_CHECK_INTENT:
        return { aiCheck: await checkAiConnection() };
      case adminIntents.setActive:
        updateUser(admin.id, form.userId, { isActive: form.isActive });
        return done(request, "User status updated successfully");
      case adminIntents.setAdmin:
        updateUser(admin.id, form.userId, { isAdmin: form.isAdmin });
        return done(request, "Admin status updated successfully");
      case adminIntents.deleteUser:
        deleteUser(admin.id, form.userId);
        return done(request, "User deleted successfully");
      case adminIntents.aiSettings: {
        const { intent: _intent, ...settings } = form;
        updateAiSettings(settings);
        return done(request, "AI settings saved successfully");
      }
      case adminIntents.signupMode:
        setSignupMode(form.mode);
        return done(request, "Sign-up mode saved");
      case adminIntents.createInvite:
        // Shown in the page, not redirected: the server keeps only a hash, so this answer is the
        // one time the link exists. It starts as every link for someone else does (public-origin.server.ts):
        // the desktop app's window is on 127.0.0.1, which no phone can open.
        return data(
          { inviteUrl: publicOrigin(context) + createInvite(admin.id, form.expiresInDays).path },
          { status: 201 },
        );
      case adminIntents.revokeInvite:
        revokeInvite(form.inviteId);
        return done(request, "Invite revoked");
      case adminIntents.clearLimit:
        clearLimit(form.kind, form.key);
        return done(request, "Limit cleared");
    }
  } catch (error) {
    return refusalReply(error, { submission });
  }
}

// Switching tabs only changes ?tab=, which needs no fresh data; "Show more" changes ?users=, which does;
// a connection check changes nothing.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  defaultShouldRevalidate,
}) => {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    currentUrl.searchParams.get("users") === nextUrl.searchParams.get("users")
  ) {
    return false;
  }
  if (formData?.get("intent") === AI_CHECK_INTENT) return false;
  return defaultShouldRevalidate;
};

const tabs = ["users", "settings"] as const;

export default function AdminPage() {
  const { currentUserId, users, hasMoreUsers, settings, writerInUse, signup, invites, limits, limitsCheckedAt } =
    useLoaderData<typeof loader>();
  // Only a form posted without scripts answers here; the page's fetchers keep their own answers.
  const actionData = useActionData<typeof action>();
  const [searchParams, setSearchParams] = useSearchParams();
  // After each action the list or the settings are fetched again (SPEC §4); the old values stay meanwhile.
  const refreshing = useNavigation().state === "loading";
  const tab = searchParams.get("tab") === "settings" ? "settings" : "users";
  const failure = actionData && "error" in actionData ? actionData.error : undefined;
  const withParams = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(searchParams);
    change(params);
    const query = params.toString();
    return query ? `?${query}` : "?";
  };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Admin Console" description="Manage users and configure AI settings" />
      {failure ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          <strong>Error: </strong>
          {failure}
        </p>
      ) : null}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (!tabs.includes(value as (typeof tabs)[number])) return;
          // Kept in the address so a reload or a shared link opens the same tab (and as many users).
          setSearchParams(
            (params) => {
              if (value === "users") params.delete("tab");
              else params.set("tab", value);
              return params;
            },
            { replace: true, preventScrollReset: true },
          );
        }}
      >
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="users" className="flex-1 sm:flex-none">
            <Users className="size-4" aria-hidden="true" />
            User Management
          </TabsTrigger>
          <TabsTrigger value="settings" className="flex-1 sm:flex-none">
            <Settings2 className="size-4" aria-hidden="true" />
            AI Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <CardTitle>Users</CardTitle>
                {refreshing ? <Spinner label="Loading users..." showLabel /> : null}
              </div>
              <CardDescription>Activate or deactivate accounts, grant admin access, or delete a user</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <UsersSearch query={searchParams.get("q") ?? ""} />
              <UsersTable
                users={users}
                currentUserId={currentUserId}
                confirmDeleteId={searchParams.get("delete")}
                onAskDelete={(userId) =>
                  setSearchParams(
                    (params) => {
                      if (userId) params.set("delete", userId);
                      else params.delete("delete");
                      return params;
                    },
                    { replace: true, preventScrollReset: true },
                  )
                }
                deleteHref={(userId) => withParams((params) => params.set("delete", userId))}
                cancelHref={withParams((params) => params.delete("delete"))}
                emptyText={searchParams.get("q") ? "No users match this search." : undefined}
              />
              {hasMoreUsers ? <ShowMoreUsers shown={users.length} query={searchParams.get("q")} /> : null}
            </CardContent>
          </Card>
          <Card className="mt-6">
            <CardHeader>
              <CardTitle>Sign-up</CardTitle>
              <CardDescription>Who can create an account on this server, and invites for new members</CardDescription>
            </CardHeader>
            <CardContent>
              <SignupSettingsPanel
                signup={signup}
                invites={invites}
                createdInviteUrl={actionData && "inviteUrl" in actionData ? actionData.inviteUrl : undefined}
              />
            </CardContent>
          </Card>
          <Card className="mt-6">
            <CardHeader>
              <CardTitle>Limits</CardTitle>
              <CardDescription>
                Networks and emails held back by the sign-up and sign-in limits. Clear one to let them try again now.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <LimitsPanel limits={limits} checkedAt={limitsCheckedAt} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="settings">
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <CardTitle>AI Generation Settings</CardTitle>
                {refreshing ? <Spinner label="Loading settings..." showLabel /> : null}
              </div>
              <CardDescription>How lesson plans and devotionals are written for every user</CardDescription>
            </CardHeader>
            <CardContent>
              <WriterInUseNote inUse={writerInUse} />
              <AiSettingsForm settings={settings} />
              <AiConnectionCheck />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ShowMoreUsers({ shown, query }: { shown: number; query: string | null }) {
  const next = new URLSearchParams({ users: String(shown + USERS_PAGE_SIZE), ...(query ? { q: query } : {}) });
  return <ShowMoreLink status={`Showing the newest ${shown} users`} search={next} className="mt-4" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { Settings2, Users } from "lucide-react";
import { AiSettingsForm } from "~/components/admin/ai-settings-form";
import { SignupSettingsPanel } from "~/components/admin/signup-settings";
import { UsersTable } from "~/components/admin/users-table";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { listUsers } from "~/modules/admin/users.server";
import { getAiSettings } from "~/modules/ai/settings.server";
import { requireAdminUser } from "~/modules/auth/request.server";
import { getSignupSettings, listPendingInvites } from "~/modules/auth/signup.server";

export const meta: MetaFunction = () => [{ title: "Admin Console | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = requireAdminUser(request);
  return {
    currentUserId: admin.id,
    users: listUsers(),
    settings: getAiSettings(),
    signup: getSignupSettings(),
    invites: listPendingInvites(),
  };
}

// Switching tabs only changes ?tab=, which needs no fresh data.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
};

const tabs = ["users", "settings"] as const;

export default function AdminPage() {
  const { currentUserId, users, settings, signup, invites } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  // After each action the list or the settings are fetched again (SPEC §4); the old values stay meanwhile.
  const refreshing = useRevalidator().state === "loading";
  const tab = searchParams.get("tab") === "settings" ? "settings" : "users";

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Admin Console" description="Manage users and configure AI settings" />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (!tabs.includes(value as (typeof tabs)[number])) return;
          // Kept in the address so a reload or a shared link opens the same tab.
          setSearchParams(value === "users" ? {} : { tab: value }, { replace: true, preventScrollReset: true });
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
            <CardContent>
              <UsersTable users={users} currentUserId={currentUserId} />
            </CardContent>
          </Card>
          <Card className="mt-6">
            <CardHeader>
              <CardTitle>Sign-up</CardTitle>
              <CardDescription>Who can create an account on this server, and invites for new members</CardDescription>
            </CardHeader>
            <CardContent>
              <SignupSettingsPanel signup={signup} invites={invites} />
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
              <AiSettingsForm settings={settings} />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { LogOut } from "lucide-react";
import { AccessibilityControls } from "~/components/accessibility/accessibility-controls";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Settings | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = requireUser(request);
  return { email: user.email };
}

export default function SettingsPage() {
  const { email } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Settings" description="Manage your account and preferences" />
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
          <CardDescription>The email you sign in with</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">Email</p>
          <p className="font-medium">{email}</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Accessibility</CardTitle>
          <CardDescription>Reading font, contrast and read-aloud, saved on this device</CardDescription>
        </CardHeader>
        <CardContent>
          <AccessibilityControls idPrefix="settings-a11y" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sign Out</CardTitle>
          <CardDescription>End your session on this device</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" action="/logout">
            <Button type="submit" variant="destructive" disabled={signingOut}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

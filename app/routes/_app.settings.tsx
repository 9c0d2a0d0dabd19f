import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LogOut } from "lucide-react";
import { AccessibilityControls } from "~/components/accessibility/accessibility-controls";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { ChangePasswordCard } from "~/components/settings/change-password-card";
import { DeleteAccountCard } from "~/components/settings/delete-account-card";
import { YourDataCard } from "~/components/settings/your-data-card";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { deleteOwnAccount } from "~/modules/account/delete.server";
import { changePassword } from "~/modules/account/password.server";
import {
  changePasswordFormSchema,
  deleteAccountSchema,
  newPasswordErrorTitles,
  settingsIntents,
} from "~/modules/account/schemas";
import { clearSessionCookie, readSessionToken, requireUser } from "~/modules/auth/request.server";
import { readCookie } from "~/utils/cookies.server";
import { fieldErrorsOf } from "~/utils/form-reply";
import { refusalReply } from "~/utils/refusal.server";
import { useErrorToast } from "~/components/use-error-toast";
import { keepRetryAfter } from "~/utils/page-headers";
import { redirectWithToast } from "~/utils/toast.server";
import { THEME_COOKIE, themeCookie, themeLabels, themeOf, themes } from "~/utils/theme";

/** The theme form, posted when the page has no scripts (with them the choice applies at once). */
const themeFormSchema = z.object({ theme: z.enum(themes) });

export const meta: MetaFunction = () => [{ title: "Settings | Sagacity Bites" }];
export const headers = keepRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    email: user.email,
    askingDelete: new URL(request.url).searchParams.has("delete-account"),
    theme: themeOf(readCookie(request.headers.get("cookie"), THEME_COOKIE)),
  };
}

/** A form that did not pass its check: its toast's title, the message and the fields it names. */
function problem(intent: string, title: string, error: string, fieldErrors: Record<string, string[]>) {
  return data({ id: crypto.randomUUID(), intent, title, error, fieldErrors }, { status: 400 });
}

/**
 * Change Password and Delete Account (the form's fields are never sent back: they are passwords),
 * and the theme when the page has no scripts (with them the page sets its cookie itself).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === settingsIntents.theme) {
    const submission = parseWithZod(formData, { schema: themeFormSchema });
    if (submission.status !== "success") return problem(intent, "Theme not changed", "Choose a theme", {});
    const { theme } = submission.value;
    return redirectWithToast(
      "/settings",
      { title: "Theme changed", description: `${themeLabels[theme]} on this device.` },
      { "set-cookie": themeCookie(theme) },
    );
  }
  const schema = intent === settingsIntents.deleteAccount ? deleteAccountSchema : changePasswordFormSchema;
  if (intent !== settingsIntents.changePassword && intent !== settingsIntents.deleteAccount) {
    return problem("unknown", "Error", "Unknown action", {});
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).filter(([name, messages]) => name.length <= 100 && messages?.length),
    ) as Record<string, string[]>;
    const field = ["currentPassword", "confirmPassword", "newPassword", "password"].find((name) => errors[name]);
    const title = field ? (newPasswordErrorTitles[field] ?? "Error") : "Error";
    return problem(intent, title, (field && errors[field]?.[0]) || "Please check the form", errors);
  }
  try {
    if (intent === settingsIntents.changePassword) {
      const value = submission.value as { currentPassword: string; newPassword: string };
      await changePassword(user, (await readSessionToken(request))!, value, context.clientAddress);
      return redirectWithToast("/settings", {
        title: "Password changed",
        description: "Your other devices have been signed out.",
      });
    }
    await deleteOwnAccount(user, (submission.value as { password: string }).password, context.clientAddress);
    return redirectWithToast(
      "/login",
      { title: "Account deleted", description: "Your account and all its data have been removed." },
      { "set-cookie": clearSessionCookie() },
    );
  } catch (error) {
    const changing = intent === settingsIntents.changePassword;
    // A refusal about no one field (too many tries, the last admin) is shown by the password typed.
    return refusalReply(error, {
      submission,
      hide: ["currentPassword", "newPassword", "confirmPassword", "password"],
      field: changing ? "currentPassword" : "password",
      extra: { intent, title: changing ? "Password not changed" : "Account not deleted" },
    });
  }
}

export default function SettingsPage() {
  const { email, askingDelete, theme } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  const errorsFor = (intent: string) =>
    actionData?.intent !== intent
      ? {}
      : "fieldErrors" in actionData
        ? actionData.fieldErrors
        : fieldErrorsOf(actionData.result);

  useErrorToast(actionData, (failed) => failed.title);

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
      <ChangePasswordCard errors={errorsFor(settingsIntents.changePassword)} />
      <Card>
        <CardHeader>
          <CardTitle>Accessibility</CardTitle>
          <CardDescription>Theme, reading font, contrast and read-aloud, saved on this device</CardDescription>
        </CardHeader>
        <CardContent>
          <AccessibilityControls idPrefix="settings-a11y" themeForm={{ action: "/settings", initialTheme: theme }} />
        </CardContent>
      </Card>
      <YourDataCard />
      <Card>
        <CardHeader>
          <CardTitle>Sign Out</CardTitle>
          <CardDescription>End your session on this device</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline" disabled={signingOut}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </Form>
        </CardContent>
      </Card>
      <DeleteAccountCard asking={askingDelete} errors={errorsFor(settingsIntents.deleteAccount)} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

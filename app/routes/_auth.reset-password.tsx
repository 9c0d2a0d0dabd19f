import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { AuthCard } from "~/components/auth/auth-card";
import { FormAlert } from "~/components/form-alert";
import { NewPasswordFields } from "~/components/settings/new-password-fields";
import { RESET_LINK_INVALID } from "~/modules/account/password";
import { findResetToken, resetPassword } from "~/modules/account/password.server";
import { resetPasswordFormSchema } from "~/modules/account/schemas";
import { clearSessionCookie } from "~/modules/auth/request.server";
import { refusalReply } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";

export const meta: MetaFunction = () => [
  { title: "Choose a new password | Sagacity Bites" },
  // The address holds a one-time secret: keep it out of search engines and every Referer (the origin
  // alone is sent). Not "no-referrer": a form posted without scripts would then say `Origin: null`,
  // which the cross-site check refuses.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "origin" },
];

/** The page holds a one-time secret and the account's email: no cache keeps it (the service worker skips it too). */
export const headers: HeadersFunction = () => ({ "cache-control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 200) ?? "";
  const found = token ? findResetToken(token) : null;
  return { token: found ? token : "", email: found?.email ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordFormSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const field = ["token", "confirmPassword", "newPassword"].find((name) => errors[name]?.length);
    const fieldErrors: Record<string, string[]> = Object.fromEntries(
      ["confirmPassword", "newPassword"].filter((name) => errors[name]?.length).map((name) => [name, errors[name]!]),
    );
    return data({ error: (field && errors[field]?.[0]) || "Please check the form", fieldErrors }, { status: 400 });
  }
  try {
    await resetPassword(submission.value);
  } catch (error) {
    return refusalReply(error, { submission, hide: ["newPassword", "confirmPassword"] });
  }
  return redirectWithToast(
    "/login",
    { title: "Password changed", description: "Sign in with your new password." },
    { "set-cookie": clearSessionCookie() },
  );
}

export default function ResetPasswordPage() {
  const { token, email } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  // Only the form's own check names fields; a refusal (a used link, a busy server) is about the form.
  const fieldErrors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  return (
    <AuthCard
      title="Choose a new password"
      description={
        email ? `For ${email}. Every device signed in to this account will be signed out.` : "Password reset"
      }
      footer="backToSignIn"
    >
      {!token ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {RESET_LINK_INVALID}
        </p>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          {/* A refused link or a busy server; the fields' own errors are shown beside them. */}
          <FormAlert message={Object.keys(fieldErrors).length ? null : answer?.error} />
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields idPrefix="reset-" errors={fieldErrors} />
          <SubmitButton className="w-full" pending={pending} pendingText="Saving...">
            Set New Password
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return (
    <Card>
      <GeneralErrorBoundary />
    </Card>
  );
}

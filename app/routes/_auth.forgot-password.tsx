import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, SubmitButton } from "~/components/forms";
import { requestResetMail, resetMailEnabled } from "~/modules/account/reset-mail.server";
import { forgotPasswordSchema } from "~/modules/account/schemas";
import { redirectIfSignedIn } from "~/modules/auth/request.server";
import { refusalReply } from "~/utils/refusal.server";
import { keepRetryAfter } from "~/utils/page-headers";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "Forgot password | Sagacity Bites" }];
export const headers = keepRetryAfter;

const ASK_AN_ADMIN =
  "This server does not send email. Ask your group leader or an admin for a password reset link: they can make one in the Admin Console.";
const SENT =
  "If an account exists for that email, we have sent it a link to choose a new password. The link works once, within 24 hours. If you asked more than once, use the newest mail: only a few are sent in a short time.";

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return { mailEnabled: resetMailEnabled() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!resetMailEnabled()) return data({ error: ASK_AN_ADMIN, sent: false }, { status: 400 });
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ error: "Please enter your email", sent: false }, { status: 400 });
  }
  try {
    // Not awaited: the answer must not wait for (and so reveal) a mail that is sent only to accounts.
    void requestResetMail(submission.value.email, context.clientAddress);
  } catch (error) {
    return refusalReply(error, { submission, extra: { sent: false } });
  }
  return { error: null, sent: true };
}

export default function ForgotPasswordPage() {
  const { mailEnabled } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  const emailErrors = useMemo(() => (answer?.error ? [answer.error] : undefined), [answer]);
  return (
    <AuthCard
      title="Forgot your password?"
      description={
        mailEnabled
          ? "Enter your email and we will send you a link to choose a new one."
          : "Reset by email is not available."
      }
      footer="backToSignIn"
    >
      {!mailEnabled ? (
        <p role="status" className="rounded-md border bg-muted/60 p-3 text-sm">
          {ASK_AN_ADMIN}
        </p>
      ) : answer?.sent ? (
        <p role="status" className="rounded-md border bg-muted/60 p-3 text-sm">
          {SENT}
        </p>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <Field
            label="Email"
            errors={emailErrors}
            inputProps={{
              type: "email",
              id: "forgot-email",
              name: "email",
              required: true,
              maxLength: 254,
              autoComplete: "email",
            }}
          />
          <SubmitButton className="w-full" pending={pending} pendingText="Sending...">
            Send Reset Link
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

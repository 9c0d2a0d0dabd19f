import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AlertCircle } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { AuthCard } from "~/components/auth/auth-card";
import { Field, SubmitButton } from "~/components/forms";
import { toast } from "~/components/ui/use-toast";
import { authenticateForm } from "~/modules/auth/authenticator.server";
import { consumeSessionExpiredFlag, redirectIfSignedIn } from "~/modules/auth/request.server";
import { loginConstraint } from "~/modules/auth/form-fields";
import { SESSION_EXPIRED_FLAG } from "~/utils/client-errors";
import { keepRetryAfter } from "~/utils/page-headers";
import { signInOrRefuse } from "~/modules/auth/sign-in.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "Sign in | Sagacity Bites" }];
export const headers = keepRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const { expired, headers } = await consumeSessionExpiredFlag(request);
  return data({ sessionExpired: expired }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signInOrRefuse(
    request,
    () => authenticateForm(request, context.clientAddress),
    { title: "Welcome back!", description: "You've successfully logged in" },
    (error) => ({ error: error.message, id: crypto.randomUUID() }),
  );
}

/** A field of the login form, with the login schema's constraints (form-fields.ts). */
function loginInput(name: keyof typeof loginConstraint) {
  return { id: `login-${name}`, name, form: "login", required: loginConstraint[name].required };
}

export default function LoginPage() {
  const { sessionExpired } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/login";
  const [expiredNotice, setExpiredNotice] = useState(sessionExpired);
  // A refusal is about the pair, shown under the password (the field retyped most often), a toast adding to it.
  const refusal = useMemo(() => (actionData?.error ? [actionData.error] : undefined), [actionData]);

  useEffect(() => {
    try {
      if (window.sessionStorage.getItem(SESSION_EXPIRED_FLAG) === "true") {
        window.sessionStorage.removeItem(SESSION_EXPIRED_FLAG);
        // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time flag the server render cannot see, taken from storage once
        setExpiredNotice(true);
      }
    } catch {
      // Storage may be disabled; the server-side flag still works.
    }
  }, []);

  useEffect(() => {
    if (actionData?.error) {
      toast({
        id: actionData.id,
        title: "Login failed",
        description: actionData.error || "Please check your credentials and try again",
        variant: "destructive",
      });
    }
  }, [actionData]);

  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to continue your study." footer="register">
      {expiredNotice ? (
        <div role="alert" className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <div>
            <p className="font-semibold">Session expired</p>
            <p>Your session has expired. Please sign in again to continue.</p>
          </div>
        </div>
      ) : null}
      {/* Checked on the server; the fields carry the login schema's constraints (form-fields.ts). */}
      <Form method="post" className="space-y-4" id="login" noValidate>
        <Field
          label="Email"
          inputProps={{
            ...loginInput("email"),
            type: "email",
            autoComplete: "email",
            placeholder: "you@example.com",
          }}
        />
        <Field
          label="Password"
          labelAside={
            <Link to="/forgot-password" className="tap-target text-sm text-primary underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          }
          errors={refusal}
          inputProps={{ ...loginInput("password"), type: "password", autoComplete: "current-password" }}
        />
        <SubmitButton className="w-full" pending={pending} pendingText="Signing in...">
          Sign In
        </SubmitButton>
      </Form>
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

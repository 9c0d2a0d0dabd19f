import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { AuthCard } from "~/components/auth/auth-card";
import { FormAlert } from "~/components/form-alert";
import { Field, SubmitButton } from "~/components/forms";
import { toast } from "~/components/ui/use-toast";
import { registerUser } from "~/modules/auth/accounts.server";
import { redirectIfSignedIn } from "~/modules/auth/request.server";
import { registerErrorTitles } from "~/modules/auth/form-fields";
import { registerFormSchema } from "~/modules/auth/schemas";
import { getSignupSettings, INVITE_INVALID, INVITE_REQUIRED } from "~/modules/auth/signup.server";
import { joinCodeFromPath } from "~/modules/groups/invite-codes";
import { replyWithoutEcho } from "~/utils/form-reply";
import { returnPathFrom } from "~/utils/local-path";
import { keepRetryAfter } from "~/utils/page-headers";
import { signInOrRefuse } from "~/modules/auth/sign-in.server";
import { useHydrated } from "~/utils/use-hydrated";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";

export const meta: MetaFunction = () => [{ title: "Create account | Sagacity Bites" }];
export const headers = keepRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  // A link from an admin carries the invite code (?invite=...); it fills the form's field.
  const inviteCode = new URL(request.url).searchParams.get("invite")?.slice(0, 100) ?? "";
  return { signupMode: getSignupSettings().mode, inviteCode };
}

/** A refusal names the field it is about (`field`), to be shown there; the form's own checks are conform's. */
type Problem = { id: string; title: string; description: string; field?: "email" | "inviteCode" };

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerFormSchema });
  // The passwords are not sent back into the form.
  const answer = (problem: Omit<Problem, "id">) => ({
    result: replyWithoutEcho(submission, { hide: ["password", "confirmPassword"] }),
    problem: { id: crypto.randomUUID(), ...problem },
  });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const field =
      ["confirmPassword", "password", "email"].find((name) => errors[name]?.length) ??
      Object.keys(errors)[0] ??
      "email";
    const title = registerErrorTitles[field] ?? "Registration failed";
    return data(answer({ title, description: errors[field]?.[0] ?? "Please try again" }), { status: 400 });
  }
  const { email, password, inviteCode } = submission.value;
  // Sent here from a group's join link (/join/CODE, through sign-in): its code admits the sign-up.
  const groupCode = joinCodeFromPath(returnPathFrom(request));
  return signInOrRefuse(
    request,
    () => registerUser({ email, password, inviteCode, groupCode }, context.clientAddress),
    { title: "Account created!", description: "Welcome to Sagacity Bites" },
    (error) =>
      answer({
        title: "Registration failed",
        description: error.message || "Please try again",
        field: [INVITE_INVALID, INVITE_REQUIRED].includes(error.message) ? "inviteCode" : "email",
      }),
  );
}

export default function RegisterPage() {
  const { signupMode, inviteCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const pending = navigation.state !== "idle" && navigation.formAction === "/register";
  const [form, fields] = useForm<{ email: string; password: string; confirmPassword: string; inviteCode: string }>({
    id: "register",
    lastResult: actionData?.result,
    defaultValue: inviteCode ? { inviteCode } : undefined,
  });

  useEffect(() => {
    if (actionData?.problem) {
      const { id, title, description } = actionData.problem;
      toast({ id, title, description, variant: "destructive" });
    }
  }, [actionData]);
  const refused = useMemo(() => {
    const problem = actionData?.problem;
    return problem?.field ? { [problem.field]: [problem.description] } : {};
  }, [actionData]);

  return (
    <AuthCard
      title="Create your account"
      description="Start building lesson plans and daily reading habits."
      footer="signIn"
    >
      {!hydrated && actionData?.problem ? (
        <FormAlert message={`${actionData.problem.title} - ${actionData.problem.description}`} />
      ) : null}
      {signupMode === "closed" ? (
        <p role="status" className="rounded-md border bg-muted/60 p-3 text-sm">
          Sign-up is closed on this server. Ask an administrator for an account.
        </p>
      ) : null}
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <Field
          label="Email"
          errors={fields.email.errors ?? refused.email}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            required: true,
            autoComplete: "email",
            placeholder: "you@example.com",
          }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            required: true,
            autoComplete: "new-password",
          }}
        />
        <Field
          label="Confirm Password"
          errors={fields.confirmPassword.errors}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: "password" }),
            required: true,
            autoComplete: "new-password",
          }}
        />
        {signupMode === "invite" || inviteCode ? (
          <Field
            label="Invite code"
            hint="Sign-up on this server is by invitation: use the code or link an administrator gave you."
            errors={fields.inviteCode.errors ?? refused.inviteCode}
            inputProps={{
              ...getInputProps(fields.inviteCode, { type: "text" }),
              required: signupMode === "invite",
              autoComplete: "off",
              spellCheck: false,
            }}
          />
        ) : null}
        <SubmitButton className="w-full" pending={pending} pendingText="Creating account...">
          Create Account
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

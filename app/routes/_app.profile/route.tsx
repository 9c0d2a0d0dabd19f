import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { ErrorList, SubmitButton, useErrorsUntilEdited } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { requireUser } from "~/modules/auth/request.server";
import { MAX_DISPLAY_NAME_LENGTH, withTeacher, type StudyDepth } from "~/modules/profile/choices";
import { getProfile, updateProfile } from "~/modules/profile/profile.server";
import { profileFormSchema } from "~/modules/profile/schemas";
import { redirectWithToast } from "~/utils/toast.server";
import { firstErrorMessage } from "~/utils/form-reply";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DenominationCard } from "./denomination-card";
import { DepthCard } from "./depth-card";
import { NEEDS_SCRIPT } from "./needs-script";
import { TeachersCard } from "./teachers-card";

export const meta: MetaFunction = () => [{ title: "Profile | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { displayName, favoriteTeachers, studyDepthPreference, denomination } = getProfile(user.id);
  return { profile: { displayName, favoriteTeachers, studyDepthPreference, denomination } };
}

/**
 * Saves the whole profile (the same module function as PATCH /api/profile). Without JavaScript
 * the teacher buttons post here too: they answer the form as edited, unsaved, like the browser does.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: profileFormSchema });
  if (submission.status !== "success") {
    const message = firstErrorMessage(submission.error, "Failed to update profile");
    // The one field a reader can get wrong by typing; the others are choices.
    const field = submission.error?.displayName?.length ? "displayName" : null;
    return data({ draft: null, notice: "", error: message, field, id: crypto.randomUUID() }, { status: 400 });
  }
  const adding = formData.get("intent") === "add-teacher";
  const removing = formData.get("removeTeacher");
  if (adding || typeof removing === "string") {
    const { favoriteTeachers } = submission.value;
    const changed = adding
      ? withTeacher(favoriteTeachers, String(formData.get("newTeacher") ?? ""))
      : { teachers: favoriteTeachers.filter((name) => name !== removing), notice: "" };
    return {
      draft: { ...submission.value, favoriteTeachers: changed.teachers },
      notice: changed.notice,
      error: "",
      field: null,
      id: crypto.randomUUID(),
    };
  }
  updateProfile(user.id, submission.value);
  return redirectWithToast("/profile", { title: "Success", description: "Profile updated successfully" });
}

export default function ProfilePage() {
  const { profile } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  // Without JavaScript a teacher button comes back with the form as edited (not yet saved).
  const shown = answer?.draft ?? profile;
  const [displayName, setDisplayName] = useState(shown.displayName ?? "");
  const [depth, setDepth] = useState<StudyDepth>(shown.studyDepthPreference);
  const [denomination, setDenomination] = useState<string | null>(shown.denomination);
  const [teachers, setTeachers] = useState<string[]>(shown.favoriteTeachers);
  const saving = navigation.state === "submitting" && navigation.formAction === "/profile";

  // After a save (or any reload of the data), the form shows what the server holds.
  const loaded = JSON.stringify(profile);
  const [shownLoaded, setShownLoaded] = useState(loaded);
  if (loaded !== shownLoaded) {
    setShownLoaded(loaded);
    setDisplayName(profile.displayName ?? "");
    setDepth(profile.studyDepthPreference);
    setDenomination(profile.denomination);
    setTeachers(profile.favoriteTeachers);
  }

  const nameErrors = useErrorsUntilEdited(
    useMemo(() => (answer?.field === "displayName" ? [answer.error] : undefined), [answer]),
  );
  useEffect(() => {
    if (answer?.error) toast({ id: answer.id, title: "Error", description: answer.error, variant: "destructive" });
  }, [answer]);

  const reloading = navigation.state === "loading" && navigation.location.pathname === "/profile";

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Profile"
        description="Customize your study experience"
        actions={reloading ? <Spinner label="Loading profile..." showLabel /> : null}
      />
      <noscript>
        <style>{`[${NEEDS_SCRIPT}]{display:none!important}`}</style>
      </noscript>
      {answer?.error && !answer.field ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {answer.error}
        </p>
      ) : null}
      <Form method="post" className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <Label htmlFor="display-name" className="text-xl font-semibold">
                Display Name
              </Label>
            </CardTitle>
            <CardDescription id="display-name-description">
              What we call you on the dashboard (optional; otherwise the first part of your email)
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Input
              id="display-name"
              name="displayName"
              value={displayName}
              onChange={(event) => {
                setDisplayName(event.target.value);
                nameErrors.edited();
              }}
              aria-invalid={nameErrors.shown ? true : undefined}
              aria-describedby={
                nameErrors.shown ? "display-name-description display-name-error" : "display-name-description"
              }
              maxLength={MAX_DISPLAY_NAME_LENGTH}
              autoComplete="nickname"
              className="sm:max-w-xs"
            />
            <ErrorList id="display-name-error" errors={nameErrors.shown} />
          </CardContent>
        </Card>

        <DepthCard depth={depth} onChange={setDepth} />

        <DenominationCard denomination={denomination} onChange={setDenomination} />

        <TeachersCard teachers={teachers} onChange={setTeachers} notice={answer?.notice ?? ""} />

        <div className="flex justify-end">
          <SubmitButton name="intent" value="save" pending={saving} pendingText="Saving...">
            Save Changes
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

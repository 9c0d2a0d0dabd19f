import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Plus, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { ErrorList, SubmitButton, useErrorsUntilEdited } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { requireUser } from "~/modules/auth/request.server";
import {
  MAX_DISPLAY_NAME_LENGTH,
  MAX_TEACHER_NAME_LENGTH,
  MAX_TEACHERS,
  denominationChoices,
  normalizeTeacherName,
  studyDepthChoices,
  studyDepthLabels,
  withTeacher,
  type StudyDepth,
} from "~/modules/profile/choices";
import { getProfile, updateProfile } from "~/modules/profile/profile.server";
import { profileFormSchema } from "~/modules/profile/schemas";
import { redirectWithToast } from "~/utils/toast.server";
import { firstErrorMessage } from "~/utils/form-reply";
import { useHydrated } from "~/utils/use-hydrated";
import { GeneralErrorBoundary } from "~/components/error-boundary";

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

const depthHints: Record<StudyDepth, string> = {
  beginner: "Short, plain-language devotionals (about 300 words)",
  intermediate: "Balanced depth with context and application (about 500 words)",
  // SPEC names the top depth Advanced here and Deep Study on Today: the hint says they are one.
  advanced: "Today's Deep Study devotional: background and cross-references (about 800 words)",
};

/** Shown only when scripts run: without them the page offers plain controls in their place. */
const NEEDS_SCRIPT = "data-needs-script";

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
  const [newTeacher, setNewTeacher] = useState("");
  const [teacherNotice, setTeacherNotice] = useState(answer?.notice ?? "");
  const hydrated = useHydrated();
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

  const trimmedTeacher = normalizeTeacherName(newTeacher);

  function addTeacher() {
    if (!trimmedTeacher) return;
    const added = withTeacher(teachers, trimmedTeacher);
    setTeachers(added.teachers);
    setTeacherNotice(added.notice);
    // A full list keeps the typed name, to add once a place is free.
    const full = added.teachers === teachers && teachers.length >= MAX_TEACHERS;
    if (!full) setNewTeacher("");
  }

  function removeTeacher(name: string) {
    setTeachers(teachers.filter((teacher) => teacher !== name));
    setTeacherNotice("");
  }

  const denominationOptions: string[] = [...denominationChoices];
  if (denomination && !denominationOptions.includes(denomination)) denominationOptions.push(denomination);
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

        <Card>
          <CardHeader>
            <CardTitle id="depth-title">Study Depth Preference</CardTitle>
            <CardDescription id="depth-description">Choose your preferred level of study depth</CardDescription>
          </CardHeader>
          <CardContent>
            <div
              role="radiogroup"
              aria-labelledby="depth-title"
              aria-describedby="depth-description"
              className="grid gap-3"
            >
              {studyDepthChoices.map((choice) => (
                <div
                  key={choice}
                  className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary"
                >
                  <input
                    type="radio"
                    name="studyDepthPreference"
                    value={choice}
                    id={`depth-${choice}`}
                    checked={depth === choice}
                    onChange={() => setDepth(choice)}
                    aria-describedby={`depth-${choice}-hint`}
                    className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                  />
                  <div className="space-y-1">
                    <Label htmlFor={`depth-${choice}`} className="cursor-pointer">
                      {studyDepthLabels[choice]}
                    </Label>
                    <p id={`depth-${choice}-hint`} className="text-sm text-muted-foreground">
                      {depthHints[choice]}
                    </p>
                  </div>
                </div>
              ))}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle id="denomination-title">Denomination</CardTitle>
            <CardDescription id="denomination-description">
              Select your denominational background (optional)
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <noscript>
              <select
                name="denomination"
                defaultValue={denomination ?? ""}
                aria-labelledby="denomination-title"
                aria-describedby="denomination-description"
                className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm sm:max-w-xs"
              >
                <option value="">Select a denomination</option>
                {denominationOptions.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </noscript>
            {hydrated ? <input type="hidden" name="denomination" value={denomination ?? ""} /> : null}
            <div {...{ [NEEDS_SCRIPT]: "" }} className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Select value={denomination ?? ""} onValueChange={(value) => setDenomination(value || null)}>
                <SelectTrigger
                  aria-labelledby="denomination-title"
                  aria-describedby="denomination-description"
                  className="sm:max-w-xs"
                >
                  <SelectValue placeholder="Select a denomination" />
                </SelectTrigger>
                <SelectContent>
                  {denominationOptions.map((option) => (
                    <SelectItem key={option} value={option}>
                      {option}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {denomination ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => setDenomination(null)}>
                  Clear selection
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle id="teachers-title">Favorite Bible Teachers</CardTitle>
            <CardDescription>Teachers whose voice you appreciate in your studies</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {teachers.map((teacher, index) => (
              <input key={teacher} type="hidden" name={`favoriteTeachers[${index}]`} value={teacher} />
            ))}
            <div className="flex gap-2">
              <Input
                name="newTeacher"
                value={newTeacher}
                onChange={(event) => {
                  setNewTeacher(event.target.value);
                  setTeacherNotice("");
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    addTeacher();
                  }
                }}
                placeholder="Enter teacher name"
                aria-label="Teacher name"
                maxLength={MAX_TEACHER_NAME_LENGTH}
                autoComplete="off"
              />
              {/* Without scripts a real submit (the first in the form, so Enter adds too). */}
              <Button
                type="submit"
                name="intent"
                value="add-teacher"
                size="icon"
                onClick={(event) => {
                  event.preventDefault();
                  addTeacher();
                }}
                disabled={hydrated && !trimmedTeacher}
                aria-label="Add teacher"
                title="Add teacher"
              >
                <Plus aria-hidden="true" />
              </Button>
            </div>
            <p className="min-h-5 text-sm text-muted-foreground" role="status">
              {teacherNotice}
            </p>
            {teachers.length === 0 ? (
              <p className="text-sm text-muted-foreground">No teachers added yet. Add your first teacher above.</p>
            ) : (
              <ul aria-labelledby="teachers-title" className="space-y-2">
                {teachers.map((teacher) => (
                  <li
                    key={teacher}
                    className="flex items-center justify-between gap-3 rounded-md border bg-muted/40 px-3 py-2"
                  >
                    <span className="min-w-0 break-words">{teacher}</span>
                    <Button
                      type="submit"
                      name="removeTeacher"
                      value={teacher}
                      variant="ghost"
                      size="icon"
                      className="size-8 shrink-0"
                      onClick={(event) => {
                        event.preventDefault();
                        removeTeacher(teacher);
                      }}
                      aria-label={`Remove ${teacher}`}
                      title={`Remove ${teacher}`}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

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

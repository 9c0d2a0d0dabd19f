import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Plus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { requireUser } from "~/modules/auth/request.server";
import { getProfile } from "~/modules/profile/profile.server";
import {
  MAX_TEACHER_NAME_LENGTH,
  MAX_TEACHERS,
  denominationChoices,
  normalizeTeacherName,
  profileUpdateSchema,
  studyDepthChoices,
  studyDepthLabels,
  type StudyDepth,
} from "~/modules/profile/schemas";
import { ApiError, apiRequest } from "~/utils/api-client";

export const meta: MetaFunction = () => [{ title: "Profile | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = requireUser(request);
  const { favoriteTeachers, studyDepthPreference, denomination } = getProfile(user.id);
  return { profile: { favoriteTeachers, studyDepthPreference, denomination } };
}

const depthHints: Record<StudyDepth, string> = {
  beginner: "Short, plain-language devotionals (about 300 words)",
  intermediate: "Balanced depth with context and application (about 500 words)",
  advanced: "Deep study with background and cross-references (about 800 words)",
};

export default function ProfilePage() {
  const { profile } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [depth, setDepth] = useState<StudyDepth>(profile.studyDepthPreference);
  const [denomination, setDenomination] = useState<string | null>(profile.denomination);
  const [teachers, setTeachers] = useState<string[]>(profile.favoriteTeachers);
  const [newTeacher, setNewTeacher] = useState("");
  const [teacherNotice, setTeacherNotice] = useState("");
  const [saving, setSaving] = useState(false);

  // After a save (or any reload of the data), the form shows what the server holds.
  const loaded = JSON.stringify(profile);
  useEffect(() => {
    const fresh = JSON.parse(loaded) as typeof profile;
    setDepth(fresh.studyDepthPreference);
    setDenomination(fresh.denomination);
    setTeachers(fresh.favoriteTeachers);
  }, [loaded]);

  const trimmedTeacher = normalizeTeacherName(newTeacher);

  function addTeacher() {
    if (!trimmedTeacher) return;
    if (teachers.some((teacher) => teacher.toLowerCase() === trimmedTeacher.toLowerCase())) {
      setTeacherNotice(`${trimmedTeacher} is already in your list.`);
      setNewTeacher("");
      return;
    }
    if (teachers.length >= MAX_TEACHERS) {
      setTeacherNotice(`You can keep up to ${MAX_TEACHERS} teachers.`);
      return;
    }
    setTeachers([...teachers, trimmedTeacher]);
    setNewTeacher("");
    setTeacherNotice("");
  }

  function removeTeacher(name: string) {
    setTeachers(teachers.filter((teacher) => teacher !== name));
    setTeacherNotice("");
  }

  async function save() {
    const body = { favoriteTeachers: teachers, studyDepthPreference: depth, denomination };
    const checked = profileUpdateSchema.safeParse(body);
    if (!checked.success) {
      toast({
        title: "Error",
        description: checked.error.issues[0]?.message || "Failed to update profile",
        variant: "destructive",
      });
      return;
    }
    setSaving(true);
    try {
      await apiRequest("/api/profile", { method: "PATCH", body });
      toast({ title: "Success", description: "Profile updated successfully" });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      toast({
        title: "Error",
        description: error instanceof Error && error.message ? error.message : "Failed to update profile",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  const denominationOptions: string[] = [...denominationChoices];
  if (denomination && !denominationOptions.includes(denomination)) denominationOptions.push(denomination);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Profile"
        description="Customize your study experience"
        actions={revalidator.state === "loading" ? <Spinner label="Loading profile..." showLabel /> : null}
      />
      <form
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Card>
          <CardHeader>
            <CardTitle id="depth-title">Study Depth Preference</CardTitle>
            <CardDescription id="depth-description">Choose your preferred level of study depth</CardDescription>
          </CardHeader>
          <CardContent>
            <RadioGroup
              value={depth}
              onValueChange={(value) => setDepth(value as StudyDepth)}
              aria-labelledby="depth-title"
              aria-describedby="depth-description"
              className="gap-3"
            >
              {studyDepthChoices.map((choice) => (
                <div
                  key={choice}
                  className="flex items-start gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary"
                >
                  <RadioGroupItem
                    value={choice}
                    id={`depth-${choice}`}
                    aria-describedby={`depth-${choice}-hint`}
                    className="mt-0.5"
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
            </RadioGroup>
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
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle id="teachers-title">Favorite Bible Teachers</CardTitle>
            <CardDescription>Teachers whose voice you appreciate in your studies</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="flex gap-2">
              <Input
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
              <Button
                type="button"
                size="icon"
                onClick={addTeacher}
                disabled={!trimmedTeacher}
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
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8 shrink-0"
                      onClick={() => removeTeacher(teacher)}
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
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </div>
  );
}

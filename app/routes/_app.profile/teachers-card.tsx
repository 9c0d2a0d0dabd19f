import { Plus, X } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { MAX_TEACHER_NAME_LENGTH, MAX_TEACHERS, normalizeTeacherName, withTeacher } from "~/modules/profile/choices";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * Favourite teachers: added and removed in place (sent with the form as hidden fields); without
 * scripts the buttons post the form and the page answers it as edited, unsaved.
 */
export function TeachersCard({
  teachers,
  onChange,
  notice: initialNotice,
}: {
  teachers: string[];
  onChange: (teachers: string[]) => void;
  /** What the server said of the last add without scripts ("already in your list"...). */
  notice: string;
}) {
  const hydrated = useHydrated();
  const [newTeacher, setNewTeacher] = useState("");
  const [teacherNotice, setTeacherNotice] = useState(initialNotice);
  const trimmedTeacher = normalizeTeacherName(newTeacher);

  function addTeacher() {
    if (!trimmedTeacher) return;
    const added = withTeacher(teachers, trimmedTeacher);
    onChange(added.teachers);
    setTeacherNotice(added.notice);
    // A full list keeps the typed name, to add once a place is free.
    const full = added.teachers === teachers && teachers.length >= MAX_TEACHERS;
    if (!full) setNewTeacher("");
  }

  function removeTeacher(name: string) {
    onChange(teachers.filter((teacher) => teacher !== name));
    setTeacherNotice("");
  }

  return (
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
  );
}

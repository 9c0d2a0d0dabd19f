import { Form } from "@remix-run/react";
import { BookOpen, Lightbulb } from "lucide-react";
import { useState } from "react";
import { SubmitButton, useErrorsUntilEdited } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { REFERENCE_MAX_LENGTH, TOPIC_MAX_LENGTH } from "~/modules/studies/limits";
import type { StudyType } from "~/modules/studies/schemas";

const forms = {
  topic: {
    name: "topic",
    label: "Study topic",
    placeholder: "e.g., Faith and Works",
    hint: "A theme, question or life situation: we find the key passages.",
    maxLength: TOPIC_MAX_LENGTH,
  },
  passage: {
    name: "reference",
    label: "Passage reference",
    placeholder: "e.g., John 3:16-21",
    hint: "A verse, a range, a chapter, or several parts (Rom 8:28-39; 12:1-2).",
    maxLength: REFERENCE_MAX_LENGTH,
  },
} as const;

/** Why a study was not made: shown beside the field of its tab; a refused topic offers the closest topics. */
export interface StudyFailure {
  studyType: StudyType;
  message: string;
  suggestions: string[];
}

/**
 * SPEC §2: the Create New Study card, a Topic tab and a Passage tab. Each is a real form (it
 * posts to the page without JavaScript); with JavaScript `onGenerate` takes over to stream.
 * The inputs keep their text when generation fails, and the failure stays beside the field until
 * its text changes.
 */
export function CreateStudyCard({
  pending,
  onGenerate,
  failure,
}: {
  pending: boolean;
  /** Resolves true when the study was created (the input is then cleared). */
  onGenerate: (studyType: StudyType, value: string) => Promise<boolean>;
  failure?: StudyFailure | null;
}) {
  const [values, setValues] = useState<Record<StudyType, string>>({ topic: "", passage: "" });
  const { shown, edited } = useErrorsUntilEdited(failure);
  const [tab, setTab] = useState<StudyType>("topic");

  async function submit(event: React.FormEvent<HTMLFormElement>, studyType: StudyType) {
    event.preventDefault();
    const value = values[studyType].trim();
    if (!value || pending) return;
    const created = await onGenerate(studyType, value);
    if (created) setValues((current) => ({ ...current, [studyType]: "" }));
  }

  async function choose(topic: string) {
    if (pending) return;
    setValues((current) => ({ ...current, topic }));
    const created = await onGenerate("topic", topic);
    if (created) setValues((current) => ({ ...current, topic: "" }));
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create New Study</CardTitle>
        <CardDescription>A small-group lesson plan from a topic or a Bible passage.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => setTab(value as StudyType)}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="topic">
              <Lightbulb className="size-4" aria-hidden="true" />
              Topic
            </TabsTrigger>
            <TabsTrigger value="passage">
              <BookOpen className="size-4" aria-hidden="true" />
              Passage
            </TabsTrigger>
          </TabsList>
          {(["topic", "passage"] as const).map((studyType) => {
            const form = forms[studyType];
            const id = `study-${studyType}`;
            const error = shown?.studyType === studyType ? shown : null;
            return (
              <TabsContent key={studyType} value={studyType}>
                <Form method="post" className="space-y-3" onSubmit={(event) => submit(event, studyType)}>
                  <input type="hidden" name="studyType" value={studyType} />
                  <div className="space-y-2">
                    <Label htmlFor={id}>{form.label}</Label>
                    <Input
                      id={id}
                      name={form.name}
                      placeholder={form.placeholder}
                      required
                      maxLength={form.maxLength}
                      autoComplete="off"
                      value={values[studyType]}
                      onChange={(event) => {
                        const value = event.target.value;
                        setValues((current) => ({ ...current, [studyType]: value }));
                        if (error) edited();
                      }}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
                    />
                    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                      {form.hint}
                    </p>
                  </div>
                  {error ? (
                    <div
                      id={`${id}-error`}
                      role="alert"
                      className="space-y-2 rounded-md border border-destructive/40 p-3 text-sm"
                    >
                      <p className="font-medium text-destructive">{error.message}</p>
                      <div className="flex flex-wrap gap-2 empty:hidden">
                        {error.suggestions.map((topic) => (
                          <Button
                            key={topic}
                            type="button"
                            variant="outline"
                            size="sm"
                            disabled={pending}
                            onClick={() => void choose(topic)}
                          >
                            {topic}
                          </Button>
                        ))}
                      </div>
                    </div>
                  ) : null}
                  <SubmitButton className="w-full" pending={pending} pendingText="Generating...">
                    Generate Study
                  </SubmitButton>
                </Form>
              </TabsContent>
            );
          })}
        </Tabs>
      </CardContent>
    </Card>
  );
}

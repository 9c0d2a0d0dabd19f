import { useRevalidator } from "@remix-run/react";
import { RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Slider } from "~/components/ui/slider";
import { toast } from "~/components/ui/use-toast";
import {
  WORD_LIMIT_STEP,
  aiModelChoices,
  aiSettingsSchema,
  citationFormatChoices,
  languageComplexityChoices,
  targetAudienceChoices,
  toneChoices,
  translationChoices,
  wordLimitRanges,
  writingStyleChoices,
  type AiSettingsInput,
} from "~/modules/ai/settings";
import { ApiError, apiRequest } from "~/utils/api-client";

type ChoiceField =
  | "model"
  | "tone"
  | "translation"
  | "writingStyle"
  | "citationFormat"
  | "targetAudience"
  | "languageComplexity";
type LimitField = keyof typeof wordLimitRanges;

const choiceFields: Array<{ field: ChoiceField; label: string; choices: readonly string[]; hint: string }> = [
  { field: "model", label: "AI Model", choices: aiModelChoices, hint: "The model used for studies and devotionals" },
  { field: "tone", label: "Tone", choices: toneChoices, hint: "The voice of generated content" },
  {
    field: "translation",
    label: "Bible Translation",
    choices: translationChoices,
    hint: "Used when quoting Scripture",
  },
  { field: "writingStyle", label: "Writing Style", choices: writingStyleChoices, hint: "How the content is written" },
  {
    field: "citationFormat",
    label: "Citation Format",
    choices: citationFormatChoices,
    hint: "How references are cited",
  },
  {
    field: "targetAudience",
    label: "Target Audience",
    choices: targetAudienceChoices,
    hint: "Who the content is written for",
  },
  {
    field: "languageComplexity",
    label: "Language Complexity",
    choices: languageComplexityChoices,
    hint: "Vocabulary and sentence length",
  },
];

const limitFields: Array<{ field: LimitField; label: string }> = [
  { field: "beginnerWordLimit", label: "Beginner Word Limit" },
  { field: "intermediateWordLimit", label: "Intermediate Word Limit" },
  { field: "deepStudyWordLimit", label: "Deep Study Word Limit" },
];

/** SPEC §2 AI Settings: sliders (steps of 10) and selects; Reset restores the last loaded values. */
export function AiSettingsForm({ settings }: { settings: AiSettingsInput }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState<AiSettingsInput>(settings);
  const [saving, setSaving] = useState(false);

  // Whenever fresh values arrive from the server (after a save), they become the form's values.
  const loaded = JSON.stringify(settings);
  useEffect(() => {
    setValues(JSON.parse(loaded) as AiSettingsInput);
  }, [loaded]);

  async function save() {
    const checked = aiSettingsSchema.safeParse(values);
    if (!checked.success) {
      toast({
        title: "Error",
        description: checked.error.issues[0]?.message || "Failed to save settings",
        variant: "destructive",
      });
      return;
    }
    setSaving(true);
    try {
      await apiRequest("/api/admin/settings", { method: "PATCH", body: checked.data });
      toast({ title: "Success", description: "AI settings saved successfully" });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      toast({
        title: "Error",
        description: error instanceof Error && error.message ? error.message : "Failed to save settings",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="space-y-8"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="space-y-6">
        <legend className="mb-4 text-base font-semibold">Devotional length</legend>
        {limitFields.map(({ field, label }) => {
          const { min, max } = wordLimitRanges[field];
          return (
            <div key={field} className="space-y-2">
              <div className="flex items-center justify-between gap-3">
                <Label id={`${field}-label`}>{label}</Label>
                <span className="text-sm font-semibold tabular-nums" aria-hidden="true">
                  {values[field]} words
                </span>
              </div>
              <Slider
                aria-labelledby={`${field}-label`}
                thumbLabel={label}
                min={min}
                max={max}
                step={WORD_LIMIT_STEP}
                value={[values[field]]}
                onValueChange={([value]) => setValues((current) => ({ ...current, [field]: value ?? current[field] }))}
              />
              <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
                <span>{min}</span>
                <span>{max}</span>
              </div>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="grid gap-6 sm:grid-cols-2">
        <legend className="mb-4 text-base font-semibold">Style and sources</legend>
        {choiceFields.map(({ field, label, choices, hint }) => {
          const options = choices.includes(values[field]) ? choices : [...choices, values[field]];
          return (
            <div key={field} className="space-y-2">
              <Label htmlFor={`setting-${field}`}>{label}</Label>
              <Select
                value={values[field]}
                onValueChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
              >
                <SelectTrigger id={`setting-${field}`} aria-describedby={`setting-${field}-hint`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {options.map((option) => (
                    <SelectItem key={option} value={option}>
                      {option}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id={`setting-${field}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </p>
            </div>
          );
        })}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => setValues(JSON.parse(loaded) as AiSettingsInput)}
          disabled={saving}
        >
          <RotateCcw aria-hidden="true" />
          Reset
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </form>
  );
}

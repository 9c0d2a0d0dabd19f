import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { SubmitButton } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Slider } from "~/components/ui/slider";
import {
  WORD_LIMIT_STEP,
  aiModelChoices,
  citationFormatChoices,
  languageComplexityChoices,
  targetAudienceChoices,
  toneChoices,
  translationChoices,
  wordLimitRanges,
  writingStyleChoices,
  type AiSettingsInput,
} from "~/modules/ai/settings";
import { adminIntents } from "~/modules/admin/schemas";
import { useHydrated } from "~/utils/use-hydrated";
import { useAdminFetcher } from "./use-admin-fetcher";

type ChoiceField =
  "model" | "tone" | "translation" | "writingStyle" | "citationFormat" | "targetAudience" | "languageComplexity";
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

/**
 * SPEC §2 AI Settings: sliders (steps of 10) and selects; Reset restores the last loaded values.
 * Before scripts run (or without them) the same fields are native controls, so the form still posts.
 */
export function AiSettingsForm({ settings }: { settings: AiSettingsInput }) {
  const hydrated = useHydrated();
  const fetcher = useAdminFetcher({ fallback: "Failed to save settings" });
  const [values, setValues] = useState<AiSettingsInput>(settings);
  const saving = fetcher.state !== "idle";

  // Whenever fresh values arrive from the server (after a save), they become the form's values.
  const loaded = JSON.stringify(settings);
  const [shownLoaded, setShownLoaded] = useState(loaded);
  if (loaded !== shownLoaded) {
    setShownLoaded(loaded);
    setValues(settings);
  }

  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className="space-y-8"
      onSubmit={(event) => {
        if (!hydrated) return;
        // The widgets keep their values in state rather than in form fields.
        event.preventDefault();
        fetcher.submit({ intent: adminIntents.aiSettings, ...values }, { method: "post", preventScrollReset: true });
      }}
    >
      <input type="hidden" name="intent" value={adminIntents.aiSettings} />
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
              {hydrated ? (
                <Slider
                  aria-labelledby={`${field}-label`}
                  thumbLabel={label}
                  min={min}
                  max={max}
                  step={WORD_LIMIT_STEP}
                  value={[values[field]]}
                  onValueChange={([value]) =>
                    setValues((current) => ({ ...current, [field]: value ?? current[field] }))
                  }
                />
              ) : (
                <input
                  type="range"
                  name={field}
                  aria-label={label}
                  min={min}
                  max={max}
                  step={WORD_LIMIT_STEP}
                  defaultValue={values[field]}
                  className="h-9 w-full accent-primary"
                />
              )}
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
              {hydrated ? (
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
              ) : (
                <select
                  id={`setting-${field}`}
                  name={field}
                  defaultValue={values[field]}
                  aria-describedby={`setting-${field}-hint`}
                  className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
                >
                  {options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              )}
              <p id={`setting-${field}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </p>
            </div>
          );
        })}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type={hydrated ? "button" : "reset"}
          variant="outline"
          onClick={() => setValues(JSON.parse(loaded) as AiSettingsInput)}
          disabled={saving}
        >
          <RotateCcw aria-hidden="true" />
          Reset
        </Button>
        <SubmitButton pending={saving} pendingText="Saving...">
          Save Settings
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}

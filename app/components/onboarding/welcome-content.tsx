import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { MAX_DISPLAY_NAME_LENGTH } from "~/modules/profile/choices";

export const WELCOME_TITLE = "Welcome to your study space";
export const WELCOME_DESCRIPTION =
  "One question, and we will open your first reading: a passage and a devotional at your depth.";

/** A plan the welcome suggests for one answer to "How much time a day?" (from the page's loader). */
export interface FirstPlanOption {
  minutes: number;
  name: string;
  why: string;
}

/**
 * The welcome's question: how much time a day, each answer with the plan it starts (native radios,
 * so the no-JavaScript form asks it too).
 */
export function WelcomeTimeQuestion({
  idPrefix,
  options,
  defaultMinutes,
}: {
  idPrefix: string;
  options: FirstPlanOption[];
  defaultMinutes: number;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium">How much time a day?</legend>
      {options.map((option) => {
        const id = `${idPrefix}-${option.minutes}`;
        return (
          <label
            key={option.minutes}
            htmlFor={id}
            className="grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              id={id}
              type="radio"
              name="minutes"
              value={option.minutes}
              defaultChecked={option.minutes === defaultMinutes}
              className="row-span-2 mt-1 size-4 accent-primary"
            />
            <span className="font-medium">
              About {option.minutes} minutes: {option.name}
            </span>
            <span className="text-xs text-muted-foreground">{option.why}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** The welcome's other question: what to call the reader (optional; it can change on /profile). */
export function WelcomeNameField({ id }: { id: string }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>What should we call you? (optional)</Label>
      <Input
        id={id}
        name="displayName"
        maxLength={MAX_DISPLAY_NAME_LENGTH}
        autoComplete="nickname"
        placeholder="Your first name"
      />
    </div>
  );
}

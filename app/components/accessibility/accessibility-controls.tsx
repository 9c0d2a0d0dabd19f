import { Square, Volume2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { useHydrated } from "~/utils/use-hydrated";
import { cn } from "~/utils/cn";
import type { Theme } from "~/utils/theme";
import { setFont, setHighContrast, setTextSize, textSizes, useDisplayPreferences, type TextSize } from "./preferences";
import { isSpeechSupported, readAloud, stopReading, useSpeaking } from "./read-aloud";
import { ThemeChoice } from "./theme-choice";

const textSizeLabels: Record<TextSize, string> = { standard: "Standard", large: "Large", larger: "Larger" };

/**
 * SPEC §2 Accessibility: the dyslexic-friendly font (Inter or OpenDyslexic), High Contrast and
 * Read Aloud, with the colour theme and text size. Shared by the floating panel and the Settings
 * card; `idPrefix` keeps ids unique; `themeForm` lets the theme change without scripts (Settings).
 */
export function AccessibilityControls({
  idPrefix,
  themeForm,
}: {
  idPrefix: string;
  themeForm?: { action: string; initialTheme: Theme };
}) {
  const { font, highContrast, textSize } = useDisplayPreferences();
  const speaking = useSpeaking();
  const hydrated = useHydrated();
  const speechAvailable = hydrated && isSpeechSupported();
  const [nothingToRead, setNothingToRead] = useState(false);

  const startReading = () => setNothingToRead(!readAloud());

  return (
    <div className="space-y-5">
      <ThemeChoice idPrefix={idPrefix} noScriptAction={themeForm?.action} initialTheme={themeForm?.initialTheme} />

      <div className="flex items-center justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor={`${idPrefix}-font`}>Dyslexia-friendly font</Label>
          <p id={`${idPrefix}-font-hint`} className="text-xs text-muted-foreground">
            Letters with heavier bottoms that are easier to tell apart
          </p>
        </div>
        <Switch
          id={`${idPrefix}-font`}
          aria-describedby={`${idPrefix}-font-hint`}
          checked={font === "opendyslexic"}
          onCheckedChange={(checked) => setFont(checked ? "opendyslexic" : "inter")}
        />
      </div>

      <div className="flex items-center justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor={`${idPrefix}-contrast`}>High Contrast</Label>
          <p id={`${idPrefix}-contrast-hint`} className="text-xs text-muted-foreground">
            Darker text and stronger borders
          </p>
        </div>
        <Switch
          id={`${idPrefix}-contrast`}
          aria-describedby={`${idPrefix}-contrast-hint`}
          checked={highContrast}
          onCheckedChange={setHighContrast}
        />
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium leading-none">Text size</legend>
        <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
          {textSizes.map((size, index) => (
            <label
              key={size}
              className={cn(
                "flex min-h-11 cursor-pointer items-center justify-center rounded-md text-sm font-medium text-muted-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                textSize === size && "bg-background text-foreground shadow-sm",
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}-text-size`}
                value={size}
                checked={textSize === size}
                onChange={() => setTextSize(size)}
                className="sr-only"
              />
              <span style={{ fontSize: `${0.8 + index * 0.12}rem` }}>{textSizeLabels[size]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-2">
        {speaking ? (
          <Button type="button" variant="secondary" className="w-full" onClick={stopReading}>
            <Square aria-hidden="true" />
            Stop
          </Button>
        ) : (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            onClick={startReading}
            disabled={hydrated && !speechAvailable}
            aria-describedby={`${idPrefix}-read-hint`}
          >
            <Volume2 aria-hidden="true" />
            Read Aloud
          </Button>
        )}
        <p id={`${idPrefix}-read-hint`} className="text-xs text-muted-foreground" aria-live="polite">
          {hydrated && !speechAvailable
            ? "Read Aloud is not available in this browser."
            : nothingToRead
              ? "There is no text to read on this page."
              : "Reads the selected text, or the main content when nothing is selected."}
        </p>
      </div>
    </div>
  );
}

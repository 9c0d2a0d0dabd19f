import { Square, Volume2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { useHydrated } from "~/utils/use-hydrated";
import { setFont, setHighContrast, useDisplayPreferences } from "./preferences";
import { isSpeechSupported, readAloud, stopReading, useSpeaking } from "./read-aloud";

/**
 * SPEC §2 Accessibility: the dyslexic-friendly font (Inter or OpenDyslexic), High Contrast and
 * Read Aloud. Shared by the floating panel and the Settings card; `idPrefix` keeps ids unique.
 */
export function AccessibilityControls({ idPrefix }: { idPrefix: string }) {
  const { font, highContrast } = useDisplayPreferences();
  const speaking = useSpeaking();
  const hydrated = useHydrated();
  const speechAvailable = hydrated && isSpeechSupported();
  const [nothingToRead, setNothingToRead] = useState(false);

  const startReading = () => setNothingToRead(!readAloud());

  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor={`${idPrefix}-font`}>Dyslexic-Friendly Font</Label>
          <p id={`${idPrefix}-font-hint`} className="text-xs text-muted-foreground">
            {font === "opendyslexic"
              ? "Using OpenDyslexic (switch off for Inter)"
              : "Using Inter (switch on for OpenDyslexic)"}
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
            Stronger text and border colors
          </p>
        </div>
        <Switch
          id={`${idPrefix}-contrast`}
          aria-describedby={`${idPrefix}-contrast-hint`}
          checked={highContrast}
          onCheckedChange={setHighContrast}
        />
      </div>

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

import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { settingsIntents } from "~/modules/account/schemas";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { themeLabels, themes, type Theme } from "~/utils/theme";
import { setTheme, useDisplayPreferences } from "./preferences";

/** How each theme's choice looks: a swatch of its page and ink, whatever the current theme. */
const swatches: Record<Theme, string> = {
  system: "bg-[linear-gradient(135deg,#faf8f4_50%,#1c1917_50%)]",
  light: "bg-[#faf8f4]",
  dark: "bg-[#1c1917]",
  sepia: "bg-[#f3e9d2]",
};

/**
 * The colour theme, as a row of radio buttons: it applies at once (and is kept in a cookie). With
 * `noScriptAction` (Settings) the row is a form too, so a page without scripts can still change it.
 */
export function ThemeChoice({
  idPrefix,
  noScriptAction,
  initialTheme = "system",
}: {
  idPrefix: string;
  noScriptAction?: string;
  /** The theme the server painted, shown until the page's scripts run. */
  initialTheme?: Theme;
}) {
  const hydrated = useHydrated();
  const { theme: current } = useDisplayPreferences();
  const theme = hydrated ? current : initialTheme;
  const choices = (
    <fieldset className="space-y-2" aria-describedby={`${idPrefix}-theme-hint`}>
      <legend className="text-sm font-medium leading-none">Theme</legend>
      <p id={`${idPrefix}-theme-hint`} className="text-xs text-muted-foreground">
        System follows your device&apos;s light or dark setting
      </p>
      <div className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1">
        {themes.map((choice) => (
          <label
            key={choice}
            className={cn(
              "flex min-h-11 cursor-pointer flex-col items-center justify-center gap-1 rounded-md px-1 text-xs font-medium text-muted-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              theme === choice && "bg-background text-foreground shadow-sm",
            )}
          >
            <input
              type="radio"
              // The form's field when there is one; otherwise a group of its own (two panels on one page).
              name={noScriptAction ? "theme" : `${idPrefix}-theme`}
              value={choice}
              checked={theme === choice}
              onChange={() => setTheme(choice)}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className={cn("size-4 rounded-full border border-foreground/30", swatches[choice])}
            />
            {themeLabels[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
  if (!noScriptAction) return choices;
  return (
    <Form method="post" action={noScriptAction} className="space-y-2">
      <input type="hidden" name="intent" value={settingsIntents.theme} />
      {choices}
      {/* Only a page without scripts needs it; with them a choice applies at once. In <noscript>, it
          is not there to disappear when the scripts arrive (moving what follows under a finger). */}
      <noscript>
        <Button type="submit" variant="outline" size="sm">
          Use this theme
        </Button>
      </noscript>
    </Form>
  );
}

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { studyDepthChoices, studyDepthLabels, type StudyDepth } from "~/modules/profile/choices";

const depthHints: Record<StudyDepth, string> = {
  beginner: "Short, plain-language devotionals (about 300 words)",
  intermediate: "Balanced depth with context and application (about 500 words)",
  // SPEC names the top depth Advanced here and Deep Study on Today: the hint says they are one.
  advanced: "Today's Deep Study devotional: background and cross-references (about 800 words)",
};

/** The three depths as radio buttons, each with what it means on Today. */
export function DepthCard({ depth, onChange }: { depth: StudyDepth; onChange: (depth: StudyDepth) => void }) {
  return (
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
            <div key={choice} className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary">
              <input
                type="radio"
                name="studyDepthPreference"
                value={choice}
                id={`depth-${choice}`}
                checked={depth === choice}
                onChange={() => onChange(choice)}
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
  );
}

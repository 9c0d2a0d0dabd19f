import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { denominationChoices } from "~/modules/profile/choices";
import { useHydrated } from "~/utils/use-hydrated";
import { NEEDS_SCRIPT } from "./needs-script";

/**
 * The denomination: a Radix select with a Clear button when scripts run, a plain select without
 * them. A value saved before the list changed stays offered.
 */
export function DenominationCard({
  denomination,
  onChange,
}: {
  denomination: string | null;
  onChange: (denomination: string | null) => void;
}) {
  const hydrated = useHydrated();
  const denominationOptions: string[] = [...denominationChoices];
  if (denomination && !denominationOptions.includes(denomination)) denominationOptions.push(denomination);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="denomination-title">Denomination</CardTitle>
        <CardDescription id="denomination-description">
          Select your denominational background (optional)
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <noscript>
          <select
            name="denomination"
            defaultValue={denomination ?? ""}
            aria-labelledby="denomination-title"
            aria-describedby="denomination-description"
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm sm:max-w-xs"
          >
            <option value="">Select a denomination</option>
            {denominationOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </noscript>
        {hydrated ? <input type="hidden" name="denomination" value={denomination ?? ""} /> : null}
        <div {...{ [NEEDS_SCRIPT]: "" }} className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Select value={denomination ?? ""} onValueChange={(value) => onChange(value || null)}>
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
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              Clear selection
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

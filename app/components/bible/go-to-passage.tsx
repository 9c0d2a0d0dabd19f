import { Form } from "@remix-run/react";
import { Search } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/** "Go to a passage": type "jn 3", "1 cor 13" or "Ps 23:1-4" and go (a GET form: works without scripts). */
export function GoToPassage({
  defaultValue = "",
  error,
  translation,
}: {
  defaultValue?: string;
  error?: string | null;
  translation?: string;
}) {
  const id = useId();
  return (
    <Form method="get" action="/bible" role="search" aria-label="Go to a passage" className="space-y-1">
      <label htmlFor={id} className="sr-only">
        Go to a passage
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          placeholder="Go to… e.g. jn 3, Psalm 23, Rom 8:28"
          maxLength={100}
          autoComplete="off"
          enterKeyHint="go"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1"
        />
        {translation ? <input type="hidden" name="t" value={translation} /> : null}
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          Go
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

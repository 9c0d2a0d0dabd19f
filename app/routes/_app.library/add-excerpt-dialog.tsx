import { Form, Link, useFetcher } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, SubmitButton, TextareaField } from "~/components/forms";
import { TitledDialog } from "~/components/titled-dialog";
import { DialogFooter } from "~/components/ui/dialog";
import { toast } from "~/components/ui/use-toast";
import { useHydrated } from "~/utils/use-hydrated";
import { BookLookup } from "./book-lookup";
import type { LibraryActionResult } from "~/components/library/types";

/** One of the form's inputs: its id comes from its name, its error from the action's answer. */
function ExcerptField({
  name,
  label,
  errors,
  ...props
}: { name: string; label: string; errors: Record<string, string[]> } & React.InputHTMLAttributes<HTMLInputElement>) {
  return <Field label={label} inputProps={{ id: `excerpt-${name}`, name, ...props }} errors={errors[name]} />;
}

/**
 * The form's fields. With `onKind` the Quote / Book Excerpt choice shows the book's fields only
 * for an excerpt; without it (no scripts to react to the choice) they are always shown.
 */
function ExcerptFields({
  kind,
  onKind,
  errors,
}: {
  kind: "quote" | "book";
  onKind?: (kind: "quote" | "book") => void;
  errors: Record<string, string[]>;
}) {
  return (
    <>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium leading-none">Type</legend>
        <div className="flex gap-4 pt-1">
          {(
            [
              ["quote", "Quote"],
              ["book", "Book Excerpt"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="contentType"
                value={value}
                checked={onKind ? kind === value : undefined}
                defaultChecked={onKind ? undefined : value === "quote"}
                onChange={onKind ? () => onKind(value) : undefined}
                className="size-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <TextareaField
        label={onKind ? (kind === "book" ? "Excerpt" : "Quote") : "Quote or excerpt"}
        textareaProps={{
          id: "excerpt-text",
          name: "text",
          rows: 5,
          maxLength: 20000,
          placeholder: kind === "book" ? "Type or paste the passage" : "Type or paste the quote",
        }}
        errors={errors.text}
      />
      <ExcerptField name="author" label="Author" errors={errors} maxLength={200} placeholder="e.g., C. S. Lewis" />
      <ExcerptField
        name="source"
        label="Source"
        errors={errors}
        maxLength={500}
        placeholder="A sermon, a book, or a web address"
      />
      <ExcerptField
        name="title"
        label="Title (optional)"
        errors={errors}
        maxLength={200}
        placeholder="Leave blank for an automatic title"
      />
      {kind === "book" || !onKind ? (
        <div className="space-y-4 rounded-md border p-3">
          <p className="text-sm font-medium">{onKind ? "Book" : "Book (for a book excerpt)"}</p>
          {onKind ? <BookLookup /> : null}
          <ExcerptField name="bookTitle" label="Book title" errors={errors} maxLength={300} />
          <ExcerptField
            name="coverUrl"
            label="Cover image URL (optional)"
            type="url"
            errors={errors}
            placeholder="https://..."
          />
          <ExcerptField
            name="storeUrl"
            label="Store URL (optional)"
            type="url"
            errors={errors}
            placeholder="https://www.amazon.com/dp/..."
          />
          <ExcerptField
            name="asin"
            label="ASIN (optional)"
            errors={errors}
            maxLength={10}
            placeholder="e.g., B00ABC1234"
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * Without scripts the dialog cannot open: "Add Quote or Excerpt" is a link (?add) and the page
 * shows this panel, a plain form that comes back to `returnTo` with the toast.
 */
export function AddExcerptPanel({
  open,
  returnTo,
  failure,
}: {
  open: boolean;
  returnTo: string;
  failure?: { error: string; fieldErrors?: Record<string, string[]> };
}) {
  const hydrated = useHydrated();
  if (hydrated || !open) return null;
  const errors = failure?.fieldErrors ?? {};
  return (
    <section aria-labelledby="add-excerpt-title" className="space-y-4 rounded-lg border p-4">
      <div className="space-y-1">
        <h3 id="add-excerpt-title" className="text-lg font-semibold">
          Add a quote or book excerpt
        </h3>
        <p className="text-sm text-muted-foreground">Keep words worth remembering in your library.</p>
      </div>
      {failure && !Object.keys(errors).length ? (
        <p role="alert" className="text-sm text-destructive">
          <strong>Failed to update library: </strong>
          {failure.error}
        </p>
      ) : null}
      <Form method="post" action="/library" className="space-y-4">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <ExcerptFields kind="quote" errors={errors} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={returnTo}>Cancel</Link>
          </Button>
          <Button type="submit">Save to Library</Button>
        </div>
      </Form>
    </section>
  );
}

/** Adds a quote or a book excerpt by hand: nothing else creates those kinds of content. */
export function AddExcerptDialog({ askHref }: { askHref: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<LibraryActionResult>();
  const [opened, setOpened] = useState(false);
  const [kind, setKind] = useState<"quote" | "book">("quote");
  // The answer to an earlier attempt is not shown again when the dialog is reopened.
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const saving = fetcher.state !== "idle";
  const result = fetcher.data && fetcher.data.intent === "add" && fetcher.data.id !== dismissedId ? fetcher.data : null;
  const errors: Record<string, string[]> = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  // A successful add closes the dialog.
  const open = opened && !result?.ok;

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast({ id: result.id, title: "Added to your library", description: `${result.label}: ${result.title}` });
    } else if (!Object.keys(result.fieldErrors ?? {}).length) {
      toast({ id: result.id, title: "Failed to update library", description: result.error, variant: "destructive" });
    }
  }, [result]);

  if (!hydrated) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={askHref} preventScrollReset>
          <Plus aria-hidden="true" />
          Add Quote or Excerpt
        </Link>
      </Button>
    );
  }
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        setOpened(next);
        if (next) {
          setKind("quote");
          setDismissedId(fetcher.data?.id ?? null);
        }
      }}
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden="true" />
          Add Quote or Excerpt
        </Button>
      }
      title="Add a quote or book excerpt"
      description="Keep words worth remembering in your library."
      className="max-h-[90vh] overflow-y-auto"
    >
      <fetcher.Form method="post" action="/library" className="space-y-4" key={open ? "open" : "closed"}>
        <input type="hidden" name="intent" value="add" />
        <ExcerptFields kind={kind} onKind={setKind} errors={errors} />
        <DialogFooter>
          <SubmitButton pending={saving} pendingText="Saving...">
            Save to Library
          </SubmitButton>
        </DialogFooter>
      </fetcher.Form>
    </TitledDialog>
  );
}

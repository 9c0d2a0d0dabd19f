import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button, type ButtonProps } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";

export const CONFIRM_PARAM = "confirm";

/**
 * A button whose form posts only once confirmed. With scripts, an alert dialog asks (it cannot be
 * dismissed by clicking outside); without them the button is a link to `?confirm=<id>`, and the
 * page asks in place (see `ConfirmInPlace`).
 */
export function ConfirmAction({
  id,
  label,
  title,
  description,
  confirmLabel,
  fields,
  variant = "outline",
  size = "sm",
  icon,
}: {
  /** Names this question in the address (`?confirm=`), unique on the page. */
  id: string;
  label: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  /** The form's hidden fields: intent and its values. */
  fields: Record<string, string>;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  icon?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("confirmId") === id;
  if (!hydrated) {
    const search = new URLSearchParams(location.search);
    search.set(CONFIRM_PARAM, id);
    return (
      <Button asChild variant={variant} size={size} className="print:hidden">
        <Link to={`?${search}`} preventScrollReset>
          {icon}
          {label}
        </Link>
      </Button>
    );
  }
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant={variant} size={size} className="print:hidden" onClick={() => setOpen(true)}>
        {icon}
        {label}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Form method="post" preventScrollReset onSubmit={() => setOpen(false)}>
            <HiddenFields fields={{ ...fields, confirmId: id }} />
            <Button type="submit" variant="destructive" className="w-full" disabled={pending}>
              {confirmLabel}
            </Button>
          </Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The same question asked on the page, for a browser without scripts that followed `?confirm=<id>`. */
export function ConfirmInPlace({
  title,
  description,
  confirmLabel,
  fields,
}: {
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  fields: Record<string, string>;
}) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete(CONFIRM_PARAM);
  const cancel = `${location.pathname}${search.size > 0 ? `?${search}` : ""}`;
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-in-place-title"
      aria-describedby="confirm-in-place-text"
      className="mb-6 space-y-3 rounded-md border border-destructive/50 p-4 print:hidden"
    >
      <h2 id="confirm-in-place-title" className="text-lg font-semibold">
        {title}
      </h2>
      <p id="confirm-in-place-text" className="text-sm text-muted-foreground">
        {description}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancel}>Cancel</Link>
        </Button>
        <Form method="post" action={cancel}>
          <HiddenFields fields={fields} />
          <Button type="submit" variant="destructive" className="w-full">
            {confirmLabel}
          </Button>
        </Form>
      </div>
    </div>
  );
}

export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

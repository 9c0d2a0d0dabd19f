import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog";
import { HiddenFields } from "~/components/forms";
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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant={variant} size={size} className="print:hidden">
          {icon}
          {label}
        </Button>
      }
      title={title}
      description={description}
    >
      <Form method="post" preventScrollReset onSubmit={() => setOpen(false)}>
        <HiddenFields fields={{ ...fields, confirmId: id }} />
        <Button type="submit" variant="destructive" className="w-full" disabled={pending}>
          {confirmLabel}
        </Button>
      </Form>
    </ConfirmDialog>
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
    <ConfirmPanel title={title} description={description} cancelHref={cancel} className="mb-6 print:hidden">
      <Form method="post" action={cancel}>
        <HiddenFields fields={fields} />
        <Button type="submit" variant="destructive" className="w-full">
          {confirmLabel}
        </Button>
      </Form>
    </ConfirmPanel>
  );
}

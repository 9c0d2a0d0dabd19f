import { Link } from "@remix-run/react";
import { useId } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button, type ButtonProps } from "~/components/ui/button";
import { cn } from "~/utils/cn";

interface Question {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** What stands between the question and its buttons (a password field, say). */
  body?: React.ReactNode;
  /** The confirming action, after Cancel: a form and its submit button. */
  children: React.ReactNode;
}

/**
 * A question asked before a destructive action, with scripts: an alert dialog, which cannot be
 * dismissed by clicking outside. `trigger` opens it; a caller that opens it itself leaves it out
 * and passes `open`. Without scripts the page asks the same with `ConfirmPanel`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  cancelDisabled,
  title,
  description,
  body,
  children,
}: Question & {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: React.ReactNode;
  cancelDisabled?: boolean;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description ? <AlertDialogDescription>{description}</AlertDialogDescription> : null}
        </AlertDialogHeader>
        {body}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancelDisabled}>Cancel</AlertDialogCancel>
          {children}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The same question asked on the page, for a browser without scripts: the destructive button is a
 * link to an address (`?delete=<id>` and the like) whose page shows this, and Cancel goes back.
 */
export function ConfirmPanel({
  cancelHref,
  size,
  className,
  title,
  description,
  body,
  children,
}: Question & { cancelHref: string; size?: ButtonProps["size"]; className?: string }) {
  const id = useId();
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      className={cn("space-y-3 rounded-md border border-destructive/50 p-4", className)}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? (
        <p id={`${id}-text`} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {body}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline" size={size}>
          <Link to={cancelHref}>Cancel</Link>
        </Button>
        {children}
      </div>
    </div>
  );
}

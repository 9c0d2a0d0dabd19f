import { useId, useState } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/utils/cn";

/**
 * A field's messages from the action (or conform's `field.errors`). One answer is one array: pass the
 * same array while the answer stands (from action data, conform, or `useMemo`), a new one for a new answer.
 */
export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** The first of a field's errors, which the field points at with aria-describedby; announced when it appears. */
export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const message = errors?.find(Boolean);
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/**
 * Errors shown until the reader edits what they are about: `edited` is called on the field's input;
 * a new answer (a new `errors` value, even with the same words) shows again.
 */
export function useErrorsUntilEdited<Errors>(errors: Errors | null | undefined) {
  const [editedSince, setEditedSince] = useState<Errors | null>();
  const shown = errors && errors !== editedSince ? errors : undefined;
  return { shown, edited: () => setEditedSince(errors) };
}

interface FieldFrame {
  label: React.ReactNode;
  /** Beside the label, at the end of its line (a "Forgot password?" link). */
  labelAside?: React.ReactNode;
  /** A line under the control that describes it. */
  hint?: React.ReactNode;
  errors?: ListOfErrors;
  className?: string;
}

/** What a field's control gets from its frame: its id, and the ids of what describes it. */
interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A label, its control, a hint and the first error, tied together by ids: the control is named by
 * the label, and described by the hint and the error. `control` is the control's own props: its
 * id (or one is made up) and aria attributes conform's `getInputProps` may have set, which an error
 * given here adds to. An error stays beside the field until the reader changes the field's value
 * (a toast may repeat it, and vanish); a new answer with an error shows again.
 */
function FieldFrame({
  label,
  labelAside,
  hint,
  errors,
  className,
  control,
  children,
}: FieldFrame & {
  control: { id?: string; "aria-describedby"?: string };
  children: (props: ControlProps) => React.ReactNode;
}) {
  const fallbackId = useId();
  const { shown, edited } = useErrorsUntilEdited(errors);
  const id = control.id ?? fallbackId;
  const errorId = shown?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  // conform points an invalid control at `${id}-error` itself: kept once, and dropped once edited.
  const describedBy =
    [...new Set([...(control["aria-describedby"]?.split(" ") ?? []), hintId, errorId])]
      .filter((ref) => ref && (ref !== `${id}-error` || errorId))
      .join(" ") || undefined;
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn("space-y-1.5", className)} onInput={edited}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={shown} />
    </div>
  );
}

type InputProps = React.ComponentPropsWithRef<typeof Input>;

export function Field({ inputProps, ...frame }: FieldFrame & { inputProps: InputProps }) {
  return (
    <FieldFrame control={inputProps} {...frame}>
      {(control) => <Input {...inputProps} {...control} />}
    </FieldFrame>
  );
}

export function TextareaField({
  textareaProps,
  ...frame
}: FieldFrame & { textareaProps: React.ComponentPropsWithRef<typeof Textarea> }) {
  return (
    <FieldFrame control={textareaProps} {...frame}>
      {(control) => <Textarea {...textareaProps} {...control} />}
    </FieldFrame>
  );
}

/** A password: required, at most 256 characters (the schemas' limit), and the browser told which kind. */
export function PasswordField({
  inputProps,
  ...frame
}: FieldFrame & { inputProps: InputProps & { autoComplete: "current-password" | "new-password" } }) {
  return <Field inputProps={{ type: "password", required: true, maxLength: 256, ...inputProps }} {...frame} />;
}

/** A form's fixed values (its intent and the ids it acts on), posted with what the user enters. */
export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A form's submit button: disabled while its submission is under way, and saying so meanwhile. */
export function SubmitButton({
  pending,
  pendingText,
  icon,
  disabled,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingText: string; icon?: React.ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {icon}
      {pending ? pendingText : children}
    </Button>
  );
}

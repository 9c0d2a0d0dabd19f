import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** A labelled password input with its first error (from the action) read out with it. */
export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  errors?: string[];
}) {
  const invalid = Boolean(errors?.length);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        type="password"
        id={id}
        name={name}
        required
        maxLength={256}
        autoComplete={autoComplete}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      {invalid ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {errors![0]}
        </p>
      ) : null}
    </div>
  );
}

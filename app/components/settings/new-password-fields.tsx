import { PasswordField } from "~/components/forms";

const fields = [
  { name: "newPassword", label: "New password", id: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", id: "confirm-password" },
] as const;

/** A new password typed twice, as changing a password and a reset link ask for it. */
export function NewPasswordFields({
  idPrefix = "",
  errors,
}: {
  /** Keeps the ids apart from another form's on the same page. */
  idPrefix?: string;
  errors: Record<string, string[] | undefined>;
}) {
  return fields.map(({ name, label, id }) => (
    <PasswordField
      key={name}
      label={label}
      inputProps={{ id: `${idPrefix}${id}`, name, autoComplete: "new-password" }}
      errors={errors[name]}
    />
  ));
}

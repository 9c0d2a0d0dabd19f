import type { ReactNode } from "react";

/** Why a form's submission failed, announced to screen readers; nothing when it did not. */
export function FormAlert({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

import { BookOpen, CalendarDays, Library } from "lucide-react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { MAX_DISPLAY_NAME_LENGTH } from "~/modules/profile/choices";

export const WELCOME_TITLE = "Welcome to your study space";
export const WELCOME_DESCRIPTION =
  "Everything here is meant to help you grow in faith and lead others well. A few things you can do:";

/** The welcome's list of first things to do, shared by the dialog and its no-JavaScript form. */
export function WelcomeList() {
  return (
    <ul className="space-y-3 text-sm">
      <li className="flex gap-3">
        <BookOpen className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <span>Create an AI study from a topic or a passage, ready for your small group.</span>
      </li>
      <li className="flex gap-3">
        <CalendarDays className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <span>Follow a guided plan through Scripture with a devotional at your depth each day.</span>
      </li>
      <li className="flex gap-3">
        <Library className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <span>Summarize sermons and articles and keep what you learn in one place.</span>
      </li>
    </ul>
  );
}

/** The welcome's one question: what to call the reader (optional; it can change on /profile). */
export function WelcomeNameField({ id, inputRef }: { id: string; inputRef?: React.Ref<HTMLInputElement> }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>What should we call you? (optional)</Label>
      <Input
        id={id}
        name="displayName"
        ref={inputRef}
        maxLength={MAX_DISPLAY_NAME_LENGTH}
        autoComplete="nickname"
        placeholder="Your first name"
      />
    </div>
  );
}

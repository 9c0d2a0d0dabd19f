import { BookOpen, CalendarDays, Library } from "lucide-react";

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

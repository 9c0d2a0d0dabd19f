import { Link, type LinkProps } from "@remix-run/react";
import { BookOpenText, FileText } from "lucide-react";
import { cn } from "~/utils/cn";

/**
 * A lesson plan as a list shows it: a link with its kind's icon, its title (cut to one line) and a
 * line under it (its kind and a date).
 */
export function StudyListItem({
  studyType,
  title,
  detail,
  className,
  ...link
}: LinkProps & { studyType: string; title: string; detail: React.ReactNode }) {
  const Icon = studyType === "passage" ? BookOpenText : FileText;
  return (
    <Link
      className={cn(
        "flex items-start gap-3 rounded-md border p-3 transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      {...link}
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{title}</span>
        <span className="block text-xs text-muted-foreground">{detail}</span>
      </span>
    </Link>
  );
}

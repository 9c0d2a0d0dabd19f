import { cn } from "~/utils/cn";

export function PageHeader({
  title,
  description,
  help,
  actions,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  /** The page's "?" help popover: right after the title, on its line (not a row of its own on a phone). */
  help?: React.ReactNode;
  /** Rendered at the header's end: a primary button, the page's actions. */
  actions?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mb-6 flex flex-wrap items-start justify-between gap-3", className)}>
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {help ? <div className="shrink-0 print:hidden">{help}</div> : null}
        </div>
        {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}

import { Form } from "@remix-run/react";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/utils/cn";

/**
 * A search as a plain GET form (?q=), so it works before (and without) the page's scripts and the
 * address can be kept. `children` are further filters, placed between the box and the button.
 */
export function SearchForm({
  label,
  query,
  maxLength,
  placeholder,
  inputLabel,
  className,
  fieldClassName,
  children,
}: {
  label: string;
  query: string;
  maxLength: number;
  placeholder: string;
  inputLabel: string;
  className: string;
  fieldClassName?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className={className}>
      <div className={cn("relative flex-1", fieldClassName)}>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          name="q"
          defaultValue={query}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-label={inputLabel}
          className="pl-9"
        />
      </div>
      {children}
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

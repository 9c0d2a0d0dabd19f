import { forwardRef } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { cn } from "~/utils/cn";

/**
 * A table row's icon button: 36px on wide screens; on phones, where no pointer hovers to show a
 * tooltip, 44px high with its name beside the icon.
 */
export const iconActionClass = "md:size-9 max-md:w-full max-md:px-3";

/**
 * An icon button whose short name (`tip`) shows in a tooltip on hover and keyboard focus; its
 * `aria-label` says the whole action (which user it acts on). Needs a `TooltipProvider` above.
 */
export const IconAction = forwardRef<HTMLButtonElement, ButtonProps & { tip: string }>(function IconAction(
  { tip, className, children, ...props },
  ref,
) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button ref={ref} variant="ghost" size="icon" className={cn(iconActionClass, className)} {...props}>
          {children}
          <span className="md:hidden">{tip}</span>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
});

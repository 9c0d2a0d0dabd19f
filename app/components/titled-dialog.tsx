import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

/**
 * A dialog with its title and description (which name and describe it to a screen reader) above
 * `children`; `trigger` opens it, or the caller opens it through `open`. The rest goes to the content.
 */
export function TitledDialog({
  open,
  onOpenChange,
  modal,
  trigger,
  title,
  titleClassName,
  description,
  children,
  ...contentProps
}: React.ComponentPropsWithoutRef<typeof DialogContent> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  modal?: boolean;
  trigger?: React.ReactNode;
  title: React.ReactNode;
  titleClassName?: string;
  description: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} modal={modal}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent {...contentProps}>
        <DialogHeader>
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

import { useFetcher } from "@remix-run/react";
import { Copy, KeyRound } from "lucide-react";
import { useState } from "react";
import { SubmitButton } from "~/components/forms";
import { FormAlert } from "~/components/form-alert";
import { Button } from "~/components/ui/button";
import { TitledDialog } from "~/components/titled-dialog";
import { DialogFooter } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { toast } from "~/components/ui/use-toast";
import { useHydrated } from "~/utils/use-hydrated";
import { iconActionClass } from "./icon-action";

type Answer = { url: string; expiresAt: string } | { error: string };

/**
 * A row's "reset password" action: makes a one-time link (24 hours) for a user who forgot their
 * password on a server without mail, and shows it once with a copy button. The server keeps only
 * its hash, so closing the dialog loses it (a new one can be made, which replaces it).
 * Without scripts the button stays disabled: the console has `npm run admin -- reset-link EMAIL` instead.
 */
export function ResetLinkDialog({ userId, email }: { userId: string; email: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // A new fetcher for each opening: the link shown last time is gone from the page once closed.
  const [round, setRound] = useState(0);
  const fetcher = useFetcher<Answer>({ key: `reset-link-${userId}-${round}` });
  const creating = fetcher.state !== "idle";
  const link = fetcher.data && "url" in fetcher.data ? fetcher.data : null;
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const label = `Create a password reset link for ${email}`;

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast({ title: "Copied", description: "Reset link copied" });
    } catch {
      toast({ title: "Error", description: "Copy the link by hand", variant: "destructive" });
    }
  }

  // Done closes it the same way as Escape or the close button: the next opening starts afresh.
  function openOrClose(next: boolean) {
    setOpen(next);
    if (!next) setRound((value) => value + 1);
  }

  // Before the scripts run the same button stands in its place, disabled, so that the row does not
  // change width when they do (a click aimed at the next button would land beside it).
  if (!hydrated) {
    return (
      <Button variant="ghost" size="icon" className={iconActionClass} aria-label={label} disabled>
        <KeyRound aria-hidden="true" />
        <span className="md:hidden">Reset link</span>
      </Button>
    );
  }
  // The tooltip wraps the dialog so that one button is both triggers (IconAction cannot: the
  // dialog's trigger must be the button itself). Needs a TooltipProvider above.
  return (
    <Tooltip>
      <TooltipContent>Reset link</TooltipContent>
      <TitledDialog
        open={open}
        onOpenChange={openOrClose}
        trigger={
          <TooltipTrigger asChild>
            <Button variant="ghost" size="icon" className={iconActionClass} aria-label={label}>
              <KeyRound aria-hidden="true" />
              <span className="md:hidden">Reset link</span>
            </Button>
          </TooltipTrigger>
        }
        title="Password reset link"
        description={`For ${email}. Send it to them yourself: it lets whoever opens it choose a new password, works once and expires in 24 hours. Making a new link cancels the previous one.`}
      >
        {link ? (
          <div className="space-y-2">
            <div className="flex gap-2">
              <Input
                readOnly
                value={link.url}
                aria-label="Reset link"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button type="button" variant="outline" onClick={copy}>
                <Copy aria-hidden="true" />
                Copy
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Valid until {new Date(link.expiresAt).toLocaleString()}. It is shown only this once.
            </p>
          </div>
        ) : error ? (
          <FormAlert message={error} />
        ) : null}
        <DialogFooter>
          {link ? (
            <Button type="button" onClick={() => openOrClose(false)}>
              Done
            </Button>
          ) : (
            <fetcher.Form method="post" action="/admin/reset-link">
              <input type="hidden" name="userId" value={userId} />
              <SubmitButton pending={creating} pendingText="Creating...">
                Create Link
              </SubmitButton>
            </fetcher.Form>
          )}
        </DialogFooter>
      </TitledDialog>
    </Tooltip>
  );
}

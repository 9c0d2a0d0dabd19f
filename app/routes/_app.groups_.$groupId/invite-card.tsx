import { Copy, KeyRound, RefreshCw } from "lucide-react";
import { ConfirmAction } from "~/components/groups/confirm-action";
import { Button } from "~/components/ui/button";
import { IconCardTitle } from "~/components/groups/icon-card-title";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * A link that wraps only between its parts, never inside the code: the origin may break where it
 * must (a long host name), the rest after a "/", and the code after it stays whole.
 */
function UnbrokenLink({ link }: { link: string }) {
  const cut = link.lastIndexOf("/") + 1;
  const path = new URL(link).pathname;
  const origin = link.slice(0, link.length - path.length);
  return (
    <>
      <span className="[overflow-wrap:anywhere]">{origin}</span>
      <wbr />
      {link.slice(origin.length, cut)}
      <wbr />
      <span className="whitespace-nowrap">{link.slice(cut)}</span>
    </>
  );
}

/**
 * The leader's invite code and link, to copy or replace. On a computer-only address the note says
 * how to share it: the desktop app's File menu in the app, the server's settings on the web.
 */
export function InviteCard({
  code,
  link,
  onThisComputerOnly,
  inDesktopApp,
  first = false,
}: {
  code: string;
  link: string;
  onThisComputerOnly: boolean;
  inDesktopApp: boolean;
  /** Shown first, to a leader with no members yet: says so. */
  first?: boolean;
}) {
  const hydrated = useHydrated();
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: "Invite link copied", description: link });
    } catch {
      toast({ title: "Could not copy", description: "Select the link and copy it yourself.", variant: "destructive" });
    }
  }
  return (
    <Card className={cn(first && "border-primary/40", "print:break-inside-avoid print:border-0 print:shadow-none")}>
      <CardHeader className="print:p-0 print:pb-1">
        <IconCardTitle icon={KeyRound}>Invite members</IconCardTitle>
        <CardDescription className="print:hidden">
          {first ? "Your group has no members yet: send them this link, or read them the code. " : ""}
          Anyone with the code or link can join. Only you, the leader, see it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 print:space-y-1 print:p-0">
        <p className="text-sm text-muted-foreground">Invite code</p>
        <p className="select-all font-mono text-2xl font-semibold tracking-wider print:text-lg" data-invite-code>
          {code}
        </p>
        <p className="text-sm text-muted-foreground">Invite link</p>
        <p className="select-all rounded-md bg-muted/60 p-2 font-mono text-sm print:p-0" data-invite-link>
          <UnbrokenLink link={link} />
        </p>
        {onThisComputerOnly ? (
          <p className="text-sm text-muted-foreground print:hidden">
            {inDesktopApp ? (
              <>
                This address works on this computer only. With the desktop app&apos;s File &gt; Share with my group,
                members open the group address (File &gt; Show Group Address…) on their phone and enter the code under
                Groups.
              </>
            ) : (
              <>
                This address works on this computer only. For members to join from their own phones, the server needs an
                address they can open: whoever runs it sets PUBLIC_URL (or HOST=0.0.0.0 on a home or church network).
                Members then open that address and enter the code under Groups.
              </>
            )}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 print:hidden">
          {hydrated ? (
            <Button type="button" variant={first ? "default" : "outline"} size="sm" onClick={copy}>
              <Copy aria-hidden="true" />
              Copy Link
            </Button>
          ) : null}
          <ConfirmAction
            id="regenerate-code"
            label="New Code"
            icon={<RefreshCw aria-hidden="true" />}
            title="Make a new invite code?"
            description="The current code and link stop working at once; members already in the group stay. Share the new one with anyone still to join."
            confirmLabel="Make New Code"
            fields={{ intent: "regenerate-code" }}
          />
        </div>
      </CardContent>
    </Card>
  );
}

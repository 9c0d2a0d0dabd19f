import { Copy, KeyRound, RefreshCw } from "lucide-react";
import { ConfirmAction } from "~/components/groups/confirm-action";
import { Button } from "~/components/ui/button";
import { IconCardTitle } from "~/components/groups/icon-card-title";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { useHydrated } from "~/utils/use-hydrated";

/** The leader's invite code and link, to copy or replace. */
export function InviteCard({
  code,
  link,
  onThisComputerOnly,
}: {
  code: string;
  link: string;
  onThisComputerOnly: boolean;
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
    <Card>
      <CardHeader>
        <IconCardTitle icon={KeyRound}>Invite members</IconCardTitle>
        <CardDescription>Anyone with the code or link can join. Only you, the leader, see it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-muted-foreground">Invite code</p>
        <p className="select-all font-mono text-2xl font-semibold tracking-wider" data-invite-code>
          {code}
        </p>
        <p className="text-sm text-muted-foreground">Invite link</p>
        <p className="select-all break-all rounded-md bg-muted/60 p-2 font-mono text-sm">{link}</p>
        {onThisComputerOnly ? (
          <p className="text-sm text-muted-foreground">
            This address works on this computer only. With the desktop app&apos;s File &gt; Share with my group, members
            open the group address (File &gt; Show Group Address…) on their phone and enter the code under Groups.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 print:hidden">
          {hydrated ? (
            <Button type="button" variant="outline" size="sm" onClick={copy}>
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

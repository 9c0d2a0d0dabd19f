import { Copy, Plus, Trash2 } from "lucide-react";
import { HiddenFields, SubmitButton } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { toast } from "~/components/ui/use-toast";
import { INVITE_DEFAULT_DAYS, adminIntents } from "~/modules/admin/schemas";
import type { InviteListItem, SignupMode, SignupSettings } from "~/modules/auth/schemas";
import { useHydrated } from "~/utils/use-hydrated";
import { formatRegistered } from "./format";
import { useAdminFetcher } from "./use-admin-fetcher";

const modeChoices: Array<{ mode: SignupMode; label: string; hint: string }> = [
  { mode: "open", label: "Open", hint: "Anyone who finds the server can create an account." },
  { mode: "invite", label: "Invite only", hint: "A new account needs an invite code created below." },
  { mode: "closed", label: "Closed", hint: "Nobody can create an account; administrators keep managing users." },
];

/**
 * Who may sign up (open, invite only, closed) and the pending invite codes. `createdInvitePath`
 * is the link of an invite just made by a form posted without scripts.
 */
export function SignupSettingsPanel({
  signup,
  invites,
  createdInviteUrl,
}: {
  signup: SignupSettings;
  invites: InviteListItem[];
  createdInviteUrl?: string;
}) {
  const hydrated = useHydrated();
  const modeFetcher = useAdminFetcher({ fallback: "Failed to save the sign-up mode" });
  const inviteFetcher = useAdminFetcher({ fallback: "Failed to create an invite" });
  const revokeFetcher = useAdminFetcher({ fallback: "Failed to revoke the invite" });
  const saving = modeFetcher.state !== "idle";
  const creating = inviteFetcher.state !== "idle";
  const revokingId = revokeFetcher.state !== "idle" ? String(revokeFetcher.formData?.get("inviteId") ?? "") : null;
  const shownMode = (modeFetcher.formData?.get("mode") as SignupMode | null) ?? signup.mode;
  // The new invite's link: the server keeps only a hash, so this is the one time it can be shown.
  const newLink = inviteFetcher.data?.inviteUrl ?? createdInviteUrl ?? null;

  async function copyLink() {
    if (!newLink) return;
    try {
      await navigator.clipboard.writeText(newLink);
      toast({ title: "Copied", description: "Invite link copied" });
    } catch {
      toast({ title: "Error", description: "Copy the link by hand", variant: "destructive" });
    }
  }

  return (
    <div className="space-y-8">
      <modeFetcher.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={adminIntents.signupMode} />
        <fieldset className="space-y-3">
          <legend className="mb-2 text-base font-semibold">Who can create an account</legend>
          {signup.fixedByServer ? (
            <p className="text-sm text-muted-foreground">
              Fixed by the server (SIGNUP_MODE={signup.mode}); change it in the server&apos;s configuration.
            </p>
          ) : null}
          {hydrated ? (
            <RadioGroup
              value={shownMode}
              onValueChange={(mode) =>
                modeFetcher.submit(
                  { intent: adminIntents.signupMode, mode },
                  { method: "post", preventScrollReset: true },
                )
              }
              disabled={signup.fixedByServer || saving}
              aria-label="Sign-up mode"
            >
              {modeChoices.map(({ mode, label, hint }) => (
                <div key={mode} className="flex items-start gap-3">
                  <RadioGroupItem
                    value={mode}
                    id={`signup-${mode}`}
                    aria-describedby={`signup-${mode}-hint`}
                    className="mt-0.5"
                  />
                  <ModeLabel mode={mode} label={label} hint={hint} />
                </div>
              ))}
            </RadioGroup>
          ) : (
            // Before scripts run (or without them): plain radio buttons and a Save button.
            <div role="radiogroup" aria-label="Sign-up mode" className="grid gap-2">
              {modeChoices.map(({ mode, label, hint }) => (
                <div key={mode} className="flex items-start gap-3">
                  <input
                    type="radio"
                    name="mode"
                    value={mode}
                    id={`signup-${mode}`}
                    defaultChecked={mode === signup.mode}
                    disabled={signup.fixedByServer}
                    aria-describedby={`signup-${mode}-hint`}
                    className="mt-0.5 size-4 accent-primary"
                  />
                  <ModeLabel mode={mode} label={label} hint={hint} />
                </div>
              ))}
              <Button type="submit" variant="outline" className="justify-self-start" disabled={signup.fixedByServer}>
                Save sign-up mode
              </Button>
            </div>
          )}
        </fieldset>
      </modeFetcher.Form>

      <section className="space-y-3" aria-labelledby="invites-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="invites-heading" className="text-base font-semibold">
            Invites
          </h3>
          <inviteFetcher.Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={adminIntents.createInvite} />
            <SubmitButton
              variant="outline"
              pending={creating}
              pendingText="Creating..."
              icon={<Plus aria-hidden="true" />}
            >
              Create invite
            </SubmitButton>
          </inviteFetcher.Form>
        </div>
        <p className="text-sm text-muted-foreground">
          Each invite makes one account and expires after {INVITE_DEFAULT_DAYS} days. It is needed while sign-up is
          invite only, and it is never held back by the limit of sign-ups per network.
        </p>
        {newLink ? (
          <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-3">
            <Label htmlFor="new-invite-link">New invite link (shown only once)</Label>
            <div className="flex gap-2">
              <Input id="new-invite-link" readOnly value={newLink} onFocus={(event) => event.currentTarget.select()} />
              <Button type="button" variant="outline" onClick={() => void copyLink()} aria-label="Copy invite link">
                <Copy aria-hidden="true" />
              </Button>
            </div>
          </div>
        ) : null}
        {invites.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pending invites.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Pending invites">
            {invites.map((invite) => (
              <li key={invite.id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <span>
                  <code className="font-mono">{invite.hint}…</code>
                  <span className="ml-3 text-muted-foreground">
                    expires <time dateTime={invite.expiresAt}>{formatRegistered(invite.expiresAt)}</time>
                  </span>
                </span>
                <revokeFetcher.Form method="post" preventScrollReset>
                  <HiddenFields fields={{ intent: adminIntents.revokeInvite, inviteId: invite.id }} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="icon"
                    className="size-9 text-destructive hover:bg-destructive/10 hover:text-destructive"
                    aria-label={`Revoke invite ${invite.hint}`}
                    title={`Revoke invite ${invite.hint}`}
                    disabled={revokingId === invite.id}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </revokeFetcher.Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ModeLabel({ mode, label, hint }: { mode: SignupMode; label: string; hint: string }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={`signup-${mode}`}>{label}</Label>
      <p id={`signup-${mode}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

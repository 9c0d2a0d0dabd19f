import { useRevalidator } from "@remix-run/react";
import { Copy, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { toast } from "~/components/ui/use-toast";
import { INVITE_DEFAULT_DAYS, type InviteListItem, type SignupMode, type SignupSettings } from "~/modules/admin/schemas";
import { ApiError, apiRequest } from "~/utils/api-client";
import { formatRegistered } from "./format";

const modeChoices: Array<{ mode: SignupMode; label: string; hint: string }> = [
  { mode: "open", label: "Open", hint: "Anyone who finds the server can create an account." },
  { mode: "invite", label: "Invite only", hint: "A new account needs an invite code created below." },
  { mode: "closed", label: "Closed", hint: "Nobody can create an account; administrators keep managing users." },
];

function failureToast(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.status === 401) return;
  toast({
    title: "Error",
    description: error instanceof Error && error.message ? error.message : fallback,
    variant: "destructive",
  });
}

/** Who may sign up (open, invite only, closed) and the pending invite codes. */
export function SignupSettingsPanel({ signup, invites }: { signup: SignupSettings; invites: InviteListItem[] }) {
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const [creating, setCreating] = useState(false);
  const [revokingId, setRevokingId] = useState<string | null>(null);
  // The new invite's link: the server keeps only a hash, so this is the one time it can be shown.
  const [newLink, setNewLink] = useState<string | null>(null);

  async function changeMode(mode: SignupMode) {
    setSaving(true);
    try {
      await apiRequest("/api/admin/signup", { method: "PATCH", body: { mode } });
      toast({ title: "Success", description: "Sign-up mode saved" });
      revalidator.revalidate();
    } catch (error) {
      failureToast(error, "Failed to save the sign-up mode");
    } finally {
      setSaving(false);
    }
  }

  async function createInvite() {
    setCreating(true);
    try {
      const created = await apiRequest<{ path: string }>("/api/admin/invites", { method: "POST", body: {} });
      setNewLink(`${window.location.origin}${created.path}`);
      revalidator.revalidate();
    } catch (error) {
      failureToast(error, "Failed to create an invite");
    } finally {
      setCreating(false);
    }
  }

  async function revoke(invite: InviteListItem) {
    setRevokingId(invite.id);
    try {
      await apiRequest(`/api/admin/invites/${invite.id}`, { method: "DELETE" });
      toast({ title: "Success", description: "Invite revoked" });
      revalidator.revalidate();
    } catch (error) {
      failureToast(error, "Failed to revoke the invite");
    } finally {
      setRevokingId(null);
    }
  }

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
      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold">Who can create an account</legend>
        {signup.fixedByServer ? (
          <p className="text-sm text-muted-foreground">
            Fixed by the server (SIGNUP_MODE={signup.mode}); change it in the server&apos;s configuration.
          </p>
        ) : null}
        <RadioGroup
          value={signup.mode}
          onValueChange={(value) => void changeMode(value as SignupMode)}
          disabled={signup.fixedByServer || saving}
          aria-label="Sign-up mode"
        >
          {modeChoices.map(({ mode, label, hint }) => (
            <div key={mode} className="flex items-start gap-3">
              <RadioGroupItem value={mode} id={`signup-${mode}`} aria-describedby={`signup-${mode}-hint`} className="mt-0.5" />
              <div className="space-y-1">
                <Label htmlFor={`signup-${mode}`}>{label}</Label>
                <p id={`signup-${mode}-hint`} className="text-xs text-muted-foreground">
                  {hint}
                </p>
              </div>
            </div>
          ))}
        </RadioGroup>
      </fieldset>

      <section className="space-y-3" aria-labelledby="invites-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="invites-heading" className="text-base font-semibold">
            Invites
          </h3>
          <Button type="button" variant="outline" onClick={() => void createInvite()} disabled={creating}>
            <Plus aria-hidden="true" />
            {creating ? "Creating..." : "Create invite"}
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Each invite makes one account and expires after {INVITE_DEFAULT_DAYS} days. It is needed only while sign-up is invite only.
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
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9 text-destructive hover:bg-destructive/10 hover:text-destructive"
                  aria-label={`Revoke invite ${invite.hint}`}
                  title={`Revoke invite ${invite.hint}`}
                  disabled={revokingId === invite.id}
                  onClick={() => void revoke(invite)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

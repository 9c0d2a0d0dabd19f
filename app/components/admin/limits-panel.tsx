import { Globe, LockOpen, Mail } from "lucide-react";
import { HiddenFields } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { HELD_LIMITS_LISTED, adminIntents, type HeldLimitListItem } from "~/modules/admin/schemas";
import type { HeldLimitKind } from "~/modules/auth/schemas";
import { formatTimeLeft, formatUntil } from "./format";
import { useAdminFetcher } from "./use-admin-fetcher";

const kinds: Record<HeldLimitKind, { label: string; why: (count: number) => string }> = {
  "sign-up": { label: "Sign-up", why: (count) => `${count} accounts created from this network` },
  "sign-in": { label: "Sign-in", why: (count) => `${count} failed sign-ins for this email from this network` },
  "sign-in-address": { label: "Sign-in (any email)", why: (count) => `${count} failed sign-ins from this network` },
  "sign-in-email": {
    label: "Sign-in delay",
    why: (count) => `${count} sign-in attempts from many networks: new networks wait`,
  },
};

/**
 * Who the sign-up and sign-in limits hold back now, each with when its limit ends and a form that
 * lifts it (a plain form without scripts). `checkedAt` is when the server read the list.
 */
export function LimitsPanel({ limits, checkedAt }: { limits: HeldLimitListItem[]; checkedAt: string }) {
  const fetcher = useAdminFetcher({ fallback: "Failed to clear the limit" });
  const clearing = fetcher.state !== "idle" ? `${fetcher.formData?.get("kind")} ${fetcher.formData?.get("key")}` : null;

  if (limits.length === 0) {
    return <p className="text-sm text-muted-foreground">Nobody is held back by a limit right now.</p>;
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y rounded-md border" aria-label="Held limits">
        {limits.map((limit) => {
          const who = [limit.email, limit.address].filter(Boolean).join(" at ");
          return (
            <li
              key={`${limit.kind} ${limit.key}`}
              className="flex flex-col gap-3 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  {limit.email ? (
                    <span className="flex min-w-0 items-center gap-1.5 font-medium">
                      <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <span className="break-all">{limit.email}</span>
                    </span>
                  ) : null}
                  {limit.address ? (
                    <span className="flex min-w-0 items-center gap-1.5">
                      <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <code className="break-all font-mono text-[0.8125rem]">{limit.address}</code>
                    </span>
                  ) : null}
                  <Badge variant="secondary">{kinds[limit.kind].label}</Badge>
                </div>
                <p className="text-muted-foreground">
                  {kinds[limit.kind].why(limit.count)}. Ends {formatTimeLeft(limit.until, checkedAt)}{" "}
                  <time dateTime={limit.until} className="whitespace-nowrap">
                    ({formatUntil(limit.until)})
                  </time>
                  .
                </p>
              </div>
              <fetcher.Form method="post" preventScrollReset className="shrink-0">
                <HiddenFields fields={{ intent: adminIntents.clearLimit, kind: limit.kind, key: limit.key }} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={`Clear ${kinds[limit.kind].label.toLowerCase()} limit for ${who}`}
                  disabled={clearing === `${limit.kind} ${limit.key}`}
                >
                  <LockOpen aria-hidden="true" />
                  Clear
                </Button>
              </fetcher.Form>
            </li>
          );
        })}
      </ul>
      {limits.length >= HELD_LIMITS_LISTED ? (
        <p className="text-sm text-muted-foreground">
          The {HELD_LIMITS_LISTED} held longest are shown; clear some to see more.
        </p>
      ) : null}
    </div>
  );
}

import { Form } from "@remix-run/react";
import { Users } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { GroupPlanOffer } from "~/modules/groups/group-plan.server";
import { browserTimeZone } from "~/utils/time-zone";
import { useHydrated } from "~/utils/use-hydrated";

function groupDay(offer: GroupPlanOffer) {
  if (offer.status === "upcoming") return "starts soon";
  if (offer.status === "finished") return "finished";
  return `group day ${offer.currentDay} of ${offer.daysCount}`;
}

/**
 * Today's line for each group plan of the reader's groups: the plan being read with the group, or
 * one to start. Starting goes through Reading Plans' own form (the plan is then the active one,
 * read at the reader's own pace, its progress kept if it was started before).
 */
export function GroupPlanOffers({ offers }: { offers: GroupPlanOffer[] }) {
  const timeZone = useHydrated() ? (browserTimeZone() ?? "") : "";
  if (offers.length === 0) return null;
  return (
    <ul aria-label="Group reading plans" className="mb-6 space-y-2">
      {offers.map((offer) => (
        <li key={offer.groupId} className="flex flex-wrap items-center gap-3 rounded-md border bg-card p-3 text-sm">
          <Users className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <p className="min-w-0 flex-1">
            {offer.isActivePlan ? "Reading " : `${offer.groupName} is reading `}
            <span className="font-medium">{offer.planName}</span>
            {offer.isActivePlan ? ` with ${offer.groupName}` : ""} ({groupDay(offer)})
          </p>
          {offer.isActivePlan ? null : (
            <Form method="post" action="/bible-plans">
              <input type="hidden" name="planId" value={offer.planId} />
              <input type="hidden" name="timeZone" value={timeZone} />
              <Button type="submit" size="sm" variant="outline">
                Read with {offer.groupName}
              </Button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

import { listHeldLimits, liftLimit } from "~/modules/auth/rate-limit.server";
import type { HeldLimitKind } from "~/modules/auth/schemas";
import { NotFoundError } from "~/utils/errors";
import { networkLabel } from "~/utils/ip-address.server";
import { HELD_LIMITS_LISTED, type HeldLimitListItem } from "./schemas";

/**
 * Who the sign-up and sign-in limits hold back right now (docs/adr/0017-sign-up-for-a-church.md),
 * the longest-held first, for the Admin Console and GET /api/admin/limits.
 */
export function listLimits(now = Date.now()): HeldLimitListItem[] {
  return listHeldLimits(now, HELD_LIMITS_LISTED).map((held) => ({
    ...held,
    address: held.address === null ? null : networkLabel(held.address),
    until: new Date(held.until).toISOString(),
  }));
}

/** Lifts one limit at once: the address or email starts again with a full allowance. */
export function clearLimit(kind: HeldLimitKind, key: string) {
  if (!liftLimit(kind, key)) throw new NotFoundError("This limit has already ended");
}

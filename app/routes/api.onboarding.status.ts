import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { getOnboardingStatus } from "~/modules/onboarding/onboarding.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return getOnboardingStatus(user.id);
});

export const action = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  methodNotAllowed();
});

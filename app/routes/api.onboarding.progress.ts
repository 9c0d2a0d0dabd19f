import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { markOnboardingSteps, onboardingSteps } from "~/modules/onboarding/onboarding.server";
import { onboardingProgressSchema } from "~/modules/onboarding/schemas";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  methodNotAllowed();
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method !== "PATCH") methodNotAllowed();
  const progress = await parseJsonBody(request, onboardingProgressSchema);
  return markOnboardingSteps(
    user.id,
    onboardingSteps.filter((step) => progress[step] === true),
  );
});

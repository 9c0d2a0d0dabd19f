import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/modules/auth/request.server";
import { markOnboardingStep } from "~/modules/onboarding/onboarding.server";
import { onboardingFormSchema } from "~/modules/onboarding/schemas";
import { updateProfile } from "~/modules/profile/profile.server";
import { replyWithoutEcho } from "~/utils/form-reply";

/**
 * The pages' way to mark an onboarding step (the welcome dialog, a first library visit): a fetcher
 * posts here and gets the status back; the no-JavaScript form sends `redirectTo` and goes back.
 * PATCH /api/onboarding/progress is the JSON adapter over the same module function.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: onboardingFormSchema });
  if (submission.status !== "success") return Response.json({ result: replyWithoutEcho(submission) }, { status: 400 });
  const { displayName } = submission.value;
  if (displayName) updateProfile(user.id, { displayName });
  const status = markOnboardingStep(user.id, submission.value.step);
  if (submission.value.redirectTo) return redirect(submission.value.redirectTo);
  return Response.json({ result: replyWithoutEcho(submission), status });
}

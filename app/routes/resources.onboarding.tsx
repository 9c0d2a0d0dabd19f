import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { requireUser } from "~/modules/auth/request.server";
import { dismissNextSteps, dismissQuickStart, markOnboardingStep } from "~/modules/onboarding/onboarding.server";
import { onboardingFormSchema } from "~/modules/onboarding/schemas";
import { startFirstPlan } from "~/modules/plans/first-plan.server";
import { updateProfile } from "~/modules/profile/profile.server";
import { replyWithoutEcho } from "~/utils/form-reply";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The pages' way to mark an onboarding step (the welcome dialog, a first library visit) and to
 * dismiss the Quick Start's congratulation or Today's "what to try next": a fetcher posts here and
 * gets the status back; the no-JavaScript forms send `redirectTo` and go back. The welcome's Get
 * Started also starts the plan suggested for the reader's answer and opens Today.
 * PATCH /api/onboarding/progress is the JSON adapter over the same module function.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: onboardingFormSchema });
  if (submission.status !== "success") return Response.json({ result: replyWithoutEcho(submission) }, { status: 400 });
  const { intent, step, displayName, minutes, redirectTo } = submission.value;
  if (intent === "dismiss-quick-start") dismissQuickStart(user.id);
  if (intent === "dismiss-next-steps") dismissNextSteps(user.id);
  if (displayName) updateProfile(user.id, { displayName });
  const status = step ? markOnboardingStep(user.id, step) : undefined;
  if (intent === "start") {
    const { started } = startFirstPlan(user.id, minutes);
    if (!started) return redirect("/today");
    // The reader lands on the plan's first day: the toast does not send them to Today.
    return redirectWithToast("/today", {
      title: "Plan started!",
      description: `${started.plan.name}: your first reading and devotional are below`,
    });
  }
  if (redirectTo) return redirect(redirectTo);
  return Response.json({ result: replyWithoutEcho(submission), status });
}

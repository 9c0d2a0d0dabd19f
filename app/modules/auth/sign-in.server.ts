import { data } from "@remix-run/node";
import { redirectSignedIn } from "./authenticator.server";
import { AppError } from "~/utils/errors";
import type { FlashToast } from "~/utils/toast.server";
import { returnPathFrom } from "~/utils/local-path";

/**
 * The end of the login and register actions: signs in the user `authenticate` returns and sends
 * them back where they were going with `welcome`. An expected refusal (wrong password, sign-up
 * closed, too many tries) comes back as `refusal(error)` with its status and Retry-After, for the
 * page to show; anything else is thrown on.
 */
export async function signInOrRefuse<Refusal>(
  request: Request,
  authenticate: () => Promise<{ id: string }>,
  welcome: Omit<FlashToast, "id">,
  refusal: (error: AppError) => Refusal,
) {
  try {
    const user = await authenticate();
    return await redirectSignedIn(user.id, welcome, returnPathFrom(request));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const retryAfter = error.details?.retryAfterSeconds;
    return data(refusal(error), {
      status: error.status,
      headers: retryAfter ? { "retry-after": String(retryAfter) } : undefined,
    });
  }
}

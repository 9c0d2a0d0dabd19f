import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWith } from "~/utils/api.server";
import { verifyLogin } from "./accounts.server";
import { loginSchema } from "./schemas";
import type { SessionUser } from "./sessions.server";

const PASSWORD_STRATEGY = "user-pass";

// The strategy's verify callback sees only the request; the caller's address travels beside it.
const clientAddresses = new WeakMap<Request, string>();

/**
 * remix-auth runs the sign-in form through the same credential check as the JSON API. It keeps
 * no session of its own: the route stores ours (sessions.server.ts).
 */
const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy<SessionUser>(async ({ form, request }) => {
    const credentials = parseWith(loginSchema, {
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
    });
    return verifyLogin(credentials, clientAddresses.get(request) ?? "unknown");
  }),
  PASSWORD_STRATEGY,
);

/** Signs in with the email and password of a submitted form; throws the AppError of a failure. */
export function authenticateForm(request: Request, clientAddress: string) {
  clientAddresses.set(request, clientAddress);
  return authenticator.authenticate(PASSWORD_STRATEGY, request);
}

import { AsyncLocalStorage } from "node:async_hooks";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWith } from "~/utils/validation";
import { redirectWithToast, type FlashToast } from "~/utils/toast.server";
import { verifyLogin } from "./accounts.server";
import { sessionCookie } from "./request.server";
import { loginSchema } from "./schemas";
import { createSession, type SessionUser } from "./sessions.server";

const PASSWORD_STRATEGY = "user-pass";

// The strategy's verify callback sees only a copy of the request (remix-auth makes a new Request),
// so the caller's address travels beside it in the async context.
const clientAddressScope = new AsyncLocalStorage<string>();

/**
 * remix-auth runs the sign-in form through the same credential check as the JSON API. It keeps
 * no session of its own: the route stores ours (redirectSignedIn below).
 */
const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy<SessionUser>(async ({ form }) => {
    const credentials = parseWith(loginSchema, {
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
    });
    const clientAddress = clientAddressScope.getStore();
    if (clientAddress === undefined) throw new Error("Sign in through authenticateForm");
    return verifyLogin(credentials, clientAddress);
  }),
  PASSWORD_STRATEGY,
);

/** Signs in with the email and password of a submitted form; throws the AppError of a failure. */
export function authenticateForm(request: Request, clientAddress: string) {
  return clientAddressScope.run(clientAddress, () => authenticator.authenticate(PASSWORD_STRATEGY, request));
}

/**
 * After a sign-in or sign-up from a page: a new session, its cookie, and the dashboard (or the
 * page that sent the visitor to sign in, such as a group invite link) with `toast`.
 */
export async function redirectSignedIn(userId: string, toast: Omit<FlashToast, "id">, to = "/") {
  const session = createSession(userId);
  return redirectWithToast(to, toast, { "set-cookie": await sessionCookie(session.token, session.expiresAt) });
}

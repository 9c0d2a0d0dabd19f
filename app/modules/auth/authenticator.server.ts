import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWith } from "~/utils/validation";
import { redirectWithToast, type FlashToast } from "~/utils/toast.server";
import { verifyLogin } from "./accounts.server";
import { sessionCookie } from "./request.server";
import { loginSchema } from "./schemas";
import { createSession, type SessionUser } from "./sessions.server";

const PASSWORD_STRATEGY = "user-pass";

/**
 * The strategy reads the caller's address from the request it is given: authenticateForm puts it
 * in this header, replacing any a client sent (remix-auth hands the strategy a copy of the request,
 * so nothing beside the request reaches it).
 */
const CLIENT_ADDRESS_HEADER = "x-sagacity-client-address";

/**
 * remix-auth runs the sign-in form through the same credential check as the JSON API. It keeps
 * no session of its own: the route stores ours (redirectSignedIn below).
 */
const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy<SessionUser>(async ({ form, request }) => {
    const credentials = parseWith(loginSchema, {
      email: form.get("email") ?? "",
      password: form.get("password") ?? "",
    });
    const clientAddress = request.headers.get(CLIENT_ADDRESS_HEADER);
    if (clientAddress === null) throw new Error("Sign in through authenticateForm");
    return verifyLogin(credentials, clientAddress);
  }),
  PASSWORD_STRATEGY,
);

/** Signs in with the email and password of a submitted form; throws the AppError of a failure. */
export function authenticateForm(request: Request, clientAddress: string) {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return authenticator.authenticate(PASSWORD_STRATEGY, new Request(request, { headers }));
}

/**
 * After a sign-in or sign-up from a page: a new session, its cookie, and the dashboard (or the
 * page that sent the visitor to sign in, such as a group invite link) with `toast`.
 */
export async function redirectSignedIn(userId: string, toast: Omit<FlashToast, "id">, to = "/") {
  const session = createSession(userId);
  return redirectWithToast(to, toast, { "set-cookie": await sessionCookie(session.token, session.expiresAt) });
}

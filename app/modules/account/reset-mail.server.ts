import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { users } from "#db/schema";
import { getConfig } from "~/config.server";
import { getDb } from "~/db.server";
import { isKnownSignInAddress } from "~/modules/auth/rate-limit.server";
import { countInWindow, inLimitTransaction, readLimit, writeLimit } from "~/modules/auth/rate-limit-store.server";
import { TooManyRequestsError } from "~/utils/errors";
import { limiterKeyOf } from "~/utils/ip-address.server";
import { createResetLink } from "./password.server";

/** Whether "Forgot password?" can mail a link (SMTP_HOST set), or must send people to an admin. */
export function resetMailEnabled() {
  return Boolean(getConfig().SMTP_HOST);
}

const BY_ADDRESS = "reset-mail-address";
const BY_EMAIL = "reset-mail-email";
/** Mails one account may receive per sign-in window. */
const MAILS_PER_EMAIL = 3;

/**
 * Counts one request, and says whether it may send a mail. Per address like failed sign-ins
 * (LOGIN_MAX_FAILURES_PER_EMAIL per LOGIN_FAILURE_WINDOW_MINUTES), past which the address is
 * refused with 429. Per email, a few mails per window so nobody's inbox can be flooded; past that
 * the request is answered as any other but mails nothing and, above all, makes no new link: the
 * newest link already mailed stays valid. Requests from an address the account signed in from
 * (as the sign-in limits' waiver) are not held by that per-email count. So strangers can neither
 * stop the owner's mail at home nor leave the owner anywhere without a working link. Counted
 * whether or not the account exists, so no limit tells anything.
 */
function chargeResetRequest(email: string, clientAddress: string, now = Date.now()) {
  const config = getConfig();
  const windowMs = config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
  const address = limiterKeyOf(clientAddress);
  return inLimitTransaction(() => {
    const byAddress = readLimit(BY_ADDRESS, address, now);
    if (byAddress?.blockedUntil && byAddress.blockedUntil > now) {
      const seconds = Math.max(1, Math.ceil((byAddress.blockedUntil - now) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new TooManyRequestsError(
        `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        seconds,
      );
    }
    writeLimit(BY_ADDRESS, address, countInWindow(byAddress, now, windowMs, config.LOGIN_MAX_FAILURES_PER_EMAIL));
    if (isKnownSignInAddress(email, clientAddress, now)) return { mail: true };
    const byEmail = readLimit(BY_EMAIL, email, now);
    if (byEmail?.blockedUntil && byEmail.blockedUntil > now) return { mail: false };
    writeLimit(BY_EMAIL, email, countInWindow(byEmail, now, windowMs, MAILS_PER_EMAIL));
    return { mail: true };
  }, now);
}

export function resetMailText(url: string) {
  return [
    "Someone (hopefully you) asked to reset the password of your Sagacity Bites account.",
    "",
    "Open this link within 24 hours to choose a new password. It works once:",
    url,
    "",
    "If you did not ask for this, ignore this mail: your password stays as it is.",
  ].join("\n");
}

async function sendResetMail(to: string, url: string) {
  const config = getConfig();
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_PORT === 465,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({
      from: config.SMTP_FROM ?? config.SMTP_USER ?? `no-reply@${config.SMTP_HOST}`,
      to,
      subject: "Reset your Sagacity Bites password",
      text: resetMailText(url),
    });
  } finally {
    transport.close();
  }
}

/**
 * "Forgot password?": mails a reset link when the email belongs to an active account. The answer
 * is the same either way and comes before the mail is sent, so neither its words nor its timing
 * tell whether an account exists. The link starts with PUBLIC_URL (required with SMTP_HOST),
 * never with what the request says its host is. Returns the sending (for tests and the log).
 */
export function requestResetMail(email: string, clientAddress: string): Promise<void> {
  const { mail } = chargeResetRequest(email, clientAddress);
  const base = getConfig().PUBLIC_URL;
  if (!mail || !base || !resetMailEnabled()) return Promise.resolve();
  const user = getDb()
    .select({ id: users.id, email: users.email, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, email))
    .get();
  if (!user || !user.isActive) return Promise.resolve();
  const { url } = createResetLink(user.id, base);
  return sendResetMail(user.email, url).catch((error: unknown) => {
    console.error(`Could not send the password reset mail: ${error instanceof Error ? error.message : error}`);
  });
}

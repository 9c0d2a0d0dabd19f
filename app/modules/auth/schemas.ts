import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_LENGTH = 256;

const MAX_EMAIL_LENGTH = 254;

/**
 * "local@domain.tld": one @, no spaces, a dot inside the domain. zod 4's z.email() refuses
 * one-letter TLDs and other valid addresses; a light check is enough here because the address is
 * only an identifier, never mailed. A loop, not a pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracks
 * quadratically on "a@....@".
 */
export function looksLikeEmail(value: string): boolean {
  const at = value.indexOf("@");
  if (at < 1 || at !== value.lastIndexOf("@") || /\s/.test(value)) return false;
  const dot = value.indexOf(".", at + 2);
  return dot !== -1 && dot < value.length - 1;
}

// abort: an address over the limit is not also run through the shape check (zod runs every check).
const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, { error: "Email is required", abort: true })
  .max(MAX_EMAIL_LENGTH, { error: "Email is too long", abort: true })
  .refine(looksLikeEmail, "Please enter a valid email address")
  .transform((value) => value.toLowerCase());

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(MAX_PASSWORD_LENGTH, "Password is too long"),
});

// An invite code as typed or pasted; checked against the database, never trusted.
const inviteCode = z
  .string({ error: "Invite code must be text" })
  .trim()
  .max(100, "Invite code is too long")
  .optional()
  .transform((value) => value || undefined);

export const registerApiSchema = z.object({
  email,
  inviteCode,
  // A group's join code (as in /join/CODE): a valid one lets the sign-up past the address's limit.
  groupCode: z
    .string({ error: "Group code must be text" })
    .trim()
    .max(100, "Group code is too long")
    .optional()
    .transform((value) => value || undefined),
  password: z
    .string({ error: "Password is required" })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, "Password is too long"),
});

/** The register page also confirms the password; its messages are the spec's toast texts. */
export const registerFormSchema = z
  .object({
    email,
    password: z.string({ error: "Password is required" }).max(MAX_PASSWORD_LENGTH, "Password is too long"),
    confirmPassword: z.string({ error: "Please confirm your password" }),
    inviteCode,
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: "Please make sure both passwords are the same",
      });
      return;
    }
    if (value.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({
        code: "custom",
        path: ["password"],
        message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      });
    }
  });

/** Who may create an account: anyone, holders of an invite code, or nobody (SIGNUP_MODE). */
export const signupModes = ["open", "invite", "closed"] as const;
export type SignupMode = (typeof signupModes)[number];

export interface SignupSettings {
  mode: SignupMode;
  /** Set by the server's SIGNUP_MODE variable, which wins over the admin's choice. */
  fixedByServer: boolean;
}

export interface InviteListItem {
  id: string;
  /** The code's first characters, to tell invites apart; the whole code is shown only once. */
  hint: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * What holds an address or email back: too many sign-ups from an address, too many failed
 * sign-ins for an email at an address, from an address, or for an email from anywhere.
 */
export const heldLimitKinds = ["sign-up", "sign-in", "sign-in-address", "sign-in-email"] as const;
export type HeldLimitKind = (typeof heldLimitKinds)[number];

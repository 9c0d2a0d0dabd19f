import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "~/modules/auth/schemas";

const MAX_PASSWORD_LENGTH = 256;

// The register form's messages (SPEC §5), so a new password is held to the same rules everywhere.
const PASSWORDS_DIFFER = "Please make sure both passwords are the same";
const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

const password = (label: string) =>
  z.string({ error: `${label} is required` }).max(MAX_PASSWORD_LENGTH, `${label} is too long`);

const confirmation = z
  .string({ error: "Please confirm your password" })
  .max(MAX_PASSWORD_LENGTH, "Password is too long");

/**
 * A new password and its confirmation. The pages always send both; an API client may leave the
 * confirmation out (registration's API has none either), but one that sends it must match.
 */
function checkNewPassword(value: { newPassword: string; confirmPassword?: string }, ctx: z.RefinementCtx) {
  if (value.confirmPassword !== undefined && value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DIFFER });
    return;
  }
  if (value.newPassword.length < MIN_PASSWORD_LENGTH) {
    ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_TOO_SHORT });
  }
}

const currentPassword = z
  .string({ error: "Current password is required" })
  .min(1, "Current password is required")
  .max(MAX_PASSWORD_LENGTH, "Current password is too long");

/** POST /api/auth/change-password */
export const changePasswordApiSchema = z
  .object({ currentPassword, newPassword: password("New password"), confirmPassword: confirmation.optional() })
  .superRefine(checkNewPassword);
/** The settings page's Change Password form. */
export const changePasswordFormSchema = z
  .object({ currentPassword, newPassword: password("New password"), confirmPassword: confirmation })
  .superRefine(checkNewPassword);

const resetToken = z
  .string({ error: "The reset link is missing its token" })
  .trim()
  .min(1, "The reset link is missing its token")
  .max(200, "This reset link is invalid or has expired");

/** POST /api/auth/reset */
export const resetPasswordApiSchema = z
  .object({ token: resetToken, newPassword: password("New password"), confirmPassword: confirmation.optional() })
  .superRefine(checkNewPassword);
/** The reset page's form. */
export const resetPasswordFormSchema = z
  .object({ token: resetToken, newPassword: password("New password"), confirmPassword: confirmation })
  .superRefine(checkNewPassword);

/** DELETE /api/account and the settings page's confirmation. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(MAX_PASSWORD_LENGTH, "Password is too long"),
});

/** The "Forgot password?" page. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .transform((value) => value.toLowerCase()),
});

/** Toast titles for a new password's field errors, as the register page names them. */
export const newPasswordErrorTitles: Record<string, string> = {
  confirmPassword: "Passwords don't match",
  newPassword: "Password too short",
  currentPassword: "Password not changed",
};

/** The settings page's forms: one action, told apart by intent. */
export const settingsIntents = {
  changePassword: "change-password",
  deleteAccount: "delete-account",
  theme: "theme",
} as const;

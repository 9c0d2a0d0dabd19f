// Shared with the browser: kept apart from the zod schemas so the sign-in pages do not ship zod.

/**
 * The sign-in form's HTML constraints: what getZodConstraint(loginSchema) derives, written out
 * (a test keeps the two equal).
 */
export const loginConstraint = {
  email: { required: true },
  password: { required: true },
};

/** Toast titles for the register form's field errors (SPEC §5). */
export const registerErrorTitles: Record<string, string> = {
  confirmPassword: "Passwords don't match",
  password: "Password too short",
  email: "Invalid email",
};

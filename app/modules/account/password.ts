/** The reset page shows it too (client code), so it lives outside password.server.ts. */
export const RESET_LINK_INVALID =
  "This reset link is invalid or has expired. Ask your group leader or an admin for a new one.";

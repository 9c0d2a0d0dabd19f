/**
 * The reader's colour theme (issue 29). "system" follows the device's light or dark setting. The
 * choice lives in a cookie the root loader reads, so the server paints the page in it (no flash,
 * no script needed); docs/adr/0027-reading-themes.md says why a cookie and not the profile.
 */
export const themes = ["system", "light", "dark", "sepia"] as const;
export type Theme = (typeof themes)[number];

export const THEME_COOKIE = "sb_theme";
const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export const themeLabels: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark", sepia: "Sepia" };

export function themeOf(value: unknown): Theme {
  return themes.includes(value as Theme) ? (value as Theme) : "system";
}

/** The cookie as a Set-Cookie header or `document.cookie` writes it: a plain value, like sidebar_state. */
export function themeCookie(theme: Theme) {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax`;
}

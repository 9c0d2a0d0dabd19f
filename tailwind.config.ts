import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";
import animate from "tailwindcss-animate";
import {
  darkPalette,
  highContrastDarkPalette,
  highContrastPalette,
  lightPalette,
  sepiaPalette,
  type Palette,
} from "./app/styles/palettes";

/**
 * Which palette a page gets, from <html>'s data-theme (the reader's theme, app/utils/theme.ts) and
 * data-contrast. "system" (or no choice) follows the device's dark setting; dark and sepia are for
 * screens (paper stays light); high contrast keeps the chosen lightness. Later rules win at equal
 * specificity, so the order below matters.
 */
const followsSystem = 'html:not([data-theme="light"]):not([data-theme="sepia"])';
const onDarkScreen = "@media screen and (prefers-color-scheme: dark)";

function variables(palette: Palette, colorScheme: "light" | "dark") {
  return {
    colorScheme,
    ...Object.fromEntries(Object.entries(palette).map(([name, value]) => [`--${name}`, value])),
  };
}

const themes = plugin(({ addBase }) => {
  addBase({ ":root": variables(lightPalette, "light") });
  addBase({ "@media screen": { 'html[data-theme="sepia"]': variables(sepiaPalette, "light") } });
  addBase({ "@media screen": { 'html[data-theme="dark"]': variables(darkPalette, "dark") } });
  addBase({ [onDarkScreen]: { [followsSystem]: variables(darkPalette, "dark") } });
  addBase({ 'html[data-contrast="high"]': variables(highContrastPalette, "light") });
  addBase({
    "@media screen": { 'html[data-contrast="high"][data-theme="dark"]': variables(highContrastDarkPalette, "dark") },
  });
  addBase({
    [onDarkScreen]: { [`${followsSystem}[data-contrast="high"]`]: variables(highContrastDarkPalette, "dark") },
  });
});

export default {
  content: ["./app/**/*.{ts,tsx}"],
  // `dark:` follows the same choice as the palettes.
  darkMode: [
    "variant",
    ['@media screen { &:is(html[data-theme="dark"] *) }', `${onDarkScreen} { &:is(${followsSystem} *) }`],
  ],
  theme: {
    container: { center: true, padding: "1rem" },
    extend: {
      fontFamily: {
        sans: ["var(--font-body)"],
        scripture: ["var(--font-scripture)"],
      },
      colors: {
        border: "hsl(var(--border))",
        input: "hsl(var(--input))",
        ring: "hsl(var(--ring))",
        background: "hsl(var(--background))",
        foreground: "hsl(var(--foreground))",
        primary: {
          DEFAULT: "hsl(var(--primary))",
          foreground: "hsl(var(--primary-foreground))",
        },
        secondary: {
          DEFAULT: "hsl(var(--secondary))",
          foreground: "hsl(var(--secondary-foreground))",
        },
        destructive: {
          DEFAULT: "hsl(var(--destructive))",
          foreground: "hsl(var(--destructive-foreground))",
        },
        muted: {
          DEFAULT: "hsl(var(--muted))",
          foreground: "hsl(var(--muted-foreground))",
        },
        accent: {
          DEFAULT: "hsl(var(--accent))",
          foreground: "hsl(var(--accent-foreground))",
        },
        popover: {
          DEFAULT: "hsl(var(--popover))",
          foreground: "hsl(var(--popover-foreground))",
        },
        card: {
          DEFAULT: "hsl(var(--card))",
          foreground: "hsl(var(--card-foreground))",
        },
        success: {
          DEFAULT: "hsl(var(--success))",
          foreground: "hsl(var(--success-foreground))",
        },
        sidebar: {
          DEFAULT: "hsl(var(--sidebar-background))",
          foreground: "hsl(var(--sidebar-foreground))",
          primary: "hsl(var(--sidebar-primary))",
          "primary-foreground": "hsl(var(--sidebar-primary-foreground))",
          accent: "hsl(var(--sidebar-accent))",
          "accent-foreground": "hsl(var(--sidebar-accent-foreground))",
          border: "hsl(var(--sidebar-border))",
          ring: "hsl(var(--sidebar-ring))",
        },
      },
      borderRadius: {
        lg: "var(--radius)",
        md: "calc(var(--radius) - 2px)",
        sm: "calc(var(--radius) - 4px)",
      },
      maxWidth: {
        prose: "65ch",
      },
    },
  },
  plugins: [animate, themes],
} satisfies Config;

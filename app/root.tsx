import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { OfflineSupport } from "~/components/offline-notice";
import { Toaster } from "~/components/ui/toaster";
import { toast } from "~/components/ui/use-toast";
import { readCookie } from "~/utils/cookies.server";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff2";
import fontStyles from "~/styles/fonts.css?url";
import tailwindStyles from "~/tailwind.css?url";
import { readToast, type FlashToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/use-hydrated";
import { useNonce } from "~/utils/nonce";
import { useScriptureFont } from "~/utils/scripture-font";
import { THEME_COOKIE, themeOf } from "~/utils/theme";

export const links: LinksFunction = () => [
  // The body text's face comes with the page, so nothing reflows when it arrives (layout shift).
  { rel: "preload", href: interRegular, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: fontStyles },
  { rel: "stylesheet", href: tailwindStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = () => [{ title: "Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast: flashToast, clearCookie } = await readToast(request);
  // sidebar_state is the browser's own cookie (app-shell.tsx writes it; SPEC: "true" or "false"):
  // it cannot be signed, and createCookie's encoding (base64 JSON) is not the spec's plain value.
  const cookies = request.headers.get("cookie");
  const sidebarOpen = readCookie(cookies, "sidebar_state") !== "false";
  // The reader's theme, painted by the server: right from the first paint, with or without scripts.
  const theme = themeOf(readCookie(cookies, THEME_COOKIE));
  return data(
    { toast: flashToast, sidebarOpen, theme },
    { headers: clearCookie ? { "set-cookie": clearCookie } : undefined },
  );
}

// Applies the reader's accessibility choices before the first paint, so the page never flashes
// in the wrong font or contrast. The theme comes with the page; it is read again from its cookie
// for a page the service worker kept from before the reader changed it (offline).
const applyPreferencesScript = `(function(){try{var d=document.documentElement;var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=(system|light|dark|sepia)(?:;|$)/);if(m)d.setAttribute("data-theme",m[1]);if(localStorage.getItem("sb_font")==="opendyslexic")d.setAttribute("data-font","opendyslexic");if(localStorage.getItem("sb_high_contrast")==="true")d.setAttribute("data-contrast","high");var t=localStorage.getItem("sb_text_size");if(t==="large"||t==="larger")d.setAttribute("data-text-size",t);}catch(e){}})();`;

// Zod probes `new Function` to decide whether to compile its checks; under our CSP (no
// 'unsafe-eval') the probe is refused and reported as a violation on every page that defines a
// schema. The browser only checks small forms, so zod's interpreted checks are plenty: its global
// configuration is set before any module (and so any schema) loads.
const zodConfigScript = `globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const theme = useRouteLoaderData<typeof loader>("root")?.theme ?? "system";
  return (
    <html lang="en" data-theme={theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1a5e63" />
        {/* Here rather than in a meta export: a page's own meta replaces its parents' in Remix. */}
        <meta name="description" content="Discipleship Tools: lesson plans, reading plans and daily devotionals" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: applyPreferencesScript + zodConfigScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast: flashToast } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  useScriptureFont();
  useEffect(() => {
    if (flashToast) toast(flashToast);
  }, [flashToast]);
  return (
    <>
      <Outlet />
      <Toaster />
      {flashToast && !hydrated ? <StaticFlashToast toast={flashToast} /> : null}
      <OfflineSupport />
    </>
  );
}

/**
 * The flash toast as plain markup, for the page as the server sends it: a form posted without
 * scripts still says what happened. Once React runs, the Toaster shows it instead.
 */
function StaticFlashToast({ toast: shown }: { toast: FlashToast }) {
  return (
    <div
      role={shown.variant === "destructive" ? "alert" : "status"}
      className={`fixed bottom-4 right-4 z-[100] max-w-sm rounded-md border p-4 shadow-lg ${
        shown.variant === "destructive"
          ? "border-destructive bg-destructive text-destructive-foreground"
          : "bg-background"
      }`}
    >
      <p className="text-sm font-semibold">{shown.title}</p>
      {shown.description ? <p className="text-sm opacity-90">{shown.description}</p> : null}
    </div>
  );
}

/** Only when the root itself fails, or a path matches no route at all: no shell around it. */
export function ErrorBoundary() {
  return (
    <main className="flex min-h-screen flex-col justify-center">
      <GeneralErrorBoundary
        statusHandlers={{
          404: () => (
            <ErrorPage title="404 Page Not Found" icon="missing">
              The page you are looking for does not exist.
            </ErrorPage>
          ),
        }}
      />
    </main>
  );
}

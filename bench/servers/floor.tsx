/**
 * The floor: what the same answers cost with nothing but node:http, better-sqlite3 and React.
 *
 * - GET /api/me: the session lookup the app does (SHA-256 of the bearer token, the same
 *   sessions ⋈ users statement, expiry and deactivation checks) and the same JSON body.
 * - GET /: renderToString of the dashboard's real component tree (the root's providers, the
 *   signed-in layout and the dashboard page, imported from app/), fed the same data the app's
 *   loaders return, inside React Router's static router (the components use its hooks) and a
 *   plain HTML document, without Remix.
 *
 * It runs in its own process (see bench/lib/children.ts) on the bench's database file.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { renderToString } from "react-dom/server";
import { matchRoutes, Outlet } from "react-router-dom";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from "react-router-dom/server";
import { OfflineSupport } from "~/components/offline-notice";
import { Toaster } from "~/components/ui/toaster";
import SignedInLayout from "~/routes/_app";
import { answerBench } from "./control.mjs";
import Dashboard from "~/routes/_app._index";

const [databasePath] = process.argv.slice(2);
if (!databasePath) throw new Error("usage: floor.tsx DATABASE_PATH");

const sqlite = new Database(databasePath);
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("busy_timeout = 5000");
sqlite.pragma("synchronous = NORMAL");
sqlite.pragma("cache_size = -16000");

// The very statement app/modules/auth/sessions.server.ts prepares for every request.
const lookup = sqlite.prepare(
  `select u.id, u.email, u.is_admin as isAdmin, u.is_active as isActive,
          u.last_active_at as lastActiveAt, s.expires_at as expiresAt
     from sessions s join users u on u.id = s.user_id
    where s.id = ?`,
);
const onboarding = sqlite.prepare(
  `select has_completed_welcome as hasCompletedWelcome, has_started_plan as hasStartedPlan,
          has_created_study as hasCreatedStudy, has_visited_library as hasVisitedLibrary,
          onboarding_completed_at as onboardingCompletedAt
     from user_onboarding where user_id = ?`,
);

interface SessionRow {
  id: string;
  email: string;
  isAdmin: number;
  isActive: number;
  expiresAt: number;
}

function userFor(token: string | undefined) {
  if (!token) return null;
  const row = lookup.get(crypto.createHash("sha256").update(token).digest("hex")) as SessionRow | undefined;
  if (!row || row.expiresAt <= Date.now() || !row.isActive) return null;
  return { id: row.id, email: row.email, isAdmin: Boolean(row.isAdmin) };
}

function cookie(header: string | undefined, name: string) {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

function RootApp() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Dashboard | Sagacity Bites</title>
      </head>
      <body>
        <Outlet />
        <Toaster />
        <OfflineSupport />
      </body>
    </html>
  );
}

// Route ids as Remix names them, so useRouteLoaderData("root") in the layout finds its data.
const { dataRoutes } = createStaticHandler([
  {
    id: "root",
    path: "/",
    element: <RootApp />,
    children: [
      {
        id: "routes/_app",
        element: <SignedInLayout />,
        children: [{ id: "routes/_app._index", index: true, element: <Dashboard /> }],
      },
    ],
  },
]);
const matches = matchRoutes(dataRoutes, "/")!;

function renderDashboard(user: { id: string; email: string; isAdmin: boolean }, cookieHeader: string | undefined) {
  const flags = onboarding.get(user.id) as Record<string, number | null>;
  const context: StaticHandlerContext = {
    basename: "",
    location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
    matches: matches as StaticHandlerContext["matches"],
    loaderData: {
      root: { toast: null, sidebarOpen: cookie(cookieHeader, "sidebar_state") !== "false" },
      "routes/_app": { user },
      "routes/_app._index": {
        userId: user.id,
        name: user.email.split("@")[0],
        onboarding: {
          hasCompletedWelcome: Boolean(flags.hasCompletedWelcome),
          hasStartedPlan: Boolean(flags.hasStartedPlan),
          hasCreatedStudy: Boolean(flags.hasCreatedStudy),
          hasVisitedLibrary: Boolean(flags.hasVisitedLibrary),
          onboardingCompletedAt: flags.onboardingCompletedAt
            ? new Date(flags.onboardingCompletedAt).toISOString()
            : null,
        },
        checklistCollapsed: cookie(cookieHeader, "sb_quick_start_collapsed") === user.id,
      },
    },
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  };
  const router = createStaticRouter(dataRoutes, context);
  return `<!DOCTYPE html>${renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />)}`;
}

const server = http.createServer((req, res) => {
  if (req.url === "/api/me") {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? "");
    const user = userFor(match?.[1]);
    res.writeHead(user ? 200 : 401, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(user ?? { error: "Authentication required" }));
    return;
  }
  if (req.url === "/") {
    const user = userFor(cookie(req.headers.cookie, "sb_session"));
    if (!user) {
      res.writeHead(302, { location: "/login" });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-cache" });
    res.end(renderDashboard(user, req.headers.cookie));
    return;
  }
  res.writeHead(404, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: "Not found" }));
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ url: `http://127.0.0.1:${port}` });
});
answerBench();
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  sqlite.close();
  process.exit(0);
});

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AccessibilityPanel } from "~/components/accessibility/accessibility-panel";
import { AppShell } from "~/components/layout/app-shell";
import { requireUser } from "~/modules/auth/request.server";
import type { loader as rootLoader } from "~/root";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { user: { id: user.id, email: user.email, isAdmin: user.isAdmin } };
}

export default function SignedInLayout() {
  const { user } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <AppShell isAdmin={user.isAdmin} initialOpen={root?.sidebarOpen ?? true}>
        {/* Room at the bottom so the floating accessibility button never hides the last line. */}
        <div className="pb-16">
          <Outlet />
        </div>
      </AppShell>
      <AccessibilityPanel />
    </>
  );
}

/** Only when the signed-in layout itself fails: without the shell, which needs its data. */
export function ErrorBoundary() {
  return (
    <main className="flex min-h-screen flex-col justify-center">
      <GeneralErrorBoundary />
    </main>
  );
}

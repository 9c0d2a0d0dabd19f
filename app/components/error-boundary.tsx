import {
  isRouteErrorResponse,
  Link,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  type ErrorResponse,
} from "@remix-run/react";
import { CircleAlert, LockKeyhole, SearchX } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { SESSION_EXPIRED_FLAG } from "~/utils/client-errors";

type StatusHandler = (info: { error: ErrorResponse; params: Record<string, string | undefined> }) => ReactNode;

interface Way {
  to: string;
  label: string;
}

const DASHBOARD: Way = { to: "/", label: "Go to the dashboard" };

/**
 * What a page shows instead of itself when it cannot be shown: what happened, in plain words,
 * and the way on. Inside the app's shell when a page under it failed.
 */
export function ErrorPage({
  title,
  children,
  back = DASHBOARD,
  icon = "alert",
  extra,
}: {
  title: string;
  children: ReactNode;
  back?: Way;
  icon?: "alert" | "missing" | "locked";
  extra?: ReactNode;
}) {
  const Icon = { alert: CircleAlert, missing: SearchX, locked: LockKeyhole }[icon];
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <div className="flex flex-col items-center gap-3 sm:flex-row">
        <Button asChild>
          <Link to={back.to}>{back.label}</Link>
        </Button>
        {extra}
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <ErrorPage title="Not found" icon="missing">
      What you were looking for is not here. It may have been deleted, or the link may be incomplete.
    </ErrorPage>
  );
}

function Forbidden() {
  return (
    <ErrorPage title="You do not have access" icon="locked">
      This page is not open to your account. If you think it should be, ask your group leader or an administrator.
    </ErrorPage>
  );
}

/**
 * An ended session goes to sign in with the session-expired notice (SPEC §8), as requireUser's
 * redirect and the pages' own requests do; the link is there without scripts.
 */
function SessionEnded() {
  const navigate = useNavigate();
  useEffect(() => {
    try {
      window.sessionStorage.setItem(SESSION_EXPIRED_FLAG, "true");
    } catch {
      // Storage can be disabled; the redirect still happens.
    }
    navigate("/login", { replace: true });
  }, [navigate]);
  return (
    <ErrorPage title="Please sign in again" icon="locked" back={{ to: "/login", label: "Sign in" }}>
      Your session has ended.
    </ErrorPage>
  );
}

function SomethingWentWrong() {
  const location = useLocation();
  return (
    <ErrorPage
      title="Something went wrong"
      extra={
        // A whole new load, not a client navigation: it is what "reload" means when a page failed.
        <Button asChild variant="outline">
          <a href={`${location.pathname}${location.search}`}>Reload the page</a>
        </Button>
      }
    >
      This page could not be shown. Please reload it. If the problem continues, contact your administrator.
    </ErrorPage>
  );
}

const defaultHandlers: Record<number, StatusHandler> = {
  401: () => <SessionEnded />,
  403: () => <Forbidden />,
  404: () => <NotFound />,
};

/**
 * Every route's ErrorBoundary (the epic-stack's): a thrown response is shown by its status's
 * handler (the route's own first, then the shared ones), anything else as "Something went
 * wrong". The messages never show the error itself: it may hold what the reader must not see.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = () => <SomethingWentWrong />,
  unexpectedErrorHandler = () => <SomethingWentWrong />,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  const params = useParams();
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  if (!isRouteErrorResponse(error)) return <>{unexpectedErrorHandler(error)}</>;
  const handler = statusHandlers?.[error.status] ?? defaultHandlers[error.status] ?? defaultStatusHandler;
  return <>{handler({ error, params })}</>;
}

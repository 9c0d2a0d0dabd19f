import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Page not found | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <ErrorPage title="404 Page Not Found" icon="missing">
      The page you are looking for does not exist or has moved.
    </ErrorPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

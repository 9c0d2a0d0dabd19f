import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Page not found | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Go to the dashboard</Link>
      </Button>
    </div>
  );
}

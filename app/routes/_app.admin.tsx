import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/coming-soon";
import { requireAdminUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Admin Console | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireAdminUser(request);
  return null;
}

export default function AdminPage() {
  return <ComingSoon title="Admin Console" description="Manage users and configure AI settings" />;
}

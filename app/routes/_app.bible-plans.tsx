import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/coming-soon";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Reading Plans | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return null;
}

export default function ReadingPlansPage() {
  return <ComingSoon title="Reading Plans" description="Guided plans through Scripture with daily devotionals" />;
}

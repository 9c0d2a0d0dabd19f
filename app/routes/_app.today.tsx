import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/coming-soon";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Today | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return null;
}

export default function TodayPage() {
  return <ComingSoon title="Today" description="Today's reading and devotional" />;
}

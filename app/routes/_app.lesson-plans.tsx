import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/coming-soon";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Lesson Plans | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return null;
}

export default function LessonPlansPage() {
  return <ComingSoon title="Lesson Plans" description="Create Bible studies from a topic or a passage" />;
}

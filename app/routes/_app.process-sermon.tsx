import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/coming-soon";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Add Study Content | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return null;
}

export default function AddStudyContentPage() {
  return <ComingSoon title="Add Study Content" description="Turn a sermon, video or article into a summary and learning insights" />;
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ComingSoon } from "~/components/coming-soon";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "My Library | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return null;
}

export default function MyLibraryPage() {
  return <ComingSoon title="My Library" description="Your saved content and lesson plans" />;
}

import { useRouteLoaderData } from "@remix-run/react";
import type { loader as appLoader } from "~/routes/_app";

/** The signed-in user, for any component rendered inside the signed-in layout. */
export function useCurrentUser() {
  const data = useRouteLoaderData<typeof appLoader>("routes/_app");
  if (!data) throw new Error("useCurrentUser must be used inside the signed-in layout");
  return data.user;
}

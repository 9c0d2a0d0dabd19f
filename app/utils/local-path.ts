import { z } from "zod";

/** Where a no-JavaScript form goes back to: a path on this site, never another origin. */
export const localPathSchema = z
  .string()
  .max(2000)
  .refine(
    (path) => path.startsWith("/") && !path.startsWith("//") && !path.includes("\\"),
    "Must be a path on this site",
  );

export const RETURN_PARAM = "redirectTo";

/** Where to go after signing in: `?redirectTo=` of the sign-in page's address when it is a path on this site, else the dashboard. */
export function returnPathFrom(request: Request): string {
  const asked = new URL(request.url).searchParams.get(RETURN_PARAM);
  return asked && localPathSchema.safeParse(asked).success ? asked : "/";
}

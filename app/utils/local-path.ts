import { z } from "zod";

/** Where a no-JavaScript form goes back to: a path on this site, never another origin. */
export const localPathSchema = z
  .string()
  .max(2000)
  .refine(
    (path) => path.startsWith("/") && !path.startsWith("//") && !path.includes("\\"),
    "Must be a path on this site",
  );

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { commentaryFor } from "~/modules/bible/commentary.server";
import { passageStudySchema } from "~/modules/studies/schemas";
import { apiHandler, methodNotAllowed, parseWith } from "~/utils/api.server";

/**
 * GET /api/commentary?reference=John%203:16: Matthew Henry's sections that cover the reference,
 * as {reference, source, sections: [{reference, text}]}. 400 for a missing or unrecognized
 * reference, 404 when no section covers it.
 */
export const loader = apiHandler(({ request }: LoaderFunctionArgs) => {
  requireApiUser(request);
  const { reference } = parseWith(passageStudySchema, {
    reference: new URL(request.url).searchParams.get("reference") ?? undefined,
  });
  const { reference: label, source, sections } = commentaryFor(reference);
  return { reference: label, source, sections };
});

export const action = apiHandler(() => methodNotAllowed());

import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/modules/auth/request.server";
import { COMMENTARY_SOURCE_IDS, commentaryFor } from "~/modules/bible/commentary.server";
import { passageStudySchema } from "~/modules/studies/schemas";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";
import { parseWith } from "~/utils/validation";

const commentaryQuerySchema = passageStudySchema.extend({
  source: z
    .enum(COMMENTARY_SOURCE_IDS, {
      error: `source must be one of ${COMMENTARY_SOURCE_IDS.join(", ")}`,
    })
    .default("mhc"),
});

/**
 * GET /api/commentary?reference=John%203:16[&source=mhc|mhcc|tdavid]: the sections of one
 * commentary (Matthew Henry's full commentary unless named) that cover the reference, as
 * {reference, source, sourceId, sections: [{reference, text}]}. 400 for a missing or
 * unrecognized reference or source, 404 when no section covers it.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  const params = new URL(request.url).searchParams;
  const { reference, source } = parseWith(commentaryQuerySchema, {
    reference: params.get("reference") ?? undefined,
    source: params.get("source") ?? undefined,
  });
  const found = commentaryFor(reference, source);
  return { reference: found.reference, source: found.source, sourceId: found.sourceId, sections: found.sections };
});

export const action = apiHandler(async () => methodNotAllowed());

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { addManualLibraryItem, listLibraryItems } from "~/modules/library/items.server";
import { LISTED_TRANSCRIPT_LENGTH, withTranscriptExcerpt } from "~/modules/library/display";
import { manualItemSchema } from "~/modules/library/schemas";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { pageResponse, parsePageRequest } from "~/utils/pagination.server";

/** GET /api/sermons?limit=&cursor=: a page of the user's content, each transcript cut to an excerpt. */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const pageRequest = parsePageRequest(request);
  const page = listLibraryItems(user.id, { ...pageRequest, transcriptLimit: LISTED_TRANSCRIPT_LENGTH + 1 });
  return pageResponse(
    request,
    { ...page, items: page.items.map((item) => withTranscriptExcerpt(item)) },
    pageRequest.limit,
  );
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, manualItemSchema);
  return jsonResponse(addManualLibraryItem(user.id, input), { status: 201 });
});

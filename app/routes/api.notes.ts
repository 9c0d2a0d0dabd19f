import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { createNote, listNotes } from "~/modules/notes/notes.server";
import { newNoteSchema, noteListQuerySchema } from "~/modules/notes/schemas";
import { apiHandler, jsonResponse, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { pageResponse, parsePageRequest } from "~/utils/pagination.server";
import { parseWith } from "~/utils/validation";

/**
 * GET /api/notes?reference=&kind=&limit=&cursor=: the caller's notes, highlights and bookmarks,
 * newest first ([{ id, kind, reference, book, chapter, verse, endChapter, endVerse, body, color,
 * label, groupId, createdAt, updatedAt }]); with `reference`, those touching that passage. Paged
 * as the other lists: X-Next-Cursor and a Link header.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const search = new URL(request.url).searchParams;
  const { reference, kind } = parseWith(noteListQuerySchema, {
    reference: search.get("reference") ?? undefined,
    kind: search.get("kind") ?? undefined,
  });
  const pageRequest = parsePageRequest(request);
  return pageResponse(request, listNotes(user.id, { ...pageRequest, reference, kind }), pageRequest.limit);
});

/**
 * POST /api/notes { reference, kind: "note"|"highlight"|"bookmark", body?, color?, label?, groupId? }:
 * 201 with the new item. Highlighting a passage already highlighted changes its colour, and
 * bookmarking one already bookmarked its label: 200 with that item.
 */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") methodNotAllowed();
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, newNoteSchema);
  const { item, created } = createNote(user.id, input);
  return jsonResponse(item, { status: created ? 201 : 200 });
});

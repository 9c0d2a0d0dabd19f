import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/request.server";
import { deleteNote, getNote, updateNote } from "~/modules/notes/notes.server";
import { noteChangesSchema } from "~/modules/notes/schemas";
import { apiHandler, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/** GET /api/notes/{id}: one of the caller's notes, highlights or bookmarks (another user's is a 404). */
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return getNote(user.id, params.noteId ?? "");
});

/**
 * PATCH /api/notes/{id} { reference?, body?, color?, label?, groupId? } answers the item as it now is;
 * DELETE /api/notes/{id} answers { success: true, id }. Another user's id is a 404 for both.
 */
export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  const noteId = params.noteId ?? "";
  if (request.method === "PATCH") {
    const user = await requireApiUser(request);
    // Another user's id is a 404 whatever the body holds (a 400 would say the id exists).
    getNote(user.id, noteId);
    const changes = await parseJsonBody(request, noteChangesSchema);
    return updateNote(user.id, noteId, changes);
  }
  if (request.method === "DELETE") {
    const user = await requireApiUser(request);
    deleteNote(user.id, noteId);
    return { success: true, id: noteId };
  }
  return methodNotAllowed();
});

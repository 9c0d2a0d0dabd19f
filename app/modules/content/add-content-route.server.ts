import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/modules/auth/request.server";
import { validationErrorFrom } from "~/utils/api.server";
import { AppError } from "~/utils/errors";
import { processUrl } from "./process.server";
import { processUrlSchema } from "./schemas";

/**
 * Loader and action of the Add Study Content page, which answers at both /process-sermon and
 * /add-content (SPEC §2 leaves open whether they are one screen; they are).
 */
export async function addContentLoader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return null;
}

export async function addContentAction({ request }: ActionFunctionArgs) {
  const user = requireUser(request);
  const form = await request.formData();
  const values = { url: String(form.get("url") ?? ""), title: String(form.get("title") ?? "") };
  const id = crypto.randomUUID();
  const parsed = processUrlSchema.safeParse({ ...values, contentType: form.get("contentType") || undefined });
  if (!parsed.success) {
    const blank = values.url.trim() === "";
    return data(
      {
        ok: false as const,
        id,
        values,
        errorTitle: blank ? "URL required" : "Unable to process content",
        error: blank ? "Please enter a URL to process" : validationErrorFrom(parsed.error).message,
      },
      { status: 400 },
    );
  }
  try {
    const content = await processUrl(user.id, parsed.data, { signal: request.signal });
    return data({ ok: true as const, id, content });
  } catch (error) {
    if (!(error instanceof AppError)) console.error(error);
    return data(
      {
        ok: false as const,
        id,
        values,
        errorTitle: "Unable to process content",
        error: error instanceof AppError ? error.message : null,
      },
      { status: error instanceof AppError ? error.status : 500 },
    );
  }
}

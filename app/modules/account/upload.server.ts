import { getConfig } from "~/config.server";
import { PayloadTooLargeError, ValidationError } from "~/utils/errors";

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;

/**
 * The bytes of an uploaded export: a multipart form's first file (the settings page, curl -F), or
 * the raw body (curl --data-binary). The server's body limit for import paths is IMPORT_MAX_BYTES,
 * checked again here for a body whose length was not declared.
 */
export async function readUpload(request: Request): Promise<Uint8Array> {
  const limit = getConfig().IMPORT_MAX_BYTES;
  if (MULTIPART.test(request.headers.get("content-type") ?? "")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ValidationError("The upload could not be read as a form.");
    }
    for (const value of form.values()) {
      if (typeof value === "string") continue;
      if (value.size > limit)
        throw new PayloadTooLargeError(`The file is too large (limit ${Math.round(limit / 1048576)} MB)`);
      if (value.size === 0) break;
      return new Uint8Array(await value.arrayBuffer());
    }
    throw new ValidationError("Choose an export file (.zip) to import.");
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0) throw new ValidationError("Send the export zip as the request body.");
  return bytes;
}

import { apiHandler } from "~/utils/api.server";
import { NotFoundError } from "~/utils/errors";

// Unknown API paths answer JSON, never the HTML not-found page.
const notFound = apiHandler(() => {
  throw new NotFoundError("No such API endpoint");
});

export const loader = notFound;
export const action = notFound;

import { z } from "zod";
import { optionalText } from "~/modules/library/schemas";
import { DEFAULT_CONTENT_TITLE } from "./urls";

/** POST /api/sermons/process-url and the Add Study Content form (SPEC §5 "Process URL"). */
export const processUrlSchema = z.object({
  url: z
    .string({ error: "Please enter a URL to process" })
    .trim()
    .min(1, "Please enter a URL to process")
    .max(2048, "That URL is too long (2,048 characters at most)"),
  // The original client sends "Untitled Content" when the title is blank: that is no title at all.
  title: optionalText(200, "Title").transform((value) => (value === DEFAULT_CONTENT_TITLE ? undefined : value)),
  contentType: z
    .enum(["audio", "blog"], { error: "contentType must be audio or blog" })
    .nullish()
    .transform((value) => value ?? undefined),
});

export type ProcessUrlInput = z.infer<typeof processUrlSchema>;

import { AppError } from "~/utils/errors";
import type { GenerationEvent } from "./schemas";
import { generateStudy, type StudyPlan } from "./studies.server";

/** How often streamed text is sent at most: a model sends tokens much faster than a page repaints. */
const PARTIAL_INTERVAL_MS = 150;

/**
 * Generates a study and reports as it goes, one JSON object per line (NDJSON): progress
 * messages, the lesson text so far when the provider streams it, then the saved study, or an
 * error. The study is saved only when the whole lesson arrived; a failure saves nothing.
 */
export function studyGenerationStream(plan: StudyPlan, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (event: GenerationEvent) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          closed = true;
        }
      };
      let lastPartial = 0;
      let pending: string | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const flushPartial = () => {
        timer = undefined;
        if (pending !== undefined) send({ type: "partial", markdown: pending });
        pending = undefined;
        lastPartial = Date.now();
      };
      const request = plan.request;
      send({
        type: "progress",
        message:
          request.studyType === "topic"
            ? `Finding key scriptures on "${request.topic}"...`
            : `Reading ${plan.passage!.reference}...`,
      });
      send({ type: "progress", message: "Writing the lesson..." });
      try {
        const study = await generateStudy(plan, {
          signal,
          onProgress: (markdown) => {
            pending = markdown;
            if (timer) return;
            const wait = PARTIAL_INTERVAL_MS - (Date.now() - lastPartial);
            if (wait <= 0) flushPartial();
            else timer = setTimeout(flushPartial, wait);
          },
        });
        if (timer) clearTimeout(timer);
        send({ type: "study", study });
      } catch (error) {
        if (timer) clearTimeout(timer);
        if (error instanceof AppError) {
          send({ type: "error", error: error.message, status: error.status, suggestions: error.details?.suggestions });
        } else {
          console.error(error);
          send({
            type: "error",
            error: "Something went wrong while creating the study. Please try again.",
            status: 500,
          });
        }
      } finally {
        closed = true;
        try {
          controller.close();
        } catch {
          // The client went away; nothing is left to close.
        }
      }
    },
  });
}

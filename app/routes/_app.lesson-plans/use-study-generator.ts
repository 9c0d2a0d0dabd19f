import { useCallback, useRef, useState } from "react";
import type { GenerationEvent, StudyRequest, StudyView } from "~/modules/studies/schemas";
import { ApiError, errorMessageOf, sessionExpired } from "~/utils/client-errors";

export interface GenerationState {
  pending: boolean;
  studyType?: StudyRequest["studyType"];
  /** The latest progress message ("Finding key scriptures..."). */
  message?: string;
  /** The lesson text so far, when the AI provider streams it. */
  markdown?: string;
}

/**
 * Creates a study through the page's own POST /lesson-plans/generate (the Create New Study form's
 * fields) and follows its NDJSON events, so the page can show progress and the text as it streams
 * in. Resolves with the saved study; rejects with the server's message (SPEC §8).
 */
export function useStudyGenerator() {
  const [state, setState] = useState<GenerationState>({ pending: false });
  const running = useRef(false);

  const generate = useCallback(async (request: StudyRequest): Promise<StudyView> => {
    if (running.current) throw new Error("A study is already being generated.");
    running.current = true;
    setState({ pending: true, studyType: request.studyType, message: "Starting..." });
    try {
      const response = await fetch("/lesson-plans/generate", {
        method: "POST",
        credentials: "same-origin",
        // A page route sends an ended session to /login; that redirect is not followed here.
        redirect: "manual",
        headers: { accept: "application/x-ndjson, application/json" },
        body: new URLSearchParams(request),
      });
      if (response.type === "opaqueredirect" || response.status === 401) sessionExpired();
      if (!response.ok || !response.body) {
        const body = await response.json().catch(() => null);
        throw new ApiError(errorMessageOf(body, response.status), response.status, body);
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (value) buffer += value;
        let newline = buffer.indexOf("\n");
        while (newline >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf("\n");
          if (!line) continue;
          const event = JSON.parse(line) as GenerationEvent;
          if (event.type === "progress") setState((current) => ({ ...current, message: event.message }));
          else if (event.type === "partial") setState((current) => ({ ...current, markdown: event.markdown }));
          else if (event.type === "study") return event.study;
          else if (event.type === "error") throw new ApiError(event.error, event.status, event);
        }
        if (done) break;
      }
      throw new ApiError("The connection closed before the study was ready. Please try again.", 502, null);
    } finally {
      running.current = false;
      setState({ pending: false });
    }
  }, []);

  return { state, generate };
}

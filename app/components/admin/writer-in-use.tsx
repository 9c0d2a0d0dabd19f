import { BookOpen, PenLine } from "lucide-react";
import type { WriterInUse } from "~/modules/ai/writer";

/**
 * Above the AI settings: which writer and which Bible text produce lessons and devotionals now. The
 * spec's fields keep their defaults (gpt-4o, NKJV); this says what they mean on this server.
 */
export function WriterInUseNote({ inUse }: { inUse: WriterInUse }) {
  const { scripture } = inUse;
  return (
    <section
      aria-labelledby="writer-in-use-heading"
      className="mb-8 space-y-3 rounded-lg border bg-muted/40 p-4 text-sm leading-relaxed"
    >
      <h3 id="writer-in-use-heading" className="text-base font-semibold">
        In use now
      </h3>
      <p className="flex gap-2">
        <PenLine className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          <span className="font-medium">Writer: </span>
          {inUse.provider === "builtin" ? (
            <>
              the built-in study writer, offline.{" "}
              {inUse.reason === "no-key"
                ? "No API key is configured (OPENAI_API_KEY), so the AI Model setting below is not used until one is."
                : "AI_PROVIDER=builtin is set, so the AI Model setting below is not used."}{" "}
              Tone, style and the word limits still apply.
            </>
          ) : (
            <>
              the model <span className="font-medium">{inUse.model}</span> at {inUse.endpoint}.
              {inUse.modelFromEnvironment
                ? " OPENAI_MODEL names it on this server, so it is used instead of the AI Model setting below."
                : null}
            </>
          )}
        </span>
      </p>
      <p className="flex gap-2">
        <BookOpen className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          <span className="font-medium">Scripture: </span>
          {scripture.requested === scripture.shown
            ? `quoted from the ${scripture.shownName} (${scripture.shown}).`
            : `${scripture.requested} is not available offline, so Scripture is quoted from the ${scripture.shownName} (${scripture.shown}).`}
        </span>
      </p>
    </section>
  );
}

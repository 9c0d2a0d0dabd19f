import { useFetcher } from "@remix-run/react";
import { CircleCheck, CircleX, Loader2, PlugZap } from "lucide-react";
import { Button } from "~/components/ui/button";
import { AI_CHECK_INTENT, aiCheckStepLabels, type AiCheckResult } from "~/modules/ai/connection-check";

/**
 * "Test connection": the admin route's action sends one tiny structured request to the
 * configured endpoint and model; the steps appear here, announced politely to screen readers.
 */
export function AiConnectionCheck() {
  const fetcher = useFetcher<{ aiCheck?: AiCheckResult; error?: string }>({
    key: "ai-check",
  });
  const pending = fetcher.state !== "idle";
  const result = pending ? undefined : fetcher.data?.aiCheck;
  const error = pending ? undefined : fetcher.data?.error;

  return (
    <section aria-labelledby="ai-connection-heading" className="mt-8 space-y-4 border-t pt-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 id="ai-connection-heading" className="text-base font-semibold">
            Connection
          </h3>
          <p className="text-sm text-muted-foreground">
            Sends one tiny request to the configured AI endpoint and model, and says what works.
          </p>
        </div>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={AI_CHECK_INTENT} />
          <Button type="submit" variant="outline" disabled={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <PlugZap aria-hidden="true" />}
            Test connection
          </Button>
        </fetcher.Form>
      </div>
      <div role="status" aria-live="polite" className="space-y-3 text-sm">
        {pending ? <p className="text-muted-foreground">Testing connection...</p> : null}
        {error ? <p className="text-destructive">{error}</p> : null}
        {result ? (
          <>
            <p className="font-medium">{result.summary}</p>
            <ul className="space-y-2" aria-label="Connection check steps">
              {result.steps.map((step) => (
                <li key={step.name} className="flex items-start gap-2">
                  {step.ok ? (
                    <CircleCheck
                      className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400"
                      aria-hidden="true"
                    />
                  ) : (
                    <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                  )}
                  <span>
                    <span className="sr-only">{step.ok ? "Passed: " : "Failed: "}</span>
                    <strong>{aiCheckStepLabels[step.name]}</strong>{" "}
                    <span className="tabular-nums text-muted-foreground">({step.ms} ms)</span>: {step.detail}
                  </span>
                </li>
              ))}
            </ul>
            {result.advice ? (
              <p className={result.ok ? "text-muted-foreground" : undefined}>
                {result.ok ? null : <strong>How to fix: </strong>}
                {result.advice}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

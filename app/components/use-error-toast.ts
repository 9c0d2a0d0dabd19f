import { useEffect } from "react";
import { toast } from "~/components/ui/use-toast";
import { useLatest } from "~/utils/use-latest";

interface Failed {
  id: string;
  error: string;
}

function failed<Answer>(answer: Answer): answer is Answer & Failed {
  if (!answer || typeof answer !== "object") return false;
  const { id, error } = answer as Partial<Failed>;
  return typeof id === "string" && typeof error === "string" && error !== "";
}

/**
 * A page's failed answer (app/utils/refusal.server.ts, or a form's own check) as the destructive
 * toast, once per answer: the toast's id is the answer's. `title` may depend on the answer (which
 * form failed).
 */
export function useErrorToast<Answer>(answer: Answer, title: string | ((answer: Answer & Failed) => string)) {
  const latestTitle = useLatest(title);
  useEffect(() => {
    if (!failed(answer)) return;
    const named = latestTitle.current;
    toast({
      id: answer.id,
      title: typeof named === "function" ? named(answer) : named,
      description: answer.error,
      variant: "destructive",
    });
  }, [answer, latestTitle]);
}

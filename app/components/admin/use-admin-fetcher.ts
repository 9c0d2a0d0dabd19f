import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/use-toast";
import { useLatest } from "~/utils/use-latest";

/** What the admin route's action answers when it does not redirect back with a "Success" toast. */
export interface AdminActionAnswer {
  error?: string;
  inviteUrl?: string;
}

/**
 * A fetcher for one of the console's forms. Success redirects back to the console, which brings
 * fresh data and the "Success" toast from the server; a failure stays here as an "Error" toast
 * with the server's message, else `fallback` (named per intent). `onSuccess` runs after a success.
 */
export function useAdminFetcher({
  fallback,
  onSuccess,
}: {
  fallback: string | ((intent: string) => string);
  onSuccess?: () => void;
}) {
  const fetcher = useFetcher<AdminActionAnswer>();
  const submittedIntent = useRef<string | null>(null);
  const latest = useLatest({ fallback, onSuccess });

  useEffect(() => {
    if (fetcher.state !== "idle") {
      submittedIntent.current = String(fetcher.formData?.get("intent") ?? submittedIntent.current ?? "");
      return;
    }
    const intent = submittedIntent.current;
    if (intent === null) return;
    submittedIntent.current = null;
    const { fallback: named, onSuccess: succeeded } = latest.current;
    if (fetcher.data?.error !== undefined) {
      toast({
        title: "Error",
        description: fetcher.data.error || (typeof named === "function" ? named(intent) : named),
        variant: "destructive",
      });
    } else {
      succeeded?.();
    }
  }, [fetcher.state, fetcher.data, fetcher.formData, latest]);

  return fetcher;
}

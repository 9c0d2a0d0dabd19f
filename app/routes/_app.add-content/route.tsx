import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { Loader2, Sparkles } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Field } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { requireUser } from "~/modules/auth/request.server";
import { processUrl } from "~/modules/content/process.server";
import { processUrlSchema } from "~/modules/content/schemas";
import { refusalReply } from "~/utils/refusal.server";
import { useErrorToast } from "~/components/use-error-toast";
import { fieldsNotToEcho, firstErrorMessage, replyWithoutEcho } from "~/utils/form-reply";
import { HowItWorks } from "./how-it-works";
import { ProcessedContent } from "./processed-content";

// One name in the sidebar, the top bar and the tab: Add Content (the heading keeps SPEC's Add Study Content).
export const meta: MetaFunction = () => [{ title: "Add Content | Sagacity Bites" }];

/**
 * SPEC §2 leaves open whether /process-sermon and /add-content are one screen; they are: this
 * module answers at both (app/routes/_app.process-sermon.tsx re-exports it).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const submitted = { url: String(formData.get("url") ?? ""), title: String(formData.get("title") ?? "") };
  // Shown again in the form after a failure, unless longer than either field takes.
  const tooLong = fieldsNotToEcho(submitted);
  const values = {
    url: tooLong.includes("url") ? "" : submitted.url,
    title: tooLong.includes("title") ? "" : submitted.title,
  };
  const id = crypto.randomUUID();
  const submission = parseWithZod(formData, { schema: processUrlSchema });
  if (submission.status !== "success") {
    const blank = values.url.trim() === "";
    const message = firstErrorMessage(submission.error, "Invalid request");
    return data(
      {
        ok: false as const,
        id,
        values,
        result: replyWithoutEcho(submission, { hide: ["url", "title", "contentType"] }),
        errorTitle: blank ? "URL required" : "Unable to process content",
        error: blank ? "Please enter a URL to process" : message,
      },
      { status: 400 },
    );
  }
  try {
    const content = await processUrl(user.id, submission.value, { signal: request.signal });
    return data({ ok: true as const, id, content });
  } catch (error) {
    return refusalReply(error, { extra: { ok: false as const, values, errorTitle: "Unable to process content" } });
  }
}

/** SPEC §2 /process-sermon (also served at /add-content): a URL in, a summary and learning bites out. */
export default function AddContentPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const pending = navigation.state === "submitting" && navigation.formAction === location.pathname;

  useEffect(() => {
    if (!actionData?.ok) return;
    toast({
      id: actionData.id,
      title: "Content processed!",
      description: "AI has analyzed your content and generated insights",
    });
    resultRef.current?.focus();
  }, [actionData]);
  useErrorToast(actionData, (failed) => ("errorTitle" in failed ? failed.errorTitle : "Unable to process content"));

  const result = actionData?.ok ? actionData.content : null;
  const failure = actionData && !actionData.ok ? actionData : null;
  // Why the last try failed stays under the URL (the toast vanishes) until the URL is changed.
  const answered = useMemo(() => (failure ? [`${failure.errorTitle} - ${failure.error}`] : undefined), [failure]);
  const [blank, setBlank] = useState<string[]>();
  const urlErrors = blank ?? answered;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const url = new FormData(event.currentTarget).get("url");
    if (typeof url !== "string" || url.trim() === "") {
      event.preventDefault();
      setBlank(["URL required - Please enter a URL to process"]);
      toast({ title: "URL required", description: "Please enter a URL to process", variant: "destructive" });
      urlRef.current?.focus();
    } else {
      setBlank(undefined);
    }
  }

  function addAnother() {
    formRef.current?.reset();
    urlRef.current?.focus();
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Add Study Content"
        description="Turn a sermon video or a blog article into a summary and key insights"
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Content URL</CardTitle>
              <CardDescription>A YouTube video with captions, or a blog post or article</CardDescription>
            </CardHeader>
            <CardContent>
              <Form
                method="post"
                ref={formRef}
                onSubmit={onSubmit}
                noValidate
                className="space-y-4"
                aria-busy={pending}
              >
                <Field
                  label="URL"
                  errors={urlErrors}
                  inputProps={{
                    ref: urlRef,
                    id: "content-url",
                    name: "url",
                    type: "url",
                    inputMode: "url",
                    autoComplete: "url",
                    placeholder: "https://www.youtube.com/watch?v=... or https://example.com/article",
                    defaultValue: failure?.values.url,
                    readOnly: pending,
                  }}
                />
                <Field
                  label="Title (optional)"
                  inputProps={{
                    id: "content-title",
                    name: "title",
                    type: "text",
                    maxLength: 200,
                    placeholder: "Leave blank to use the page's own title",
                    defaultValue: failure?.values.title,
                    readOnly: pending,
                  }}
                />
                <Button type="submit" disabled={pending} className="w-full sm:w-auto">
                  {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
                  {pending ? "Processing with AI..." : "Process with AI"}
                </Button>
              </Form>
            </CardContent>
          </Card>

          {result ? (
            <ProcessedContent
              result={result}
              headingRef={resultRef}
              addAnotherHref={location.pathname}
              onAddAnother={addAnother}
            />
          ) : null}
        </div>

        <HowItWorks />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

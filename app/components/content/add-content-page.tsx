import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { AlertCircle, BrainCircuit, CheckCircle2, Library, Link2, Loader2, Plus, Sparkles } from "lucide-react";
import { useEffect, useRef } from "react";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/use-toast";
import type { addContentAction } from "~/modules/content/add-content-route.server";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction = () => [{ title: "Add Study Content | Sagacity Bites" }];

const FALLBACK_ERROR = "An unexpected error occurred. Please try again or contact support.";

const steps = [
  { icon: Link2, title: "Paste a URL", text: "Link to a video with captions or a blog article." },
  { icon: BrainCircuit, title: "AI analyzes it", text: "It reads the content and draws out a summary and key insights." },
  { icon: CheckCircle2, title: "Review and save", text: "Review what it found; the insights are saved to your library." },
];

/** SPEC §2 /process-sermon (also served at /add-content): a URL in, a summary and learning bites out. */
export default function AddContentPage() {
  const actionData = useActionData<typeof addContentAction>();
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const pending = navigation.state === "submitting" && navigation.formAction === location.pathname;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      toast({ id: actionData.id, title: "Content processed!", description: "AI has analyzed your content and generated insights" });
      resultRef.current?.focus();
    } else {
      toast({ id: actionData.id, title: actionData.errorTitle, description: actionData.error || FALLBACK_ERROR, variant: "destructive" });
    }
  }, [actionData]);

  const result = actionData?.ok ? actionData.content : null;
  const failure = actionData && !actionData.ok ? actionData : null;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const url = new FormData(event.currentTarget).get("url");
    if (typeof url !== "string" || url.trim() === "") {
      event.preventDefault();
      toast({ title: "URL required", description: "Please enter a URL to process", variant: "destructive" });
      urlRef.current?.focus();
    }
  }

  function addAnother() {
    formRef.current?.reset();
    urlRef.current?.focus();
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Add Study Content" description="Turn a sermon video or a blog article into a summary and key insights" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Content URL</CardTitle>
              <CardDescription>A YouTube video with captions, or a blog post or article</CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post" ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={pending}>
                <div className="space-y-2">
                  <Label htmlFor="content-url">URL</Label>
                  <Input
                    ref={urlRef}
                    id="content-url"
                    name="url"
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    placeholder="https://www.youtube.com/watch?v=... or https://example.com/article"
                    defaultValue={failure?.values.url}
                    readOnly={pending}
                  />
                </div>
                <div className="space-y-2">
                  <Label htmlFor="content-title">Title (optional)</Label>
                  <Input
                    id="content-title"
                    name="title"
                    type="text"
                    maxLength={200}
                    placeholder="Leave blank to use the page's own title"
                    defaultValue={failure?.values.title}
                    readOnly={pending}
                  />
                </div>
                {!hydrated && failure ? (
                  <div role="alert" className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
                    <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                    <p>
                      <span className="font-semibold">{failure.errorTitle}</span> - {failure.error || FALLBACK_ERROR}
                    </p>
                  </div>
                ) : null}
                <Button type="submit" disabled={pending} className="w-full sm:w-auto">
                  {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
                  {pending ? "Processing with AI..." : "Process with AI"}
                </Button>
              </Form>
            </CardContent>
          </Card>

          {result ? (
            <Card aria-live="polite">
              <CardHeader>
                <p className="text-sm font-medium text-primary">Processed content</p>
                <h2 ref={resultRef} tabIndex={-1} className="text-xl font-semibold leading-tight tracking-tight outline-none">
                  {result.title}
                </h2>
              </CardHeader>
              <CardContent className="space-y-5">
                <section aria-labelledby="result-summary">
                  <h3 id="result-summary" className="mb-1 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                    Summary
                  </h3>
                  <p className="max-w-prose leading-relaxed">{result.summary}</p>
                </section>
                <section aria-labelledby="result-bites">
                  <h3 id="result-bites" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                    Key Insights
                  </h3>
                  <ul className="space-y-2">
                    {result.learningBites.map((bite, index) => (
                      <li key={index} className="flex gap-2 leading-relaxed">
                        <Sparkles className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
                        <span>{bite}</span>
                      </li>
                    ))}
                  </ul>
                </section>
                <div className="flex flex-wrap gap-3">
                  <Button asChild>
                    <Link to="/library">
                      <Library aria-hidden="true" />
                      View in Library
                    </Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={location.pathname} onClick={addAnother} preventScrollReset>
                      <Plus aria-hidden="true" />
                      Add Another
                    </Link>
                  </Button>
                </div>
              </CardContent>
            </Card>
          ) : null}
        </div>

        <Card className="h-fit">
          <CardHeader>
            <CardTitle className="text-lg">How it works</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-4">
              {steps.map((step, index) => (
                <li key={step.title} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-medium">{step.title}</p>
                    <p className="text-sm text-muted-foreground">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

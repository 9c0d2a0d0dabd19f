import { Form, useNavigation } from "@remix-run/react";
import { Download, FileArchive, Upload } from "lucide-react";
import { useState } from "react";
import { SubmitButton } from "~/components/forms";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * The file to import, chosen with a button like the app's others: the browser's own file input
 * sits inside it, out of sight but focusable (Tab, then Space or Enter, opens the picker), its
 * focus ring drawn on the button. The chosen file's name shows beside it once scripts run.
 */
function ImportFileField() {
  const hydrated = useHydrated();
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium leading-none">Import an export</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label
          className={cn(
            buttonVariants({ variant: "outline" }),
            "cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
          )}
        >
          <FileArchive aria-hidden="true" />
          Choose a .zip file
          <input
            type="file"
            name="file"
            accept=".zip,application/zip"
            required
            aria-describedby="import-file-name import-file-hint"
            className="sr-only"
            onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? null)}
          />
        </label>
        {hydrated ? (
          <span id="import-file-name" className="min-w-0 break-all text-sm text-muted-foreground">
            {fileName ?? "No file chosen"}
          </span>
        ) : null}
      </div>
      <p id="import-file-hint" className="text-xs text-muted-foreground">
        An export from this app or another server. Adds what is not here yet; importing the same file again adds
        nothing.
      </p>
    </div>
  );
}

/**
 * Export my data (a zip download) and Import beside it. Both are plain browser requests (a link,
 * a whole-page form post), so a large file needs no script and the answer comes back as a toast.
 */
export function YourDataCard() {
  const navigation = useNavigation();
  const importing = navigation.state !== "idle" && navigation.formAction === "/settings/import";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <CardDescription>
          Take your library, studies, reading plans and profile with you, or bring them into this server.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground">
            A zip file to import on this or another server, with a readable Markdown file for each study and library
            item.
          </p>
          <Button asChild variant="outline">
            <a href="/settings/export" download>
              <Download aria-hidden="true" />
              Export my data
            </a>
          </Button>
        </div>
        <Form
          method="post"
          action="/settings/import"
          encType="multipart/form-data"
          reloadDocument
          className="max-w-sm space-y-2"
        >
          <ImportFileField />
          <SubmitButton
            variant="outline"
            pending={importing}
            pendingText="Importing..."
            icon={<Upload aria-hidden="true" />}
          >
            Import
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

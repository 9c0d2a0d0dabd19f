import { Form, useNavigation } from "@remix-run/react";
import { Download, Upload } from "lucide-react";
import { SubmitButton } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

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
            A zip with <code>data.json</code> (for importing) and a readable Markdown file for each study and library
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
          <Label htmlFor="import-file">Import an export (.zip)</Label>
          <Input id="import-file" type="file" name="file" accept=".zip,application/zip" required />
          <p className="text-xs text-muted-foreground">
            Adds what is not here yet; importing the same file again adds nothing.
          </p>
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

import { Form, Link, useNavigation } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog";
import { PasswordField, SubmitButton } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { settingsIntents } from "~/modules/account/schemas";
import { useHydrated } from "~/utils/use-hydrated";

const WARNING =
  "This permanently deletes your account and everything in it: your library, lesson plans, reading plans and profile. Export your data first if you want to keep it.";

const FORM_ID = "delete-account";

/** The password field's form; its submit button stands with Cancel, outside it (`form=`). */
function DeleteForm({ errors }: { errors: Record<string, string[]> }) {
  return (
    <Form method="post" id={FORM_ID} noValidate>
      <input type="hidden" name="intent" value={settingsIntents.deleteAccount} />
      <PasswordField
        label="Your password"
        inputProps={{ id: "delete-password", name: "password", autoComplete: "current-password" }}
        errors={errors.password}
      />
    </Form>
  );
}

function DeleteButton() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === settingsIntents.deleteAccount;
  return (
    <SubmitButton form={FORM_ID} variant="destructive" pending={pending} pendingText="Deleting...">
      Delete My Account
    </SubmitButton>
  );
}

/**
 * Delete my account, behind a confirmation that asks for the password: a dialog, or without
 * scripts the same form on the page (?delete-account).
 */
export function DeleteAccountCard({ asking, errors }: { asking: boolean; errors: Record<string, string[]> }) {
  const hydrated = useHydrated();
  // A wrong password comes back with errors: the dialog stays open to show them.
  const [open, setOpen] = useState(Boolean(errors.password?.length));
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Leave Sagacity Bites</CardTitle>
        <CardDescription>{WARNING}</CardDescription>
      </CardHeader>
      <CardContent>
        {!hydrated && asking ? (
          <ConfirmPanel
            title="Delete your account? This cannot be undone."
            cancelHref="/settings"
            className="max-w-sm"
            body={<DeleteForm errors={errors} />}
          >
            <DeleteButton />
          </ConfirmPanel>
        ) : hydrated ? (
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            trigger={
              <Button variant="destructive">
                <Trash2 aria-hidden="true" />
                Delete My Account
              </Button>
            }
            title="Delete your account?"
            description={`This cannot be undone. ${WARNING} Enter your password to confirm.`}
            body={<DeleteForm errors={errors} />}
          >
            <DeleteButton />
          </ConfirmDialog>
        ) : (
          <Button asChild variant="destructive">
            <Link to="/settings?delete-account">
              <Trash2 aria-hidden="true" />
              Delete My Account
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

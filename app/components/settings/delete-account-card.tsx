import { Form, Link, useNavigation } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { settingsIntents } from "~/modules/account/schemas";
import { useHydrated } from "~/utils/use-hydrated";
import { PasswordField } from "./password-field";

const WARNING =
  "This permanently deletes your account and everything in it: your library, lesson plans, reading plans and profile. Export your data first if you want to keep it.";

function DeleteForm({ errors, onCancel }: { errors: Record<string, string[]>; onCancel: React.ReactNode }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === settingsIntents.deleteAccount;
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={settingsIntents.deleteAccount} />
      <PasswordField
        id="delete-password"
        name="password"
        label="Your password"
        autoComplete="current-password"
        errors={errors.password}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel}
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? "Deleting..." : "Delete My Account"}
        </Button>
      </div>
    </Form>
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
          <div role="alertdialog" aria-labelledby="delete-account-question" className="max-w-sm space-y-3">
            <p id="delete-account-question" className="font-semibold">
              Delete your account? This cannot be undone.
            </p>
            <DeleteForm
              errors={errors}
              onCancel={
                <Button asChild variant="outline">
                  <Link to="/settings">Cancel</Link>
                </Button>
              }
            />
          </div>
        ) : hydrated ? (
          <>
            <Button variant="destructive" onClick={() => setOpen(true)}>
              <Trash2 aria-hidden="true" />
              Delete My Account
            </Button>
            <AlertDialog open={open} onOpenChange={setOpen}>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Delete your account?</AlertDialogTitle>
                  <AlertDialogDescription>
                    This cannot be undone. {WARNING} Enter your password to confirm.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <DeleteForm errors={errors} onCancel={<AlertDialogCancel>Cancel</AlertDialogCancel>} />
                <AlertDialogFooter />
              </AlertDialogContent>
            </AlertDialog>
          </>
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

import { Form, useNavigation } from "@remix-run/react";
import { KeyRound } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { settingsIntents } from "~/modules/account/schemas";
import { PasswordField } from "./password-field";

/** Current, new and confirmed password; other devices are signed out, this one stays. */
export function ChangePasswordCard({ errors }: { errors: Record<string, string[]> }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === settingsIntents.changePassword;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>
          Other devices signed in to your account are signed out; this one stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="max-w-sm space-y-4" noValidate>
          <input type="hidden" name="intent" value={settingsIntents.changePassword} />
          <PasswordField
            id="current-password"
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            errors={errors.currentPassword}
          />
          <PasswordField
            id="new-password"
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            errors={errors.newPassword}
          />
          <PasswordField
            id="confirm-password"
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
            errors={errors.confirmPassword}
          />
          <Button type="submit" disabled={pending}>
            <KeyRound aria-hidden="true" />
            {pending ? "Changing..." : "Change Password"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

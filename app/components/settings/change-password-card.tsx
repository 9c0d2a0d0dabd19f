import { Form, useNavigation } from "@remix-run/react";
import { KeyRound } from "lucide-react";
import { PasswordField, SubmitButton } from "~/components/forms";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { settingsIntents } from "~/modules/account/schemas";
import { NewPasswordFields } from "./new-password-fields";

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
            label="Current password"
            inputProps={{ id: "current-password", name: "currentPassword", autoComplete: "current-password" }}
            errors={errors.currentPassword}
          />
          <NewPasswordFields errors={errors} />
          <SubmitButton pending={pending} pendingText="Changing..." icon={<KeyRound aria-hidden="true" />}>
            Change Password
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

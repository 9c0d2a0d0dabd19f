import { Form, useNavigation } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { GroupDetailsFields } from "~/components/groups/group-details-fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** The leader renames the group or rewords its description (a blank description removes it). */
export function GroupDetailsCard({ name, description }: { name: string; description: string | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "rename";
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle className="text-lg">Group details</CardTitle>
        <CardDescription>What members see in their list of groups.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Keyed by the saved words, so the fields show them again after a save. */}
        <Form method="post" className="space-y-3" key={`${name}\n${description ?? ""}`}>
          <input type="hidden" name="intent" value="rename" />
          <GroupDetailsFields idPrefix="edit-group" name={name} description={description} />
          <SubmitButton variant="outline" pending={pending} pendingText="Saving...">
            Save Details
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

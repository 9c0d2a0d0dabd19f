import { Form } from "@remix-run/react";
import { KeyRound, Plus } from "lucide-react";
import { SubmitButton } from "~/components/forms";
import { IconCardTitle } from "~/components/groups/icon-card-title";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The page's two forms, by the intent each posts: the card's words, its button and its toast on failure. */
export const groupForms = {
  create: {
    Icon: Plus,
    title: "Create a group",
    description: "You lead it: share lesson plans, set a reading plan, invite members.",
    submit: { label: "Create Group", pending: "Creating...", variant: "default" },
    failed: "Could not create the group",
  },
  join: {
    Icon: KeyRound,
    title: "Join a group",
    description: "Enter the invite code your group leader shared.",
    submit: { label: "Join Group", pending: "Joining...", variant: "secondary" },
    failed: "Could not join the group",
  },
} as const;

/** A card holding one of the page's forms: its fields (which show the action's refusal) and its button. */
export function GroupFormCard({
  intent,
  pending,
  children,
}: {
  intent: keyof typeof groupForms;
  pending: boolean;
  children: React.ReactNode;
}) {
  const { Icon, title, description, submit } = groupForms[intent];
  return (
    <Card>
      <CardHeader>
        <IconCardTitle icon={Icon}>{title}</IconCardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value={intent} />
          {children}
          <SubmitButton variant={submit.variant} className="w-full" pending={pending} pendingText={submit.pending}>
            {submit.label}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

import { Form } from "@remix-run/react";
import type { LucideIcon } from "lucide-react";
import { IconCardTitle } from "~/components/groups/icon-card-title";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/**
 * A card holding one form that posts `intent` to the page's action: its fields, the action's
 * refusal when the page came back without scripts, and the button (its pending words while posting).
 */
export function IntentCard({
  intent,
  icon,
  title,
  description,
  error,
  pending,
  submit,
  variant,
  children,
}: {
  intent: string;
  icon: LucideIcon;
  title: string;
  description: string;
  error: string | null;
  pending: boolean;
  submit: { label: string; pending: string };
  variant?: ButtonProps["variant"];
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <IconCardTitle icon={icon}>{title}</IconCardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value={intent} />
          {children}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant={variant} className="w-full" disabled={pending}>
            {pending ? submit.pending : submit.label}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

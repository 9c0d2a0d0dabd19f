import { Form, Link } from "@remix-run/react";
import { CalendarDays } from "lucide-react";
import { Button } from "~/components/ui/button";
import { IconCardTitle } from "~/components/groups/icon-card-title";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import type { GroupPlanView } from "~/modules/groups/group-plan.server";
import { cn } from "~/utils/cn";
import { browserTimeZone } from "~/utils/time-zone";
import { useHydrated } from "~/utils/use-hydrated";

function formatDate(day: string) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** A plan's name, with its length only where the name does not say it ("in 7 Days", "in a Year"). */
function optionText({ name, daysCount }: { name: string; daysCount: number }) {
  return /\b(days?|year)\b/i.test(name) ? name : `${name} (${daysCount} days)`;
}

function PlanForm({
  plans,
  plan,
  today,
}: {
  plans: Array<{ id: string; name: string; daysCount: number }>;
  plan: GroupPlanView | null;
  today: string;
}) {
  const timeZone = useHydrated() ? (browserTimeZone() ?? "") : "";
  return (
    // The select has a row of its own, so a plan's whole name shows ("Sermon on the Mount in 7 Days").
    <Form method="post" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end print:hidden">
      <input type="hidden" name="intent" value="set-plan" />
      <input type="hidden" name="timeZone" value={timeZone} />
      <div className="space-y-1.5 sm:col-span-2">
        <Label htmlFor="group-plan">Reading plan</Label>
        <select
          id="group-plan"
          name="planId"
          defaultValue={plan?.planId ?? plans[0]?.id}
          className="flex h-10 w-full rounded-md max-md:h-11 border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {plans.map((option) => (
            <option key={option.id} value={option.id}>
              {optionText(option)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="group-plan-start">Day 1 is</Label>
        <Input
          id="group-plan-start"
          type="date"
          name="startDate"
          defaultValue={plan?.startDate ?? today}
          className="sm:w-auto"
        />
      </div>
      <Button type="submit">{plan ? "Change Plan" : "Read Together"}</Button>
    </Form>
  );
}

/** The group's reading plan: where the group is today; the leader sets or changes it. */
export function GroupPlanCard({
  plan,
  isLeader,
  plans,
  today,
}: {
  plan: GroupPlanView | null;
  isLeader: boolean;
  plans: Array<{ id: string; name: string; daysCount: number }>;
  today: string;
}) {
  return (
    // With no plan set, the leader sheet leaves the card out rather than print an empty heading.
    <Card className={cn("print:break-inside-avoid print:border-0 print:shadow-none", !plan && "print:hidden")}>
      <CardHeader className="print:p-0 print:pb-1">
        <IconCardTitle icon={CalendarDays}>Group reading plan</IconCardTitle>
        {plan ? null : (
          <CardDescription className="print:hidden">
            {isLeader
              ? "Choose a reading plan to read together. Each member reads at their own pace from their Today page."
              : "No group plan yet. Your leader can choose one to read together."}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="space-y-4 print:p-0">
        {plan ? (
          <div className="space-y-2">
            <p className="font-semibold">{plan.name}</p>
            <p className="text-sm text-muted-foreground">
              {plan.status === "upcoming"
                ? `Starts on ${formatDate(plan.startDate)}`
                : plan.status === "finished"
                  ? `Finished: the group read all ${plan.daysCount} days (started ${formatDate(plan.startDate)})`
                  : `Day ${plan.currentDay} of ${plan.daysCount}: ${plan.reading.join("; ")}`}
            </p>
            <div className="print:hidden">
              <Progress value={plan.currentDay} max={plan.daysCount} label="Group plan progress" />
            </div>
            <p className="text-sm print:hidden">
              <Link to="/today" className="font-medium text-primary underline-offset-4 hover:underline">
                Read today&apos;s passage on Today
              </Link>
            </p>
          </div>
        ) : null}
        {isLeader ? (
          <div className="space-y-3">
            <PlanForm plans={plans} plan={plan} today={today} />
            {plan ? (
              <Form method="post" className="print:hidden">
                <input type="hidden" name="intent" value="clear-plan" />
                <Button type="submit" variant="ghost" size="sm">
                  Stop reading a plan together
                </Button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

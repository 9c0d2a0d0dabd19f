import { Form } from "@remix-run/react";
import { CheckCircle2, Circle, Crown, EyeOff, Flame, UserMinus } from "lucide-react";
import { ConfirmAction } from "~/components/groups/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { GroupMemberView } from "~/modules/groups/progress.server";

function Progress({ member, hasPlan, daysCount }: { member: GroupMemberView; hasPlan: boolean; daysCount: number }) {
  if (member.completedToday === null) {
    return (
      <span className="flex items-center gap-1 text-sm text-muted-foreground">
        <EyeOff className="size-4" aria-hidden="true" />
        Progress hidden
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      {member.completedToday ? (
        <span className="flex items-center gap-1 font-medium text-success">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Read today
        </span>
      ) : (
        <span className="flex items-center gap-1 text-muted-foreground">
          <Circle className="size-4" aria-hidden="true" />
          Not yet today
        </span>
      )}
      <span className="flex items-center gap-1" title="Day streak">
        <Flame className="size-4 text-primary" aria-hidden="true" />
        {member.streak ? `${member.streak} day streak` : "No streak yet"}
      </span>
      {hasPlan && member.completedDays !== null ? (
        <span className="text-muted-foreground">
          {member.completedDays} of {daysCount} days
        </span>
      ) : null}
    </span>
  );
}

/** The members, with each one's reading today and streak; the leader's actions on each, and one's own setting. */
export function MembersCard({
  members,
  me,
  isLeader,
  plan,
}: {
  members: GroupMemberView[];
  me: string;
  isLeader: boolean;
  plan: { daysCount: number } | null;
}) {
  const shown = members.filter((member) => member.completedToday !== null);
  const readToday = shown.filter((member) => member.completedToday).length;
  return (
    <Card className="print:border-0 print:shadow-none">
      <CardHeader className="print:p-0 print:pb-1">
        <CardTitle className="text-lg">Members ({members.length})</CardTitle>
        <CardDescription>
          {plan ? "Today's group reading: " : "Read today: "}
          {readToday} of {shown.length} {shown.length === 1 ? "member" : "members"}
          {shown.length < members.length ? ` (${members.length - shown.length} hidden)` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="print:p-0">
        <ul className="divide-y">
          {members.map((member) => {
            const isMe = member.userId === me;
            return (
              <li
                key={member.userId}
                className="flex flex-wrap items-center gap-3 py-3 print:break-inside-avoid print:py-1"
                data-member={member.name}
              >
                <div className="min-w-0 flex-1 space-y-1 print:flex print:items-center print:gap-4 print:space-y-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{member.name}</span>
                    {isMe ? <span className="text-xs font-normal text-muted-foreground">(you)</span> : null}
                    {member.role === "leader" ? (
                      <Badge>
                        <Crown className="mr-1 size-3" aria-hidden="true" />
                        Leader
                      </Badge>
                    ) : null}
                  </p>
                  <Progress member={member} hasPlan={plan !== null} daysCount={plan?.daysCount ?? 0} />
                </div>
                <div className="flex flex-wrap gap-2 print:hidden">
                  {isMe ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="hide-progress" />
                      <input type="hidden" name="hideProgress" value={member.progressHidden ? "false" : "true"} />
                      <Button type="submit" variant="ghost" size="sm">
                        {member.progressHidden ? "Show my progress to the group" : "Hide my progress"}
                      </Button>
                    </Form>
                  ) : null}
                  {isLeader && !isMe ? (
                    <>
                      <ConfirmAction
                        id={`hand-over-${member.userId}`}
                        label="Make leader"
                        icon={<Crown aria-hidden="true" />}
                        title={`Hand the group to ${member.name}?`}
                        description={`${member.name} becomes the group's leader: they share lesson plans, set the plan and manage members. You stay in the group as a member.`}
                        confirmLabel="Make Leader"
                        fields={{ intent: "hand-over", userId: member.userId }}
                      />
                      <ConfirmAction
                        id={`remove-${member.userId}`}
                        label="Remove"
                        icon={<UserMinus aria-hidden="true" />}
                        title={`Remove ${member.name} from the group?`}
                        description="They lose access to the group's lesson plans and reading plan. They can join again only with the current invite code."
                        confirmLabel="Remove Member"
                        fields={{ intent: "remove-member", userId: member.userId }}
                      />
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

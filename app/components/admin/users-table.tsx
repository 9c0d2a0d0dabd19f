import { Link } from "@remix-run/react";
import { Shield, ShieldOff, Trash2, UserCheck, UserX } from "lucide-react";
import { ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog";
import { HiddenFields, SubmitButton } from "~/components/forms";
import { SearchForm } from "~/components/search-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "~/components/ui/tooltip";
import { adminIntents, type AdminUserListItem } from "~/modules/admin/schemas";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { formatRegistered } from "./format";
import { IconAction, iconActionClass } from "./icon-action";
import { ResetLinkDialog } from "./reset-link-dialog";
import { useAdminFetcher } from "./use-admin-fetcher";

const columns = ["Email", "Admin", "Active", "Plans Started", "Studies Created", "Registered", "Actions"] as const;

// A table cell on wide screens; a "label: value" line inside a card below 768px.
const cell =
  "px-3 py-2 max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]";

/**
 * A row's two switches, each a form posting the field's new value to the console's action: the
 * tooltip's words and the icon, and the start of the full label (which names the user), for a field
 * now true and now false; and the toast when the change fails.
 */
const toggles = [
  {
    field: "isActive",
    intent: adminIntents.setActive,
    fallback: "Failed to update user status",
    whenTrue: { text: "Deactivate", label: "Deactivate user", Icon: UserX },
    whenFalse: { text: "Activate", label: "Activate user", Icon: UserCheck },
  },
  {
    field: "isAdmin",
    intent: adminIntents.setAdmin,
    fallback: "Failed to update admin status",
    whenTrue: { text: "Revoke admin", label: "Revoke admin from", Icon: ShieldOff },
    whenFalse: { text: "Grant admin", label: "Grant admin to", Icon: Shield },
  },
] as const;

/** A row's actions; each row has its own fetcher, so one row's pending state leaves the others usable. */
function UserActions({
  user,
  isSelf,
  onDelete,
  deleteHref,
}: {
  user: AdminUserListItem;
  isSelf: boolean;
  onDelete: (user: AdminUserListItem) => void;
  deleteHref: string;
}) {
  const fetcher = useAdminFetcher({
    fallback: (intent) => toggles.find((toggle) => toggle.intent === intent)?.fallback ?? toggles[0].fallback,
  });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const selfNote = isSelf ? " (not available for your own account)" : "";
  const deleteLabel = `Delete user ${user.email}${selfNote}`;
  const deleteClass = "text-destructive hover:bg-destructive/10 hover:text-destructive";
  return (
    <div className="grid w-full grid-cols-2 gap-2 md:flex md:justify-end md:gap-1">
      {toggles.map(({ field, intent, whenTrue, whenFalse }) => {
        const { text, label, Icon } = user[field] ? whenTrue : whenFalse;
        return (
          <fetcher.Form key={field} method="post" preventScrollReset>
            <HiddenFields fields={{ intent, userId: user.id, [field]: String(!user[field]) }} />
            <IconAction
              type="submit"
              tip={text}
              aria-label={`${label} ${user.email}${selfNote}`}
              disabled={isSelf || busy}
            >
              <Icon aria-hidden="true" />
            </IconAction>
          </fetcher.Form>
        );
      })}
      <ResetLinkDialog userId={user.id} email={user.email} />
      {hydrated || isSelf ? (
        <IconAction
          tip="Delete"
          className={deleteClass}
          aria-label={deleteLabel}
          disabled={isSelf || busy}
          onClick={() => onDelete(user)}
        >
          <Trash2 aria-hidden="true" />
        </IconAction>
      ) : (
        // Before (or without) scripts: a link to ?delete=<id>, where the page asks; once the scripts
        // run, the same address opens the dialog, so a click made while the page loads is kept.
        <Button asChild variant="ghost" size="icon" className={cn(iconActionClass, deleteClass)}>
          <Link to={deleteHref} aria-label={deleteLabel} preventScrollReset>
            <Trash2 aria-hidden="true" />
            <span className="md:hidden">Delete</span>
          </Link>
        </Button>
      )}
    </div>
  );
}

function DeleteUserForm({
  fetcher,
  user,
  children,
}: {
  fetcher: ReturnType<typeof useAdminFetcher>;
  user: AdminUserListItem;
  children: React.ReactNode;
}) {
  return (
    <fetcher.Form method="post" preventScrollReset>
      <HiddenFields fields={{ intent: adminIntents.deleteUser, userId: user.id }} />
      {children}
    </fetcher.Form>
  );
}

const deleteWarning =
  "This action cannot be undone. This will permanently delete the user and all their associated data including sermons, studies, and reading plans.";

/** An email that wraps only after its "@" or a dot, never inside a word. */
function WholeEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </>
  );
}

/**
 * The email cell: one line, cut with an ellipsis; the whole address shows in a tooltip on hover
 * and keyboard focus, and opening it (a native disclosure, so it works before scripts too) shows
 * the details: the whole address, when they registered and what they have made.
 */
function EmailDetails({ user, isSelf }: { user: AdminUserListItem; isSelf: boolean }) {
  return (
    <details className="min-w-0 max-md:text-right">
      <Tooltip>
        <TooltipTrigger asChild>
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:justify-end [&::-webkit-details-marker]:hidden">
            <span className="block min-w-0 max-w-[10rem] truncate max-md:max-w-[calc(100vw-10rem)]">{user.email}</span>
            {isSelf ? <span className="shrink-0 text-xs font-normal text-muted-foreground">(you)</span> : null}
          </summary>
        </TooltipTrigger>
        <TooltipContent className="max-w-sm break-words">{user.email}</TooltipContent>
      </Tooltip>
      <div className="mt-2 max-w-[20rem] space-y-1 whitespace-normal text-xs font-normal text-muted-foreground">
        <p className="font-medium text-foreground">
          <WholeEmail email={user.email} />
        </p>
        <p>
          Registered {formatRegistered(user.createdAt)}; {user.stats.readingPlansStarted} reading{" "}
          {user.stats.readingPlansStarted === 1 ? "plan" : "plans"} started, {user.stats.studiesCreated}{" "}
          {user.stats.studiesCreated === 1 ? "study" : "studies"} created.
        </p>
      </div>
    </details>
  );
}

/** Search by email: a plain GET form (?q=), so it works without scripts and the address can be kept. */
export function UsersSearch({ query }: { query: string }) {
  return (
    <SearchForm
      label="Search users"
      query={query}
      maxLength={254}
      placeholder="Search by email"
      inputLabel="Search users by email"
      className="flex max-w-md gap-2"
    />
  );
}

/**
 * SPEC §2 User Management: the users with their stats and the three actions. The deletion asked
 * about lives in the address (`confirmDeleteId`, from ?delete=), so the page agrees with and
 * without scripts: before they load the Delete link goes there and the page asks on itself;
 * once they run, the same address opens the dialog (`onAskDelete` changes it, null to close).
 * `deleteHref` builds that address and `cancelHref` leaves it.
 */
export function UsersTable({
  users,
  currentUserId,
  confirmDeleteId,
  onAskDelete,
  deleteHref,
  cancelHref,
  emptyText = "No users yet.",
}: {
  users: AdminUserListItem[];
  emptyText?: string;
  currentUserId: string;
  confirmDeleteId: string | null;
  onAskDelete: (userId: string | null) => void;
  deleteHref: (userId: string) => string;
  cancelHref: string;
}) {
  const hydrated = useHydrated();
  // A successful delete comes back to the address without ?delete= (SPEC §4: the selection is
  // cleared); a failure keeps the dialog open.
  const deletion = useAdminFetcher({ fallback: "Failed to delete user" });
  const deleting = deletion.state !== "idle";
  const asked = users.find((user) => user.id === confirmDeleteId && user.id !== currentUserId);
  const askedWithoutScripts = hydrated ? undefined : asked;
  const pendingDelete = hydrated ? asked : undefined;

  if (users.length === 0) {
    return <p className="py-6 text-center text-muted-foreground">{emptyText}</p>;
  }

  return (
    <>
      {askedWithoutScripts ? (
        <ConfirmPanel
          title="Are you sure?"
          description={`${deleteWarning} (${askedWithoutScripts.email})`}
          cancelHref={cancelHref}
          className="mb-4"
        >
          <DeleteUserForm fetcher={deletion} user={askedWithoutScripts}>
            <Button type="submit" variant="destructive" className="w-full">
              Delete User
            </Button>
          </DeleteUserForm>
        </ConfirmPanel>
      ) : null}
      {/* One table for every width: below 768px each row is laid out as a card (labels come from
          data-label), so the actions stay in reach on a phone. Explicit roles keep the table
          semantics that display:block would drop. */}
      <TooltipProvider>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must take focus, or a keyboard cannot scroll it */}
        <div className="md:overflow-x-auto md:rounded-md md:border" role="region" aria-label="Users" tabIndex={0}>
          {/* 800px: the whole table fits beside the sidebar at 1280px, each user on one line. */}
          <table role="table" className="w-full text-left text-sm md:min-w-[800px] md:whitespace-nowrap">
            <thead role="rowgroup" className="bg-muted/60 text-muted-foreground max-md:sr-only">
              <tr role="row">
                {columns.map((column) => (
                  <th
                    key={column}
                    role="columnheader"
                    scope="col"
                    className={cn("whitespace-normal px-3 py-2.5 font-medium", column === "Actions" && "text-right")}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup" className="max-md:block max-md:space-y-3">
              {users.map((user) => {
                const isSelf = user.id === currentUserId;
                return (
                  <tr
                    key={user.id}
                    role="row"
                    className="max-md:block max-md:rounded-md max-md:border max-md:p-3 md:border-t"
                  >
                    <td role="cell" data-label="Email" className={cn(cell, "font-medium")}>
                      <EmailDetails user={user} isSelf={isSelf} />
                    </td>
                    <td role="cell" data-label="Admin" className={cell}>
                      <Badge variant={user.isAdmin ? "default" : "secondary"}>{user.isAdmin ? "Admin" : "User"}</Badge>
                    </td>
                    <td role="cell" data-label="Active" className={cell}>
                      <Badge variant={user.isActive ? "success" : "destructive"}>
                        {user.isActive ? "Active" : "Inactive"}
                      </Badge>
                    </td>
                    <td role="cell" data-label="Plans Started" className={cn(cell, "tabular-nums")}>
                      {user.stats.readingPlansStarted}
                    </td>
                    <td role="cell" data-label="Studies Created" className={cn(cell, "tabular-nums")}>
                      {user.stats.studiesCreated}
                    </td>
                    <td role="cell" data-label="Registered" className={cn(cell, "whitespace-nowrap")}>
                      <time dateTime={user.createdAt}>{formatRegistered(user.createdAt)}</time>
                    </td>
                    <td role="cell" data-label="Actions" className={cn(cell, "max-md:flex-col max-md:items-start")}>
                      <UserActions
                        user={user}
                        isSelf={isSelf}
                        onDelete={(chosen) => onAskDelete(chosen.id)}
                        deleteHref={deleteHref(user.id)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </TooltipProvider>

      <ConfirmDialog
        open={pendingDelete !== undefined}
        onOpenChange={(open) => {
          if (!open && !deleting) onAskDelete(null);
        }}
        cancelDisabled={deleting}
        title="Are you sure?"
        description={pendingDelete ? `${deleteWarning} (${pendingDelete.email})` : deleteWarning}
      >
        {pendingDelete ? (
          <DeleteUserForm fetcher={deletion} user={pendingDelete}>
            <SubmitButton variant="destructive" className="w-full" pending={deleting} pendingText="Deleting...">
              Delete User
            </SubmitButton>
          </DeleteUserForm>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

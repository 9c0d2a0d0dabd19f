import { Link } from "@remix-run/react";
import { Shield, ShieldOff, Trash2, UserCheck, UserX } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog";
import { HiddenFields, SubmitButton } from "~/components/forms";
import { SearchForm } from "~/components/search-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { adminIntents, type AdminUserListItem } from "~/modules/admin/schemas";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { formatRegistered } from "./format";
import { ResetLinkDialog } from "./reset-link-dialog";
import { useAdminFetcher } from "./use-admin-fetcher";

const columns = ["Email", "Admin", "Active", "Plans Started", "Studies Created", "Registered", "Actions"] as const;

// A table cell on wide screens; a "label: value" line inside a card below 768px.
const cell =
  "px-4 py-3 max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]";

/** A row action: an icon and a short visible word; more actions (a reset link) fit the same way. */
const actionClass = "h-9 px-2 [&_svg]:size-4";

/**
 * A row's two switches, each a form posting the field's new value to the console's action: the
 * button's words and icon, and the start of its full label (which names the user), for a field now
 * true and now false; and the toast when the change fails.
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
  const deleteClass = cn(actionClass, "text-destructive hover:bg-destructive/10 hover:text-destructive");
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {toggles.map(({ field, intent, whenTrue, whenFalse }) => {
        const { text, label, Icon } = user[field] ? whenTrue : whenFalse;
        return (
          <fetcher.Form key={field} method="post" preventScrollReset>
            <HiddenFields fields={{ intent, userId: user.id, [field]: String(!user[field]) }} />
            <Button
              type="submit"
              variant="ghost"
              size="sm"
              className={actionClass}
              aria-label={`${label} ${user.email}${selfNote}`}
              disabled={isSelf || busy}
            >
              <Icon aria-hidden="true" />
              {text}
            </Button>
          </fetcher.Form>
        );
      })}
      <ResetLinkDialog userId={user.id} email={user.email} />
      {hydrated || isSelf ? (
        <Button
          variant="ghost"
          size="sm"
          className={deleteClass}
          aria-label={deleteLabel}
          disabled={isSelf || busy}
          onClick={() => onDelete(user)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      ) : (
        // Without scripts the dialog cannot open: a link asks on the page itself instead.
        <Button asChild variant="ghost" size="sm" className={deleteClass}>
          <Link to={deleteHref} aria-label={deleteLabel} preventScrollReset>
            <Trash2 aria-hidden="true" />
            Delete
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
 * SPEC §2 User Management: the users with their stats and the three actions. `confirmDeleteId`
 * (from ?delete=) asks about a deletion without the dialog, for browsers without scripts;
 * `deleteHref` builds that address and `cancelHref` leaves it.
 */
export function UsersTable({
  users,
  currentUserId,
  confirmDeleteId,
  deleteHref,
  cancelHref,
  emptyText = "No users yet.",
}: {
  users: AdminUserListItem[];
  emptyText?: string;
  currentUserId: string;
  confirmDeleteId: string | null;
  deleteHref: (userId: string) => string;
  cancelHref: string;
}) {
  const hydrated = useHydrated();
  const [pendingDelete, setPendingDelete] = useState<AdminUserListItem | null>(null);
  // A successful delete clears the selection (SPEC §4); a failure keeps the dialog open.
  const deletion = useAdminFetcher({ fallback: "Failed to delete user", onSuccess: () => setPendingDelete(null) });
  const deleting = deletion.state !== "idle";
  const askedWithoutScripts = hydrated
    ? undefined
    : users.find((user) => user.id === confirmDeleteId && user.id !== currentUserId);

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
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must take focus, or a keyboard cannot scroll it */}
      <div className="md:overflow-x-auto md:rounded-md md:border" role="region" aria-label="Users" tabIndex={0}>
        {/* 800px: the whole table, actions included, fits beside the sidebar at 1280px. */}
        <table role="table" className="w-full text-left text-sm md:min-w-[800px]">
          <thead role="rowgroup" className="bg-muted/60 text-muted-foreground max-md:sr-only">
            <tr role="row">
              {columns.map((column) => (
                <th
                  key={column}
                  role="columnheader"
                  scope="col"
                  className={cn("px-4 py-3 font-medium", column === "Actions" && "text-right")}
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
                    <span className="min-w-0 text-right md:text-left">
                      <WholeEmail email={user.email} />
                      {isSelf ? <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span> : null}
                    </span>
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
                  <td role="cell" data-label="Actions" className={cell}>
                    <UserActions
                      user={user}
                      isSelf={isSelf}
                      onDelete={setPendingDelete}
                      deleteHref={deleteHref(user.id)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setPendingDelete(null);
        }}
        cancelDisabled={deleting}
        title="Are you sure?"
        description={deleteWarning}
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

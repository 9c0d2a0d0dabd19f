import { useRevalidator } from "@remix-run/react";
import { Shield, ShieldOff, Trash2, UserCheck, UserX } from "lucide-react";
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
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import type { AdminUserListItem } from "~/modules/admin/schemas";
import { ApiError, apiRequest } from "~/utils/api-client";
import { cn } from "~/utils/cn";
import { formatRegistered } from "./format";

const columns = ["Email", "Admin", "Active", "Plans Started", "Studies Created", "Registered", "Actions"] as const;

// A table cell on wide screens; a "label: value" line inside a card below 768px.
const cell =
  "px-4 py-3 max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]";

function failureToast(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.status === 401) return;
  toast({
    title: "Error",
    description: error instanceof Error && error.message ? error.message : fallback,
    variant: "destructive",
  });
}

/** SPEC §2 User Management: the users with their stats and the three actions. */
export function UsersTable({ users, currentUserId }: { users: AdminUserListItem[]; currentUserId: string }) {
  const revalidator = useRevalidator();
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdminUserListItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function toggle(user: AdminUserListItem, field: "isActive" | "isAdmin") {
    setBusyUserId(user.id);
    try {
      await apiRequest(`/api/admin/users/${user.id}`, { method: "PATCH", body: { [field]: !user[field] } });
      toast({
        title: "Success",
        description: field === "isActive" ? "User status updated successfully" : "Admin status updated successfully",
      });
      revalidator.revalidate();
    } catch (error) {
      failureToast(error, field === "isActive" ? "Failed to update user status" : "Failed to update admin status");
    } finally {
      setBusyUserId(null);
    }
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await apiRequest(`/api/admin/users/${pendingDelete.id}`, { method: "DELETE" });
      toast({ title: "Success", description: "User deleted successfully" });
      setPendingDelete(null);
      revalidator.revalidate();
    } catch (error) {
      failureToast(error, "Failed to delete user");
    } finally {
      setDeleting(false);
    }
  }

  if (users.length === 0) {
    return <p className="py-6 text-center text-muted-foreground">No users yet.</p>;
  }

  return (
    <>
      {/* One table for every width: below 768px each row is laid out as a card (labels come from
          data-label), so the actions stay in reach on a phone. Explicit roles keep the table
          semantics that display:block would drop. */}
      <div className="md:overflow-x-auto md:rounded-md md:border" role="region" aria-label="Users" tabIndex={0}>
        <table role="table" className="w-full text-left text-sm md:min-w-[760px]">
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
              const busy = busyUserId === user.id;
              const selfNote = isSelf ? " (not available for your own account)" : "";
              const activeLabel = `${user.isActive ? "Deactivate" : "Activate"} user ${user.email}${selfNote}`;
              const adminLabel = `${user.isAdmin ? "Revoke admin from" : "Grant admin to"} ${user.email}${selfNote}`;
              const deleteLabel = `Delete user ${user.email}${selfNote}`;
              return (
                <tr
                  key={user.id}
                  role="row"
                  className="max-md:block max-md:rounded-md max-md:border max-md:p-3 md:border-t"
                >
                  <td role="cell" data-label="Email" className={cn(cell, "break-all font-medium md:max-w-[16rem]")}>
                    <span>
                      {user.email}
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
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        aria-label={activeLabel}
                        title={activeLabel}
                        disabled={isSelf || busy}
                        onClick={() => void toggle(user, "isActive")}
                      >
                        {user.isActive ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9"
                        aria-label={adminLabel}
                        title={adminLabel}
                        disabled={isSelf || busy}
                        onClick={() => void toggle(user, "isAdmin")}
                      >
                        {user.isAdmin ? <ShieldOff aria-hidden="true" /> : <Shield aria-hidden="true" />}
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-9 text-destructive hover:bg-destructive/10 hover:text-destructive"
                        aria-label={deleteLabel}
                        title={deleteLabel}
                        disabled={isSelf || busy}
                        onClick={() => setPendingDelete(user)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <AlertDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setPendingDelete(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Are you sure?</AlertDialogTitle>
            <AlertDialogDescription>
              This action cannot be undone. This will permanently delete the user and all their associated data
              including sermons, studies, and reading plans.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleting}>Cancel</AlertDialogCancel>
            <Button variant="destructive" onClick={() => void confirmDelete()} disabled={deleting}>
              {deleting ? "Deleting..." : "Delete User"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

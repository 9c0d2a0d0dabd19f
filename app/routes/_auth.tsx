import { Outlet } from "@remix-run/react";
import { AuthFrame } from "~/components/auth/auth-frame";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";

export default function AuthLayout() {
  return (
    <AuthFrame>
      <div className="w-full max-w-md">
        <Outlet />
      </div>
    </AuthFrame>
  );
}

/** Only when the frame itself fails: the pages under it show their own, inside it. */
export function ErrorBoundary() {
  return (
    <AuthFrame>
      <Card className="w-full max-w-md">
        <GeneralErrorBoundary />
      </Card>
    </AuthFrame>
  );
}

import { Outlet } from "@remix-run/react";
import { AuthFrame } from "~/components/auth/auth-frame";

export default function AuthLayout() {
  return (
    <AuthFrame>
      <div className="w-full max-w-md">
        <Outlet />
      </div>
    </AuthFrame>
  );
}

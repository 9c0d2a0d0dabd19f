import { Link } from "@remix-run/react";
import { CardFooter } from "~/components/ui/card";

/** The footer of the password pages: the way back to the sign-in form. */
export function BackToSignIn() {
  return (
    <CardFooter className="justify-center text-sm">
      <Link to="/login" className="tap-target font-medium text-primary underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </CardFooter>
  );
}

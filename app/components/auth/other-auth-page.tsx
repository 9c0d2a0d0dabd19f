import { Link, useLocation } from "@remix-run/react";
import { CardFooter } from "~/components/ui/card";

/**
 * The footer of the sign-in and register cards: the way to the other one. It keeps the address's
 * query, so where the reader was going (?returnTo) and an invite code follow them.
 */
export function OtherAuthPage({
  question,
  to,
  label,
}: {
  question: string;
  to: "/login" | "/register";
  label: string;
}) {
  const location = useLocation();
  return (
    <CardFooter className="justify-center text-sm text-muted-foreground">
      <span>
        {question}{" "}
        <Link to={`${to}${location.search}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {label}
        </Link>
      </span>
    </CardFooter>
  );
}

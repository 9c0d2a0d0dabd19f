import { Link, useLocation } from "@remix-run/react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * The ways from one sign-in page to another, under its card. Between sign-in and register the
 * address's query goes along, so where the reader was going (?returnTo) and an invite code follow
 * them; the password pages' query (a reset token) does not.
 */
const footers = {
  register: { question: "Don't have an account?", label: "Create one", to: "/register", keepQuery: true },
  signIn: { question: "Already have an account?", label: "Sign in", to: "/login", keepQuery: true },
  backToSignIn: { question: null, label: "Back to sign in", to: "/login", keepQuery: false },
} as const;

/** The card of a sign-in page: its title and what it is for, the form, and the way to another page. */
export function AuthCard({
  title,
  description,
  footer,
  children,
}: {
  title: string;
  description: React.ReactNode;
  footer: keyof typeof footers;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const { question, label, to, keepQuery } = footers[footer];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
      <CardFooter className="justify-center text-sm text-muted-foreground">
        <span>
          {question ? `${question} ` : null}
          <Link
            to={keepQuery ? `${to}${location.search}` : to}
            className="tap-target font-medium text-primary underline-offset-4 hover:underline"
          >
            {label}
          </Link>
        </span>
      </CardFooter>
    </Card>
  );
}

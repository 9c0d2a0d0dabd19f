import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BookOpen, CalendarDays, Library, Mic, Sun } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/modules/auth/request.server";

export const meta: MetaFunction = () => [{ title: "Dashboard | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = requireUser(request);
  return { name: user.email.split("@")[0] };
}

const tiles = [
  { title: "Process Sermon", description: "Turn a sermon or article into key insights", to: "/process-sermon", icon: Mic },
  { title: "My Library", description: "Your saved content and lesson plans", to: "/library", icon: Library },
  { title: "Lesson Plans", description: "Create a study from a topic or passage", to: "/lesson-plans", icon: BookOpen },
  { title: "Reading Plans", description: "Choose a guided plan through Scripture", to: "/bible-plans", icon: CalendarDays },
  { title: "Today", description: "Today's reading and devotional", to: "/today", icon: Sun },
];

export default function Dashboard() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {name}</h1>
        <p className="mt-1 text-muted-foreground">Continue your journey of faith and discipleship.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              prefetch="intent"
              className="block h-full rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <Card className="h-full transition-colors hover:border-primary/60 hover:bg-accent/40">
                <CardHeader>
                  <tile.icon className="mb-2 size-6 text-primary" aria-hidden="true" />
                  <CardTitle className="text-lg">{tile.title}</CardTitle>
                  <CardDescription>{tile.description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

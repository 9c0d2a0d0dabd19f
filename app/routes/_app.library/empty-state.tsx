import { Link } from "@remix-run/react";
import { BookMarked, BookOpen, Library, Newspaper, Quote } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";

const hints = [
  { icon: BookMarked, title: "Save book excerpts", text: "Keep passages from the books that shape your faith." },
  {
    icon: Newspaper,
    title: "Capture blog insights",
    text: "Process an article or sermon video to keep its key insights.",
  },
  { icon: Quote, title: "Preserve quotes", text: "Hold on to words worth remembering." },
  { icon: BookOpen, title: "Create lesson plans", text: "Save the studies you create for your group." },
];

/** SPEC §2 /library: the empty state and its four hints. */
export function LibraryEmptyState() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 p-8 text-center">
        <Library className="size-10 text-primary" aria-hidden="true" />
        <div>
          <h3 className="text-lg font-semibold">Your library is empty</h3>
          <p className="mt-1 text-sm text-muted-foreground">Start building your collection:</p>
        </div>
        <ul className="grid w-full gap-3 text-left sm:grid-cols-2">
          {hints.map((hint) => (
            <li key={hint.title} className="flex gap-3 rounded-md border p-3">
              <hint.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-medium">{hint.title}</p>
                <p className="text-sm text-muted-foreground">{hint.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/add-content">Add Content</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/lesson-plans">Go to Lesson Plans</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

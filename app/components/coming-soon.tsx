import { Hammer } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent } from "~/components/ui/card";

/** An honest placeholder for a section that is still being built: no sample data. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={title} description={description} />
      <Card>
        <CardContent className="flex items-center gap-3 p-6 text-muted-foreground">
          <Hammer className="size-5" aria-hidden="true" />
          <p>This section is coming soon.</p>
        </CardContent>
      </Card>
    </div>
  );
}

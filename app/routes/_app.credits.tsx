import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageHeader } from "~/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/modules/auth/request.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "About and credits | Sagacity Bites" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      className="break-words text-primary underline underline-offset-2"
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}

/** The attribution the shipped data requires (db/bible-data/README.md), and the recommended credits. */
export default function CreditsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="About and credits"
        description="Sagacity Bites works offline with Bible texts and study data shipped inside the app."
      />
      <Card>
        <CardHeader>
          <CardTitle>Bible texts</CardTitle>
          <CardDescription>
            Scripture is quoted from these public-domain translations. When a copyrighted translation (NKJV, NIV, ESV)
            is chosen, the Berean Standard Bible is shown instead and labelled as such.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm leading-relaxed">
          <ul className="list-disc space-y-2 pl-5">
            <li>King James Version (public domain)</li>
            <li>
              King James Version with Strong&apos;s numbers, public domain, courtesy of the CrossWire Bible Society and
              eBible.org (SWORD module engKJV2006eb)
            </li>
            <li>
              World English Bible (public domain), eBible.org. &quot;World English Bible&quot; is a trademark of
              eBible.org; the wording here is unchanged (only formatting was removed and the Romans doxology placed at
              16:25-27).
            </li>
            <li>
              Berean Standard Bible (BSB), dedicated to the public domain by the Berean Bible Translation Committee /
              Bible Hub, 30 April 2023
            </li>
          </ul>
          <p className="text-muted-foreground">
            The King James Version is in the public domain worldwide except in the United Kingdom, where Crown letters
            patent apply to printed editions.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Study data</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm leading-relaxed">
          <p>Commentary: Matthew Henry, Commentary on the Whole Bible (1706-1721), public domain.</p>
          <p>
            Commentary: Matthew Henry&apos;s Concise Commentary on the Whole Bible, public domain; text from the
            CrossWire SWORD Project module MHCC.
          </p>
          <p>
            Commentary: C. H. Spurgeon, The Treasury of David (1869-1885), public domain; text from the CrossWire SWORD
            Project module TDavid. The writers Spurgeon quotes are named with each quotation.
          </p>
          <p>
            Strong&apos;s Greek and Hebrew dictionaries (James Strong, 1890), public domain; Greek XML edition by Ulrik
            Sandborg-Petersen, Hebrew edition by Jens Grebner, via the CrossWire SWORD Project.
          </p>
          <p>
            Cross references from OpenBible.info (
            <ExternalLink href="https://www.openbible.info/labs/cross-references/">
              https://www.openbible.info/labs/cross-references/
            </ExternalLink>
            ), licensed CC BY.
          </p>
          <p>
            Nave&apos;s Topical Bible data from BibleData by Brady Stephenson (
            <ExternalLink href="https://github.com/BradyStephenson/bible-data">
              https://github.com/BradyStephenson/bible-data
            </ExternalLink>
            , doi:10.5281/zenodo.19539956), licensed CC BY 4.0.
          </p>
          <p>
            Bible references are read with{" "}
            <ExternalLink href="https://github.com/openbibleinfo/Bible-Passage-Reference-Parser">
              bible-passage-reference-parser
            </ExternalLink>{" "}
            by OpenBible.info (MIT licence).
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Fonts</CardTitle>
        </CardHeader>
        <CardContent className="text-sm leading-relaxed">
          <p>Inter and OpenDyslexic, under the SIL Open Font License 1.1, served from the app itself.</p>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

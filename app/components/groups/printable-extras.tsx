/**
 * What a printed lesson adds to the screen's (print-only): the cited passages quoted in full, and
 * the translation and credits line. The screen shows the same passages as badges.
 */
export interface PrintQuotesView {
  translation: string;
  translationName: string;
  quotes: Array<{
    reference: string;
    verses: Array<{ chapter: number; verse: number; text: string }>;
    omitted: number;
  }>;
}

export function PrintScripture({ quotes }: { quotes: PrintQuotesView }) {
  if (quotes.quotes.length === 0) return null;
  return (
    <section aria-label="Scripture quoted in full" className="hidden print:block" data-print-scripture>
      <h3 className="mb-2 text-lg font-semibold">Scripture ({quotes.translation})</h3>
      {quotes.quotes.map((quote) => {
        const multiChapter = new Set(quote.verses.map((verse) => verse.chapter)).size > 1;
        return (
          <blockquote key={quote.reference} className="mb-3 border-l-4 pl-3 font-serif leading-relaxed">
            <p className="font-sans text-sm font-semibold">{quote.reference}</p>
            <p>
              {quote.verses.map((verse) => (
                <span key={`${verse.chapter}:${verse.verse}`}>
                  <sup className="mr-0.5 font-sans text-[0.65em]">
                    {multiChapter ? `${verse.chapter}:${verse.verse}` : verse.verse}
                  </sup>
                  {verse.text}{" "}
                </span>
              ))}
              {quote.omitted > 0 ? <em>(and {quote.omitted} more verses: read on in your Bible)</em> : null}
            </p>
          </blockquote>
        );
      })}
    </section>
  );
}

export function PrintCredits({ quotes, source }: { quotes: PrintQuotesView; source?: string }) {
  return (
    <p className="mt-6 hidden border-t pt-2 text-xs print:block" data-print-credits>
      Scripture quotations: {quotes.translationName} ({quotes.translation}), public domain. Cross references from
      OpenBible.info (CC BY). {source ? `${source}. ` : ""}Prepared with Sagacity Bites.
    </p>
  );
}

import { Form, Link, useFetcher } from "@remix-run/react";
import { BookMarked, ExternalLink, Headphones, Newspaper, Quote, Sparkles, Trash2 } from "lucide-react";
import { SpriteIcon } from "~/components/ui/static-icon";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog, ConfirmPanel } from "~/components/confirm-dialog";
import { HiddenFields } from "~/components/forms";
import { AlertDialogAction } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { useErrorToast } from "~/components/use-error-toast";
import { insightPreview, moreInsightsLabel } from "~/modules/library/display";
import { useHydrated } from "~/utils/use-hydrated";
import type { LibraryActionResult, LibraryItem } from "~/components/library/types";

const icons = { book: BookMarked, blog: Newspaper, quote: Quote, audio: Headphones } as const;

/** The icons every card repeats: the page draws them once (IconSprite). */
export const contentCardIcons = [...Object.values(icons), ExternalLink, Sparkles, Trash2];

function storeName(url: string) {
  try {
    const host = new URL(url).hostname;
    if (/(^|\.)openlibrary\.org$/i.test(host)) return "View on Open Library";
    return /(^|\.)amazon\./i.test(host) ? "View on Amazon" : "View in store";
  } catch {
    return "View in store";
  }
}

function BookCover({ src, title }: { src: string | null; title: string }) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // Offline, an external cover can fail before the page is hydrated, when onError is not listening yet.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setBroken(true);
  }, []);
  if (!src || broken) {
    return (
      <div className="flex h-24 w-16 shrink-0 items-center justify-center rounded border bg-muted" aria-hidden="true">
        <SpriteIcon icon={BookMarked} className="size-6 text-muted-foreground" />
      </div>
    );
  }
  return (
    <img
      ref={image}
      src={src}
      alt={`Cover of ${title}`}
      className="h-24 w-16 shrink-0 rounded border object-cover"
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}

/** Where the card's delete asks without scripts (?delete=<id>) and where Cancel goes back to. */
export interface DeleteLinks {
  asking: boolean;
  askHref: string;
  cancelHref: string;
}

/** Without scripts the dialog cannot open: the delete is a link, and the card asks on the page itself. */
function DeleteQuestion({ item, cancelHref }: { item: LibraryItem; cancelHref: string }) {
  return (
    <ConfirmPanel
      title="Delete this item?"
      description={<DeleteWarning title={item.title} />}
      cancelHref={cancelHref}
      size="sm"
      className="p-3"
    >
      <Form method="post" action="/library">
        <HiddenFields fields={{ intent: "delete", id: item.id, redirectTo: cancelHref }} />
        <Button type="submit" variant="destructive" size="sm">
          Delete
        </Button>
      </Form>
    </ConfirmPanel>
  );
}

function DeleteWarning({ title }: { title: string }) {
  return <>&ldquo;{title}&rdquo; will be removed from your library. This cannot be undone.</>;
}

function DeleteButton({ item, links }: { item: LibraryItem; links: DeleteLinks }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<LibraryActionResult>();
  const deleting = fetcher.state !== "idle";
  const result = fetcher.data?.intent === "delete" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result?.ok) return;
    toast({
      id: result.id,
      title: "Deleted from library",
      description: `"${item.title}" was removed from your library`,
    });
  }, [result, item.title]);
  useErrorToast(result, "Failed to update library");
  if (!hydrated) {
    return (
      <Button asChild variant="ghost" size="icon" className="text-muted-foreground hover:text-destructive">
        <Link to={links.askHref} aria-label={`Delete ${item.title}`} preventScrollReset>
          <SpriteIcon icon={Trash2} />
        </Link>
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${item.title}`}
          disabled={deleting}
          className="text-muted-foreground hover:text-destructive"
        >
          <SpriteIcon icon={Trash2} />
        </Button>
      }
      title="Delete this item?"
      description={<DeleteWarning title={item.title} />}
    >
      <AlertDialogAction
        className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
        onClick={() => fetcher.submit({ intent: "delete", id: item.id }, { method: "post", action: "/library" })}
      >
        Delete
      </AlertDialogAction>
    </ConfirmDialog>
  );
}

/** One library item: its label, title (linked to its source), author, excerpt, insights and book. */
export function ContentCard({ item, deleteLinks }: { item: LibraryItem; deleteLinks: DeleteLinks }) {
  const hydrated = useHydrated();
  const Icon = icons[item.contentType];
  const { shown, more } = insightPreview(item.insights);
  const hidden = item.insights.slice(shown.length);
  const [expanded, setExpanded] = useState(false);
  const byline = [item.authorName, item.sourceTitle].filter(Boolean).join(" · ");
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="space-y-2 p-5 pb-3">
        <div className="flex items-center justify-between gap-2">
          <Badge variant="secondary" className="gap-1">
            <SpriteIcon icon={Icon} className="size-3" />
            {item.label}
          </Badge>
          <div className="flex items-center gap-1">
            <span className="text-xs text-muted-foreground">{item.date}</span>
            <DeleteButton item={item} links={deleteLinks} />
          </div>
        </div>
        <h3 className="text-lg font-semibold leading-snug">
          {item.link ? (
            <a
              href={item.link}
              target="_blank"
              rel="noopener noreferrer"
              className="tap-target inline-flex items-start gap-1.5 hover:underline focus-visible:underline"
            >
              {item.title}
              <SpriteIcon icon={ExternalLink} className="mt-1 size-3.5 shrink-0 text-muted-foreground" />
              <span className="sr-only">(opens the source in a new tab)</span>
            </a>
          ) : (
            item.title
          )}
        </h3>
        {byline ? <p className="text-sm text-muted-foreground">{byline}</p> : null}
        {!hydrated && deleteLinks.asking ? <DeleteQuestion item={item} cancelHref={deleteLinks.cancelHref} /> : null}
      </CardHeader>
      <CardContent className="flex-1 space-y-4 p-5 pt-0">
        {item.book ? (
          <div className="flex gap-3 rounded-md bg-muted/50 p-3">
            <BookCover src={item.book.coverUrl} title={item.book.title} />
            <div className="min-w-0 space-y-1">
              <p className="font-medium leading-snug">{item.book.title}</p>
              <a
                href={item.book.amazonUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="tap-target inline-flex items-center gap-1 text-sm text-primary hover:underline"
              >
                {storeName(item.book.amazonUrl)}
                <SpriteIcon icon={ExternalLink} className="size-3" />
              </a>
            </div>
          </div>
        ) : null}
        {item.contentType === "quote" && item.excerpt.kind === "transcript" ? (
          <blockquote className="whitespace-pre-line border-l-4 border-primary/40 pl-3 italic leading-relaxed">
            {item.excerpt.text}
          </blockquote>
        ) : (
          <p className="whitespace-pre-line break-words leading-relaxed text-foreground/90">{item.excerpt.text}</p>
        )}
        {shown.length > 0 ? (
          <div>
            <h4 className="mb-2 text-sm font-semibold">Key Insights</h4>
            <ul className="space-y-1.5 text-sm">
              {shown.map((bite, index) => (
                <li key={index} className="flex gap-2">
                  <SpriteIcon icon={Sparkles} className="mt-0.5 size-3.5 shrink-0 text-primary" />
                  <span>{bite}</span>
                </li>
              ))}
            </ul>
            {expanded && hidden.length > 0 ? (
              <ul className="mt-1.5 space-y-1.5 text-sm">
                {hidden.map((bite, index) => (
                  <li key={index} className="flex gap-2">
                    <SpriteIcon icon={Sparkles} className="mt-0.5 size-3.5 shrink-0 text-primary" />
                    <span>{bite}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {more > 0 ? (
              <button
                type="button"
                className="tap-target mt-2 text-sm font-medium text-primary hover:underline"
                aria-expanded={expanded}
                onClick={() => setExpanded((value) => !value)}
              >
                {expanded ? "Show fewer insights" : moreInsightsLabel(more)}
              </button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { Square, Volume2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { isSpeechSupported, readVerses, stopReading, useSpeaking } from "~/components/accessibility/read-aloud";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * Reads the chapter aloud (the app's Read Aloud, at rate 0.9), following along: the verse being
 * read is marked (`data-reading` on its span, which the text styles) and kept in view. Shown only
 * where the browser can speak, once the page's scripts run.
 */
export function ReadChapterAloud({ verses, title }: { verses: Array<{ verse: number; text: string }>; title: string }) {
  const hydrated = useHydrated();
  const speaking = useSpeaking();
  const reading = useRef<HTMLElement | null>(null);
  // Leaving the chapter stops the reading (and its marks).
  useEffect(() => () => stopReading(), [title]);
  if (!hydrated || !isSpeechSupported()) return null;

  const follow = (id: string | null) => {
    reading.current?.removeAttribute("data-reading");
    reading.current = id ? document.getElementById(id) : null;
    if (!reading.current) return;
    reading.current.setAttribute("data-reading", "true");
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    reading.current.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  };
  const start = () =>
    readVerses(
      verses.map(({ verse, text }) => ({ id: `v${verse}`, text })),
      follow,
    );

  return speaking ? (
    <Button type="button" variant="outline" size="sm" onClick={stopReading}>
      <Square aria-hidden="true" />
      Stop reading
    </Button>
  ) : (
    <Button type="button" variant="outline" size="sm" onClick={start} aria-label={`Read ${title} aloud`}>
      <Volume2 aria-hidden="true" />
      Read aloud
    </Button>
  );
}

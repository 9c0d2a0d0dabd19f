import type { ReactNode } from "react";
import { BookMarked } from "lucide-react";
import { AccessibilityPanel } from "~/components/accessibility/accessibility-panel";

/** The centred, branded frame of the pages a visitor sees outside the app (sign-in pages, invite links). */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    // Outside the app there is no top bar to hold the accessibility button on phones: there it sits
    // at the top of the page and scrolls away with it, rather than floating over the card (tailwind.css).
    <div data-auth-frame="" className="relative">
      <main
        id="main-content"
        className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-secondary/60 to-background px-4 py-10"
      >
        <div className="mb-6 flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <BookMarked className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-xl font-semibold leading-tight">Sagacity Bites</p>
            <p className="text-sm text-muted-foreground">Discipleship Tools</p>
          </div>
        </div>
        {children}
      </main>
      <AccessibilityPanel />
    </div>
  );
}

import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";

/**
 * Registers the service worker and tells the reader when they are offline: pages they have
 * opened before still work (served by the service worker), but nothing can be saved.
 */
export function OfflineSupport() {
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/service-worker.js").catch(() => {
        // Offline support is an extra; the app works without it.
      });
    }
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  if (!offline) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-0 z-[150] flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-sm font-medium text-background"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <span>You are offline. Pages you opened before still work; changes cannot be saved until you reconnect.</span>
    </div>
  );
}

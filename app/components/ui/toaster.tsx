import { useToasts } from "~/components/ui/use-toast";
import { useLazyModule } from "~/utils/lazy";

const loadToasts = () => import("./toasts");

/**
 * Mounted once in the root. The Radix toast code comes after the page is up (while the browser
 * is idle), or at once if a toast is raised before then; the toast then shows as soon as it is here.
 */
export function Toaster() {
  const toasts = useToasts();
  const module = useLazyModule(loadToasts, toasts.length > 0 ? "now" : "idle");
  return module ? <module.Toasts /> : null;
}

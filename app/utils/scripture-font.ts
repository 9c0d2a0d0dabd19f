import literataRegular from "@fontsource/literata/files/literata-latin-400-normal.woff2";
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { whenIdle } from "./lazy";

let requested = false;

/**
 * Scripture's regular face is `font-display: optional` in styles/fonts.css, so Today's passage is
 * painted once (see there). The price of "optional": a face that is not there within about 100 ms of
 * the text first needing it is never used in that document, not even once it has arrived, and this
 * app's document lives for the whole visit (pages change without reloading). So on a first visit
 * over a slow connection, Scripture would keep the fallback serif until a reload.
 *
 * Once the page is up and the browser is idle, the same file is added again as a "swap" face (it
 * comes from the cache, or the network once): where the CSS face was in time nothing changes;
 * where it was not, Scripture takes Literata then, and every page after keeps it.
 */
export function useScriptureFont() {
  const { pathname } = useLocation();
  useEffect(
    () =>
      whenIdle(() => {
        if (requested || typeof FontFace === "undefined") return;
        requested = true;
        const face = new FontFace("Literata", `url(${literataRegular}) format("woff2")`, {
          weight: "400",
          style: "normal",
          display: "swap",
        });
        face.load().then(
          (loaded) => document.fonts.add(loaded),
          // Offline and never cached: the fallback serif stays, and the next page tries again.
          () => {
            requested = false;
          },
        );
      }),
    [pathname],
  );
}

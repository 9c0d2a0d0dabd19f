/** Texts the app ships (public domain) and how the settings' choices map onto them. */
export const shippedTranslationNames = {
  BSB: "Berean Standard Bible",
  WEB: "World English Bible",
  KJV: "King James Version",
} as const;

export type ShippedTranslationCode = keyof typeof shippedTranslationNames;

export interface TranslationChoice {
  /** What the user or the settings asked for: NKJV, NIV, ESV, KJV, BSB, WEB. */
  requested: string;
  /** What is actually shown, and labelled. */
  shown: ShippedTranslationCode;
  shownName: string;
  /** Set when the requested translation is not shipped: says what is shown instead. */
  note?: string;
}

/**
 * NKJV, NIV and ESV are copyrighted and cannot ship offline: their text is replaced by the
 * Berean Standard Bible, a modern public-domain translation, and labelled as such.
 */
export function resolveTranslation(requested: string | null | undefined): TranslationChoice {
  const code = (requested ?? "").trim().toUpperCase();
  if (code === "KJV" || code === "BSB" || code === "WEB") {
    return { requested: code, shown: code, shownName: shippedTranslationNames[code] };
  }
  const asked = code || "BSB";
  return {
    requested: asked,
    shown: "BSB",
    shownName: shippedTranslationNames.BSB,
    note:
      asked === "BSB"
        ? undefined
        : `${asked} is not available offline, so Scripture is quoted from the ${shippedTranslationNames.BSB} (BSB).`,
  };
}

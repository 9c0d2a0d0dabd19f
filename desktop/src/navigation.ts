/** Where a URL may go: the app's own server stays in the window, the web opens in the browser. */

export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function isAppUrl(url: string, appOrigin: string | null): boolean {
  return appOrigin !== null && originOf(url) === appOrigin;
}

const EXTERNAL_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * The URL to hand to the system browser, or null when it must not leave the app at all
 * (file:, javascript:, custom protocols that could launch other programs).
 */
export function externalUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return EXTERNAL_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** SPEC §9: the title of content whose page has no title of its own and none was given. */
export const DEFAULT_CONTENT_TITLE = "Untitled Content";

/** youtube.com (any subdomain), youtu.be and youtube-nocookie.com. */
export function isYouTubeHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return (
    host === "youtube.com" ||
    host.endsWith(".youtube.com") ||
    host === "youtu.be" ||
    host === "www.youtu.be" ||
    host === "youtube-nocookie.com" ||
    host.endsWith(".youtube-nocookie.com")
  );
}

/** SPEC §7: audio for YouTube links, blog for everything else. */
export function contentTypeForUrl(url: string): "audio" | "blog" {
  try {
    return isYouTubeHost(new URL(url.trim()).hostname) ? "audio" : "blog";
  } catch {
    return "blog";
  }
}

import {
  fetchTranscript,
  YoutubeTranscriptDisabledError,
  YoutubeTranscriptError,
  YoutubeTranscriptNotAvailableError,
  YoutubeTranscriptTooManyRequestError,
  YoutubeTranscriptVideoUnavailableError,
} from "youtube-transcript";
import { getConfig } from "~/config.server";
import { AppError } from "~/utils/errors";
import {
  FetchFailedError,
  FetchTimeoutError,
  InvalidUrlError,
  PageNotFoundError,
  UnprocessableContentError,
} from "./errors";
import { guardedFetch, MAX_CONTENT_BYTES } from "./fetch.server";
import { isYouTubeHost } from "./urls";

export interface VideoTranscript {
  videoId: string;
  title: string | null;
  channel: string | null;
  text: string;
}

const VIDEO_ID = /^[\w-]{11}$/;

/** The video id of a YouTube link (watch, youtu.be, shorts, embed, live), or null. */
export function youTubeVideoId(url: URL): string | null {
  if (!isYouTubeHost(url.hostname)) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate: string | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = segments[0];
  } else if (segments[0] === "watch") {
    candidate = url.searchParams.get("v") ?? undefined;
  } else if (["shorts", "embed", "live", "v", "e"].includes(segments[0] ?? "")) {
    candidate = segments[1];
  } else {
    candidate = url.searchParams.get("v") ?? undefined;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** Where YouTube's own addresses are sent: YOUTUBE_BASE_URL when set (a proxy, or a fake in tests). */
function toConfiguredHost(input: URL): URL {
  const base = getConfig().YOUTUBE_BASE_URL;
  if (!base || !isYouTubeHost(input.hostname)) return input;
  const target = new URL(base);
  const prefix = target.pathname.replace(/\/$/, "");
  return new URL(`${prefix}${input.pathname}${input.search}`, target);
}

function headersOf(raw: Record<string, string | string[] | undefined>) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || name === "content-encoding" || name === "content-length") continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/**
 * The `fetch` the transcript library uses: the same guarded, time- and size-limited HTTP client as
 * every other fetch of ours, pointed at the configured YouTube host.
 */
function transcriptFetch(signal: AbortSignal): typeof fetch {
  const base = getConfig().YOUTUBE_BASE_URL;
  const trustedOrigins = base ? [new URL(base).origin] : undefined;
  return (async (input: string | URL | Request, init?: globalThis.RequestInit) => {
    const url = toConfiguredHost(new URL(input instanceof Request ? input.url : String(input)));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await guardedFetch(
      url,
      { method: init?.method ?? "GET", headers, body: typeof init?.body === "string" ? init.body : undefined },
      // The host is YouTube's (or one the operator configured, which may be private), never the
      // user's choice; wherever it redirects is checked like any user-supplied address.
      { signal, maxBytes: MAX_CONTENT_BYTES, trustedOrigins },
    );
    const empty = answer.status === 204 || answer.status === 304;
    // What youtube-transcript's fetch hook must return, not an answer of ours.
    // eslint-disable-next-line no-restricted-syntax
    return new Response(empty ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: headersOf(answer.headers),
    });
  }) as typeof fetch;
}

async function videoDetails(videoId: string, fetcher: typeof fetch) {
  try {
    const watchUrl = `https://www.youtube.com/watch?v=${videoId}`;
    const response = await fetcher(`https://www.youtube.com/oembed?url=${encodeURIComponent(watchUrl)}&format=json`);
    if (!response.ok) return { title: null, channel: null };
    const details = (await response.json()) as { title?: unknown; author_name?: unknown };
    return {
      title: typeof details.title === "string" && details.title.trim() ? details.title.trim() : null,
      channel:
        typeof details.author_name === "string" && details.author_name.trim() ? details.author_name.trim() : null,
    };
  } catch (error) {
    // The title is a nicety; a video whose details cannot be read is still summarized.
    if (error instanceof FetchTimeoutError) throw error;
    return { title: null, channel: null };
  }
}

/** Caption lines to running text: sound cues ("[Music]") and speaker marks (">>") dropped. */
export function captionsToText(lines: string[]): string {
  return lines
    .map((line) =>
      line
        .replace(/\[[^\]]{1,40}\]|\([A-Za-z ]{1,20}\)|♪+/g, " ")
        .replace(/^\s*(>>|-)\s*/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean)
    .join(" ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .trim();
}

const NO_CAPTIONS =
  "This video has no captions, so there is nothing to summarize. Try a video with captions or a blog article.";

function translateError(error: unknown): Error {
  if (error instanceof AppError) return error;
  if (error instanceof YoutubeTranscriptVideoUnavailableError) {
    return new PageNotFoundError("That YouTube video is unavailable (it may be private or removed).");
  }
  if (error instanceof YoutubeTranscriptDisabledError || error instanceof YoutubeTranscriptNotAvailableError) {
    return new UnprocessableContentError(NO_CAPTIONS);
  }
  if (error instanceof YoutubeTranscriptTooManyRequestError) {
    return new FetchFailedError("YouTube is limiting requests from this server right now. Please try again later.");
  }
  if (error instanceof YoutubeTranscriptError) {
    return new FetchFailedError("We couldn't read this video's captions from YouTube. Please try again later.");
  }
  return new FetchFailedError("We couldn't reach YouTube. Please try again later.");
}

/** A video's captions as text, with its title and channel. A video without captions is an error. */
export async function fetchYouTubeTranscript(
  url: URL,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VideoTranscript> {
  const videoId = youTubeVideoId(url);
  if (!videoId) throw new InvalidUrlError("That YouTube link doesn't point to a video. Use a link to a single video.");
  const timeoutMs = getConfig().CONTENT_FETCH_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const fetcher = transcriptFetch(combined);
  try {
    const [segments, details] = await Promise.all([
      fetchTranscript(videoId, { fetch: fetcher }),
      videoDetails(videoId, fetcher),
    ]);
    const text = captionsToText(segments.map((segment) => segment.text));
    if (!text) {
      throw new UnprocessableContentError(NO_CAPTIONS);
    }
    return { videoId, title: details.title, channel: details.channel, text };
  } catch (error) {
    if (deadline.aborted) {
      throw new FetchTimeoutError("YouTube", timeoutMs);
    }
    throw translateError(error);
  }
}

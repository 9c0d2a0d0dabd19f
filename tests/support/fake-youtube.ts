import http from "node:http";
import { listenOnLoopback } from "./loopback";

/**
 * A stand-in for YouTube's servers on 127.0.0.1 (there is no internet here): it answers the calls
 * the transcript library makes (the InnerTube player API, the watch page, the caption track) and
 * oEmbed, the way YouTube does. The app reaches it through YOUTUBE_BASE_URL; nothing of ours is mocked.
 */
export interface FakeVideo {
  title: string;
  channel: string;
  /** Caption lines; none means the video has no captions. */
  captions?: string[];
  /** The video is private or removed. */
  unavailable?: boolean;
}

export interface FakeYouTube {
  baseUrl: string;
  requests: Array<{ method: string; path: string }>;
  videos: Map<string, FakeVideo>;
  close: () => Promise<void>;
}

function escapeXml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/'/g, "&#39;")
    .replace(/"/g, "&quot;");
}

function playerResponse(id: string, video: FakeVideo | undefined) {
  if (!video || video.unavailable) {
    return { playabilityStatus: { status: "ERROR", reason: "Video unavailable" } };
  }
  const response: Record<string, unknown> = {
    playabilityStatus: { status: "OK" },
    videoDetails: { videoId: id, title: video.title, author: video.channel },
  };
  if (video.captions?.length) {
    response.captions = {
      playerCaptionsTracklistRenderer: {
        captionTracks: [
          {
            // YouTube hands out absolute caption URLs on its own host.
            baseUrl: `https://www.youtube.com/api/timedtext?v=${id}&lang=en&fmt=srv3`,
            name: { simpleText: "English" },
            languageCode: "en",
            kind: "asr",
          },
        ],
      },
    };
  }
  return response;
}

export async function startFakeYouTube(): Promise<FakeYouTube> {
  const requests: FakeYouTube["requests"] = [];
  const videos = new Map<string, FakeVideo>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.youtube");
    requests.push({ method: req.method ?? "GET", path: url.pathname + url.search });
    let body = "";
    for await (const chunk of req) body += chunk;
    const json = (value: unknown, status = 200) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === "/youtubei/v1/player" && req.method === "POST") {
      const { videoId } = JSON.parse(body || "{}") as { videoId?: string };
      return json(playerResponse(videoId ?? "", videos.get(videoId ?? "")));
    }
    if (url.pathname === "/watch") {
      const id = url.searchParams.get("v") ?? "";
      const video = videos.get(id);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      if (!video || video.unavailable)
        return res.end("<!doctype html><html><body><p>This video isn't available anymore</p></body></html>");
      return res.end(
        `<!doctype html><html><head><title>${escapeXml(video.title)} - YouTube</title></head><body><script>var ytInitialPlayerResponse = ${JSON.stringify(playerResponse(id, video))};</script></body></html>`,
      );
    }
    if (url.pathname === "/api/timedtext") {
      const video = videos.get(url.searchParams.get("v") ?? "");
      if (!video?.captions?.length) return json({}, 404);
      const lines = video.captions
        .map((line, index) => `<p t="${index * 4000}" d="3900"><s>${escapeXml(line)}</s></p>`)
        .join("");
      res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
      return res.end(`<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>${lines}</body></timedtext>`);
    }
    if (url.pathname === "/oembed") {
      const watch = new URL(url.searchParams.get("url") ?? "", "https://www.youtube.com");
      const video = videos.get(watch.searchParams.get("v") ?? "");
      if (!video || video.unavailable) return json({ error: "Not Found" }, 404);
      return json({ title: video.title, author_name: video.channel, type: "video", provider_name: "YouTube" });
    }
    return json({ error: "not found" }, 404);
  });
  const { url, close } = await listenOnLoopback(server);
  return { baseUrl: url, requests, videos, close };
}

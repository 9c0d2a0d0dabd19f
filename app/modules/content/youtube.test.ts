import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { autoCaptions, sermonCaptions } from "../../../tests/fixtures/captions";
import { startFakeYouTube, type FakeYouTube } from "../../../tests/support/fake-youtube";
import { resetConfig } from "~/config.server";
import { AppError } from "~/utils/errors";
import { contentTypeForUrl, isYouTubeHost } from "./urls";
import { captionsToText, fetchYouTubeTranscript, youTubeVideoId } from "./youtube.server";

let youtube: FakeYouTube;

before(async () => {
  youtube = await startFakeYouTube();
  youtube.videos.set("prodigal001", {
    title: "The Prodigal Son | Sunday Sermon",
    channel: "Grace Church",
    captions: sermonCaptions,
  });
  youtube.videos.set("autocaps001", { title: "Learning to Pray", channel: "Hope Chapel", captions: autoCaptions });
  youtube.videos.set("nocaptions1", { title: "Worship Night", channel: "Grace Church" });
  youtube.videos.set("private0001", { title: "Private", channel: "Grace Church", unavailable: true });
  process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
  process.env.ALLOW_PRIVATE_URLS = "false";
  process.env.CONTENT_FETCH_TIMEOUT_MS = "5000";
  resetConfig();
});
after(async () => {
  delete process.env.YOUTUBE_BASE_URL;
  resetConfig();
  await youtube.close();
});
beforeEach(() => {
  youtube.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    return error;
  }
  assert.fail("expected a failure");
}

describe("YouTube links", () => {
  test("the video id comes from every common link form", () => {
    const cases: Array<[string, string | null]> = [
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123", "dQw4w9WgXcQ"],
      ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"],
      ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://www.youtube.com/live/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
      ["https://www.youtube.com/@gracechurch", null],
      ["https://www.youtube.com/watch?v=short", null],
      ["https://example.com/watch?v=dQw4w9WgXcQ", null],
    ];
    for (const [url, id] of cases) assert.equal(youTubeVideoId(new URL(url)), id, url);
  });

  test("YouTube hosts make audio content, everything else a blog post", () => {
    assert.equal(contentTypeForUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ"), "audio");
    assert.equal(contentTypeForUrl("https://youtu.be/dQw4w9WgXcQ"), "audio");
    assert.equal(contentTypeForUrl("https://blog.example.com/youtube.com-tips"), "blog");
    assert.equal(isYouTubeHost("notyoutube.com"), false);
  });

  test("captions become running text without sound cues or speaker marks", () => {
    assert.equal(
      captionsToText(["[Music]", ">> Hello there ,", "friends . [Applause]", "♪ ♪"]),
      "Hello there, friends.",
    );
  });
});

describe("fetchYouTubeTranscript (YouTube's HTTP calls answered by a local stand-in)", () => {
  test("reads the captions, the title and the channel", async () => {
    const video = await fetchYouTubeTranscript(new URL("https://youtu.be/prodigal001"));
    assert.equal(video.videoId, "prodigal001");
    assert.equal(video.title, "The Prodigal Son | Sunday Sermon");
    assert.equal(video.channel, "Grace Church");
    assert.match(video.text, /^Good morning, church\. Today we are looking at the parable/);
    assert.match(video.text, /the father is still running toward you\./);
    assert.ok(!/\[Music\]|>>/.test(video.text));
    const paths = youtube.requests.map((request) => request.path);
    assert.ok(
      paths.some((path) => path.startsWith("/youtubei/v1/player")),
      "asked the player API",
    );
    assert.ok(
      paths.some((path) => path.startsWith("/api/timedtext?v=prodigal001")),
      "read the caption track",
    );
    assert.ok(
      paths.some((path) => path.startsWith("/oembed")),
      "read the title",
    );
  });

  test("a video without captions is a clear error", async () => {
    const error = await failure(fetchYouTubeTranscript(new URL("https://www.youtube.com/watch?v=nocaptions1")));
    assert.equal(error.status, 422);
    assert.match(error.message, /no captions/);
  });

  test("an unavailable video is not found", async () => {
    const error = await failure(fetchYouTubeTranscript(new URL("https://www.youtube.com/watch?v=private0001")));
    assert.equal(error.status, 404);
    assert.match(error.message, /unavailable/);
  });

  test("a link that is not a video is refused before any request", async () => {
    const error = await failure(fetchYouTubeTranscript(new URL("https://www.youtube.com/@gracechurch")));
    assert.equal(error.status, 400);
    assert.equal(youtube.requests.length, 0);
  });

  test("a YouTube that does not answer in time is a timeout", async () => {
    const silent = await import("node:http").then(({ default: http }) => http.createServer(() => {}));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    process.env.YOUTUBE_BASE_URL = `http://127.0.0.1:${port}`;
    process.env.CONTENT_FETCH_TIMEOUT_MS = "600";
    resetConfig();
    try {
      const error = await failure(fetchYouTubeTranscript(new URL("https://youtu.be/prodigal001")));
      assert.equal(error.status, 408);
    } finally {
      process.env.YOUTUBE_BASE_URL = youtube.baseUrl;
      process.env.CONTENT_FETCH_TIMEOUT_MS = "5000";
      resetConfig();
      silent.closeAllConnections();
      silent.close();
    }
  });
});

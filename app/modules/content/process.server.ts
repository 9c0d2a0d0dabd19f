import { getAiProvider } from "~/modules/ai/index.server";
import { getAiSettings } from "~/modules/ai/settings.server";
import { assertRoomForLibraryItem, insertLibraryItem } from "~/modules/library/items.server";
import { runTask } from "~/server/pool.server";
import { AiError } from "~/utils/errors";
import { UnprocessableContentError } from "./errors";
import { extractDocumentTask } from "./extract.server";
import { fetchDocument, parsePublicUrl } from "./fetch.server";
import type { ProcessUrlInput } from "./schemas";
import { capTranscript } from "./transcript";
import { DEFAULT_CONTENT_TITLE, isYouTubeHost } from "./urls";
import { fetchYouTubeTranscript } from "./youtube.server";

/** SPEC §3 "processed content result": what the page and the API show after processing. */
export interface ProcessedContent {
  id: string;
  title: string;
  summary: string;
  learningBites: string[];
}

interface SourceText {
  title: string | null;
  author: string | null;
  siteName: string | null;
  text: string;
  /** Where the content really lives (after redirects; the canonical watch page for videos). */
  sourceUrl: string;
  youtube: boolean;
}

async function readSource(url: URL, signal?: AbortSignal): Promise<SourceText> {
  if (isYouTubeHost(url.hostname)) {
    const video = await fetchYouTubeTranscript(url, { signal });
    return {
      title: video.title,
      author: video.channel,
      siteName: "YouTube",
      text: video.text,
      sourceUrl: `https://www.youtube.com/watch?v=${video.videoId}`,
      youtube: true,
    };
  }
  const document = await fetchDocument(url.toString(), { signal });
  // Parsing a hostile page can take seconds: it runs in the worker pool, with a time limit.
  const article = await runTask(extractDocumentTask, { kind: document.kind, text: document.text }, { signal });
  return {
    title: article.title,
    author: article.byline,
    siteName: article.siteName,
    text: article.text,
    sourceUrl: document.url,
    youtube: false,
  };
}

/**
 * Turns a URL into library content: fetch it safely, extract the article or the video's captions,
 * ask the AI provider for a summary and learning bites, then save everything in one transaction.
 * Nothing is written unless every step succeeded.
 */
export async function processUrl(
  userId: string,
  input: ProcessUrlInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProcessedContent> {
  const url = parsePublicUrl(input.url);
  assertRoomForLibraryItem(userId);
  const source = await readSource(url, signal);
  // Some pages carry whole paragraphs in their <title>; a title stays a title.
  const pageTitle = source.title ? source.title.slice(0, 200).trim() : null;
  const title = input.title ?? (pageTitle || DEFAULT_CONTENT_TITLE);
  const text = capTranscript(source.text);
  const provider = getAiProvider();
  const summary = await provider.summarize({ title, text, settings: getAiSettings() }, { signal });
  const learningBites = summary.learningBites.map((bite) => bite.trim()).filter(Boolean);
  if (!summary.summary.trim() || learningBites.length < 3 || learningBites.length > 7) {
    throw new AiError("The AI provider returned an answer we could not use. Please try again.");
  }
  if (signal?.aborted) throw new UnprocessableContentError("The request was cancelled.");
  const item = insertLibraryItem(userId, {
    title,
    url: url.toString(),
    transcript: text,
    contentType: source.youtube ? "audio" : (input.contentType ?? "blog"),
    source: source.sourceUrl,
    sourceTitle: source.siteName,
    authorName: source.author,
    aiSummary: summary.summary.trim(),
    aiLearningBites: learningBites,
    aiProvider: provider.name,
    aiModel: provider.model,
  });
  return { id: item.id, title: item.title, summary: item.aiSummary ?? "", learningBites };
}

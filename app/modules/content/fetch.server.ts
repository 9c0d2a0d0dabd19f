import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import zlib from "node:zlib";
import { getConfig } from "~/config.server";
import { blockedAddressReason, ipLiteral } from "./addresses.server";
import {
  BlockedUrlError,
  ContentTooLargeError,
  FetchFailedError,
  FetchTimeoutError,
  InvalidUrlError,
  PageNotFoundError,
  UnprocessableContentError,
} from "./errors";

export const MAX_CONTENT_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

const USER_AGENT = "Mozilla/5.0 (compatible; SagacityBites/1.0; study-content reader)";

/** dns.lookup's shape with `all: true`, injectable so tests can resolve names their own way. */
export type ResolveAll = (hostname: string, family: number) => Promise<Array<{ address: string; family: number }>>;

// "example.com." and "example.com" are the same name; not every resolver accepts the first.
const systemResolveAll: ResolveAll = (hostname, family) =>
  dns.promises.lookup(hostname.replace(/\.$/, ""), { all: true, family, verbatim: true });

/** localhost and *.localhost always mean this machine (RFC 6761), whatever DNS says. */
function isLocalhostName(hostname: string) {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

export type AddressPolicy = (address: string) => string | null;

export interface FetchOptions {
  /** Lift the private-address check for every hop (ALLOW_PRIVATE_URLS). */
  allowPrivate?: boolean;
  /**
   * Origins the operator configured (YOUTUBE_BASE_URL) that may be private; only hops to exactly
   * these origins skip the check, so such a host cannot redirect a fetch into the private network.
   */
  trustedOrigins?: string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  resolveAll?: ResolveAll;
  /** Why an address is refused (null to allow it); tests stand a loopback address in for the internet. */
  addressPolicy?: AddressPolicy;
  /** Called with the final answer's headers before its body is read; throw to refuse it. */
  inspect?: (answer: { status: number; headers: http.IncomingHttpHeaders; url: URL }) => void;
}

export interface FetchedResponse {
  /** The URL that answered, after redirects. */
  url: URL;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

class LookupRefusedError extends Error {
  constructor(
    readonly reason: string,
    readonly hostname: string,
  ) {
    super(`refused ${hostname}: ${reason}`);
  }
}

function blockedMessage(host: string, reason: string) {
  return `This address can't be processed: ${host} points to ${reason}. Only public websites can be used.`;
}

/** The URL a user typed, checked for its scheme and shape (not yet for where it points). */
export function parsePublicUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new InvalidUrlError();
  }
  checkUrlShape(url);
  return url;
}

function checkUrlShape(url: URL) {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new InvalidUrlError("Only web addresses starting with http:// or https:// can be processed.");
  }
  if (url.username || url.password) {
    throw new InvalidUrlError("Web addresses with a user name or password can't be processed.");
  }
  if (!url.hostname) throw new InvalidUrlError();
}

/**
 * A `lookup` for sockets that resolves every address of a name and refuses the connection when any
 * of them is private. The socket connects to an address this function checked, so a name cannot
 * resolve to a public address for a check and a private one for the connection (DNS rebinding).
 */
export function guardedLookup(
  resolveAll: ResolveAll,
  allowPrivate: boolean,
  policy: AddressPolicy = blockedAddressReason,
): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, options.family === 4 || options.family === 6 ? options.family : 0).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "", 4);
          return;
        }
        if (!allowPrivate) {
          for (const { address } of addresses) {
            const reason = policy(address);
            if (reason) {
              callback(new LookupRefusedError(reason, hostname) as NodeJS.ErrnoException, "", 4);
              return;
            }
          }
        }
        if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
}

function notFoundHost(hostname: string) {
  return new FetchFailedError(`We couldn't find the website "${hostname}". Check the address and try again.`);
}

function connectionError(error: NodeJS.ErrnoException, url: URL): Error {
  if (error instanceof LookupRefusedError) {
    return new BlockedUrlError(blockedMessage(error.hostname, error.reason));
  }
  const host = url.hostname;
  const code = error.code ?? "";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA" || code === "EAI_NONAME") {
    return notFoundHost(host);
  }
  if (code === "ECONNREFUSED") return new FetchFailedError(`The website ${host} refused the connection.`);
  if (code === "ECONNRESET" || code === "EPIPE" || /socket hang up/i.test(error.message)) {
    return new FetchFailedError(`The connection to ${host} was interrupted. Please try again.`);
  }
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) {
    return new FetchFailedError(`The website ${host} has an invalid security certificate.`);
  }
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH")
    return new FetchFailedError(`The website ${host} can't be reached.`);
  return new FetchFailedError(`We couldn't reach ${host}. Please check the address and try again.`);
}

function isRedirect(status: number) {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function send(url: URL, init: RequestInit, lookup: LookupFunction, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method: init.method ?? "GET",
      headers: {
        "user-agent": USER_AGENT,
        accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
        "accept-language": "en",
        "accept-encoding": "gzip, deflate, br",
        ...init.headers,
      },
      // A fresh connection per request: a pooled socket could belong to a different address.
      agent: false,
      lookup,
      signal,
    });
    request.once("response", resolve);
    request.once("error", (error: NodeJS.ErrnoException) => reject(error));
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}

function decoderFor(response: http.IncomingMessage): NodeJS.ReadableStream {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  // pipe() does not forward errors: an aborted download must end the decoder too.
  response.once("error", (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

function tooLarge(maxBytes: number) {
  const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new ContentTooLargeError(`That page is too large to process (over ${megabytes} MB).`);
}

async function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  const encoded = response.headers["content-encoding"];
  if (!encoded && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const stream = decoderFor(response);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        response.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    response.destroy();
    if ((error as NodeJS.ErrnoException).code?.startsWith("Z_")) {
      throw new FetchFailedError("The website sent a damaged (badly compressed) answer.");
    }
    throw error;
  }
  return Buffer.concat(chunks);
}

/**
 * One HTTP exchange with a user-supplied URL, safely: http(s) only, every address of every hop
 * checked at connect time, at most `maxRedirects` redirects (each re-checked), an overall
 * deadline, and a size cap enforced while streaming. Any HTTP status is returned.
 */
export async function guardedFetch(
  input: string | URL,
  init: RequestInit = {},
  options: FetchOptions = {},
): Promise<FetchedResponse> {
  const config = getConfig();
  const allowPrivate = options.allowPrivate ?? config.ALLOW_PRIVATE_URLS;
  const timeoutMs = options.timeoutMs ?? config.CONTENT_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_CONTENT_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const policy = options.addressPolicy ?? blockedAddressReason;
  const trustedOrigins = new Set(options.trustedOrigins ?? []);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onOuterAbort, { once: true });

  let url = typeof input === "string" ? parsePublicUrl(input) : input;
  let currentInit = init;
  try {
    for (let hop = 0; ; hop += 1) {
      checkUrlShape(url);
      const hopAllowsPrivate = allowPrivate || trustedOrigins.has(url.origin);
      if (!hopAllowsPrivate && isLocalhostName(url.hostname)) {
        throw new BlockedUrlError(blockedMessage(url.hostname, "the server itself (loopback)"));
      }
      const literal = ipLiteral(url.hostname);
      if (literal && !hopAllowsPrivate) {
        // Sockets skip `lookup` for literal addresses, so they are checked here.
        const reason = policy(literal);
        if (reason) throw new BlockedUrlError(blockedMessage(url.hostname, reason));
      }
      let response: http.IncomingMessage;
      try {
        const lookup = guardedLookup(options.resolveAll ?? systemResolveAll, hopAllowsPrivate, policy);
        response = await send(url, currentInit, lookup, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) throw error;
        throw connectionError(error as NodeJS.ErrnoException, url);
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (isRedirect(status) && location) {
        response.resume();
        if (hop >= maxRedirects) {
          throw new FetchFailedError(`That page redirects too many times (more than ${maxRedirects}).`);
        }
        try {
          url = new URL(location, url);
        } catch {
          throw new FetchFailedError("That page redirects to an invalid address.");
        }
        if (status === 303 || ((status === 301 || status === 302) && currentInit.method === "POST")) {
          currentInit = { headers: currentInit.headers };
        }
        continue;
      }
      try {
        options.inspect?.({ status, headers: response.headers, url });
      } catch (error) {
        response.destroy();
        throw error;
      }
      const body = await readBody(response, maxBytes);
      return { url, status, headers: response.headers, body };
    }
  } catch (error) {
    if (timedOut) {
      throw new FetchTimeoutError("The website", timeoutMs);
    }
    if (options.signal?.aborted) throw new FetchFailedError("The request was cancelled.");
    if (
      error instanceof Error &&
      (error.name === "AbortError" || (error as NodeJS.ErrnoException).code === "ABORT_ERR")
    ) {
      throw new FetchFailedError("The request was cancelled.");
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onOuterAbort);
  }
}

export type DocumentKind = "html" | "text";

export interface FetchedDocument {
  /** The URL that answered, after redirects. */
  url: string;
  kind: DocumentKind;
  /** The decoded text of the page. */
  text: string;
}

function mediaType(headers: http.IncomingHttpHeaders) {
  const raw = String(headers["content-type"] ?? "");
  const [type = "", ...params] = raw.split(";");
  const charset = params.map((param) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(param)?.[1]).find(Boolean);
  return { type: type.trim().toLowerCase(), charset };
}

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

function kindOf(type: string): DocumentKind | null {
  if (HTML_TYPES.has(type)) return "html";
  if (type === "text/plain") return "text";
  return null;
}

function describeType(type: string) {
  if (type === "application/pdf") return "a PDF file";
  if (type.startsWith("image/")) return "an image";
  if (type.startsWith("audio/")) return "an audio file";
  if (type.startsWith("video/")) return "a video file";
  if (type === "application/json") return "JSON data";
  if (type.includes("xml")) return "an XML feed or file";
  return `a file of type ${type}`;
}

function decode(body: Buffer, kind: DocumentKind, headerCharset: string | undefined) {
  let label = headerCharset;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) label = "utf-8";
  if (!label && kind === "html") {
    const head = body.subarray(0, 4096).toString("latin1");
    label =
      /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1] ??
      /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(label ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

function looksLikeHtml(body: Buffer) {
  const start = body.subarray(0, 1024).toString("latin1").trimStart().toLowerCase();
  return start.startsWith("<!doctype html") || start.startsWith("<html") || /<(head|body|article|p)[\s>]/.test(start);
}

/**
 * Fetches a page a user asked to process: an HTML page or plain text, with a clear error for
 * each way it can fail (not found, an error status, not an article, too large, too slow, blocked).
 */
export async function fetchDocument(input: string, options: FetchOptions = {}): Promise<FetchedDocument> {
  let kind: DocumentKind | null = null;
  let charset: string | undefined;
  let sniff = false;
  const answer = await guardedFetch(
    input,
    {},
    {
      ...options,
      inspect: ({ status, headers }) => {
        if (status === 404 || status === 410) {
          throw new PageNotFoundError(`That page was not found (HTTP ${status}). Check the address and try again.`);
        }
        if (status === 401 || status === 403) {
          throw new FetchFailedError(`That page is not public (HTTP ${status}): the website refused to share it.`);
        }
        if (status === 429) {
          throw new FetchFailedError("That website is limiting requests right now (HTTP 429). Please try again later.");
        }
        if (status >= 400 || status < 200) {
          throw new FetchFailedError(`The website answered with an error (HTTP ${status}). Please try again later.`);
        }
        if (status === 204) throw new UnprocessableContentError("That page is empty: there is nothing to summarize.");
        const media = mediaType(headers);
        charset = media.charset;
        if (!media.type) {
          sniff = true;
          return;
        }
        kind = kindOf(media.type);
        if (!kind) {
          throw new UnprocessableContentError(
            `That link is ${describeType(media.type)}, not an article. Use a link to a blog post or a video with captions.`,
          );
        }
      },
    },
  );
  if (sniff) {
    kind = looksLikeHtml(answer.body) ? "html" : null;
    if (!kind) {
      throw new UnprocessableContentError(
        "That link is not a web page we can read. Use a link to a blog post or a video with captions.",
      );
    }
  }
  const resolvedKind = kind as DocumentKind | null;
  if (!resolvedKind) throw new UnprocessableContentError("That page could not be read.");
  return { url: answer.url.toString(), kind: resolvedKind, text: decode(answer.body, resolvedKind, charset) };
}

import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { errorResponse } from "~/utils/api.server";
import { ReplicaWriteError } from "~/utils/errors";
import { NonceProvider } from "~/utils/nonce";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * A loader that needed a write on a read-only replica (a devotional not yet cached): Remix reports
 * the error here before rendering, and the page is answered as the API would be (fly-replay to the
 * primary) instead of with an error page. Keyed by the request, which handleRequest and
 * handleDataRequest receive too.
 */
const replayedOnPrimary = new WeakMap<Request, ReplicaWriteError>();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const replay = replayedOnPrimary.get(request);
  if (replay) return errorResponse(replay);
  const nonce = loadContext.cspNonce ?? "";
  // Crawlers get the whole document at once; browsers get it streamed as soon as the shell is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the page is sent, so a busy server does not hold one timer per recent page.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          const clear = () => clearTimeout(abortTimer);
          body.once("finish", clear).once("close", clear);
          responseHeaders.set("content-type", "text/html; charset=utf-8");
          if (!responseHeaders.has("cache-control")) {
            responseHeaders.set("cache-control", "private, no-cache");
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Client-side navigations (`.data` requests) get the same answer as a document. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  const replay = replayedOnPrimary.get(request);
  return replay ? errorResponse(replay) : response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (error instanceof ReplicaWriteError) {
    replayedOnPrimary.set(request, error);
    return;
  }
  if (request.signal.aborted) return;
  console.error(error);
}

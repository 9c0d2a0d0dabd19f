import { AppError } from "~/utils/errors";

/**
 * Why a URL could not be turned into study content. Every message is what the user reads in the
 * "Unable to process content" toast; every status is a 4xx (the request, the page or the address
 * was the problem, never our server).
 */
export class InvalidUrlError extends AppError {
  constructor(message = "Please enter a valid web address starting with http:// or https://") {
    super(message, 400);
  }
}

/** The address is on a private or local network (or resolves to one). */
export class BlockedUrlError extends AppError {
  constructor(message: string) {
    super(message, 400);
  }
}

export class PageNotFoundError extends AppError {
  constructor(message: string) {
    super(message, 404);
  }
}

/** `who` ("The website", "YouTube") did not answer within `timeoutMs`. */
export class FetchTimeoutError extends AppError {
  constructor(who: string, timeoutMs: number) {
    super(`${who} took too long to answer (more than ${Math.round(timeoutMs / 100) / 10} seconds).`, 408);
  }
}

export class ContentTooLargeError extends AppError {
  constructor(message: string) {
    super(message, 413);
  }
}

/** The page was fetched but holds nothing we can summarize (wrong type, no article, no captions). */
export class UnprocessableContentError extends AppError {
  constructor(message: string) {
    super(message, 422);
  }
}

/** The site could not be reached or answered with an error. */
export class FetchFailedError extends AppError {
  constructor(message: string) {
    super(message, 422);
  }
}

import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import { getConfig } from "~/config.server";
import { AiError } from "~/utils/errors";

let cachedClient: { key: string; client: OpenAI } | undefined;

/** The SDK client for the configured OpenAI-compatible endpoint (OpenAI, Ollama, llama.cpp...). */
export function openAiClient(): OpenAI {
  const config = getConfig();
  const key = `${config.OPENAI_BASE_URL ?? ""}|${config.OPENAI_API_KEY ?? ""}|${config.AI_TIMEOUT_MS}`;
  if (cachedClient?.key !== key) {
    cachedClient = {
      key,
      client: new OpenAI({
        apiKey: config.OPENAI_API_KEY ?? "not-needed-for-local-servers",
        baseURL: config.OPENAI_BASE_URL,
        timeout: config.AI_TIMEOUT_MS,
        // One retry at most, decided here (not by the SDK) so only failures worth retrying repeat.
        maxRetries: 0,
      }),
    };
  }
  return cachedClient.client;
}

/** The model name: OPENAI_MODEL when set (local servers name models their own way), else the admin's setting. */
export function openAiModel(settingsModel: string) {
  return getConfig().OPENAI_MODEL ?? settingsModel;
}

class InvalidOutputError extends Error {}

/** Turns an SDK failure into the message a user reads. */
export function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiError("The AI provider took too long to answer. Please try again.", 504);
  }
  if (error instanceof OpenAI.APIUserAbortError) {
    return new AiError("The request was cancelled before the AI provider answered.", 499);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiError("Could not reach the AI provider. Check the AI endpoint settings and try again.", 502);
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new AiError("The AI provider is busy right now (rate limited). Please try again in a minute.", 503);
  }
  if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
    return new AiError("The AI provider refused the API key. Ask your administrator to check it.", 502);
  }
  if (error instanceof OpenAI.APIError) {
    return new AiError(`The AI provider failed (HTTP ${error.status ?? "error"}). Please try again.`, 502);
  }
  if (error instanceof InvalidOutputError) {
    return new AiError("The AI provider returned an answer we could not use. Please try again.", 502);
  }
  return new AiError("The AI provider failed unexpectedly. Please try again.", 502);
}

function isWorthRetrying(error: unknown) {
  if (error instanceof InvalidOutputError) return true;
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIUserAbortError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError) return (error.status ?? 0) >= 500;
  return false;
}

async function withOneRetry<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isWorthRetrying(error) || signal?.aborted) throw toAiError(error);
    try {
      return await attempt();
    } catch (second) {
      throw toAiError(second);
    }
  }
}

export interface StructuredRequest<Schema extends z.ZodType> {
  schema: Schema;
  /** A short name for the JSON schema ("lesson_plan"). */
  schemaName: string;
  messages: ChatCompletionMessageParam[];
  model: string;
  temperature?: number;
  signal?: AbortSignal;
  /** Receives the partially parsed object while the answer streams in. */
  onPartial?: (partial: Partial<z.infer<Schema>>) => void;
}

/**
 * Asks for JSON matching a zod schema (structured output), validates the answer with the same
 * schema, and retries once when the answer is malformed or the server failed. Throws AiError.
 */
export async function completeStructured<Schema extends z.ZodType>(
  request: StructuredRequest<Schema>,
): Promise<z.infer<Schema>> {
  const client = openAiClient();
  const body = {
    model: request.model,
    messages: request.messages,
    temperature: request.temperature ?? 0.7,
    response_format: zodResponseFormat(request.schema, request.schemaName),
  };
  return withOneRetry(async () => {
    let content: string | null | undefined;
    if (request.onPartial) {
      const stream = client.chat.completions.stream(body, { signal: request.signal });
      stream.on("content.delta", ({ parsed }) => {
        if (parsed && typeof parsed === "object") request.onPartial!(parsed as Partial<z.infer<Schema>>);
      });
      const completion = await stream.finalChatCompletion();
      content = completion.choices[0]?.message?.content;
    } else {
      const completion = await client.chat.completions.create(body, { signal: request.signal });
      content = completion.choices[0]?.message?.content;
    }
    let json: unknown;
    try {
      json = JSON.parse(content ?? "");
    } catch {
      throw new InvalidOutputError("not JSON");
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) throw new InvalidOutputError(parsed.error.message);
    return parsed.data;
  }, request.signal);
}

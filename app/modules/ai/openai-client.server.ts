import OpenAI from "openai";
import { partialParse } from "openai/_vendor/partial-json-parser/parser";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { z } from "zod";
import { getConfig } from "~/config.server";
import { AiError } from "~/utils/errors";
import { extractJsonObject, fitToSchema, jsonSchemaFormat, jsonSoFar, schemaInstruction } from "./structured-output";

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
  if (error instanceof OpenAI.APIError && error.status && error.status < 500) {
    return new AiError(
      `The AI provider refused the request (HTTP ${error.status}). Ask your administrator to check the AI endpoint and model settings.`,
      502,
    );
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
  /** The local check, with the real limits: applied after over-long parts are clipped. */
  schema: Schema;
  /** What the model is asked for, inside OpenAI's strict subset (defaults to `schema`). */
  wireSchema?: z.ZodType;
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
 * How an endpoint is asked for JSON, best first: a strict JSON schema (OpenAI, Ollama, llama.cpp,
 * LM Studio, vLLM), plain JSON mode (older llama.cpp), or only the prompt (anything else).
 */
export type StructuredOutputMode = "json_schema" | "json_object" | "prompt";
const outputModes: StructuredOutputMode[] = ["json_schema", "json_object", "prompt"];

// What each endpoint and model accepted, for this process: a refusal costs one extra request once.
const learnedModes = new Map<string, StructuredOutputMode>();
const endpointKey = (model: string) => `${getConfig().OPENAI_BASE_URL ?? "https://api.openai.com/v1"}|${model}`;

/** The way structured output is asked of this model at the configured endpoint (learned as it goes). */
export function structuredOutputMode(model: string): StructuredOutputMode {
  return learnedModes.get(endpointKey(model)) ?? "json_schema";
}

/** A 4xx/5xx that says the endpoint does not take this kind of `response_format`. */
function isFormatRefusal(error: unknown) {
  return (
    error instanceof OpenAI.APIError &&
    [400, 422, 500, 501].includes(error.status ?? 0) &&
    /response_format|json_schema|json_object/i.test(error.message)
  );
}

/** The messages with the schema spelled out, for endpoints that are not given it as a response_format. */
function withSchemaInstruction(
  messages: ChatCompletionMessageParam[],
  instruction: string,
): ChatCompletionMessageParam[] {
  const first = messages[0];
  // Local chat templates often allow one system message, and only first: extend it.
  if (first?.role === "system" && typeof first.content === "string") {
    return [{ role: "system", content: `${first.content}\n\n${instruction}` }, ...messages.slice(1)];
  }
  return [{ role: "system", content: instruction }, ...messages];
}

function requestBody<Schema extends z.ZodType>(request: StructuredRequest<Schema>, mode: StructuredOutputMode) {
  const wire = request.wireSchema ?? request.schema;
  const base = { model: request.model, temperature: request.temperature ?? 0.7 };
  if (mode === "json_schema") {
    return { ...base, messages: request.messages, response_format: jsonSchemaFormat(wire, request.schemaName) };
  }
  const messages = withSchemaInstruction(request.messages, schemaInstruction(wire, request.schemaName));
  return mode === "json_object"
    ? { ...base, messages, response_format: { type: "json_object" as const } }
    : { ...base, messages };
}

/** The answer's JSON, fitted to the local schema's limits, or InvalidOutputError when unusable. */
function usableAnswer<Schema extends z.ZodType>(content: string | null | undefined, schema: Schema): z.infer<Schema> {
  const json = extractJsonObject(content ?? "");
  if (json === undefined) throw new InvalidOutputError("no JSON object in the answer");
  const parsed = schema.safeParse(fitToSchema(json, schema));
  if (!parsed.success) throw new InvalidOutputError(parsed.error.message);
  return parsed.data;
}

async function askOnce<Schema extends z.ZodType>(
  request: StructuredRequest<Schema>,
  mode: StructuredOutputMode,
): Promise<z.infer<Schema>> {
  const client = openAiClient();
  const body = requestBody(request, mode);
  if (!request.onPartial) {
    const completion = await client.chat.completions.create(body, { signal: request.signal });
    return usableAnswer(completion.choices[0]?.message?.content, request.schema);
  }
  const stream = await client.chat.completions.create({ ...body, stream: true }, { signal: request.signal });
  let content = "";
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta?.content;
    if (!delta) continue;
    content += delta;
    const soFar = jsonSoFar(content);
    if (!soFar) continue;
    let partial: unknown;
    try {
      partial = partialParse(soFar);
    } catch {
      continue; // Not parseable yet: the next piece may fix it.
    }
    if (partial && typeof partial === "object") request.onPartial(partial as Partial<z.infer<Schema>>);
  }
  return usableAnswer(content, request.schema);
}

/**
 * Asks for JSON matching a schema (structured output), in the best way the endpoint accepts,
 * keeps what is usable of the answer (see structured-output.ts), and retries once when the answer
 * is unusable or the server failed. Throws AiError.
 */
export async function completeStructured<Schema extends z.ZodType>(
  request: StructuredRequest<Schema>,
): Promise<z.infer<Schema>> {
  const key = endpointKey(request.model);
  const attempt = async (): Promise<z.infer<Schema>> => {
    for (;;) {
      const mode = learnedModes.get(key) ?? "json_schema";
      try {
        return await askOnce(request, mode);
      } catch (error) {
        const next = outputModes[outputModes.indexOf(mode) + 1];
        if (!next || !isFormatRefusal(error) || request.signal?.aborted) throw error;
        // Concurrent requests may learn the same refusal: never step back up.
        if (outputModes.indexOf(next) > outputModes.indexOf(learnedModes.get(key) ?? "json_schema"))
          learnedModes.set(key, next);
      }
    }
  };
  return withOneRetry(attempt, request.signal);
}

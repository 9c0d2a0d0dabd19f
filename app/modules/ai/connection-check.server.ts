import OpenAI from "openai";
import { z } from "zod";
import { getConfig } from "~/config.server";
import { builtinProvider } from "./builtin/provider.server";
import type { AiCheckResult, AiCheckStep, AiCheckStepName } from "./connection-check";
import { defaultAiSettings } from "./settings";
import { extractJsonObject, jsonSchemaFormat, schemaInstruction } from "./structured-output";
import { getAiSettings } from "./settings.server";

export type { AiCheckResult, AiCheckStep } from "./connection-check";

const OPENAI_BASE_URL = "https://api.openai.com/v1";

export interface AiCheckEndpoint {
  provider: "builtin" | "openai";
  baseUrl?: string;
  apiKey?: string;
  model?: string;
}

export interface AiCheckOptions {
  /**
   * An endpoint to test instead of the configured one (the desktop window tests what is typed
   * before it is saved). Missing fields mean what they mean in the environment: OpenAI's address,
   * no key, the admin's model.
   */
  endpoint?: AiCheckEndpoint;
  /** The admin's AI model; read from the database when omitted. */
  adminModel?: string;
  /** Per request; AI_CHECK_TIMEOUT_MS (15 s) by default. */
  timeoutMs?: number;
}

/** The endpoint the app uses: the same choice as getAiProvider and openAiClient make. */
function configuredEndpoint(): AiCheckEndpoint {
  const config = getConfig();
  return {
    provider: config.AI_PROVIDER ?? (config.OPENAI_API_KEY ? "openai" : "builtin"),
    baseUrl: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.OPENAI_MODEL,
  };
}

// The smallest schema inside OpenAI's strict subset: every property required, no extras, no length rules.
const checkAnswer = z.strictObject({ ok: z.boolean(), word: z.string() });

class StepFailure extends Error {
  constructor(
    readonly step: AiCheckStepName,
    readonly detail: string,
    readonly advice: string,
  ) {
    super(detail);
  }
}

/**
 * Sends one tiny structured request to the configured (or given) endpoint and model and says what
 * works: reachable, key accepted, model found, structured output accepted, and how long each took;
 * or what is wrong and how to fix it. Never throws for an endpoint's failure.
 */
export async function checkAiConnection(options: AiCheckOptions = {}): Promise<AiCheckResult> {
  const started = performance.now();
  const endpoint = options.endpoint ?? configuredEndpoint();
  if (endpoint.provider === "builtin") return checkBuiltin(started);

  const baseUrl = (endpoint.baseUrl || OPENAI_BASE_URL).replace(/\/+$/, "");
  const model = endpoint.model || options.adminModel || getAiSettings().model;
  const timeoutMs = options.timeoutMs ?? getConfig().AI_CHECK_TIMEOUT_MS;
  const steps = new Map<AiCheckStepName, AiCheckStep>();
  let advice: string | undefined;
  const record: RecordStep = (name, ok, detail, ms) => {
    // The first verdict on a step stands (a later request may only confirm it).
    if (!steps.has(name)) steps.set(name, { name, ok, detail, ms });
  };

  try {
    advice = await probeEndpoint({ baseUrl, model, apiKey: endpoint.apiKey, timeoutMs }, record);
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    advice = error.advice;
  }
  const list = (["reachable", "key", "model", "structured", "fallback"] as const).flatMap(
    (name) => steps.get(name) ?? [],
  );
  const passed = (name: AiCheckStepName) => steps.get(name)?.ok === true;
  // JSON asked another way (the app's fallback) is usable too.
  const ok = passed("reachable") && passed("key") && passed("model") && (passed("structured") || passed("fallback"));
  const totalMs = Math.round(performance.now() - started);
  return {
    ok,
    summary: `${ok ? "The connection works" : "The connection does not work"}: ${baseUrl}, model "${model}" (${totalMs} ms).`,
    provider: "openai",
    baseUrl,
    model,
    steps: list,
    totalMs,
    ...(advice ? { advice } : {}),
  };
}

async function checkBuiltin(started: number): Promise<AiCheckResult> {
  const steps: AiCheckStep[] = [
    {
      name: "builtin",
      ok: true,
      detail: "The built-in offline writer is in use: there is no endpoint, key or model to test.",
      ms: 0,
    },
  ];
  const generationStarted = performance.now();
  try {
    const summary = await builtinProvider.summarize({
      title: "Connection check",
      text:
        "Love is patient and kind (1 Corinthians 13:4). It does not envy and it does not boast. " +
        "It bears all things and hopes all things. Love never fails, and it stays when everything else is gone.",
      settings: defaultAiSettings,
    });
    steps.push({
      name: "generation",
      ok: summary.summary.length > 0,
      detail: `Wrote a short test summary offline (${summary.learningBites.length} learning bites).`,
      ms: Math.round(performance.now() - generationStarted),
    });
  } catch (error) {
    steps.push({
      name: "generation",
      ok: false,
      detail: `The built-in writer failed: ${error instanceof Error ? error.message : String(error)}`,
      ms: Math.round(performance.now() - generationStarted),
    });
  }
  const ok = steps.every((step) => step.ok);
  return {
    ok,
    summary: ok
      ? "The built-in offline writer is in use: nothing needs testing."
      : "The built-in offline writer failed.",
    provider: "builtin",
    baseUrl: null,
    model: "builtin",
    steps,
    totalMs: Math.round(performance.now() - started),
    advice: ok
      ? "To use an OpenAI-compatible endpoint instead, set OPENAI_API_KEY (with OPENAI_BASE_URL and OPENAI_MODEL for a local server); in the desktop app, choose it in AI Settings."
      : "The built-in writer needs the Bible database (build/bible.sqlite): run `npm run build`.",
  };
}

type RecordStep = (name: AiCheckStepName, ok: boolean, detail: string, ms: number) => void;

/** Records each step; returns advice when usable but not at its best; throws StepFailure when unusable. */
async function probeEndpoint(
  { baseUrl, model, apiKey, timeoutMs }: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number },
  record: RecordStep,
): Promise<string | undefined> {
  const client = new OpenAI({
    baseURL: baseUrl,
    // Local servers (Ollama, llama.cpp, LM Studio) ignore the key, but the SDK insists on one.
    apiKey: apiKey || "not-needed-for-local-servers",
    timeout: timeoutMs,
    maxRetries: 0,
  });
  const seconds = formatSeconds(timeoutMs);
  const keyAccepted = apiKey ? "The API key was accepted." : "No API key is set, and the server asked for none.";

  // 1. GET /models: reachable, key, and the names to suggest when the model is missing.
  let available: string[] | undefined;
  let listMs: number;
  let started = performance.now();
  try {
    const { data: page, response } = await client.models.list().withResponse();
    listMs = elapsed(started);
    if (!isJson(response)) {
      const failure = notAnApi(baseUrl, response);
      record("reachable", false, failure.detail, listMs);
      throw failure;
    }
    const listed: unknown = page.data;
    available = Array.isArray(listed)
      ? listed.flatMap((entry: { id?: unknown }) => (typeof entry?.id === "string" ? [entry.id] : []))
      : undefined;
    record(
      "reachable",
      true,
      available
        ? `${baseUrl} answers as an OpenAI-compatible API (${available.length} models listed).`
        : `${baseUrl} answers (its model list is not in OpenAI's shape).`,
      listMs,
    );
    record("key", true, keyAccepted, listMs);
  } catch (error) {
    if (error instanceof StepFailure) throw error;
    listMs = elapsed(started);
    if (!(error instanceof OpenAI.APIError) || error.status === undefined) {
      const failure = connectionFailure(error, baseUrl, seconds);
      record("reachable", false, failure.detail, listMs);
      throw failure;
    }
    record("reachable", true, `${baseUrl} answers (its model list said HTTP ${error.status}).`, listMs);
    if (error.status === 401 || error.status === 403) {
      const failure = keyRefused(error, baseUrl);
      record("key", false, failure.detail, listMs);
      throw failure;
    }
    // Some servers have no model list: the chat request below decides the rest.
  }

  // 2. One tiny structured request; when the JSON schema is refused, the app's own fallbacks.
  const messages = [
    { role: "system" as const, content: "You are a connection test. Answer with JSON only." },
    { role: "user" as const, content: 'Reply with ok set to true and word set to "amen".' },
  ];
  let refusal: StepFailure | undefined;
  for (const mode of outputModes) {
    const step: AiCheckStepName = mode === "json_schema" ? "structured" : "fallback";
    started = performance.now();
    try {
      const { data, response } = await client.chat.completions
        .create(requestBody(model, messages, mode))
        .withResponse();
      const chatMs = elapsed(started);
      if (!isJson(response) || typeof data !== "object" || !Array.isArray(data?.choices)) {
        const failure = notAnApi(baseUrl, response);
        record(step, false, failure.detail, chatMs);
        throw failure;
      }
      record("key", true, keyAccepted, chatMs);
      record(
        "model",
        true,
        modelFound(model, available, data.model, baseUrl),
        available?.includes(model) ? listMs : chatMs,
      );
      const content = data.choices[0]?.message?.content ?? "";
      const verdict = readAnswer(content);
      if (!verdict.ok) {
        const failure = new StepFailure(
          step,
          `The model answered, but not with JSON matching the schema: ${excerpt(content)}.`,
          "This server or model does not keep to response_format. Update the server (Ollama 0.5 or later, a recent llama.cpp or LM Studio), or choose a model that supports structured output.",
        );
        record(step, false, failure.detail, chatMs);
        throw failure;
      }
      if (!refusal) {
        record("structured", true, verdict.detail, chatMs);
        return undefined;
      }
      const how =
        mode === "json_object" ? "plain JSON mode (response_format json_object)" : "the schema in the prompt alone";
      record("fallback", true, `The app falls back to ${how} here, and that worked. ${verdict.detail}`, chatMs);
      // Usable, so the advice is how to get answers held to the schema.
      return `It works through the fallback; answers are checked against the schema locally. ${refusal.advice}`;
    } catch (error) {
      if (error instanceof StepFailure) throw error;
      const chatMs = elapsed(started);
      let failure = chatFailure(error, { baseUrl, model, available, seconds });
      // A refusal for another reason than the key means the key got past the server's door.
      const answered = error instanceof OpenAI.APIError && error.status !== undefined;
      if (answered && failure.step !== "key") record("key", true, keyAccepted, chatMs);
      if (failure.step === "structured" && available?.includes(model)) {
        record("model", true, modelFound(model, available, undefined, baseUrl), listMs);
      }
      if (failure.step === "structured")
        failure = new StepFailure(step, failure.detail, refusal?.advice ?? failure.advice);
      // The same test completeStructured makes before it steps down to the next way of asking.
      if (!isFormatRefusal(error) || mode === "prompt") {
        record(failure.step, false, failure.detail, chatMs);
        throw failure;
      }
      if (mode === "json_schema") {
        record("structured", false, failure.detail, chatMs);
        refusal = failure;
      }
    }
  }
}

/** How the app asks for JSON, best first (see completeStructured in openai-client.server.ts). */
const outputModes = ["json_schema", "json_object", "prompt"] as const;

function requestBody(
  model: string,
  messages: Array<{ role: "system" | "user"; content: string }>,
  mode: (typeof outputModes)[number],
) {
  if (mode === "json_schema")
    return { model, messages, response_format: jsonSchemaFormat(checkAnswer, "connection_check") };
  const [system, ...rest] = messages;
  const withSchema = [
    { role: "system" as const, content: `${system!.content}\n\n${schemaInstruction(checkAnswer, "connection_check")}` },
    ...rest,
  ];
  return mode === "json_object"
    ? { model, messages: withSchema, response_format: { type: "json_object" as const } }
    : { model, messages: withSchema };
}

function isFormatRefusal(error: unknown) {
  return (
    error instanceof OpenAI.APIError &&
    [400, 422, 500, 501].includes(error.status ?? 0) &&
    /response_format|json_schema|json_object/i.test(error.message)
  );
}

/** The answer as the app reads it: bare JSON, or (like the app) the JSON object inside other text. */
function readAnswer(content: string): { ok: boolean; detail: string } {
  let bare: unknown;
  try {
    bare = JSON.parse(content);
  } catch {
    bare = undefined;
  }
  if (checkAnswer.safeParse(bare).success) {
    return { ok: true, detail: `The model answered with JSON matching the schema: ${content.trim()}` };
  }
  const inside = extractJsonObject(content);
  if (bare === undefined && checkAnswer.safeParse(inside).success) {
    return {
      ok: true,
      detail: `The model wrapped its JSON in other text, which the app reads through: ${JSON.stringify(inside)}`,
    };
  }
  return { ok: false, detail: "" };
}

function chatFailure(
  error: unknown,
  { baseUrl, model, available, seconds }: { baseUrl: string; model: string; available?: string[]; seconds: string },
): StepFailure {
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) {
    if (error instanceof OpenAI.APIConnectionTimeoutError) {
      return new StepFailure(
        "structured",
        `The model did not answer within ${seconds}.`,
        "A local model may still be loading into memory: try again in a minute, or choose a smaller model. A busy server can also be this slow.",
      );
    }
    // The model list answered a moment ago, so this is the chat request's own failure.
    const failure = connectionFailure(error, baseUrl, seconds);
    return new StepFailure("structured", failure.detail, failure.advice);
  }
  const message = serverMessage(error);
  const status = error.status;
  if (status === 401 || status === 403) return keyRefused(error, baseUrl);
  if (status === 404 && (error.code === "model_not_found" || /model/i.test(message))) {
    const listing = available?.length ? `available: ${available.join(", ")}` : "the server does not list its models";
    return new StepFailure(
      "model",
      `Model "${model}" not found at ${baseUrl}; ${listing}.`,
      `Set OPENAI_MODEL (or the AI Model in the Admin Console's AI Settings; in the desktop app, the Model field) to a model the server has. For Ollama: \`ollama pull ${model}\`.`,
    );
  }
  if (status === 404) {
    return new StepFailure(
      "structured",
      `There is no chat completions API at ${baseUrl}/chat/completions (HTTP 404).`,
      "OpenAI-compatible addresses usually end in /v1, for example http://127.0.0.1:11434/v1 for Ollama.",
    );
  }
  if (isFormatRefusal(error) || (status === 400 && String(error.param ?? "").includes("response_format"))) {
    return new StepFailure(
      "structured",
      `The server refused structured output (HTTP ${status}): ${message}`,
      "The app asks for JSON-schema structured output. With OpenAI, choose a model that supports it (gpt-4o-mini, gpt-4o, gpt-4.1 or newer); with Ollama, use version 0.5 or later; with llama.cpp or LM Studio, update to a recent version and use a model that supports it.",
    );
  }
  if (status === 429) {
    return new StepFailure(
      "structured",
      `The server is rate limiting this key or its quota is used up (HTTP 429): ${message}`,
      "Wait a minute and try again; if it persists, check the account's plan and billing.",
    );
  }
  if (status >= 500) {
    return new StepFailure(
      "structured",
      `The server failed while answering (HTTP ${status}): ${message}`,
      "Look at the AI server's own log. A local server may have run out of memory loading the model.",
    );
  }
  return new StepFailure(
    "structured",
    `The server refused the request (HTTP ${status}): ${message}`,
    "Check the model name and the server's documentation for OpenAI-compatible chat completions.",
  );
}

function keyRefused(error: InstanceType<typeof OpenAI.APIError>, baseUrl: string) {
  const refused = error.status === 401 ? "refused the API key" : "refused access with this API key";
  return new StepFailure(
    "key",
    `The server at ${baseUrl} ${refused} (HTTP ${error.status}): ${serverMessage(error)}`,
    "Check OPENAI_API_KEY (in the desktop app, the API key in AI Settings). A key only works with the service that issued it, and a project key needs access to the model.",
  );
}

const TLS_CODES =
  /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|EPROTO$|HOSTNAME_MISMATCH)/;

/** No HTTP answer at all: refused, unknown name, TLS, timeout. */
function connectionFailure(error: unknown, baseUrl: string, seconds: string) {
  const step = "reachable";
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new StepFailure(
      step,
      `No answer from ${baseUrl} within ${seconds}.`,
      "Something accepted the connection but never answered. Check the address and port, and any proxy or firewall in between; an overloaded server answers this slowly too.",
    );
  }
  const { code, message } = rootCause(error);
  const host = hostOf(baseUrl);
  if (code === "ECONNREFUSED") {
    return new StepFailure(
      step,
      `Nothing answers at ${baseUrl} (connection refused).`,
      "Is the server running? For Ollama: `ollama serve`; for llama.cpp: `llama-server -m MODEL.gguf --port 8080`; for LM Studio, start its local server. Check the port in the address.",
    );
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new StepFailure(
      step,
      `The name "${host}" could not be found (DNS: ${code}).`,
      "Check the spelling of the address, and this machine's network and DNS.",
    );
  }
  if (code && TLS_CODES.test(code)) {
    const plainHttp = code === "ERR_SSL_WRONG_VERSION_NUMBER" || code === "EPROTO";
    return new StepFailure(
      step,
      `A secure (TLS) connection to ${host} failed: ${message} (${code}).`,
      plainHttp
        ? "The server seems to speak plain HTTP: use an address starting with http:// (local servers usually do)."
        : "The server's certificate is not trusted here. Use a certificate from a public authority, or give Node.js your own CA with NODE_EXTRA_CA_CERTS=/path/to/ca.pem.",
    );
  }
  return new StepFailure(
    step,
    `Could not connect to ${baseUrl}: ${message}${code ? ` (${code})` : ""}.`,
    "Check the address, and any proxy or firewall between this server and the AI endpoint.",
  );
}

function notAnApi(baseUrl: string, response: Response) {
  const type = response.headers.get("content-type") || "no content type";
  return new StepFailure(
    "reachable",
    `${baseUrl} answers (HTTP ${response.status}), but not with JSON (${type}): it is not an OpenAI-compatible API address.`,
    "The address probably points at a web page rather than the API. OpenAI-compatible addresses usually end in /v1 (Ollama: http://127.0.0.1:11434/v1; LM Studio: http://127.0.0.1:1234/v1).",
  );
}

function modelFound(model: string, available: string[] | undefined, answeredAs: string | undefined, baseUrl: string) {
  if (available?.includes(model)) return `"${model}" is available at ${baseUrl}.`;
  const as = answeredAs && answeredAs !== model ? ` (it answered as "${answeredAs}")` : "";
  return available
    ? `"${model}" is not in the server's model list, but the server answered with it${as}: some servers (llama.cpp) serve their one loaded model whatever the name.`
    : `The server answered with "${model}"${as}.`;
}

/** The first code and message down the error's cause chain (undici wraps the socket's error). */
function rootCause(error: unknown): { code?: string; message: string } {
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 6 && current; depth++) {
    const candidate = current as {
      code?: unknown;
      message?: unknown;
      reason?: unknown;
      cause?: unknown;
      errors?: unknown[];
    };
    if (typeof candidate.message === "string" && candidate.message) message = candidate.message.trim();
    // OpenSSL's message is a dump of its internals; its reason is the readable part.
    if (typeof candidate.reason === "string" && candidate.reason) message = candidate.reason;
    if (typeof candidate.code === "string") return { code: candidate.code, message };
    current = candidate.cause ?? candidate.errors?.[0];
  }
  return { message };
}

/** The server's own words: OpenAI's { error: { message } }, or { error: "..." } (Ollama, LM Studio). */
function serverMessage(error: InstanceType<typeof OpenAI.APIError>) {
  const body = error.error as { message?: unknown } | string | undefined;
  const text = typeof body === "string" ? body : typeof body?.message === "string" ? body.message : error.message;
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}

function isJson(response: Response) {
  return /json/i.test(response.headers.get("content-type") ?? "");
}

function excerpt(text: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return "an empty answer";
  return JSON.stringify(flat.length > 80 ? `${flat.slice(0, 80)}...` : flat);
}

function hostOf(baseUrl: string) {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function elapsed(started: number) {
  return Math.round(performance.now() - started);
}

function formatSeconds(ms: number) {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

/**
 * Broken AI endpoints on 127.0.0.1, for the connection check: each fails the way a real server
 * does, with the status and the error body OpenAI's API sends (the real `openai` SDK reads them).
 *
 * - "key-refused": OpenAI with a wrong key: 401 invalid_api_key on every route.
 * - "model-missing": a server with a model list (OpenAI, Ollama, LM Studio) that lacks the model
 *   asked for: 404 model_not_found on chat; the listed models answer.
 * - "no-structured-output": a model without JSON-schema structured output: 400 on response_format,
 *   as OpenAI answers for models older than gpt-4o.
 * - "ignores-schema": a server that accepts response_format but ignores it (an old llama.cpp):
 *   200 with prose.
 * - "web-page": an address that is a web site, not the API: HTML for everything.
 * - "silent": accepts connections and never answers.
 */
export type FakeEndpointMode =
  "key-refused" | "model-missing" | "no-structured-output" | "ignores-schema" | "web-page" | "silent";

export interface FakeEndpoint {
  /** For OPENAI_BASE_URL: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** The models it lists (GET /v1/models). */
  models: string[];
  requests: Array<{ method: string; path: string; authorization?: string; body?: Record<string, unknown> }>;
  close: () => Promise<void>;
}

function openAiError(message: string, type: string, param: string | null, code: string | null) {
  return { error: { message, type, param, code } };
}

function modelList(models: string[]) {
  return {
    object: "list",
    data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "library" })),
  };
}

function completion(model: string, content: string) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, refusal: null } }],
    usage: { prompt_tokens: 20, completion_tokens: 8, total_tokens: 28 },
  };
}

export async function startFakeEndpoint(
  mode: FakeEndpointMode,
  { models = ["llama3.2:3b", "qwen2.5:7b-instruct", "mistral-nemo:12b"] }: { models?: string[] } = {},
): Promise<FakeEndpoint> {
  const requests: FakeEndpoint["requests"] = [];
  const sockets = new Set<net.Socket>();

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({
      method: req.method ?? "GET",
      path,
      authorization: req.headers.authorization,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };

    if (mode === "silent") return;
    if (mode === "web-page") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><html><body><h1>Welcome to our models page</h1></body></html>");
      return;
    }
    if (mode === "key-refused") {
      const key = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      send(
        401,
        openAiError(
          `Incorrect API key provided: ${key.slice(0, 3)}*****${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          "invalid_request_error",
          null,
          "invalid_api_key",
        ),
      );
      return;
    }
    if (req.method === "GET" && path === "/v1/models") {
      send(200, modelList(models));
      return;
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      send(404, openAiError(`Invalid URL (${req.method} ${path})`, "invalid_request_error", null, null));
      return;
    }
    const body = JSON.parse(text) as { model: string; response_format?: { type?: string } };
    if (!models.includes(body.model)) {
      send(
        404,
        openAiError(
          `The model \`${body.model}\` does not exist or you do not have access to it.`,
          "invalid_request_error",
          null,
          "model_not_found",
        ),
      );
      return;
    }
    if (mode === "no-structured-output" && body.response_format?.type === "json_schema") {
      send(
        400,
        openAiError(
          "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model. Learn more about supported models at the Structured Outputs guide: https://platform.openai.com/docs/guides/structured-outputs",
          "invalid_request_error",
          "response_format",
          null,
        ),
      );
      return;
    }
    if (mode === "ignores-schema") {
      send(200, completion(body.model, "Sure! The connection works. ok: true, word: amen"));
      return;
    }
    send(200, completion(body.model, JSON.stringify({ ok: true, word: "amen" })));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    models,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens (connection refused): a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

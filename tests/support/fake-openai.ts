import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { strictSchemaProblem } from "./openai-strict-subset";

/**
 * A fake OpenAI-compatible server on 127.0.0.1 for tests: the real `openai` SDK talks to it over
 * real HTTP. Replies are queued per test; requests are recorded.
 *
 * Its mode decides which `response_format` it takes, as each real server documents it, and how
 * its "model" writes (the queued JSON is the model's answer):
 * - openai: strict json_schema must be inside OpenAI's subset (else 400 "Invalid schema for
 *   response_format ..."); json_object needs the word "json" in the messages; the model obeys.
 * - ollama (/v1/chat/completions, ollama/openai/openai.go): json_schema's schema becomes `format`
 *   (name and strict ignored), json_object becomes `format: "json"`, other types are ignored.
 * - llamacpp (llama-server): text, json_object (optionally with a `schema`) and json_schema; any
 *   other type is a 400.
 * - llamacpp-old (llama-server before PR #9527, Sept 2024): json_schema is a 500 "response_format
 *   type must be one of "text" or "json_object"".
 * - lmstudio: json_schema and text only; json_object is a 400 `{"error": "'response_format.type'
 *   must be 'json_schema' or 'text'"}`.
 * - plain: a server that refuses any response_format (400).
 * - fenced: takes anything, but the model wraps its JSON in ```json fences and a line of prose.
 * - overlong: OpenAI's rules, but the model overruns every length (200-character strings, a
 *   70-character key word, 12 items in every list).
 * - refuse: every request is refused (404 model not found), as with a wrong model name.
 * On the local servers, a model that is not held to a format writes prose around its JSON.
 */
export type FakeMode =
  "openai" | "ollama" | "llamacpp" | "llamacpp-old" | "lmstudio" | "plain" | "fenced" | "overlong" | "refuse";
export const fakeModes: FakeMode[] = [
  "openai",
  "ollama",
  "llamacpp",
  "llamacpp-old",
  "lmstudio",
  "plain",
  "fenced",
  "overlong",
  "refuse",
];
export type FakeReply =
  /** chunkDelayMs: the pause between streamed chunks, to stream like a real model. */
  /** gate: answered only once it resolves (a latch the test opens). */
  | { content: string; delayMs?: number; chunkDelayMs?: number; gate?: Promise<unknown> }
  | { json: unknown; delayMs?: number; chunkDelayMs?: number; gate?: Promise<unknown> }
  | { status: number; body?: unknown; delayMs?: number }
  /** Never answers (for timeouts). */
  | { hang: true };

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  response_format?: {
    type: string;
    json_schema?: { name: string; strict?: boolean; schema: unknown };
    schema?: unknown;
  };
  [key: string]: unknown;
}

export interface FakeOpenAi {
  /** Base URL for OPENAI_BASE_URL: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** May be changed between requests. */
  mode: FakeMode;
  requests: ChatRequest[];
  /** The HTTP status of each answer, in the order of `requests`. */
  statuses: number[];
  enqueue: (...replies: FakeReply[]) => void;
  /** Used when the queue is empty. */
  fallback: (request: ChatRequest) => FakeReply;
  reset: () => void;
  close: () => Promise<void>;
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, refusal: null } }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function writeStream(res: http.ServerResponse, model: string, content: string, chunkDelayMs = 0) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const id = `chatcmpl-fake-${Date.now()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.write(chunk({ role: "assistant", content: "" }));
  for (let index = 0; index < content.length; index += 40) {
    if (chunkDelayMs > 0 && index > 0) await new Promise((resolve) => setTimeout(resolve, chunkDelayMs));
    if (res.destroyed) return;
    res.write(chunk({ content: content.slice(index, index + 40) }));
  }
  res.write(chunk({}, "stop"));
  res.end("data: [DONE]\n\n");
}

const openAiError = (message: string, param: string | null = "response_format") => ({
  error: { message, type: "invalid_request_error", param, code: null },
});

type Verdict = { refuse: { status: number; body: unknown } } | { heldToFormat: boolean };

/** What the server in `mode` does with the request's response_format. */
function verdict(mode: FakeMode, request: ChatRequest): Verdict {
  const format = request.response_format;
  const type = format?.type ?? "text";
  switch (mode) {
    case "refuse":
      return {
        refuse: {
          status: 404,
          body: {
            error: {
              message: `The model '${request.model}' does not exist or you do not have access to it.`,
              type: "invalid_request_error",
              param: null,
              code: "model_not_found",
            },
          },
        },
      };
    case "openai":
    case "overlong":
    case "fenced": {
      if (type === "text") return { heldToFormat: false };
      if (type === "json_object") {
        const saysJson = request.messages.some((message) => /json/i.test(String(message.content)));
        if (!saysJson)
          return {
            refuse: {
              status: 400,
              body: openAiError(
                "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
                "messages",
              ),
            },
          };
        return { heldToFormat: true };
      }
      if (type !== "json_schema")
        return {
          refuse: {
            status: 400,
            body: openAiError(
              `Invalid value: '${type}'. Supported values are: 'text', 'json_object', and 'json_schema'.`,
              "response_format.type",
            ),
          },
        };
      const name = format?.json_schema?.name ?? "";
      if (!format?.json_schema?.schema)
        return {
          refuse: {
            status: 400,
            body: openAiError("Missing required parameter: 'response_format.json_schema.schema'."),
          },
        };
      if (format.json_schema.strict === true) {
        const problem = strictSchemaProblem(format.json_schema.schema);
        if (problem)
          return {
            refuse: { status: 400, body: openAiError(`Invalid schema for response_format '${name}': ${problem}`) },
          };
      }
      return { heldToFormat: true };
    }
    case "ollama":
      return {
        heldToFormat: type === "json_object" || (type === "json_schema" && Boolean(format?.json_schema?.schema)),
      };
    case "llamacpp":
      if (type === "text") return { heldToFormat: false };
      if (type === "json_object") return { heldToFormat: true };
      if (type === "json_schema" && format?.json_schema?.schema) return { heldToFormat: true };
      return {
        refuse: {
          status: 400,
          body: {
            error: {
              code: 400,
              message: `response_format type must be one of "text", "json_object" or "json_schema", but got: ${type}`,
              type: "invalid_request_error",
            },
          },
        },
      };
    case "llamacpp-old":
      if (type === "text") return { heldToFormat: false };
      if (type === "json_object") return { heldToFormat: true };
      return {
        refuse: {
          status: 500,
          body: {
            error: {
              code: 500,
              message: `response_format type must be one of "text" or "json_object", but got: ${type}`,
              type: "server_error",
            },
          },
        },
      };
    case "lmstudio":
      if (type === "text") return { heldToFormat: false };
      if (type === "json_schema") return { heldToFormat: true };
      return { refuse: { status: 400, body: { error: "'response_format.type' must be 'json_schema' or 'text'" } } };
    case "plain":
      if (!format) return { heldToFormat: false };
      return {
        refuse: {
          status: 400,
          body: {
            error: { message: "response_format is not supported by this server", type: "invalid_request_error" },
          },
        },
      };
  }
}

/** A model that runs past every limit: long strings, a 70-character key word, 12 items per list. */
function overrun(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) {
    return value.length === 0 ? value : Array.from({ length: 12 }, (_, index) => overrun(value[index % value.length]));
  }
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, overrun(item, name)]));
  }
  if (typeof value !== "string" || ["reference", "verses", "content"].includes(key)) return value;
  if (key === "word") return value.padEnd(70, "-ness");
  let long = value;
  while (long.length < 200) long += " and this goes on at length";
  return long;
}

/** The model's text for a JSON answer, as the mode writes it. */
function modelText(mode: FakeMode, json: unknown, heldToFormat: boolean) {
  if (mode === "overlong") return JSON.stringify(overrun(json));
  const text = JSON.stringify(json);
  const local =
    mode === "ollama" || mode === "llamacpp" || mode === "llamacpp-old" || mode === "lmstudio" || mode === "plain";
  if (mode === "fenced" || (local && !heldToFormat)) {
    return `Here is the answer you asked for, as JSON:\n\n\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\`\n\nLet me know if you want changes.`;
  }
  return text;
}

export async function startFakeOpenAi({ mode = "openai" }: { mode?: FakeMode } = {}): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: ChatRequest[] = [];
  const statuses: number[] = [];
  const sockets = new Set<Socket>();
  const fake: FakeOpenAi = {
    baseUrl: "",
    mode,
    requests,
    statuses,
    enqueue: (...replies) => queue.push(...replies),
    fallback: () => ({ status: 500, body: { error: { message: "no reply queued", type: "server_error" } } }),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      statuses.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
    requests.push(request);
    const answer = (status: number, body: unknown) => {
      statuses.push(status);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    // The server's rules come before the model: a refused request takes no queued reply.
    const judged = verdict(fake.mode, request);
    if ("refuse" in judged) return answer(judged.refuse.status, judged.refuse.body);
    const reply = queue.shift() ?? fake.fallback(request);
    if ("hang" in reply) return;
    if ("gate" in reply) await reply.gate;
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if ("status" in reply)
      return answer(reply.status, reply.body ?? { error: { message: `fake error ${reply.status}`, type: "error" } });
    statuses.push(200);
    const content = "json" in reply ? modelText(fake.mode, reply.json, judged.heldToFormat) : reply.content;
    if (request.stream) {
      await writeStream(res, request.model, content, reply.chunkDelayMs);
    } else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(completion(request.model, content)));
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI-compatible server on 127.0.0.1 for tests: the real `openai` SDK talks to it over
 * real HTTP. Replies are queued per test; requests are recorded.
 */
export type FakeReply =
  /** chunkDelayMs: the pause between streamed chunks, to stream like a real model. */
  | { content: string; delayMs?: number; chunkDelayMs?: number }
  | { json: unknown; delayMs?: number; chunkDelayMs?: number }
  | { status: number; body?: unknown; delayMs?: number }
  /** Never answers (for timeouts). */
  | { hang: true };

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  [key: string]: unknown;
}

export interface FakeOpenAi {
  /** Base URL for OPENAI_BASE_URL: http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: ChatRequest[];
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

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: ChatRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const fake: FakeOpenAi = {
    baseUrl: "",
    requests,
    enqueue: (...replies) => queue.push(...replies),
    fallback: () => ({ status: 500, body: { error: { message: "no reply queued", type: "server_error" } } }),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
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
    const reply = queue.shift() ?? fake.fallback(request);
    if ("hang" in reply) return;
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if ("status" in reply) {
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body ?? { error: { message: `fake error ${reply.status}`, type: "error" } }));
      return;
    }
    const content = "json" in reply ? JSON.stringify(reply.json) : reply.content;
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

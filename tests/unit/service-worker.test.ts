/**
 * public/service-worker.js run in a VM with a Cache Storage and a network that record what they
 * were given: which answers the worker keeps. Secrets (a reset link's token and email), the export
 * zip and any `Cache-Control: no-store` answer must never reach a cache.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { beforeEach, describe, test } from "node:test";

const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../public/service-worker.js"), "utf8");
const ORIGIN = "http://app.test";

interface FakeRequest {
  method: string;
  url: string;
  mode: string;
}

interface FetchEvent {
  request: FakeRequest;
  respondWith: (answer: Promise<Response>) => void;
}

/** The worker in a fresh context: its fetch listener, the caches it wrote, and the requests it let through. */
function loadWorker(network: (request: FakeRequest) => Response) {
  const stores = new Map<string, Map<string, Response>>();
  const listeners = new Map<string, (event: FetchEvent) => void>();
  const cacheNamed = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (request: FakeRequest, response: Response) => void store.set(request.url, response),
      match: async (request: FakeRequest) => store.get(request.url),
      addAll: async () => {},
      delete: async (request: FakeRequest) => store.delete(request.url),
      // As a real cache: the requests in the order they were put.
      keys: async () => [...store.keys()].map((url) => ({ url })),
    };
  };
  const context = vm.createContext({
    self: {
      location: { origin: ORIGIN },
      addEventListener: (type: string, listener: (event: FetchEvent) => void) => listeners.set(type, listener),
      skipWaiting: () => {},
      clients: { claim: () => {} },
    },
    caches: {
      open: async (name: string) => cacheNamed(name),
      match: async (request: FakeRequest) =>
        [...stores.values()].find((store) => store.has(request.url))?.get(request.url),
      delete: async (name: string) => stores.delete(name),
      keys: async () => [...stores.keys()],
    },
    // A same-origin answer, as the browser's fetch gives it to a worker.
    fetch: async (request: FakeRequest) => Object.defineProperty(network(request), "type", { value: "basic" }),
    URL,
    Response,
  });
  vm.runInContext(source, context);
  const onFetch = listeners.get("fetch")!;

  /** Dispatches a GET; `handled` is false when the worker left it to the browser (never cached). */
  async function get(pathname: string, mode = "navigate") {
    let answer: Promise<Response> | undefined;
    onFetch({ request: { method: "GET", url: ORIGIN + pathname, mode }, respondWith: (given) => (answer = given) });
    if (answer) await answer;
    return { handled: answer !== undefined };
  }
  const kept = () => [...stores.values()].flatMap((store) => [...store.keys()].map((url) => url.slice(ORIGIN.length)));
  return { get, kept };
}

const page = (headers: Record<string, string> = {}) =>
  new Response("<!doctype html><p>page</p>", { status: 200, headers: { "content-type": "text/html", ...headers } });

describe("the service worker keeps no secret and no download", () => {
  let worker: ReturnType<typeof loadWorker>;
  beforeEach(() => {
    worker = loadWorker((request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith("/library")) return page({ "cache-control": "private, No-Store" });
      if (pathname === "/assets/secret.js") return new Response("x", { headers: { "cache-control": "no-store" } });
      return page();
    });
  });

  test("an ordinary page is kept (the control: the fakes do record a cached page)", async () => {
    assert.deepEqual(await worker.get("/settings"), { handled: true });
    assert.deepEqual(await worker.get("/settings.data?_routes=root", "cors"), { handled: true });
    assert.deepEqual(worker.kept().sort(), ["/settings", "/settings.data?_routes=root"]);
  });

  test("the reset page, the export download and the API are left to the network in every spelling", async () => {
    for (const pathname of [
      "/reset-password?token=abc",
      "/reset-password.data?token=abc&_routes=routes%2F_auth.reset-password",
      "/Reset-Password/?token=abc",
      "/settings/export",
      "/settings/export.data",
      "/SETTINGS/EXPORT/",
      "/api/export",
      "/API/export",
      "/api/me",
    ]) {
      assert.deepEqual(await worker.get(pathname), { handled: false }, pathname);
    }
    assert.deepEqual(worker.kept(), []);
  });

  test("an answer marked Cache-Control: no-store is passed on but never kept, page or asset", async () => {
    assert.deepEqual(await worker.get("/library"), { handled: true });
    assert.deepEqual(await worker.get("/library.data", "cors"), { handled: true });
    assert.deepEqual(await worker.get("/assets/secret.js", "no-cors"), { handled: true });
    assert.deepEqual(worker.kept(), []);
  });
});

describe("the Bible reader's chapters", () => {
  test("the last 60 chapters read are kept, oldest dropped first; a chapter read again counts as new", async () => {
    const worker = loadWorker(() => page());
    await worker.get("/settings");
    for (let chapter = 1; chapter <= 60; chapter += 1) await worker.get(`/bible/PSA/${chapter}`);
    // Psalm 1 read again: now the newest, so Psalms 2 and 3 are the ones to go.
    await worker.get("/bible/PSA/1");
    await worker.get("/bible/PSA/61");
    await worker.get("/bible/PSA/62");
    const kept = worker.kept();
    const chapters = kept.filter((url) => url.startsWith("/bible/"));
    assert.equal(chapters.length, 60);
    assert.ok(chapters.includes("/bible/PSA/1"));
    assert.ok(!chapters.includes("/bible/PSA/2") && !chapters.includes("/bible/PSA/3"));
    assert.ok(chapters.includes("/bible/PSA/4") && chapters.includes("/bible/PSA/62"));
    // Other pages are not counted against the reader's.
    assert.ok(kept.includes("/settings"));
  });
});

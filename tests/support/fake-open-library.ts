import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Open Library's search API on loopback (https://openlibrary.org/dev/docs/api/search):
 * GET /search.json?q=...&fields=...&limit=... answers `{ numFound, start, docs: [...] }` with the
 * documented document fields (title, author_name[], cover_i, isbn[], key), only those asked for in
 * `fields`. `mode` makes it fail the ways the real one can: slow, 5xx, malformed JSON, a huge body.
 */
export type FakeOpenLibraryMode = "ok" | "slow" | "error" | "malformed" | "huge";

const CATALOGUE = [
  {
    key: "/works/OL1234W",
    title: "Mere Christianity",
    author_name: ["C. S. Lewis"],
    cover_i: 8231856,
    isbn: ["0060652926", "9780060652920"],
  },
  { key: "/works/OL5678W", title: "The Screwtape Letters", author_name: ["C. S. Lewis"], isbn: ["9780060652937"] },
  // Odd documents the app must skip or tolerate: no title, a number where a list belongs.
  { key: "/works/OL9W", author_name: ["Nobody"] },
  { key: "/works/OL10W", title: "Knowing God", author_name: "J. I. Packer", cover_i: "x", isbn: [42] },
];

export async function startFakeOpenLibrary() {
  let mode: FakeOpenLibraryMode = "ok";
  const queries: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== "/search.json") {
      response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not Found</h1>");
      return;
    }
    const q = url.searchParams.get("q") ?? "";
    queries.push(q);
    if (mode === "slow") return void setTimeout(() => response.end("{}"), 10_000).unref();
    if (mode === "error")
      return void response.writeHead(503, { "content-type": "text/html" }).end("<h1>Service Unavailable</h1>");
    if (mode === "malformed")
      return void response.writeHead(200, { "content-type": "application/json" }).end('{"docs": [');
    if (mode === "huge") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(`{"docs": [], "padding": "${"x".repeat(3 * 1024 * 1024)}"}`);
      return;
    }
    const fields = url.searchParams.get("fields")?.split(",");
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const docs = CATALOGUE.filter((doc) => {
      const text = JSON.stringify(doc).toLowerCase();
      return words.every((word) => text.includes(word));
    })
      .slice(0, limit)
      .map((doc) => (fields ? Object.fromEntries(Object.entries(doc).filter(([name]) => fields.includes(name))) : doc));
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ numFound: docs.length, start: 0, numFoundExact: true, docs, q }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    queries,
    setMode(next: FakeOpenLibraryMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

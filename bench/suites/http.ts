import type { BenchSuite } from "../run";
import { startChildServer } from "../lib/children";
import { httpFixture, LIBRARY_ITEMS, TODAY_PLAN, TOPIC_USERS } from "../lib/fixture";
import { formatCell, measureEndpoint, type LoadCell, type LoadTarget } from "../lib/load";

export interface EndpointResult {
  label: string;
  /** Bytes of one answer (uncompressed), to see that floor and app send the same thing. */
  bytes: number;
  cells: LoadCell[];
  note?: string;
}

async function probe(url: string, headers: Record<string, string>, expect: (body: string) => boolean, what: string) {
  const response = await fetch(url, { headers, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200 || !expect(body)) {
    throw new Error(`${what}: expected a 200 answer, got ${response.status}: ${body.slice(0, 200)}`);
  }
  return body;
}

/** BENCH_ENDPOINTS=apiMe,dashboard limits a run to those endpoints (for quick iterations). */
const onlyEndpoints = process.env.BENCH_ENDPOINTS?.split(",").map((name) => name.trim());

async function measureEndpoints(targets: Record<string, () => Promise<EndpointResult>>) {
  const results: Record<string, EndpointResult> = {};
  for (const [name, measure] of Object.entries(targets)) {
    if (!onlyEndpoints || onlyEndpoints.includes(name)) results[name] = await measure();
  }
  return results;
}

function printEndpoints(result: unknown) {
  const endpoints = (result as { endpoints: Record<string, EndpointResult> }).endpoints;
  return Object.values(endpoints).flatMap((endpoint) => [
    `${endpoint.label} (${endpoint.bytes} bytes)`,
    ...endpoint.cells.map((cell) => `  ${formatCell(cell)}`),
  ]);
}

/** Bare node:http + better-sqlite3 (+ React renderToString for the dashboard): the floor. */
export const floorSuite: BenchSuite = {
  name: "floor",
  description:
    "the floor: bare node:http + better-sqlite3 (GET /api/me) and React renderToString of the dashboard tree",
  async run() {
    const fixture = await httpFixture();
    const floor = await startChildServer("floor.tsx", [fixture.databasePath], { typescript: true });
    try {
      const bearer = { authorization: `Bearer ${fixture.main.token}` };
      const cookie = { cookie: `sb_session=${fixture.main.token}` };
      // The floor must answer what the app answers.
      const floorMe = await probe(`${floor.url}/api/me`, bearer, () => true, "floor /api/me");
      const appMe = await probe(`${fixture.app.url}/api/me`, bearer, () => true, "app /api/me");
      if (JSON.stringify(JSON.parse(floorMe)) !== JSON.stringify(JSON.parse(appMe))) {
        throw new Error(`The floor's /api/me differs from the app's: ${floorMe} vs ${appMe}`);
      }
      const dashboard = await probe(
        `${floor.url}/`,
        cookie,
        (body) => body.includes("Welcome back") && body.includes("Quick Start"),
        "floor /",
      );
      const endpoints = await measureEndpoints({
        apiMe: async () => ({
          label: "GET /api/me (bearer)",
          bytes: Buffer.byteLength(floorMe),
          cells: await measureEndpoint({ url: `${floor.url}/api/me`, headers: bearer }, floor, "floor-api-me"),
        }),
        dashboard: async () => ({
          label: "GET / (dashboard, renderToString)",
          bytes: Buffer.byteLength(dashboard),
          cells: await measureEndpoint({ url: `${floor.url}/`, headers: cookie }, floor, "floor-dashboard"),
        }),
      });
      return { endpoints };
    } finally {
      await floor.close();
    }
  },
  print: printEndpoints,
};

/** The real built server under load: the API, the pages and built-in generation. */
export const apiSuite: BenchSuite = {
  name: "api",
  description:
    "the app (build/server/index.js startServer): /api/me, dashboard, /today, /library, POST /api/studies/topic, a Bible chapter, a Bible search",
  async run() {
    const fixture = await httpFixture();
    const base = fixture.app.url;
    const server = fixture.app;
    const bearer = { authorization: `Bearer ${fixture.main.token}` };
    const cookie = { cookie: `sb_session=${fixture.main.token}` };
    const libraryCookie = { cookie: `sb_session=${fixture.library.token}` };

    const me = await probe(`${base}/api/me`, bearer, (body) => body.includes(fixture.main.id), "/api/me");
    const dashboard = await probe(
      `${base}/`,
      cookie,
      (body) => body.includes("Welcome back") && body.includes("Quick Start"),
      "/",
    );
    const today = await probe(
      `${base}/today`,
      cookie,
      // A first day says "Start your streak today", later ones "N day streak".
      (body) => /day streak|your streak/.test(body) && body.includes("Beginner"),
      "/today",
    );
    const library = await probe(`${base}/library`, libraryCookie, (body) => body.includes("My Library"), "/library");
    const chapter = await probe(
      `${base}/bible/JHN/3`,
      cookie,
      (body) => body.includes("For God so loved the world"),
      "/bible/JHN/3",
    );
    const searchUrl = `${base}/api/search?q=steadfast%20love&scope=bible&limit=20`;
    const search = await probe(searchUrl, bearer, (body) => body.includes('"kind":"verse"'), "/api/search");

    let turn = 0;
    const topicTarget: LoadTarget = {
      url: `${base}/api/studies/topic`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ topic: "Hope in suffering" }),
      setupRequest: (request) => {
        const user = fixture.topicUsers[turn++ % fixture.topicUsers.length]!;
        request.headers = { ...request.headers, authorization: `Bearer ${user.token}` };
        return request;
      },
    };
    const topicProbe = await fetch(topicTarget.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${fixture.topicUsers[0]!.token}` },
      body: topicTarget.body,
    });
    const topicBody = await topicProbe.text();
    if (topicProbe.status !== 201)
      throw new Error(`POST /api/studies/topic: ${topicProbe.status} ${topicBody.slice(0, 200)}`);

    const endpoints = await measureEndpoints({
      apiMe: async () => ({
        label: "GET /api/me (bearer)",
        bytes: Buffer.byteLength(me),
        cells: await measureEndpoint({ url: `${base}/api/me`, headers: bearer }, server, "app-api-me"),
      }),
      dashboard: async () => ({
        label: "GET / (dashboard SSR)",
        bytes: Buffer.byteLength(dashboard),
        cells: await measureEndpoint({ url: `${base}/`, headers: cookie }, server, "app-dashboard"),
      }),
      today: async () => ({
        label: "GET /today (devotionals cached)",
        bytes: Buffer.byteLength(today),
        cells: await measureEndpoint({ url: `${base}/today`, headers: cookie }, server, "app-today"),
        note: `plan ${TODAY_PLAN}, reading ${fixture.seed.todayReading}; the three devotionals written once before the cells`,
      }),
      library: async () => ({
        label: `GET /library (${fixture.seed.libraryItems} items)`,
        bytes: Buffer.byteLength(library),
        cells: await measureEndpoint({ url: `${base}/library`, headers: libraryCookie }, server, "app-library"),
        note: `${LIBRARY_ITEMS.manual} quotes and book excerpts, ${LIBRARY_ITEMS.processed} processed articles, ${LIBRARY_ITEMS.savedStudies} saved lesson plans, all added through the API`,
      }),
      bibleChapter: async () => ({
        label: "GET /bible/JHN/3 (the reader, John 3 in the BSB with Henry beside it)",
        bytes: Buffer.byteLength(chapter),
        cells: await measureEndpoint({ url: `${base}/bible/JHN/3`, headers: cookie }, server, "app-bible-chapter"),
      }),
      bibleSearch: async () => ({
        label: "GET /api/search?q=steadfast love&scope=bible (issue 32: p95 at most 50 ms)",
        bytes: Buffer.byteLength(search),
        cells: await measureEndpoint({ url: searchUrl, headers: bearer }, server, "app-bible-search"),
      }),
      topic: async () => ({
        label: "POST /api/studies/topic (built-in AI)",
        bytes: Buffer.byteLength(topicBody),
        cells: await measureEndpoint(topicTarget, server, "app-topic"),
        note: `requests take turns through ${TOPIC_USERS} accounts, so no account has more than its allowed two generations at once; each request writes a study`,
      }),
    });
    return { endpoints, seedMs: fixture.seed.ms };
  },
  print: printEndpoints,
};

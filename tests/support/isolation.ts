/**
 * What another user feels while slow work is in flight: GET /api/me and page loads timed one after
 * another. The tests log these figures (their asserts are about statuses and saved rows); the bench
 * (bench/suites/isolation.ts) holds them to targets, away from the timing noise of `npm test`.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { articlePage, sabbathArticle } from "../fixtures/articles";
import { summarizeLatencies, type LatencySummary } from "./hostile";
import { api } from "./server";

/** A website whose /article answers and whose every other page accepts the connection and never answers. */
export async function startHangingSite() {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/article") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(articlePage(sabbathArticle));
    }
    // Anything else hangs until the client gives up.
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface OtherRequests {
  me: LatencySummary;
  pages: LatencySummary;
}

/** Times GET /api/me and a page load (with the session cookie), one after another, for `ms`. */
export async function measureOtherRequests(serverUrl: string, token: string, ms: number): Promise<OtherRequests> {
  const me: number[] = [];
  const pages: number[] = [];
  const paths = ["/", "/library", "/lesson-plans", "/profile", "/bible-plans"];
  const until = Date.now() + ms;
  for (let index = 0; Date.now() < until; index++) {
    let started = performance.now();
    const answer = await api(serverUrl, "/api/me", { token });
    me.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`GET /api/me answered ${answer.status}`);
    started = performance.now();
    const page = await fetch(serverUrl + paths[index % paths.length], {
      headers: { cookie: `sb_session=${token}`, "accept-encoding": "gzip" },
    });
    await page.arrayBuffer();
    pages.push(performance.now() - started);
    if (page.status !== 200) throw new Error(`${paths[index % paths.length]} answered ${page.status}`);
  }
  return { me: summarizeLatencies(me), pages: summarizeLatencies(pages) };
}

/** GET /api/me every 20 ms until `work` settles (and at least `minSamples` times). */
export async function probeMeUntil(
  serverUrl: string,
  token: string,
  work: Promise<unknown>,
  minSamples = 20,
): Promise<LatencySummary> {
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  const timings: number[] = [];
  while (!done || timings.length < minSamples) {
    const started = performance.now();
    const me = await api(serverUrl, "/api/me", { token });
    timings.push(performance.now() - started);
    if (me.status !== 200) throw new Error(`GET /api/me answered ${me.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return summarizeLatencies(timings);
}

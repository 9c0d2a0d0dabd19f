/**
 * Hostile input against the real server (npm start's, in its own process): every API route and
 * every page action, every field they read (and their path ids, query strings, headers and keys),
 * filled with 100k-1M runs of punctuation. Each answer must be a 4xx (or a 2xx/3xx where ignoring
 * the value is right), never a 5xx, a stack trace or a frozen server; hostile fetched pages through
 * POST /api/sermons/process-url likewise. How fast they came, and another user's GET /api/me
 * meanwhile, are logged: `npm run bench -- hostile` holds them to targets (a busy machine would
 * fail them here). The cases are deterministic for a seed: HOSTILE_SEED=<n> replays another draw.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { HOSTILE_UNITS } from "../support/hostile-text";
import {
  DEFAULT_SEED,
  HOSTILE_PAGES,
  HOSTILE_TARGETS,
  describeFailure,
  hostileCases,
  runCases,
  runHostilePages,
  startHostileServer,
  startMeProbe,
  type HostileServer,
  type Tokens,
} from "../support/hostile";
import { apiRoutes, pageActionRoutes } from "../support/routes";
import { seedAccount } from "../support/server";

const SEED = Number(process.env.HOSTILE_SEED ?? DEFAULT_SEED);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sagacity-fuzz-"));
let server: HostileServer & { close: () => Promise<void> };
let site: FakeSite;
let tokens: Tokens;
let bystander: string;
let pagesUser: string;

before(async () => {
  server = await startHostileServer(path.join(folder, "fuzz.db"));
  // The first account is the admin: the admin routes are attacked with its token.
  const admin = await seedAccount(server.url);
  const user = await seedAccount(server.url);
  bystander = (await seedAccount(server.url)).token;
  pagesUser = (await seedAccount(server.url)).token;
  tokens = { admin: admin.token, user: user.token };
  // The attacked user reads a plan whose devotionals are already written: Today's page waits up
  // to 1.5 s for devotionals it has to write first, which is not what these cases measure.
  await warmToday(server.url, user.token);
  site = await startFakeSite();
});

async function warmToday(url: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const started = await fetch(`${url}/api/plans/user-plans`, {
    method: "POST",
    headers,
    body: JSON.stringify({ planId: "romans-16-days" }),
  });
  assert.ok(started.ok, `starting a plan: ${started.status}`);
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const today = (await (await fetch(`${url}/api/plans/user-plans/today`, { headers })).json()) as {
      devotions: unknown[];
    };
    if (today.devotions.length === 3) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail("Today's devotionals were not written within 10 s");
}

after(async () => {
  await site?.close();
  await server?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("the hostile cases", () => {
  test("every API route file and every page action has a target", () => {
    const covered = new Set(HOSTILE_TARGETS.map((target) => target.file));
    const routes = [...apiRoutes().map((route) => route.file), ...pageActionRoutes().map((route) => route.file)];
    assert.ok(routes.length >= 30, routes.join(", "));
    const missing = routes.filter((file) => !covered.has(file));
    assert.deepEqual(missing, [], `add a target in tests/support/hostile.ts for: ${missing.join(", ")}`);
    const stale = [...covered].filter((file) => !routes.includes(file));
    assert.deepEqual(stale, [], `targets for route files that are gone (or lost their action): ${stale.join(", ")}`);
  });

  test("cover every character, every field and every path parameter, the same way for the same seed", () => {
    const cases = hostileCases({ seed: SEED });
    assert.deepEqual(new Set(cases.map((hostile) => hostile.unit)), new Set(HOSTILE_UNITS.request));
    for (const target of HOSTILE_TARGETS) {
      for (const field of target.fields) {
        const own = cases.filter(
          (hostile) => hostile.target === target && hostile.field === field.name && hostile.kind === "field",
        );
        assert.ok(own.length >= 3 && own.every((hostile) => hostile.size >= 100_000), `${target.id} ${field.name}`);
      }
      for (const param of target.params ?? [])
        assert.ok(
          cases.some((hostile) => hostile.target === target && hostile.kind === "param" && hostile.field === param),
        );
    }
    const sizes = cases
      .filter((hostile) => hostile.kind === "near-limit")
      .map((hostile) => Buffer.byteLength(hostile.build().body!));
    assert.ok(
      sizes.length > 20 && sizes.every((bytes) => bytes > 1024 * 1024 - 4096 && bytes <= 1024 * 1024),
      `near-limit bodies: ${Math.min(...sizes)}-${Math.max(...sizes)} bytes`,
    );
    assert.deepEqual(
      hostileCases({ seed: SEED }).map((hostile) => hostile.label),
      cases.map((hostile) => hostile.label),
    );
  });
});

describe("hostile input from outside", () => {
  test(`every route and page action answers hostile fields with a 4xx (or an accepted 2xx) while another user is served (seed ${SEED})`, async () => {
    const cases = hostileCases({ seed: SEED });
    const probe = startMeProbe(server, bystander);
    const run = await runCases(server, cases, tokens);
    const me = await probe.stop();
    console.log(
      `# ${run.sent} hostile requests (seed ${SEED}); /api/me of another user meanwhile: p50 ${me.p50} ms, p95 ${me.p95} ms, max ${me.max} ms over ${me.n} probes (${me.timeouts} without an answer); ` +
        `slowest: ${run.slowest
          .slice(0, 5)
          .map((slow) => `${slow.label} ${slow.ms} ms (${slow.status})`)
          .join(", ")}`,
    );
    const report = [
      ...run.failures.map((failure) => describeFailure(failure, SEED)),
      ...(run.skipped.length > 0
        ? [`${run.skipped.length} cases skipped after their field froze the server (${run.restarts} restarts)`]
        : []),
    ];
    assert.ok(me.n > me.timeouts, "another user's GET /api/me was answered meanwhile");
    assert.equal(run.sent + run.skipped.length, cases.length);
    assert.deepEqual(report, [], `\n${report.join("\n")}`);
  });

  test("hostile pages through POST /api/sermons/process-url are answered, save whole items or nothing, and another user is served", async () => {
    // The pages are megabytes: built (in this process) before the clock starts.
    for (const page of HOSTILE_PAGES) await (await fetch(site.url + page.path)).arrayBuffer();
    const probe = startMeProbe(server, bystander);
    const { results, restarts } = await runHostilePages(server, site.url, pagesUser);
    const me = await probe.stop();
    console.log(
      `# hostile pages: ${results.map((result) => `${result.path} ${result.status || "no answer"} in ${result.ms} ms`).join(", ")}; ` +
        `/api/me meanwhile p50 ${me.p50} ms, p95 ${me.p95} ms, max ${me.max} ms (${me.n} probes, ${me.timeouts} timeouts, ${restarts} restarts)`,
    );
    const report = [
      ...results
        .filter((result) => result.problems.length > 0)
        .map(
          (result) =>
            `${result.path} -> ${result.status || "no answer"} in ${result.ms} ms: ${result.problems.join("; ")}`,
        ),
    ];
    assert.ok(me.n > me.timeouts, "another user's GET /api/me was answered meanwhile");
    assert.deepEqual(report, [], `\n${report.join("\n")}`);
  });
});

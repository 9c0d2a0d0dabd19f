/**
 * Every JSON API route, found from the route files themselves (so a new route is covered the day
 * it is added): who may call it, and what 1,000+ fuzzed bad inputs per route do to it.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { api, registerAccount, startTestServer, type TestServer } from "../support/server";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;
const PUBLIC_ROUTES = new Set(["/api/auth/login", "/api/auth/register", "/api/auth/logout", "/api/*"]);
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

interface ApiRoute {
  file: string;
  pattern: string;
  params: string[];
  adminOnly: boolean;
}

/** Flat-route file names to URL patterns: api.library.save.$studyId.ts -> /api/library/save/:studyId */
function apiRoutes(): ApiRoute[] {
  return fs
    .readdirSync(path.join(projectRoot, "app/routes"))
    .filter((file) => /^api\..+\.tsx?$/.test(file))
    .map((file) => {
      // "_index" and other "_" segments add no URL segment in Remix's flat routes.
      const segments = file.replace(/\.tsx?$/, "").split(".").filter((segment) => !segment.startsWith("_"));
      const params: string[] = [];
      const pattern =
        "/" +
        segments
          .map((segment) => {
            if (segment === "$") return "*";
            if (segment.startsWith("$")) {
              params.push(segment.slice(1));
              return `:${segment.slice(1)}`;
            }
            return segment.replace(/^\((.*)\)$/, "$1").replace(/_$/, "");
          })
          .join("/");
      return { file, pattern, params, adminOnly: pattern.startsWith("/api/admin") };
    });
}

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
function encodeSegment(value: string) {
  return [...new TextEncoder().encode(value)]
    .map((byte) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, "0").toUpperCase()}`))
    .join("");
}

function fill(route: ApiRoute, value = "00000000-0000-4000-8000-000000000000") {
  return route.params.reduce(
    (url, param) => url.replace(`:${param}`, encodeSegment(value)),
    route.pattern.replace("*", "no-such-endpoint"),
  );
}

let server: TestServer;
let admin: { token: string };
let user: { token: string };

before(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES_PER_IP: "100000", LOGIN_MAX_FAILURES_PER_EMAIL: "100000" });
  admin = await registerAccount(server.url);
  user = await registerAccount(server.url);
});
after(() => server.close());

const routes = apiRoutes();

test("the route list is complete enough to be meaningful", () => {
  assert.ok(routes.some((route) => route.pattern === "/api/me"));
  assert.ok(routes.length >= 5, routes.map((route) => route.pattern).join(", "));
});

describe("authorization matrix", () => {
  for (const route of routes) {
    if (PUBLIC_ROUTES.has(route.pattern)) continue;
    test(`${route.pattern}: anonymous callers get 401 for every method`, async () => {
      for (const method of METHODS) {
        const answer = await api(server.url, fill(route), { method, body: method === "GET" ? undefined : {} });
        assert.ok([401, 405].includes(answer.status), `${method} ${route.pattern} -> ${answer.status}`);
        assert.equal(typeof answer.body?.error, "string", `${method} ${route.pattern} answers { error }`);
      }
    });
    test(`${route.pattern}: an invalid token is a 401`, async () => {
      const answer = await api(server.url, fill(route), { token: "forged-token" });
      assert.ok([401, 405].includes(answer.status), `GET ${route.pattern} -> ${answer.status}`);
    });
    if (route.adminOnly) {
      test(`${route.pattern}: a non-admin gets 403 for every method`, async () => {
        for (const method of METHODS) {
          const answer = await api(server.url, fill(route), { method, token: user.token, body: method === "GET" ? undefined : {} });
          assert.ok([403, 405].includes(answer.status), `${method} ${route.pattern} -> ${answer.status}`);
        }
      });
    }
  }
});

// Field names used across the API, so fuzzed objects reach past "expected object" into the schemas.
const FIELD_NAMES = [
  "email", "password", "topic", "reference", "planId", "translation", "dayNumber", "url", "title", "contentType",
  "isActive", "isAdmin", "favoriteTeachers", "studyDepthPreference", "denomination", "model", "tone",
  "beginnerWordLimit", "intermediateWordLimit", "deepStudyWordLimit", "writingStyle", "citationFormat",
  "targetAudience", "languageComplexity", "hasCompletedWelcome", "text", "source", "author", "timeZone",
];
const NASTY_STRINGS = [
  "' OR 1=1 --", "\"; DROP TABLE users; --", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
  "javascript:alert(1)", "\u0000", "\uFFFF\uD800", "𝕳𝖊𝖑𝖑𝖔 ✝️", "x".repeat(100_000), "../../etc/passwd",
  "http://169.254.169.254/latest/meta-data/", "file:///etc/passwd", "%00%0d%0a", "{{7*7}}", "NaN", "-1", "1e309",
];

const nastyValue = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
);

const fuzzedBody = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), nastyValue, { maxKeys: 6 }) },
  { weight: 2, arbitrary: fc.anything() },
  { weight: 1, arbitrary: fc.constantFrom("{not json", "[", "null", '"just a string"', "\u0000", "") },
);

const fuzzedParam = fc.oneof(fc.constantFrom(...NASTY_STRINGS.map((text) => text.slice(0, 300))), fc.string({ maxLength: 60 }), fc.uuid());

async function supportedMethods(route: ApiRoute) {
  const methods: string[] = [];
  for (const method of METHODS) {
    const answer = await api(server.url, fill(route), { method, token: admin.token, body: method === "GET" ? undefined : {} });
    if (answer.status !== 405) methods.push(method);
  }
  return methods;
}

describe("fuzzed bad input never causes a 5xx", () => {
  for (const route of routes) {
    test(`${route.pattern}: ${FUZZ_RUNS}+ fuzzed requests answer 4xx or 2xx with JSON`, async () => {
      const methods = await supportedMethods(route);
      if (methods.length === 0) return;
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...methods),
          fuzzedBody,
          fuzzedParam,
          // Signing out with a shared token would end the other tests' sessions.
          route.pattern === "/api/auth/logout" ? fc.constant({ token: "" }) : fc.constantFrom(admin, user),
          async (method, body, param, caller) => {
            const url = fill(route, route.params.length > 0 ? param : undefined);
            const raw = typeof body === "string" ? body : JSON.stringify(body);
            const answer = await api(server.url, url, {
              method,
              token: caller.token || undefined,
              rawBody: method === "GET" ? undefined : raw,
            });
            sent++;
            if (answer.status >= 500) {
              throw new Error(`${method} ${url} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
            }
            if (answer.status >= 400) assert.equal(typeof answer.body?.error, "string");
          },
        ),
        { numRuns: FUZZ_RUNS, seed: 20261122 },
      );
      assert.ok(sent >= FUZZ_RUNS);
    });
  }
});

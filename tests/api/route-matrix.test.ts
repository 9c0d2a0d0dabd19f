/**
 * Every JSON API route, found from the route files themselves (so a new route is covered the day
 * it is added): who may call it, and what 1,000+ fuzzed bad inputs per route do to it.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { apiRoutes, encodeSegment, type ApiRoute } from "../support/routes";
import { api, seedAccount, startPlan, startTestServer, type TestServer } from "../support/server";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;
const PUBLIC_ROUTES = new Set([
  "/api/auth/login",
  "/api/auth/register",
  "/api/auth/logout",
  "/api/auth/reset",
  "/api/*",
]);
// Seeded cases per route: 50 in npm test (tests/api/fuzz.test.ts sends another 100 hostile ones to
// every route), FUZZ_RUNS (1,000) in npm run test:deep.
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 50);

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
  admin = await seedAccount(server.url);
  user = await seedAccount(server.url);
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
          const answer = await api(server.url, fill(route), {
            method,
            token: user.token,
            body: method === "GET" ? undefined : {},
          });
          assert.ok([403, 405].includes(answer.status), `${method} ${route.pattern} -> ${answer.status}`);
        }
      });
    }
  }
});

/**
 * The "other user" dimension. Owner A holds one of everything; B (another user) and an admin try
 * A's ids on every route that takes one, and read every list and page. B gets 404 (403 on admin
 * routes), an admin gets 404 on the non-admin routes too, nothing of A's private content shows up
 * anywhere but A's own answers, and A's data is unchanged afterwards.
 */
describe("another user's ids and data", () => {
  let owner: Awaited<ReturnType<typeof seedAccount>>;
  let other: Awaited<ReturnType<typeof seedAccount>>;
  const mark = `Zq${Date.now().toString(36)}x`;
  const ids: Record<string, string> = {};
  /** A's private content: never in anyone else's answers, admins' included. */
  const privateMarkers: string[] = [];
  /** A's account: an admin's user list may show these, nobody else's answers. */
  const accountMarkers: string[] = [];

  async function snapshot() {
    const read = async (path: string) => (await api(server.url, path, { token: owner.token })).body;
    const today = await read("/api/plans/user-plans/today");
    return {
      studies: await read("/api/studies"),
      library: await read("/api/library"),
      sermons: await read("/api/sermons"),
      profile: await read("/api/profile"),
      onboarding: await read("/api/onboarding/status"),
      groups: await read("/api/groups"),
      notes: await read("/api/notes"),
      today: {
        plan: today.userPlan?.planId,
        day: today.currentDay,
        isCompleted: today.isCompleted,
        streak: today.streak,
      },
    };
  }

  /** One step of setting A's data up: the request must answer `status`; its body is returned. */
  async function setUp(status: number, method: string, path: string, body?: unknown, token = owner.token) {
    const answer = await api(server.url, path, { method, token, body });
    assert.equal(answer.status, status, `${method} ${path}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  before(async () => {
    owner = await seedAccount(server.url);
    other = await seedAccount(server.url);
    // A topic must be a reviewed one now (issue 28), so the study's marker is its id.
    const study = await setUp(201, "POST", "/api/studies/topic", { topic: "Patience" });
    ids.studyId = study.id;
    await setUp(200, "POST", `/api/library/save/${ids.studyId}`);
    const quote = await setUp(201, "POST", "/api/sermons", {
      contentType: "quote",
      text: `Quote text ${mark}`,
      title: `Quote title ${mark}`,
      author: `Author ${mark}`,
    });
    ids.id = quote.id;
    ids.userId = owner.id;
    await setUp(200, "PATCH", "/api/profile", {
      favoriteTeachers: [`Teacher ${mark}`],
      denomination: `Denomination ${mark}`,
    });
    assert.equal((await startPlan(server.url, owner.token, "romans-16-days")).status, 201);
    const group = await setUp(201, "POST", "/api/groups", { name: `Group ${mark}` });
    ids.groupId = group.id;
    await setUp(201, "POST", `/api/groups/${ids.groupId}/studies`, { studyId: ids.studyId });
    const note = await setUp(201, "POST", "/api/notes", {
      reference: "John 3:16",
      kind: "note",
      body: `Note ${mark}`,
      groupId: ids.groupId,
    });
    ids.noteId = note.id;
    const invite = await setUp(201, "POST", "/api/admin/invites", {}, admin.token);
    ids.inviteId = invite.invite.id;
    privateMarkers.push(mark, ids.studyId, ids.id, ids.groupId, ids.noteId, group.inviteCode);
    accountMarkers.push(owner.email, owner.id);
  });

  // Routes whose parameters name public reference data (a Bible chapter), not anyone's resource.
  const referenceData: Record<string, Record<string, string>> = {
    "/api/bible/:translation/:book/:chapter": { translation: "kjv", book: "JHN", chapter: "3" },
    "/api/strongs/:id": { id: "G26" },
  };
  const paramRoutes = routes.filter((route) => route.params.length > 0 && !(route.pattern in referenceData));

  test("routes over reference data answer every signed-in caller alike, and leak nobody's data", async () => {
    for (const [pattern, values] of Object.entries(referenceData)) {
      assert.ok(
        routes.some((route) => route.pattern === pattern),
        `${pattern} is gone: remove it here`,
      );
      const url = Object.entries(values).reduce(
        (address, [param, value]) => address.replace(`:${param}`, value),
        pattern,
      );
      const answers = [];
      for (const caller of [owner, other, admin]) {
        const answer = await api(server.url, url, { token: caller.token });
        assert.equal(answer.status, 200, `GET ${url}`);
        for (const marker of [...privateMarkers, ...accountMarkers]) {
          assert.ok(!JSON.stringify(answer.body).includes(marker), `GET ${url} leaks ${marker}`);
        }
        answers.push(JSON.stringify(answer.body));
      }
      assert.equal(new Set(answers).size, 1, `GET ${url} differs by caller`);
    }
  });

  test("every route that takes an id has an owner's resource to try (add one for a new parameter)", () => {
    for (const route of paramRoutes) {
      for (const param of route.params) assert.ok(param in ids, `no fixture for :${param} of ${route.pattern}`);
    }
    assert.ok(paramRoutes.length >= 4);
  });

  for (const route of paramRoutes) {
    const title = route.adminOnly
      ? `${route.pattern}: a non-admin acting on another user's id gets 403 for every method`
      : `${route.pattern}: another user's id is a 404 for every method, an admin's too`;
    test(title, async () => {
      const before = await snapshot();
      const url = route.params.reduce((pattern, param) => pattern.replace(`:${param}`, ids[param]!), route.pattern);
      const methods = await supportedMethods(route);
      assert.ok(methods.length > 0);
      for (const method of methods) {
        const body = method === "GET" ? undefined : route.adminOnly ? { isActive: false } : {};
        const asOther = await api(server.url, url, { method, token: other.token, body });
        assert.equal(
          asOther.status,
          route.adminOnly ? 403 : 404,
          `${method} ${url} as another user -> ${asOther.status}`,
        );
        assert.equal(typeof asOther.body?.error, "string");
        for (const marker of [...privateMarkers.filter((value) => !url.includes(value)), ...accountMarkers]) {
          assert.ok(!JSON.stringify(asOther.body).includes(marker), `${method} ${url} leaks ${marker}`);
        }
        if (!route.adminOnly) {
          const asAdmin = await api(server.url, url, { method, token: admin.token, body });
          assert.equal(asAdmin.status, 404, `${method} ${url} as an admin -> ${asAdmin.status}`);
        }
      }
      assert.deepEqual(await snapshot(), before, "the owner's data is unchanged");
    });
  }

  test("no list or read of another user (or of an admin, outside the admin routes) shows the owner's content", async () => {
    const readable = routes.filter((route) => route.params.length === 0 && !PUBLIC_ROUTES.has(route.pattern));
    for (const route of readable) {
      for (const caller of [other, admin]) {
        const answer = await api(server.url, route.pattern, { token: caller.token });
        if (answer.status === 405) continue;
        const text = JSON.stringify(answer.body);
        const forbidden = route.adminOnly ? privateMarkers : [...privateMarkers, ...accountMarkers];
        for (const marker of forbidden)
          assert.ok(
            !text.includes(marker),
            `GET ${route.pattern} as ${caller === admin ? "an admin" : "another user"} shows ${marker}`,
          );
      }
    }
    // The owner does see it: the markers are real.
    const own = JSON.stringify((await api(server.url, "/api/sermons", { token: owner.token })).body);
    assert.ok(own.includes(mark));
  });

  test("pages: every signed-in page, even given the owner's study id, shows another user or an admin nothing of the owner's", async () => {
    const routes = path.join(projectRoot, "app/routes");
    // Flat route files and folder routes (their route.tsx) under the signed-in layout, with what
    // they answer a GET: a page's loader or component, or a resource route's loader.
    const pages = fs
      .readdirSync(routes, { withFileTypes: true })
      .map((entry) =>
        entry.isDirectory()
          ? { name: entry.name, file: path.join(entry.name, "route.tsx") }
          : { name: entry.name.replace(/\.tsx$/, ""), file: entry.name },
      )
      .filter(
        ({ name, file }) =>
          /^_app\.[^$]+$/.test(name) && file.endsWith(".tsx") && fs.existsSync(path.join(routes, file)),
      )
      .filter(({ file }) =>
        /export (async )?function loader|export default|export \{[^}]*\b(loader|default)\b/.test(
          fs.readFileSync(path.join(routes, file), "utf8"),
        ),
      )
      .map(
        ({ name }) =>
          "/" +
          name
            .replace(/^_app\./, "")
            .replace(/^_index$/, "")
            .replace(/\._index$/, "")
            .replaceAll(".", "/")
            // A trailing "_" opts a route out of its parent's layout and adds nothing to the address.
            .replace(/_(?=\/|$)/g, ""),
      );
    for (const page of [
      "/",
      "/library",
      "/lesson-plans",
      "/today",
      "/today/devotions",
      "/add-content",
      "/process-sermon",
    ]) {
      assert.ok(pages.includes(page), `${page} is not among ${pages.join(", ")}`);
    }
    for (const page of pages) {
      for (const caller of [other, admin]) {
        const response = await fetch(`${server.url}${page}?study=${ids.studyId}&id=${ids.id}`, {
          headers: { cookie: `sb_session=${caller.token}` },
          redirect: "manual",
        });
        assert.ok([200, 302].includes(response.status), `${page} -> ${response.status}`);
        const html = await response.text();
        // The ids are in the address (a form may echo it); the content must not be. The admin
        // console lists accounts (the owner's email included), never their content.
        const forbidden = caller === admin && page === "/admin" ? [mark] : [mark, ...accountMarkers];
        for (const marker of forbidden) {
          assert.ok(
            !html.includes(marker),
            `${page} as ${caller === admin ? "an admin" : "another user"} shows ${marker}`,
          );
        }
      }
    }
  });

  test("a page action given the owner's id is refused and changes nothing", async () => {
    const before = await snapshot();
    const response = await fetch(`${server.url}/library`, {
      method: "POST",
      headers: { cookie: `sb_session=${other.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", id: ids.id! }),
    });
    assert.equal(response.status, 404);
    assert.deepEqual(await snapshot(), before);
  });
});

// Field names used across the API, so fuzzed objects reach past "expected object" into the schemas.
const FIELD_NAMES = [
  "email",
  "password",
  "topic",
  "reference",
  "planId",
  "translation",
  "dayNumber",
  "url",
  "title",
  "contentType",
  "isActive",
  "isAdmin",
  "favoriteTeachers",
  "studyDepthPreference",
  "denomination",
  "model",
  "tone",
  "beginnerWordLimit",
  "intermediateWordLimit",
  "deepStudyWordLimit",
  "writingStyle",
  "citationFormat",
  "targetAudience",
  "languageComplexity",
  "hasCompletedWelcome",
  "text",
  "source",
  "author",
  "timeZone",
  "name",
  "description",
  "inviteCode",
  "studyId",
  "startDate",
  "userId",
  "hideProgress",
  "kind",
  "body",
  "color",
  "label",
  "groupId",
];
const NASTY_STRINGS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "\u0000",
  "\uFFFF\uD800",
  "𝕳𝖊𝖑𝖑𝖔 ✝️",
  "x".repeat(100_000),
  "../../etc/passwd",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/passwd",
  "%00%0d%0a",
  "{{7*7}}",
  "NaN",
  "-1",
  "1e309",
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

const fuzzedParam = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS.map((text) => text.slice(0, 300))),
  fc.string({ maxLength: 60 }),
  fc.uuid(),
);

async function supportedMethods(route: ApiRoute) {
  const methods: string[] = [];
  for (const method of METHODS) {
    const answer = await api(server.url, fill(route), {
      method,
      token: admin.token,
      body: method === "GET" ? undefined : {},
    });
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

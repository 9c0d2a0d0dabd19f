import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, assertRefusals, postForm, seedAccount, startTestServer, type TestServer } from "../support/server";

let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const allFalse = {
  hasCompletedWelcome: false,
  hasStartedPlan: false,
  hasCreatedStudy: false,
  hasVisitedLibrary: false,
  onboardingCompletedAt: null,
};

describe("onboarding status and progress", () => {
  test("a new account starts with every step open", async () => {
    const account = await seedAccount(server.url);
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.equal(status.status, 200);
    assert.deepEqual(status.body, allFalse);
  });

  test("an account with no onboarding row (made before the table) has every step open, and the row is made", async () => {
    const account = await seedAccount(server.url);
    const rows = () =>
      server.withDb((db) =>
        db.prepare("select count(*) as n from user_onboarding where user_id = ?").get(account.id),
      ) as { n: number };
    server.withDb((db) => db.prepare("delete from user_onboarding where user_id = ?").run(account.id));
    assert.equal(rows().n, 0);
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.deepEqual(status.body, allFalse);
    assert.equal(rows().n, 1);
  });

  test("closing the welcome dialog sets hasCompletedWelcome and nothing else", async () => {
    const account = await seedAccount(server.url);
    const patched = await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      token: account.token,
      body: { hasCompletedWelcome: true },
    });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body, { ...allFalse, hasCompletedWelcome: true });
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.deepEqual(status.body, { ...allFalse, hasCompletedWelcome: true });
  });

  test("onboardingCompletedAt is stamped once, when the fourth step is done", async () => {
    const account = await seedAccount(server.url);
    const first = await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      token: account.token,
      body: { hasStartedPlan: true, hasCreatedStudy: true, hasVisitedLibrary: true },
    });
    assert.equal(first.body.onboardingCompletedAt, null);
    const before = Date.now();
    const last = await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      token: account.token,
      body: { hasCompletedWelcome: true },
    });
    const stamp = Date.parse(last.body.onboardingCompletedAt);
    assert.ok(Math.abs(stamp - before) < 5_000, `stamped now, got ${last.body.onboardingCompletedAt}`);
    const again = await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      token: account.token,
      body: { hasCompletedWelcome: true },
    });
    assert.equal(again.body.onboardingCompletedAt, last.body.onboardingCompletedAt);
  });

  test("one user's progress does not touch another's", async () => {
    const first = await seedAccount(server.url);
    const second = await seedAccount(server.url);
    await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      token: first.token,
      body: { hasCreatedStudy: true },
    });
    const status = await api(server.url, "/api/onboarding/status", { token: second.token });
    assert.deepEqual(status.body, allFalse);
  });

  test("flags only move to true, and bad bodies are a 400 with a clear message", async () => {
    const account = await seedAccount(server.url);
    await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      token: account.token,
      body: { hasStartedPlan: true },
    });
    const cases: Array<[unknown, RegExp]> = [
      [{ hasStartedPlan: false }, /only be marked as completed/],
      [{ hasCompletedWelcome: "yes" }, /only be marked as completed/],
      [{}, /at least one onboarding step/],
      [{ onboardingCompletedAt: "2020-01-01" }, /Unrecognized key/],
      [[true], /Expected an object/],
    ];
    await assertRefusals(server.url, "/api/onboarding/progress", { method: "PATCH", token: account.token }, cases);
    const malformed = await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      token: account.token,
      rawBody: "{",
    });
    assert.equal(malformed.status, 400);
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.equal(status.body.hasStartedPlan, true);
  });

  test("both routes need a session, and answer 405 to other methods", async () => {
    assert.equal((await api(server.url, "/api/onboarding/status")).status, 401);
    const anonymous = await api(server.url, "/api/onboarding/progress", {
      method: "PATCH",
      body: { hasCompletedWelcome: true },
    });
    assert.equal(anonymous.status, 401);
    assert.deepEqual(anonymous.body, { error: "Authentication required" });
    const account = await seedAccount(server.url);
    assert.equal((await api(server.url, "/api/onboarding/progress", { token: account.token })).status, 405);
    assert.equal(
      (await api(server.url, "/api/onboarding/status", { method: "POST", token: account.token, body: {} })).status,
      405,
    );
  });
});

describe("the pages' onboarding form (POST /resources/onboarding)", () => {
  const postOnboarding = (token: string, form: Record<string, string>) =>
    postForm(server.url, "/resources/onboarding", form, token);

  test("marks the welcome done with the same function as the API; the no-JavaScript form goes back", async () => {
    const account = await seedAccount(server.url);
    const answer = await postOnboarding(account.token, { step: "hasCompletedWelcome", redirectTo: "/" });
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.get("location"), "/");
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.deepEqual(status.body, { ...allFalse, hasCompletedWelcome: true });
  });

  test("only the steps a page marks itself, only paths on this site, only signed in", async () => {
    const account = await seedAccount(server.url);
    assert.equal((await postOnboarding(account.token, { step: "hasCreatedStudy" })).status, 400);
    assert.equal(
      (await postOnboarding(account.token, { step: "hasCompletedWelcome", redirectTo: "https://evil.example/" }))
        .status,
      400,
    );
    assert.equal(
      (await postOnboarding(account.token, { step: "hasCompletedWelcome", redirectTo: "//evil.example/" })).status,
      400,
    );
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.deepEqual(status.body, allFalse);
    const anonymous = await postOnboarding("not-a-session", { step: "hasCompletedWelcome" });
    assert.equal(anonymous.status, 302);
    assert.match(anonymous.headers.get("location") ?? "", /\/login$/);
  });

  test("Get Started starts the plan suggested for the answer and opens Today; a reader with a plan keeps it", async () => {
    const account = await seedAccount(server.url);
    const answer = await postOnboarding(account.token, { step: "hasCompletedWelcome", intent: "start", minutes: "20" });
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.get("location"), "/today");
    const today = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(today.body.userPlan.plan.name, "The Gospels in 30 Days");
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.deepEqual(status.body, { ...allFalse, hasCompletedWelcome: true, hasStartedPlan: true });

    const again = await postOnboarding(account.token, { step: "hasCompletedWelcome", intent: "start", minutes: "5" });
    assert.equal(again.headers.get("location"), "/today");
    const still = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(still.body.userPlan.plan.name, "The Gospels in 30 Days");
  });

  test("an answer that was not offered, or an unknown intent, is a 400 that changes nothing", async () => {
    const account = await seedAccount(server.url);
    for (const form of <Record<string, string>[]>[
      { step: "hasCompletedWelcome", intent: "start", minutes: "7" },
      { step: "hasCompletedWelcome", intent: "start", minutes: "ten" },
      { step: "hasCompletedWelcome", intent: "start-everything" },
      { intent: "start" },
    ]) {
      assert.equal((await postOnboarding(account.token, form)).status, 400, JSON.stringify(form));
    }
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.deepEqual(status.body, allFalse);
    const today = await api(server.url, "/api/plans/user-plans/today", { token: account.token });
    assert.equal(today.body.userPlan, null);
  });

  test("the congratulation and the first week's suggestions are dismissed without touching the steps", async () => {
    const account = await seedAccount(server.url);
    for (const intent of ["dismiss-quick-start", "dismiss-next-steps"]) {
      const answer = await postOnboarding(account.token, { intent, redirectTo: "/" });
      assert.equal(answer.status, 302, intent);
      assert.equal(answer.headers.get("location"), "/");
    }
    const status = await api(server.url, "/api/onboarding/status", { token: account.token });
    assert.deepEqual(status.body, allFalse);
  });
});

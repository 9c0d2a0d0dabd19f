import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { closeDatabase, migrateDatabase, openDatabase, type Db } from "~/db.server";
import { getAiSettings } from "~/modules/ai/settings.server";
import { defaultAiSettings } from "~/modules/ai/settings";
import { cookieSecrets, prepareDatabase, seedDatabase } from "~/server/startup.server";
import { appCookies } from "~/utils/cookies.server";
import { readToast } from "~/utils/toast.server";
import { readSession, requireUser } from "~/modules/auth/request.server";

let db: Db;
before(async () => {
  db = openDatabase(":memory:");
  await migrateDatabase(db);
});
after(() => closeDatabase());

const changes = () => (db.$client.prepare("select total_changes() as n").get() as { n: number }).n;

test("getAiSettings never writes: without the seeded row it answers the defaults", () => {
  db.$client.prepare("delete from ai_settings").run();
  const before = changes();
  assert.deepEqual(getAiSettings(), defaultAiSettings);
  assert.equal(changes(), before);
  assert.equal((db.$client.prepare("select count(*) as n from ai_settings").get() as { n: number }).n, 0);
  seedDatabase(db);
  const seeded = changes();
  getAiSettings();
  assert.equal(changes(), seeded);
});

test("the cookie secret is made once and kept in the database; SESSION_SECRET wins and rotates", () => {
  // A replica only reads the primary's: before the primary has made one, it cannot start.
  assert.throws(() => cookieSecrets(db, { SESSION_SECRET: [] }, { writable: false }), /no session secret yet/);
  const first = cookieSecrets(db, { SESSION_SECRET: [] });
  assert.deepEqual(cookieSecrets(db, { SESSION_SECRET: [] }, { writable: false }), first);
  assert.equal(first.length, 1);
  assert.ok(first[0]!.length >= 40);
  assert.deepEqual(cookieSecrets(db, { SESSION_SECRET: [] }), first);
  assert.deepEqual(cookieSecrets(db, { SESSION_SECRET: ["new", "old"] }), ["new", "old"]);
});

test("signed cookies: verified values reach the app, altered or unsigned ones do not", async () => {
  await prepareDatabase(
    db,
    { SESSION_SECRET: ["new-secret", "old-secret"], COOKIE_SECURE: false },
    { databasePath: ":memory:" },
  );
  const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });
  const token = "a".repeat(43);
  const signed = (await appCookies().session.serialize(token)).split(";")[0]!;
  assert.deepEqual(await readSession(withCookie(`other=1; ${signed}`)), { token, stale: false });
  const value = decodeURIComponent(signed.slice("sb_session=".length));
  const altered = `sb_session=${encodeURIComponent(value.slice(0, -1) + (value.endsWith("A") ? "B" : "A"))}`;
  // An altered cookie is no session, and is told apart from none: the page clears it and says so.
  assert.deepEqual(await readSession(withCookie(`other=1; ${altered}`)), { token: null, stale: true });
  assert.deepEqual(await readSession(withCookie("other=1")), { token: null, stale: false });
  // A bare token is the credential itself (the same as a bearer header) and passes as it is.
  assert.deepEqual(await readSession(withCookie(`sb_session=${token}`)), { token, stale: false });

  // Rotation: a cookie signed with the old secret is still accepted.
  await prepareDatabase(db, { SESSION_SECRET: ["old-secret"], COOKIE_SECURE: false }, { databasePath: ":memory:" });
  const oldToast = (await appCookies().toast.serialize({ id: "1", title: "Hi" })).split(";")[0]!;
  const oldSession = (await appCookies().session.serialize(token)).split(";")[0]!;
  await prepareDatabase(
    db,
    { SESSION_SECRET: ["new-secret", "old-secret"], COOKIE_SECURE: false },
    { databasePath: ":memory:" },
  );
  assert.deepEqual((await readToast(withCookie(oldToast))).toast, {
    id: "1",
    title: "Hi",
    description: undefined,
    variant: "default",
  });
  assert.deepEqual(await readSession(withCookie(oldSession)), { token, stale: false });
  const unsigned = `sb_toast=${Buffer.from(JSON.stringify({ id: "1", title: "Forged" })).toString("base64")}`;
  const forged = await readToast(withCookie(unsigned));
  assert.equal(forged.toast, null);
  assert.ok(forged.clearCookie?.startsWith("sb_toast=;"), forged.clearCookie);

  // A page that names where to come back to sends the visitor to sign in with it.
  await assert.rejects(requireUser(withCookie("other=1"), { redirectTo: "/today?day=2" }), (response: Response) => {
    assert.equal(response.headers.get("location"), "/login?redirectTo=%2Ftoday%3Fday%3D2");
    return true;
  });
  // Asked twice of one request (a layout's loader and its page's), the answer is the same.
  const twice = withCookie(`other=1; ${altered}`);
  assert.equal(readSession(twice), readSession(twice));

  // Once the old secret is retired, its session cookie is stale.
  await prepareDatabase(db, { SESSION_SECRET: ["new-secret"], COOKIE_SECURE: false }, { databasePath: ":memory:" });
  assert.deepEqual(await readSession(withCookie(oldSession)), { token: null, stale: true });
});

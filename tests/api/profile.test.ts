import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { api, assertRefusals, postForm, seedAccount, startTestServer, type TestServer } from "../support/server";

let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(() => server.close());

describe("GET and PATCH /api/profile", () => {
  test("a new profile has the defaults", async () => {
    const account = await seedAccount(server.url);
    const profile = await api(server.url, "/api/profile", { token: account.token });
    assert.equal(profile.status, 200);
    assert.deepEqual(
      {
        favoriteTeachers: profile.body.favoriteTeachers,
        studyDepthPreference: profile.body.studyDepthPreference,
        denomination: profile.body.denomination,
      },
      { favoriteTeachers: [], studyDepthPreference: "intermediate", denomination: null },
    );
  });

  test("an account with no profile row (made before the table) reads the defaults, and the row is made", async () => {
    const account = await seedAccount(server.url);
    const rows = () =>
      server.withDb((db) =>
        db.prepare("select count(*) as n from user_profiles where user_id = ?").get(account.id),
      ) as {
        n: number;
      };
    server.withDb((db) => db.prepare("delete from user_profiles where user_id = ?").run(account.id));
    assert.equal(rows().n, 0);
    const profile = await api(server.url, "/api/profile", { token: account.token });
    assert.equal(profile.status, 200);
    assert.equal(profile.body.studyDepthPreference, "intermediate");
    assert.deepEqual(profile.body.favoriteTeachers, []);
    assert.equal(rows().n, 1);
  });

  test("displayName: trimmed, 1 to 60 characters, null clears it", async () => {
    const { token } = await seedAccount(server.url);
    const named = await api(server.url, "/api/profile", { method: "PATCH", token, body: { displayName: "  Lydia " } });
    assert.equal(named.status, 200);
    assert.equal(named.body.displayName, "Lydia");
    for (const displayName of ["   ", "x".repeat(61)]) {
      const refused = await api(server.url, "/api/profile", { method: "PATCH", token, body: { displayName } });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error, "Display name must be 1 to 60 characters");
    }
    assert.equal((await api(server.url, "/api/profile", { token })).body.displayName, "Lydia");
    const cleared = await api(server.url, "/api/profile", { method: "PATCH", token, body: { displayName: null } });
    assert.equal(cleared.body.displayName, null);
  });

  test("a full update round-trips, with names trimmed and repeats kept once", async () => {
    const account = await seedAccount(server.url);
    const patched = await api(server.url, "/api/profile", {
      method: "PATCH",
      token: account.token,
      body: {
        favoriteTeachers: ["  Tim Keller ", "John Stott", "tim keller"],
        studyDepthPreference: "advanced",
        denomination: "Anglican",
      },
    });
    assert.equal(patched.status, 200);
    const profile = await api(server.url, "/api/profile", { token: account.token });
    assert.deepEqual(profile.body.favoriteTeachers, ["Tim Keller", "John Stott"]);
    assert.equal(profile.body.studyDepthPreference, "advanced");
    assert.equal(profile.body.denomination, "Anglican");
  });

  test("a partial update leaves the other fields alone; an empty denomination clears it", async () => {
    const account = await seedAccount(server.url);
    await api(server.url, "/api/profile", {
      method: "PATCH",
      token: account.token,
      body: { favoriteTeachers: ["A. W. Tozer"], denomination: "Baptist", studyDepthPreference: "beginner" },
    });
    await api(server.url, "/api/profile", { method: "PATCH", token: account.token, body: { denomination: "" } });
    const profile = await api(server.url, "/api/profile", { token: account.token });
    assert.deepEqual(profile.body.favoriteTeachers, ["A. W. Tozer"]);
    assert.equal(profile.body.studyDepthPreference, "beginner");
    assert.equal(profile.body.denomination, null);
  });

  test("bad values are a 400 with a clear message and change nothing", async () => {
    const account = await seedAccount(server.url);
    await api(server.url, "/api/profile", {
      method: "PATCH",
      token: account.token,
      body: { favoriteTeachers: ["Charles Spurgeon"], studyDepthPreference: "advanced", denomination: "Baptist" },
    });
    const cases: Array<[unknown, RegExp]> = [
      [{ studyDepthPreference: "expert" }, /beginner, intermediate, advanced/],
      [{ studyDepthPreference: 2 }, /beginner, intermediate, advanced/],
      [{ favoriteTeachers: "John Piper" }, /list of names/],
      [{ favoriteTeachers: [1, 2] }, /must be a text name/],
      [{ favoriteTeachers: [{ name: "x" }] }, /must be a text name/],
      [{ favoriteTeachers: ["   "] }, /cannot be blank/],
      [{ favoriteTeachers: ["x".repeat(101)] }, /at most 100 characters/],
      [{ favoriteTeachers: Array.from({ length: 51 }, (_, index) => `Teacher ${index}`) }, /At most 50/],
      [{ denomination: "d".repeat(101) }, /at most 100 characters/],
      [{ denomination: 7 }, /must be text/],
      [{ timeZone: "Mars/Olympus" }, /IANA time zone/],
      ["just text", /Expected an object/],
    ];
    await assertRefusals(server.url, "/api/profile", { method: "PATCH", token: account.token }, cases);
    const profile = await api(server.url, "/api/profile", { token: account.token });
    assert.deepEqual(profile.body.favoriteTeachers, ["Charles Spurgeon"]);
    assert.equal(profile.body.studyDepthPreference, "advanced");
    assert.equal(profile.body.denomination, "Baptist");
  });

  test("each user sees only their own profile", async () => {
    const first = await seedAccount(server.url);
    const second = await seedAccount(server.url);
    await api(server.url, "/api/profile", {
      method: "PATCH",
      token: first.token,
      body: { favoriteTeachers: ["Only Mine"] },
    });
    const other = await api(server.url, "/api/profile", { token: second.token });
    assert.deepEqual(other.body.favoriteTeachers, []);
  });

  test("the time zone can be set for streaks and is validated", async () => {
    const account = await seedAccount(server.url);
    const patched = await api(server.url, "/api/profile", {
      method: "PATCH",
      token: account.token,
      body: { timeZone: "Europe/London" },
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.timeZone, "Europe/London");
  });
});

describe("the profile page's form (POST /profile)", () => {
  const postProfile = (token: string, form: Array<[string, string]>) => postForm(server.url, "/profile", form, token);

  test("saves the whole profile through the API's function and comes back with the toast", async () => {
    const { token } = await seedAccount(server.url);
    const saved = await postProfile(token, [
      ["intent", "save"],
      ["displayName", "  Ruth "],
      ["studyDepthPreference", "advanced"],
      ["denomination", "Anglican"],
      ["favoriteTeachers[0]", " John Stott "],
      ["favoriteTeachers[1]", "JOHN STOTT"],
      ["favoriteTeachers[2]", "Tim Keller"],
    ]);
    assert.equal(saved.status, 302);
    assert.equal(saved.headers.get("location"), "/profile");
    assert.match(saved.headers.get("set-cookie") ?? "", /sb_toast=/);
    const profile = await api(server.url, "/api/profile", { token });
    assert.deepEqual(profile.body, {
      displayName: "Ruth",
      favoriteTeachers: ["John Stott", "Tim Keller"],
      studyDepthPreference: "advanced",
      denomination: "Anglican",
      timeZone: null,
    });

    // The form always sends everything: no teachers and no denomination clear them.
    assert.equal((await postProfile(token, [["studyDepthPreference", "beginner"]])).status, 302);
    const cleared = await api(server.url, "/api/profile", { token });
    assert.deepEqual(cleared.body, {
      displayName: null,
      favoriteTeachers: [],
      studyDepthPreference: "beginner",
      denomination: null,
      timeZone: null,
    });
  });

  test("a bad value is a 400 with the schema's message, and nothing changes", async () => {
    const { token } = await seedAccount(server.url);
    const refused = await postProfile(token, [
      ["studyDepthPreference", "advanced"],
      ["favoriteTeachers[0]", "x".repeat(101)],
    ]);
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /Favorite teacher names must be at most 100 characters/);
    assert.equal((await api(server.url, "/api/profile", { token })).body.studyDepthPreference, "intermediate");
  });
});

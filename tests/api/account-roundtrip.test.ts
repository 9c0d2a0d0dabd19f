/**
 * Issue 19's round trip: export an account, delete it, import the zip into a fresh install (a new
 * database) under the same email, and find everything back; a second import adds nothing. Then an
 * import past MAX_ITEMS_PER_USER is refused whole. Servers run one after another (one per process).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { strToU8, zipSync } from "fflate";
import { downloadExport, fillAccount, viewAccount } from "../support/account-data";
import { api, registerAccount, startTestServer, uniqueEmail } from "../support/server";

function importZip(baseUrl: string, token: string, bytes: Uint8Array) {
  return fetch(`${baseUrl}/api/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/zip" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

test("export -> delete account -> import on a fresh database restores everything; a second import adds nothing", async () => {
  const old = await startTestServer();
  let bytes: Uint8Array;
  let before: Awaited<ReturnType<typeof viewAccount>>;
  const email = uniqueEmail("roundtrip");
  const password = "correct horse";
  try {
    await registerAccount(old.url); // the admin, so the account below may leave
    const account = await registerAccount(old.url, email, password);
    await fillAccount(old.url, account.token, "Trip");
    before = await viewAccount(old.url, account.token);
    ({ bytes } = await downloadExport(old.url, account.token));
    const gone = await api(old.url, "/api/account", { method: "DELETE", token: account.token, body: { password } });
    assert.equal(gone.status, 204);
  } finally {
    await old.close();
  }

  const fresh = await startTestServer();
  try {
    const again = await registerAccount(fresh.url, email, password);
    const response = await importZip(fresh.url, again.token, bytes);
    const summary = await response.json();
    assert.equal(response.status, 200, JSON.stringify(summary));
    assert.deepEqual(summary.added, {
      authors: 1,
      books: 1,
      libraryItems: 2,
      studies: 2,
      savedStudies: 1,
      readingPlans: 1,
      planDaysCompleted: 1,
    });
    assert.equal(summary.profileUpdated, true);
    assert.equal(summary.onboardingUpdated, true);
    assert.deepEqual(
      await viewAccount(fresh.url, again.token),
      before,
      "studies, saves, library items with their books, profile, onboarding, plan progress",
    );

    const second = await importZip(fresh.url, again.token, bytes);
    const nothing = await second.json();
    assert.equal(second.status, 200);
    assert.ok(
      Object.values(nothing.added).every((count) => count === 0),
      JSON.stringify(nothing),
    );
    assert.equal(nothing.profileUpdated, false);
    assert.equal(nothing.onboardingUpdated, false);
    assert.deepEqual(await viewAccount(fresh.url, again.token), before);
  } finally {
    await fresh.close();
  }
});

test("an import that would pass the item limit is refused whole", async () => {
  const limited = await startTestServer({ MAX_ITEMS_PER_USER: "1" });
  try {
    const account = await registerAccount(limited.url);
    const now = new Date().toISOString();
    const file = (studyIds: string[], author: string) => {
      const data = {
        format: "sagacity-bites-export",
        version: 1,
        exportedAt: now,
        account: { id: "x", email: uniqueEmail(), createdAt: now },
        authors: [{ id: `a-${author}`, name: author, createdAt: now }],
        studies: studyIds.map((id) => ({ id, title: "T", content: "## C", studyType: "topic", createdAt: now })),
      };
      return zipSync({ "data.json": strToU8(JSON.stringify(data)) });
    };
    const authors = () =>
      limited.withDb((db) => (db.prepare("select count(*) as n from authors").get() as { n: number }).n);

    const tooMany = await importZip(limited.url, account.token, file(["s-1", "s-2"], "Someone"));
    assert.equal(tooMany.status, 413, "a file past the limit by itself");
    assert.match((await tooMany.json()).error, /2 lesson plans; an account holds at most 1/);
    assert.equal(authors(), 0);

    assert.equal((await importZip(limited.url, account.token, file(["s-1"], "Someone"))).status, 200);
    const past = await importZip(limited.url, account.token, file(["s-2"], "Someone"));
    assert.equal(past.status, 409, "with what the account already has");
    assert.match((await past.json()).error, /limit of 1 lesson plans/);
    const studies = limited.withDb((db) => (db.prepare("select count(*) as n from studies").get() as { n: number }).n);
    assert.deepEqual([authors(), studies], [1, 1], "the second file added nothing");
  } finally {
    await limited.close();
  }
});

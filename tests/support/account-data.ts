/**
 * An account with one of everything it can own, what its owner sees of it, and its export: shared
 * by the account tests (tests/api/account*.test.ts).
 */
import assert from "node:assert/strict";
import { api } from "./server";

export async function downloadExport(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}/api/export`, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/**
 * Gives an account one of everything through the API: a study saved to the library, a quote, a book
 * excerpt, a plan with a day done, a profile, and a Bible note, highlight and bookmark.
 */
export async function fillAccount(baseUrl: string, token: string, mark: string) {
  const study = await api(baseUrl, "/api/studies/topic", { method: "POST", token, body: { topic: "Hope" } });
  assert.equal(study.status, 201, JSON.stringify(study.body));
  assert.equal((await api(baseUrl, `/api/library/save/${study.body.id}`, { method: "POST", token })).status, 200);
  const other = await api(baseUrl, "/api/studies/passage", { method: "POST", token, body: { reference: "John 3:16" } });
  assert.equal(other.status, 201);
  const quote = await api(baseUrl, "/api/sermons", {
    method: "POST",
    token,
    body: { contentType: "quote", text: `Quote ${mark}`, author: `Author ${mark}` },
  });
  assert.equal(quote.status, 201, JSON.stringify(quote.body));
  const excerpt = await api(baseUrl, "/api/sermons", {
    method: "POST",
    token,
    body: {
      contentType: "book",
      text: `Excerpt ${mark}`,
      author: `Author ${mark}`,
      bookTitle: `Book ${mark}`,
      coverUrl: "https://covers.openlibrary.org/b/id/1-M.jpg",
      storeUrl: "https://openlibrary.org/works/OL1W",
      isbn: "978-0-06-065292-6",
    },
  });
  assert.equal(excerpt.status, 201, JSON.stringify(excerpt.body));
  assert.equal(
    (await api(baseUrl, "/api/plans/user-plans", { method: "POST", token, body: { planId: "romans-16-days" } })).status,
    201,
  );
  assert.equal(
    (await api(baseUrl, "/api/plans/user-plans/complete", { method: "POST", token, body: { dayNumber: 1 } })).status,
    200,
  );
  assert.equal(
    (
      await api(baseUrl, "/api/profile", {
        method: "PATCH",
        token,
        body: { favoriteTeachers: [`Teacher ${mark}`], studyDepthPreference: "advanced", denomination: "Baptist" },
      })
    ).status,
    200,
  );
  assert.equal(
    (await api(baseUrl, "/api/onboarding/progress", { method: "PATCH", token, body: { hasCompletedWelcome: true } }))
      .status,
    200,
  );
  for (const verseMark of [
    { reference: "John 3:16", kind: "note", body: `For God so **loved** ${mark}` },
    { reference: "Romans 8:28-9:5", kind: "highlight", color: "green" },
    { reference: "Psalm 23", kind: "bookmark", label: `Shepherd ${mark}` },
  ]) {
    const answer = await api(baseUrl, "/api/notes", { method: "POST", token, body: verseMark });
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
  }
}

/** What a user sees of their own data, without ids that may differ between installs (plan ids). */
export async function viewAccount(baseUrl: string, token: string) {
  const read = async (path: string) => (await api(baseUrl, path, { token })).body;
  const today = await read("/api/plans/user-plans/today");
  const sermons = (await read("/api/sermons")) as Array<Record<string, unknown>>;
  return {
    studies: await read("/api/studies"),
    library: await read("/api/library"),
    sermons: sermons.map(({ authorId: _a, ...item }) => item),
    profile: await read("/api/profile"),
    onboarding: await read("/api/onboarding/status"),
    plan: { name: today.userPlan?.plan?.name, completed: today.isCompleted, streak: today.streak },
    notes: await read("/api/notes"),
  };
}

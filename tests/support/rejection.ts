import assert from "node:assert/strict";

/** The error a promise rejects with, to assert on; fails the test when it resolves instead. */
export async function rejection<T = Error>(promise: Promise<unknown>): Promise<T> {
  try {
    await promise;
  } catch (error) {
    return error as T;
  }
  assert.fail("expected a rejection");
}

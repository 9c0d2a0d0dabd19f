import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAX_TEACHER_NAME_LENGTH, MAX_TEACHERS, denominationChoices, withTeacher } from "./choices";
import { profileFormSchema, profileUpdateSchema } from "./schemas";

describe("profileUpdateSchema", () => {
  test("trims names and keeps a repeated teacher once, whatever the case", () => {
    const parsed = profileUpdateSchema.parse({ favoriteTeachers: [" Tim Keller ", "TIM KELLER", "John Stott"] });
    assert.deepEqual(parsed.favoriteTeachers, ["Tim Keller", "John Stott"]);
  });

  test("an empty denomination clears it; null is allowed", () => {
    assert.equal(profileUpdateSchema.parse({ denomination: "  " }).denomination, null);
    assert.equal(profileUpdateSchema.parse({ denomination: null }).denomination, null);
    assert.equal(profileUpdateSchema.parse({ denomination: "Baptist" }).denomination, "Baptist");
  });

  test("a display name is trimmed, 1 to 60 characters; null clears it", () => {
    assert.equal(profileUpdateSchema.parse({ displayName: "  Ruth Ann " }).displayName, "Ruth Ann");
    assert.equal(profileUpdateSchema.parse({ displayName: null }).displayName, null);
    assert.equal(profileUpdateSchema.parse({ displayName: "x".repeat(60) }).displayName, "x".repeat(60));
    for (const displayName of ["   ", "", "x".repeat(61), 42]) {
      assert.equal(profileUpdateSchema.safeParse({ displayName }).success, false, JSON.stringify(displayName));
    }
  });

  test("every field is optional", () => {
    assert.deepEqual(profileUpdateSchema.parse({}), {});
  });

  test("refuses a depth outside the enum and teachers that are not names", () => {
    assert.equal(profileUpdateSchema.safeParse({ studyDepthPreference: "expert" }).success, false);
    assert.equal(profileUpdateSchema.safeParse({ favoriteTeachers: [42] }).success, false);
    assert.equal(profileUpdateSchema.safeParse({ favoriteTeachers: "Tozer" }).success, false);
  });

  test("the ten denominations of SPEC §5, in order", () => {
    // The spec's line, word for word.
    const spec =
      "Baptist, Methodist, Presbyterian, Catholic, Orthodox, Pentecostal, Lutheran, Anglican, Non-denominational, Other";
    assert.deepEqual([...denominationChoices], spec.split(", "));
  });
});

describe("profileFormSchema (the profile page's whole form)", () => {
  test("no teachers sent is an empty list and no denomination is none, not 'unchanged'", () => {
    assert.deepEqual(profileFormSchema.parse({ studyDepthPreference: "beginner" }), {
      studyDepthPreference: "beginner",
      denomination: null,
      displayName: null,
      favoriteTeachers: [],
    });
  });

  test("the depth is required and must be one of the three", () => {
    assert.equal(profileFormSchema.safeParse({}).success, false);
    assert.equal(profileFormSchema.safeParse({ studyDepthPreference: "expert" }).success, false);
  });
});

describe("withTeacher", () => {
  test("adds a trimmed name; blank adds nothing and says nothing", () => {
    assert.deepEqual(withTeacher(["Tim Keller"], "  John Stott "), {
      teachers: ["Tim Keller", "John Stott"],
      notice: "",
    });
    assert.deepEqual(withTeacher(["Tim Keller"], "   "), { teachers: ["Tim Keller"], notice: "" });
  });

  test("the same name in another case, a full list and a long name are refused with a reason", () => {
    assert.equal(withTeacher(["Tim Keller"], "tim keller").notice, "tim keller is already in your list.");
    const full = Array.from({ length: MAX_TEACHERS }, (_, index) => `Teacher ${index}`);
    assert.deepEqual(withTeacher(full, "One more"), {
      teachers: full,
      notice: `You can keep up to ${MAX_TEACHERS} teachers.`,
    });
    assert.match(withTeacher([], "x".repeat(MAX_TEACHER_NAME_LENGTH + 1)).notice, /up to 100 characters/);
  });
});

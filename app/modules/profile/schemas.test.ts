import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { denominationChoices, profileUpdateSchema } from "./schemas";

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

  test("every field is optional", () => {
    assert.deepEqual(profileUpdateSchema.parse({}), {});
  });

  test("refuses a depth outside the enum and teachers that are not names", () => {
    assert.equal(profileUpdateSchema.safeParse({ studyDepthPreference: "expert" }).success, false);
    assert.equal(profileUpdateSchema.safeParse({ favoriteTeachers: [42] }).success, false);
    assert.equal(profileUpdateSchema.safeParse({ favoriteTeachers: "Tozer" }).success, false);
  });

  test("the ten denominations of SPEC §5, in order", () => {
    assert.deepEqual(
      [...denominationChoices],
      ["Baptist", "Methodist", "Presbyterian", "Catholic", "Orthodox", "Pentecostal", "Lutheran", "Anglican", "Non-denominational", "Other"],
    );
  });
});

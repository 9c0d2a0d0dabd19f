import assert from "node:assert/strict";
import { test } from "node:test";
import { repairSourceText } from "./bible-db-build.server";

test("Henry's questions opening with 'Is' are mended; citations of Isaiah are kept", () => {
  assert.equal(
    repairSourceText("Isa. there unrighteousness with God? God forbid!"),
    "Is there unrighteousness with God? God forbid!",
  );
  assert.equal(
    repairSourceText("Isa. it not so? See Isa. 53:5 and Isa. 40:31."),
    "Is it not so? See Isa. 53:5 and Isa. 40:31.",
  );
  assert.equal(repairSourceText("as Isaiah says"), "as Isaiah says");
});

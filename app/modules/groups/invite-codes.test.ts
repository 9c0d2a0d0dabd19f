import assert from "node:assert/strict";
import { test } from "node:test";
import {
  formatInviteCode,
  generateInviteCode,
  INVITE_CODE_LENGTH,
  joinCodeFromPath,
  normalizeInviteCode,
} from "./invite-codes";

test("codes are 12 symbols of Crockford's base32, and differ", () => {
  const codes = new Set(Array.from({ length: 2000 }, generateInviteCode));
  assert.equal(codes.size, 2000);
  for (const code of codes) assert.match(code, new RegExp(`^[0-9A-HJKMNP-TV-Z]{${INVITE_CODE_LENGTH}}$`));
});

test("every symbol is used (the random bytes are not skewed to part of the alphabet)", () => {
  const seen = new Set(Array.from({ length: 500 }, generateInviteCode).join(""));
  assert.equal(seen.size, 32);
});

test("a code typed loosely or read aloud normalizes to the stored form", () => {
  const code = "K7QM2XPD9HRT";
  assert.equal(formatInviteCode(code), "K7QM-2XPD-9HRT");
  assert.equal(normalizeInviteCode("K7QM-2XPD-9HRT"), code);
  assert.equal(normalizeInviteCode(" k7qm 2xpd 9hrt "), code);
  assert.equal(normalizeInviteCode("OIL0"), "0110");
});

test("the code of a join link is read from its path, and nothing from any other path", () => {
  assert.equal(joinCodeFromPath("/join/K7QM-2XPD-9HRT"), "K7QM-2XPD-9HRT");
  assert.equal(joinCodeFromPath("/join/k7qm2xpd9hrt/"), "k7qm2xpd9hrt");
  for (const path of ["/", "/join/", "/join/K7QM/extra", "/groups/join/K7QM", "/join/K7QM?x=1", "/join/%2e%2e"]) {
    assert.equal(joinCodeFromPath(path), undefined, path);
  }
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { localPathSchema, returnPathFrom, safeLocalPath } from "./local-path";

/**
 * What a browser does with a redirect to `path` from http://study.example: the origin it lands on.
 * WHATWG URL parsing is what Chromium and Firefox apply to a Location header.
 */
function landsOn(path: string) {
  return new URL(path, "http://study.example/login").origin;
}

// Each is a way to leave the site from a "path", seen in open-redirect reports; all must give null.
const HOSTILE = [
  "/%09/evil.example/phish",
  "/%0a/evil.example",
  "/%0d/evil.example",
  "/%0D%0A/evil.example",
  "/%00/evil.example",
  "/%1f/evil.example",
  "/%7f/evil.example",
  "/%c2%85/evil.example", // U+0085 NEL, a C1 control
  "/%2509/evil.example", // %09 encoded once more
  "/%252509/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\u0085/evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/%5c/evil.example",
  "/%5C%5Cevil.example",
  "//evil.example",
  "//evil.example/path",
  "///evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/./%09/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/a/../..//evil.example",
  "/%2e%2e//evil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "@evil.example",
  "",
  "/\u00a0/evil.example", // no-break space
  "/\u1680/evil.example",
  "/\u2000/evil.example",
  "/\u200b/evil.example", // zero-width space
  "/\u2028/evil.example", // line separator
  "/\u2029/evil.example",
  "/\u202e/evil.example", // right-to-left override
  "/\u3000/evil.example", // ideographic space
  "/\ufeff/evil.example",
  "/%e3%80%80/evil.example",
  "/%e2%80%a8/evil.example",
  "/" + "a".repeat(2000),
];

describe("safeLocalPath: redirects stay on this site", () => {
  test("every hostile spelling is refused", () => {
    for (const value of HOSTILE) assert.equal(safeLocalPath(value), null, JSON.stringify(value));
  });

  test("what is kept lands on our own origin, in its resolved form", () => {
    const kept: Array<[string, string]> = [
      ["/", "/"],
      ["/groups/abc", "/groups/abc"],
      ["/join/Zk3_x-9", "/join/Zk3_x-9"],
      ["/lesson-plans?study=s1#overview", "/lesson-plans?study=s1#overview"],
      ["/library?q=50%25", "/library?q=50%25"],
      ["/library?q=%C3%A9t%C3%A9", "/library?q=%C3%A9t%C3%A9"],
      ["/library?q=caf\u00e9", "/library?q=caf%C3%A9"],
      ["/a/./b", "/a/b"],
      ["/a/../b", "/b"],
      ["/a//b", "/a//b"],
    ];
    for (const [value, expected] of kept) {
      assert.equal(safeLocalPath(value), expected, value);
      assert.equal(landsOn(expected), "http://study.example", value);
    }
  });

  test("the refused spellings would have left the site (the test's cases are real attacks)", () => {
    for (const value of ["/\t/evil.example/phish", "/\\evil.example", "//evil.example"]) {
      assert.notEqual(landsOn(value), "http://study.example", JSON.stringify(value));
    }
    // Harmless as written, but its resolved path, handed on as is, would leave.
    assert.notEqual(landsOn(new URL("/.//evil.example", "http://study.example").pathname), "http://study.example");
  });

  test("the form schema refuses the same and hands on the resolved path", () => {
    assert.equal(localPathSchema.safeParse("/%09/evil.example").success, false);
    assert.equal(localPathSchema.safeParse("/\\evil.example").success, false);
    assert.deepEqual(localPathSchema.safeParse("/a/./b?x=1"), { success: true, data: "/a/b?x=1" });
  });

  test("after sign-in: ?redirectTo= when safe, else the dashboard", () => {
    const at = (query: string) => new Request(`http://study.example/login?${query}`);
    assert.equal(returnPathFrom(at("redirectTo=%2Fjoin%2Fabc")), "/join/abc");
    assert.equal(returnPathFrom(at("redirectTo=/%09/evil.example/phish")), "/");
    assert.equal(returnPathFrom(at("redirectTo=/%2509/evil.example")), "/");
    assert.equal(returnPathFrom(at("redirectTo=%2F%5Cevil.example")), "/");
    assert.equal(returnPathFrom(at("")), "/");
  });
});

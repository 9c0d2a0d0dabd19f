import assert from "node:assert/strict";
import type { LookupAddress } from "node:dns";
import { after, before, beforeEach, describe, test } from "node:test";
import { startFakeSite, type FakeSite } from "../../../tests/support/fake-site";
import { resetConfig } from "~/config.server";
import { AppError } from "~/utils/errors";
import { blockedAddressReason } from "./addresses.server";
import { BlockedUrlError } from "./errors";
import {
  fetchDocument,
  guardedFetch,
  guardedLookup,
  parsePublicUrl,
  type FetchOptions,
  type ResolveAll,
} from "./fetch.server";

let site: FakeSite;

before(async () => {
  process.env.ALLOW_PRIVATE_URLS = "false";
  process.env.CONTENT_FETCH_TIMEOUT_MS = "15000";
  resetConfig();
  site = await startFakeSite();
});
after(() => site.close());
beforeEach(() => {
  site.requests.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    return error;
  }
  assert.fail("expected a failure");
}

/**
 * A stand-in internet: *.test names resolve to the fake site's loopback address, and that one
 * address counts as public; *.intranet.test names resolve to a private address. Every other
 * address is judged by the real rules.
 */
const internetResolve: ResolveAll = async (hostname) => {
  if (hostname.endsWith(".intranet.test")) return [{ address: "10.0.0.7", family: 4 }];
  if (hostname.endsWith(".test")) return [{ address: "127.0.0.1", family: 4 }];
  const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  throw error;
};
const internet: FetchOptions = {
  resolveAll: internetResolve,
  addressPolicy: (address) => (address === "127.0.0.1" ? null : blockedAddressReason(address)),
};

function siteUrl(path: string, host = "blog.test") {
  return `http://${host}:${site.port}${path}`;
}

describe("parsePublicUrl", () => {
  test("accepts http and https, refuses other schemes, credentials and nonsense", () => {
    assert.equal(parsePublicUrl("  https://example.com/a  ").toString(), "https://example.com/a");
    for (const bad of [
      "ftp://example.com/",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "data:text/html,hi",
      "not a url",
      "http://user:secret@example.com/",
    ]) {
      assert.throws(
        () => parsePublicUrl(bad),
        (error: AppError) => error.status === 400,
        bad,
      );
    }
  });
});

describe("guardedLookup (the resolver every connection uses)", () => {
  function lookupWith(addresses: LookupAddress[], allowPrivate = false) {
    const lookup = guardedLookup(async () => addresses, allowPrivate);
    return new Promise<{ error: Error | null; address: unknown }>((resolve) => {
      lookup("host.example", { all: true }, (error, address) => resolve({ error, address }));
    });
  }

  test("answers with every address when all are public", async () => {
    const result = await lookupWith([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1::1", family: 6 },
    ]);
    assert.equal(result.error, null);
    assert.deepEqual(result.address, [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1::1", family: 6 },
    ]);
  });

  test("refuses a name when any of its addresses is private (no picking the public one)", async () => {
    for (const privateAddress of [
      "127.0.0.1",
      "10.0.0.5",
      "169.254.169.254",
      "::1",
      "fd00:ec2::254",
      "::ffff:192.168.0.1",
      "100.64.1.1",
    ]) {
      const result = await lookupWith([
        { address: "93.184.216.34", family: 4 },
        { address: privateAddress, family: privateAddress.includes(":") ? 6 : 4 },
      ]);
      assert.ok(result.error, `${privateAddress} refused`);
      assert.match(result.error!.message, /refused/);
    }
  });

  test("ALLOW_PRIVATE_URLS lifts the check", async () => {
    const result = await lookupWith([{ address: "192.168.1.20", family: 4 }], true);
    assert.equal(result.error, null);
  });

  test("a name that resolves nowhere is a DNS failure", async () => {
    const result = await lookupWith([]);
    assert.equal((result.error as NodeJS.ErrnoException).code, "ENOTFOUND");
  });

  test("the answer comes from the resolution it checked: a rebinding resolver cannot swap addresses", async () => {
    let calls = 0;
    const rebinding: ResolveAll = async () => {
      calls += 1;
      return calls === 1 ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "10.0.0.1", family: 4 }];
    };
    const answer = await guardedFetch(
      siteUrl("/articles/sabbath", "rebind.test"),
      {},
      { ...internet, resolveAll: rebinding },
    );
    assert.equal(answer.status, 200);
    assert.equal(calls, 1, "one resolution per connection, checked and used");
  });
});

describe("fetching with private addresses refused (ALLOW_PRIVATE_URLS off)", () => {
  test("loopback, private and metadata literals are refused before any connection", async () => {
    const urls = [
      site.url + "/articles/sabbath",
      `http://2130706433:${site.port}/articles/sabbath`,
      `http://0x7f.0.0.1:${site.port}/articles/sabbath`,
      `http://0177.0.0.1:${site.port}/articles/sabbath`,
      `http://[::1]:${site.port}/articles/sabbath`,
      `http://[::ffff:127.0.0.1]:${site.port}/articles/sabbath`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/latest/meta-data/",
      "http://10.0.0.1/",
      "http://0.0.0.0/",
    ];
    for (const url of urls) {
      const error = await failure(fetchDocument(url));
      assert.ok(error instanceof BlockedUrlError, url);
      assert.equal(error.status, 400);
      assert.match(error.message, /can't be processed/);
    }
    assert.deepEqual(site.requests, [], "the site was never contacted");
  });

  test("a DNS name that resolves to 127.0.0.1 is refused when the connection resolves it", async () => {
    const error = await failure(
      fetchDocument(siteUrl("/articles/sabbath", "blog.test"), { resolveAll: internetResolve }),
    );
    assert.ok(error instanceof BlockedUrlError);
    assert.match(error.message, /blog\.test points to the server itself/);
    assert.deepEqual(site.requests, []);
  });

  test("localhost, in any spelling, is refused", async () => {
    for (const host of ["localhost", "LocalHost.", "api.localhost"]) {
      const error = await failure(fetchDocument(`http://${host}:${site.port}/articles/sabbath`));
      assert.ok(error instanceof BlockedUrlError, host);
    }
    assert.deepEqual(site.requests, []);
  });

  test("a redirect into a private address is refused at that hop", async () => {
    const targets = [
      `http://127.0.0.2:${site.port}/articles/sabbath`,
      `http://wiki.intranet.test:${site.port}/articles/sabbath`,
      "http://169.254.169.254/latest/meta-data/iam/",
      `http://[::1]:${site.port}/`,
      "http://192.168.0.1/admin",
    ];
    for (const target of targets) {
      site.requests.length = 0;
      const error = await failure(fetchDocument(siteUrl(`/redirect?to=${encodeURIComponent(target)}`), internet));
      assert.ok(error instanceof BlockedUrlError, target);
      assert.deepEqual(site.requests, [`/redirect?to=${encodeURIComponent(target)}`], "only the first hop was fetched");
    }
  });

  test("a chain of public redirects is followed up to five hops, not six", async () => {
    const ok = await fetchDocument(siteUrl("/chain?n=4"), internet);
    assert.equal(ok.kind, "html");
    assert.match(ok.url, /\/articles\/sabbath$/);
    const error = await failure(fetchDocument(siteUrl("/chain?n=5"), internet));
    assert.equal(error.status, 422);
    assert.match(error.message, /redirects too many times/);
  });

  test("an unknown host is a clear DNS failure", async () => {
    const error = await failure(fetchDocument("http://no-such-host.invalid/", internet));
    assert.equal(error.status, 422);
    assert.match(error.message, /couldn't find the website "no-such-host.invalid"/);
  });
});

describe("fetching pages (ALLOW_PRIVATE_URLS on, as on a church LAN)", () => {
  const lan: FetchOptions = { allowPrivate: true };

  test("reads an HTML page, following redirects, gzip included", async () => {
    const page = await fetchDocument(`${site.url}/redirect?to=/articles/gzip`, lan);
    assert.equal(page.kind, "html");
    assert.equal(page.url, `${site.url}/articles/gzip`);
    assert.match(page.text, /Learning to Rest/);
  });

  test("decodes the charset the page declares", async () => {
    const page = await fetchDocument(`${site.url}/articles/latin1`, lan);
    assert.match(page.text, /café edition/);
  });

  test("plain text is accepted", async () => {
    const page = await fetchDocument(`${site.url}/notes.txt`, lan);
    assert.equal(page.kind, "text");
    assert.match(page.text, /Beatitudes/);
  });

  test("404 and 410 are 'not found'; 500 is a clear upstream error", async () => {
    const missing = await failure(fetchDocument(`${site.url}/no-such-page`, lan));
    assert.equal(missing.status, 404);
    assert.match(missing.message, /not found \(HTTP 404\)/);
    assert.equal((await failure(fetchDocument(`${site.url}/gone`, lan))).status, 404);
    const broken = await failure(fetchDocument(`${site.url}/server-error`, lan));
    assert.equal(broken.status, 422);
    assert.match(broken.message, /HTTP 500/);
  });

  test("PDFs, images and JSON are not articles", async () => {
    for (const [path, kind] of [
      ["/files/sermon.pdf", /PDF/],
      ["/image.png", /image/],
      ["/data.json", /JSON/],
    ] as const) {
      const error = await failure(fetchDocument(`${site.url}${path}`, lan));
      assert.equal(error.status, 422, path);
      assert.match(error.message, kind);
      assert.match(error.message, /not an article/);
    }
  });

  test("a body past the size cap is cut off while streaming (413)", async () => {
    const error = await failure(fetchDocument(`${site.url}/huge`, lan));
    assert.equal(error.status, 413);
    assert.match(error.message, /too large.*5 MB/);
    const small = await failure(fetchDocument(`${site.url}/articles/sabbath`, { ...lan, maxBytes: 1000 }));
    assert.equal(small.status, 413);
  });

  test("a declared Content-Length past the cap is refused without reading", async () => {
    const error = await failure(fetchDocument(`${site.url}/huge-declared`, lan));
    assert.equal(error.status, 413);
  });

  test("a server that never answers, or trickles, times out (408)", async () => {
    for (const path of ["/slow", "/slow-body"]) {
      const started = Date.now();
      const error = await failure(fetchDocument(`${site.url}${path}`, { ...lan, timeoutMs: 700 }));
      const elapsed = Date.now() - started;
      assert.equal(error.status, 408, path);
      assert.match(error.message, /took too long/);
      // A floor only: a busy machine makes it later, never sooner.
      assert.ok(elapsed >= 650, `${path} gave up after ${elapsed} ms`);
    }
  });

  test("a cancelled request stops at once", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await failure(fetchDocument(`${site.url}/slow`, { ...lan, signal: controller.signal }));
    assert.match(error.message, /cancelled/);
  });

  test("a refused connection is a clear error", async () => {
    const closed = await startFakeSite();
    const url = `${closed.url}/articles/sabbath`;
    await closed.close();
    const error = await failure(fetchDocument(url, lan));
    assert.equal(error.status, 422);
    assert.match(error.message, /refused the connection/);
  });
});

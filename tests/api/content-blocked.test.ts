import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { startFakeSite, type FakeSite } from "../support/fake-site";
import { api, seedAccount, startTestServer, type TestServer } from "../support/server";

/** The default: ALLOW_PRIVATE_URLS off, so the server's own network is out of reach. */
let server: TestServer;
let site: FakeSite;
let token: string;

before(async () => {
  site = await startFakeSite();
  server = await startTestServer({ ALLOW_PRIVATE_URLS: "false" });
  token = (await seedAccount(server.url)).token;
});
after(async () => {
  await server.close();
  await site.close();
});

describe("process-url refuses private and local addresses", () => {
  test("every form of a loopback, private or metadata address is a 400 and nothing is fetched or saved", async () => {
    const port = site.port;
    const urls = [
      `http://127.0.0.1:${port}/articles/sabbath`,
      `http://localhost:${port}/articles/sabbath`,
      `http://LOCALHOST.:${port}/articles/sabbath`,
      `http://2130706433:${port}/articles/sabbath`,
      `http://0x7f000001:${port}/articles/sabbath`,
      `http://0177.0.0.1:${port}/articles/sabbath`,
      `http://127.1:${port}/articles/sabbath`,
      `http://[::1]:${port}/articles/sabbath`,
      `http://[::ffff:127.0.0.1]:${port}/articles/sabbath`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/latest/meta-data/",
      "http://10.0.0.1/",
      "http://192.168.1.1/",
      "http://172.16.0.1/",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "http://224.0.0.1/",
    ];
    for (const url of urls) {
      const answer = await api(server.url, "/api/sermons/process-url", { method: "POST", token, body: { url } });
      assert.equal(answer.status, 400, `${url}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.success, false);
      assert.match(answer.body.error, /can't be processed: .* points to .*Only public websites/, url);
    }
    assert.deepEqual(site.requests, [], "the local site was never contacted");
    const db = new Database(server.databasePath, { readonly: true });
    const { count } = db.prepare("select count(*) as count from sermons").get() as { count: number };
    db.close();
    assert.equal(count, 0);
  });
});

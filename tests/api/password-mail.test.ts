/**
 * "Forgot password?" with SMTP settings (issue 19, 27): the link is mailed (through a fake SMTP
 * server on loopback) under PUBLIC_URL, the answer never tells whether the email has an account,
 * requests are limited without letting strangers lock the owner out, and a deactivated account
 * gets no link. Behind TRUST_PROXY (one proxy) so requests can come from several addresses.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startFakeSmtp } from "../support/fake-smtp";
import { api, registerAccount, startTestServer, uniqueEmail, type TestServer } from "../support/server";

const PUBLIC_URL = "https://study.church.example";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let admin: Awaited<ReturnType<typeof registerAccount>>;

before(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: "Sagacity Bites <no-reply@church.example>",
    PUBLIC_URL,
    TRUST_PROXY: "1",
  });
  admin = await registerAccount(server.url);
});
after(async () => {
  await server.close();
  await smtp.close();
  delete process.env.TRUST_PROXY;
});

/** Asks for a link; `from` is the client address the proxy reports (else this machine's own). */
function askForLink(email: string, from?: string) {
  return fetch(`${server.url}/forgot-password`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(from ? { "x-forwarded-for": from } : {}),
    },
    body: new URLSearchParams({ email }),
  });
}

/** The mail's text with quoted-printable undone (nodemailer encodes "=" as "=3D" and wraps lines). */
function quotedPrintable(text: string) {
  return text
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

/** Waits until `count` mails to `email` have arrived, or the deadline; returns them. */
async function mailsArrived(email: string, count: number, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (mailsTo(email).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mailsTo(email);
}

let addressCounter = 0;
/** A client address no other request of this file uses (each address has its own limit). */
function freshAddress() {
  addressCounter += 1;
  return `100.64.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** Signs up as if from `from` (the address then counts as one the account signed in from). */
async function registerFrom(from: string) {
  const email = uniqueEmail();
  const answer = await api(server.url, "/api/auth/register", {
    method: "POST",
    headers: { "x-forwarded-for": from },
    body: { email, password: "correct horse" },
  });
  assert.equal(answer.status, 201);
  return { email, id: answer.body.user.id as string };
}

/**
 * Lets the sends still in flight arrive: a marker account's mail, asked for after them, is sent
 * through the same queue of connections, and this waits for it.
 */
async function settled() {
  const from = freshAddress();
  const marker = await registerFrom(from);
  assert.equal((await askForLink(marker.email, from)).status, 200);
  assert.equal((await mailsArrived(marker.email, 1)).length, 1);
}

function linkIn(mail: { data: string }) {
  const link = /https?:\/\/[^\s]+\/reset-password\?token=[\w-]+/.exec(quotedPrintable(mail.data))?.[0];
  assert.ok(link, mail.data);
  return link;
}

async function resetWith(link: string, newPassword: string) {
  const token = new URL(link).searchParams.get("token")!;
  return api(server.url, "/api/auth/reset", {
    method: "POST",
    body: { token, newPassword, confirmPassword: newPassword },
  });
}

async function signsIn(email: string, password: string) {
  const answer = await api(server.url, "/api/auth/login", { method: "POST", body: { email, password } });
  return answer.status === 200;
}

test("the page offers the form; a known email gets a working one-time link under PUBLIC_URL; an unknown one gets the same answer and no mail", async () => {
  const page = await (await fetch(`${server.url}/forgot-password`)).text();
  assert.match(page, /Send Reset Link/);
  const from = freshAddress();
  const account = await registerFrom(from);
  const known = await askForLink(account.email, from);
  const unknownEmail = uniqueEmail("nobody");
  const unknown = await askForLink(unknownEmail, from);
  assert.equal(known.status, 200);
  assert.equal(unknown.status, 200);
  const sent = /If an account exists for that email[^<]*/;
  assert.equal(sent.exec(await known.text())?.[0], sent.exec(await unknown.text())?.[0]);

  const [mail] = await mailsArrived(account.email, 1);
  assert.ok(mail, "the mail arrived");
  assert.equal(mail.from, "no-reply@church.example");
  const link = linkIn(mail);
  assert.ok(link.startsWith(`${PUBLIC_URL}/reset-password?token=`), link);
  // The page shows the token and the email: no cache may keep it (the service worker skips it too).
  const resetPage = await fetch(link.replace(PUBLIC_URL, server.url));
  assert.match(await resetPage.text(), new RegExp(account.email.replace(/[.+]/g, "\\$&")));
  assert.equal(resetPage.headers.get("cache-control"), "no-store");
  assert.equal((await resetWith(link, "mailed password")).status, 204);
  assert.equal(await signsIn(account.email, "mailed password"), true);
  await settled();
  assert.deepEqual(mailsTo(unknownEmail), [], "no mail for an email without an account");
});

describe("limits", () => {
  test("a few mails per email; past them the same answer, no mail, and the newest link still works", async () => {
    // Asked for from an address the account never signed in from.
    const account = await registerFrom(freshAddress());
    const away = freshAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) statuses.push((await askForLink(account.email, away)).status);
    const mailed = await mailsArrived(account.email, 3);
    for (let index = 0; index < 2; index++) statuses.push((await askForLink(account.email, away)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200]);
    await settled();
    assert.equal(mailsTo(account.email).length, 3, "two requests past the limit sent nothing");
    // They made no new link either: the newest mailed one still opens the account.
    assert.equal((await resetWith(linkIn(mailed.at(-1)!), "newest link")).status, 204);
    assert.equal(await signsIn(account.email, "newest link"), true);
  });

  test("an address past its limit gets 429 with Retry-After, whatever the emails", async () => {
    const from = freshAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) statuses.push((await askForLink(uniqueEmail("spray"), from)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    const refused = await askForLink(uniqueEmail("spray"), from);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) > 0);
  });

  test("three strangers' addresses cannot lock the owner out", async () => {
    const home = freshAddress();
    const owner = await registerFrom(home);
    for (const stranger of [freshAddress(), freshAddress(), freshAddress()]) {
      assert.equal((await askForLink(owner.email, stranger)).status, 200);
    }
    assert.equal((await mailsArrived(owner.email, 3)).length, 3);

    // At home (an address the account signed in from): a fresh mail at once.
    const atHome = await askForLink(owner.email, home);
    assert.equal(atHome.status, 200);
    const mails = await mailsArrived(owner.email, 4);
    assert.equal(mails.length, 4, "the owner's own request was mailed");
    // Anywhere else: the same answer, and the newest mail in the inbox works.
    const elsewhere = await askForLink(owner.email, freshAddress());
    assert.equal(elsewhere.status, 200);
    assert.match(await elsewhere.text(), /use the newest mail/);
    await settled();
    assert.equal(mailsTo(owner.email).length, 4);
    assert.equal((await resetWith(linkIn(mails.at(-1)!), "owner again")).status, 204);
    assert.equal(await signsIn(owner.email, "owner again"), true);
  });
});

describe("a deactivated account", () => {
  const setActive = (userId: string, isActive: boolean) =>
    api(server.url, `/api/admin/users/${userId}`, { method: "PATCH", token: admin.token, body: { isActive } });

  test("is mailed nothing, gets no admin-made link, and a link made before stops working", async () => {
    const from = freshAddress();
    const account = await registerFrom(from);
    const before = await api(server.url, `/api/admin/users/${account.id}/reset-link`, {
      method: "POST",
      token: admin.token,
    });
    assert.equal(before.status, 200);
    assert.ok(before.body.url.startsWith(`${PUBLIC_URL}/reset-password?token=`), before.body.url);
    assert.equal((await setActive(account.id, false)).status, 200);

    assert.equal((await askForLink(account.email, from)).status, 200, "the same answer as for anyone");
    const made = await api(server.url, `/api/admin/users/${account.id}/reset-link`, {
      method: "POST",
      token: admin.token,
    });
    assert.equal(made.status, 409);
    assert.match(made.body.error, /deactivated/);
    const page = await (await fetch(before.body.url.replace(PUBLIC_URL, server.url))).text();
    assert.match(page, /invalid or has expired/);
    const spent = await resetWith(before.body.url, "while deactivated");
    assert.equal(spent.status, 400);
    await settled();
    assert.deepEqual(mailsTo(account.email), []);

    // Reactivated, it is an account like any other again.
    assert.equal((await setActive(account.id, true)).status, 200);
    assert.equal((await resetWith(before.body.url, "after reactivation")).status, 204);
    assert.equal(await signsIn(account.email, "after reactivation"), true);
  });
});

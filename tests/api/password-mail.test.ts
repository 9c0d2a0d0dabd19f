/**
 * "Forgot password?" with SMTP settings (issue 19): the link is mailed (through a fake SMTP server
 * on loopback), the answer never tells whether the email has an account, and requests are limited.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startFakeSmtp } from "../support/fake-smtp";
import { api, registerAccount, startTestServer, uniqueEmail, type TestServer } from "../support/server";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

before(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: "Sagacity Bites <no-reply@church.example>",
    PUBLIC_URL: "https://study.church.example",
  });
});
after(async () => {
  await server.close();
  await smtp.close();
});

function askForLink(email: string) {
  return fetch(`${server.url}/forgot-password`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ email }),
  });
}

/** The mail's text with quoted-printable undone (nodemailer encodes "=" as "=3D" and wraps lines). */
function quotedPrintable(text: string) {
  return text
    .replace(/=\r\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function mailTo(email: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = smtp.mails.find((candidate) => candidate.to.includes(email));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

test("the page offers the form; a known email gets a working one-time link; an unknown one gets the same answer and no mail", async () => {
  const page = await (await fetch(`${server.url}/forgot-password`)).text();
  assert.match(page, /Send Reset Link/);
  const account = await registerAccount(server.url);
  const known = await askForLink(account.email);
  const unknownEmail = uniqueEmail("nobody");
  const unknown = await askForLink(unknownEmail);
  assert.equal(known.status, 200);
  assert.equal(unknown.status, 200);
  const sent = /If an account exists for that email[^<]*/;
  assert.equal(sent.exec(await known.text())?.[0], sent.exec(await unknown.text())?.[0]);

  const mail = await mailTo(account.email);
  assert.ok(mail, "the mail arrived");
  assert.equal(mail.from, "no-reply@church.example");
  // PUBLIC_URL, never the request's host (tests/api/link-poisoning.test.ts tries to poison it).
  const link = /https:\/\/study\.church\.example\/reset-password\?token=[\w-]+/.exec(quotedPrintable(mail.data))?.[0];
  assert.ok(link, mail.data);
  const token = new URL(link).searchParams.get("token")!;
  const reset = await api(server.url, "/api/auth/reset", {
    method: "POST",
    body: { token, newPassword: "mailed password", confirmPassword: "mailed password" },
  });
  assert.equal(reset.status, 204);
  assert.equal(
    (
      await api(server.url, "/api/auth/login", {
        method: "POST",
        body: { email: account.email, password: "mailed password" },
      })
    ).status,
    200,
  );
  assert.equal(await mailTo(unknownEmail, 300), undefined, "no mail for an email without an account");
});

test("a few mails per email, then 429 with Retry-After", async () => {
  const email = uniqueEmail("flood");
  const statuses: number[] = [];
  for (let index = 0; index < 4; index++) statuses.push((await askForLink(email)).status);
  assert.deepEqual(statuses, [200, 200, 200, 429]);
  const refused = await askForLink(email);
  assert.ok(Number(refused.headers.get("retry-after")) > 0);
});

import net from "node:net";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * Just enough SMTP (RFC 5321) on loopback for nodemailer: greeting, EHLO (no STARTTLS, no AUTH
 * offered), MAIL, RCPT, DATA ending at a lone ".", RSET, NOOP, QUIT. Unknown commands get 502.
 */
export async function startFakeSmtp() {
  const mails: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp ESMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(mail);
          mail = { from: "", to: [], data: "" };
          reply("250 2.0.0 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") reply("250-fake-smtp\r\n250-8BITMIME\r\n250 SMTPUTF8");
        else if (verb === "HELO") reply("250 fake-smtp");
        else if (verb === "MAIL") {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 OK");
        } else if (verb === "RCPT") {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 2.1.5 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "RSET" || verb === "NOOP") reply("250 OK");
        else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
          return;
        } else reply("502 5.5.2 Command not recognized");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

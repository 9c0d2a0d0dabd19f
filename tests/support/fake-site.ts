import http from "node:http";
import zlib from "node:zlib";
import { articlePage, generatedArticle, prayerArticle, sabbathArticle } from "../fixtures/articles";
import { HOSTILE_PAGES } from "./hostile";
import { listenOnLoopback } from "./loopback";

/**
 * A website on 127.0.0.1 for content-fetching tests: real article pages (with navigation, ads,
 * comments and footers), redirects, huge and slow answers, non-HTML files and errors.
 */
export interface FakeSite {
  url: string;
  port: number;
  /** Every path requested, in order. */
  requests: string[];
  close: () => Promise<void>;
}

const plainText = [
  "Notes from a sermon on the Beatitudes",
  "",
  "Jesus began the Sermon on the Mount by describing the people who are blessed in the kingdom of heaven.",
  "The blessings turn the values of the world upside down, because they honor the poor in spirit and those who mourn.",
  "",
  "To be poor in spirit is to know that we bring nothing to God except our need.",
  "Those who mourn are promised comfort, and the meek are promised the earth itself.",
  "",
  "The Beatitudes are not a list of rules for earning blessing.",
  "They describe the character that grows in people who have already received grace.",
  "Disciples who hunger and thirst for righteousness will be satisfied by the God who gives it freely.",
].join("\n");

export async function startFakeSite(): Promise<FakeSite> {
  const requests: string[] = [];
  // The hostile pages (tests/support/hostile.ts) are megabytes each: built on first request.
  const hostileBodies = new Map<string, Buffer>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.site");
    requests.push(url.pathname + url.search);
    // ?delay=ms holds any answer back (to see pending states).
    const delay = Number(url.searchParams.get("delay") ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delay, 10_000)));
    const html = (body: string, status = 200) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(body);
    };
    const hostile = HOSTILE_PAGES.find((page) => page.path === url.pathname);
    if (hostile) {
      const body = hostileBodies.get(hostile.path) ?? hostile.body();
      hostileBodies.set(hostile.path, body);
      res.writeHead(200, { "content-type": hostile.contentType, "content-length": String(body.length) });
      return res.end(body);
    }
    switch (url.pathname) {
      case "/articles/sabbath":
        return html(articlePage(sabbathArticle));
      case "/articles/prayer":
        return html(articlePage(prayerArticle));
      case "/articles/generated":
        return html(articlePage(generatedArticle(Number(url.searchParams.get("words") ?? 800))));
      case "/articles/untitled":
        return html(articlePage(prayerArticle, { withTitleTag: false, withHeading: false }));
      case "/articles/gzip": {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" });
        return res.end(zlib.gzipSync(articlePage(sabbathArticle)));
      }
      case "/articles/latin1": {
        res.writeHead(200, { "content-type": "text/html; charset=iso-8859-1" });
        return res.end(
          Buffer.from(
            articlePage(prayerArticle).replace("Praying the Psalms", "Praying the Psalms: café edition"),
            "latin1",
          ),
        );
      }
      case "/notes.txt":
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        return res.end(plainText);
      case "/landing":
        return html(
          "<!doctype html><html><head><title>Welcome</title></head><body><nav><a href='/'>Home</a></nav><h1>Welcome!</h1><p>Sign in to continue.</p></body></html>",
        );
      case "/redirect": {
        res.writeHead(302, { location: url.searchParams.get("to") ?? "/articles/sabbath" });
        return res.end();
      }
      case "/chain": {
        const left = Number(url.searchParams.get("n") ?? "0");
        res.writeHead(301, { location: left > 0 ? `/chain?n=${left - 1}` : "/articles/sabbath" });
        return res.end();
      }
      case "/huge": {
        // 6 MB without a Content-Length: the cap must be enforced while streaming.
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<!doctype html><html><body><article>");
        const chunk = `<p>${"Grace upon grace. ".repeat(500)}</p>`;
        let sent = 0;
        const pump = () => {
          while (sent < 6 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once("drain", pump);
          }
          res.end("</article></body></html>");
        };
        res.on("error", () => {});
        return pump();
      }
      case "/huge-declared": {
        res.writeHead(200, { "content-type": "text/html", "content-length": String(50 * 1024 * 1024) });
        res.on("error", () => {});
        return res.write("<!doctype html><html><body>");
      }
      case "/slow": {
        // Answers long after any sensible timeout; the client must give up first.
        const timer = setTimeout(() => html(articlePage(sabbathArticle)), 30_000);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      case "/slow-body": {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<!doctype html><html><body><p>The beginning arrives quickly");
        const timer = setInterval(() => res.write(" and then a trickle"), 500);
        res.on("close", () => clearInterval(timer));
        return;
      }
      case "/files/sermon.pdf":
        res.writeHead(200, { "content-type": "application/pdf" });
        return res.end("%PDF-1.4 fake");
      case "/data.json":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ hello: "world" }));
      case "/image.png":
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      case "/server-error":
        return html("<h1>Oops</h1>", 500);
      case "/gone":
        return html("<h1>Gone</h1>", 410);
      default:
        return html("<!doctype html><html><body><h1>Not Found</h1></body></html>", 404);
    }
  });
  return { ...(await listenOnLoopback(server)), requests };
}

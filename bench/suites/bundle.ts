import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { BenchSuite } from "../run";
import { projectRoot } from "../lib/children";
import { httpFixture } from "../lib/fixture";

const FIRST_LOAD_TARGET_KB = 120;

export interface ScriptSize {
  url: string;
  /** Bytes on disk. */
  bytes: number;
  /** Bytes the server sends to a browser that accepts gzip (what a first visit downloads; files under 1 KB go uncompressed). */
  gzipBytes: number;
  /** The largest packages and app folders inside, from the build's metafile. */
  contents: string;
}

export interface PageBundle {
  page: string;
  scripts: ScriptSize[];
  totalBytes: number;
  totalGzipBytes: number;
  /**
   * Code the page imports on demand (overlays: toasts, popovers, sheets, dialogs), fetched after
   * hydration when the browser is idle or when first used; not part of the first load.
   */
  deferred: { files: string[]; gzipBytes: number };
  /** Inline scripts in the HTML (the route manifest, loader data, the preferences snippet). */
  inlineScriptBytes: number;
  htmlGzipBytes: number;
}

/** Every script the page's HTML references: script src, modulepreload and module imports. */
function referencedScripts(html: string) {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g,
  )) {
    urls.add((match[1] ?? match[2])!);
  }
  for (const match of html.matchAll(/\bimport\s*(?:\*\s*as\s+\w+\s+from\s+|\(\s*)?"(\/assets\/[^"]+\.js)"/g))
    urls.add(match[1]!);
  return [...urls];
}

function inlineScriptBytes(html: string) {
  let bytes = 0;
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g))
    bytes += Buffer.byteLength(match[1]!);
  return bytes;
}

interface Metafile {
  outputs: Record<
    string,
    { inputs: Record<string, { bytesInOutput: number }>; imports?: Array<{ path: string; kind: string }> }
  >;
}

function readMetafile(): Metafile {
  const file = path.join(projectRoot, "build/metafile.js.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Metafile) : { outputs: {} };
}

/** The files behind the page's dynamic imports, less what the first load already has. */
function deferredFiles(metafile: Metafile, firstLoad: string[]) {
  const loaded = new Set(firstLoad.map((url) => `build/client${url}`));
  const deferred = new Set<string>();
  const visit = (output: string) => {
    if (loaded.has(output) || deferred.has(output) || !metafile.outputs[output]) return;
    deferred.add(output);
    for (const entry of metafile.outputs[output]!.imports ?? [])
      if (entry.kind === "import-statement") visit(entry.path);
  };
  for (const output of loaded) {
    for (const entry of metafile.outputs[output]?.imports ?? []) if (entry.kind === "dynamic-import") visit(entry.path);
  }
  const files = [...deferred].map((output) => `/${output.replace(/^build\/client\//, "")}`);
  const gzipBytes = [...deferred].reduce(
    (sum, output) => sum + zlib.gzipSync(fs.readFileSync(path.join(projectRoot, output))).length,
    0,
  );
  return { files, gzipBytes };
}

/** What the bundler put in each output file, grouped by package (or app folder), largest first. */
function metafileContents(metafile: Metafile) {
  const contents = new Map<string, string>();
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    const groups = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
      if (bytesInOutput === 0) continue;
      const parts = input.replace(/^node_modules\//, "").split("/");
      const group = input.startsWith("app/")
        ? parts.slice(0, Math.min(3, parts.length - 1)).join("/") || input
        : parts[0]!.startsWith("@")
          ? `${parts[0]}/${parts[1]}`
          : parts[0]!;
      groups.set(group, (groups.get(group) ?? 0) + bytesInOutput);
    }
    const top = [...groups].sort((a, b) => b[1] - a[1]).slice(0, 4);
    contents.set(
      `/${output.replace(/^build\/client\//, "")}`,
      top.map(([group, bytes]) => `${group} ${(bytes / 1024).toFixed(1)} KB`).join(", "),
    );
  }
  return contents;
}

/** The bytes on the wire for a browser that accepts gzip, and the file's own size. */
function gzipSize(url: string) {
  return new Promise<{ bytes: number; gzipBytes: number }>((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const wire = Buffer.concat(chunks);
          if (response.statusCode !== 200) return reject(new Error(`${url}: ${response.statusCode}`));
          // Files under compression's 1 KB threshold are sent as they are.
          const gzipped = response.headers["content-encoding"] === "gzip";
          resolve({ bytes: gzipped ? zlib.gunzipSync(wire).length : wire.length, gzipBytes: wire.length });
        });
      })
      .on("error", reject);
  });
}

async function pageBundle(base: string, page: string, cookie?: string): Promise<PageBundle> {
  const response = await fetch(base + page, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
  const metafile = readMetafile();
  const contents = metafileContents(metafile);
  const scripts: ScriptSize[] = [];
  for (const url of referencedScripts(html)) {
    scripts.push({ url, ...(await gzipSize(base + url)), contents: contents.get(url) ?? "" });
  }
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    page,
    scripts,
    totalBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
    deferred: deferredFiles(
      metafile,
      scripts.map((script) => script.url),
    ),
    inlineScriptBytes: inlineScriptBytes(html),
    htmlGzipBytes: zlib.gzipSync(html).length,
  };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** First-load JavaScript of the dashboard and Today (signed in) and the sign-in page. */
export const bundleSuite: BenchSuite = {
  name: "firstLoadJs",
  aliases: ["bundle"],
  description: `first-load JavaScript of /, /today and /login (gzip; target <= ${FIRST_LOAD_TARGET_KB} KB each)`,
  async run() {
    const fixture = await httpFixture();
    const pages = {
      dashboard: await pageBundle(fixture.app.url, "/", `sb_session=${fixture.main.token}`),
      today: await pageBundle(fixture.app.url, "/today", `sb_session=${fixture.main.token}`),
      login: await pageBundle(fixture.app.url, "/login"),
    };
    return {
      targetKb: FIRST_LOAD_TARGET_KB,
      pages: Object.fromEntries(
        Object.entries(pages).map(([name, bundle]) => [
          name,
          {
            ...bundle,
            totalKb: kb(bundle.totalBytes),
            totalGzipKb: kb(bundle.totalGzipBytes),
            scripts: bundle.scripts.map((script) => ({
              ...script,
              kb: kb(script.bytes),
              gzipKb: kb(script.gzipBytes),
            })),
          },
        ]),
      ),
    };
  },
  print(result) {
    const { pages } = result as { pages: Record<string, PageBundle & { totalGzipKb: number; totalKb: number }> };
    return Object.values(pages).map(
      (page) =>
        `${page.page}: ${page.scripts.length} scripts, ${page.totalGzipKb} KB gzip (${page.totalKb} KB raw); inline scripts ${kb(page.inlineScriptBytes)} KB; ` +
        `on demand after hydration: ${page.deferred.files.length} files, ${kb(page.deferred.gzipBytes)} KB gzip`,
    );
  },
};

import zlib from "node:zlib";

/**
 * The text of a PDF as Chromium's page.pdf() writes it (Skia: Flate-compressed content streams,
 * Type 0 fonts with ToUnicode maps, text drawn with Tj and TJ), enough for tests to check what a
 * printed page holds. No PDF package ships here, so this reads just that subset; the order of the
 * words is the drawing order, and the spacing between them is approximate.
 */
export function pdfText(pdf: Buffer | Uint8Array): string {
  const raw = Buffer.from(pdf);
  const source = raw.toString("latin1");
  const objects = new Map<string, { dict: string; stream: Buffer | null }>();
  for (const match of source.matchAll(/(\d+) (\d+) obj\b/g)) {
    const start = match.index! + match[0].length;
    const end = source.indexOf("endobj", start);
    const body = source.slice(start, end);
    const streamAt = body.search(/\bstream\r?\n/);
    let stream: Buffer | null = null;
    let dict = body;
    if (streamAt >= 0) {
      dict = body.slice(0, streamAt);
      const dataStart = start + streamAt + body.slice(streamAt).match(/^stream\r?\n/)![0].length;
      const dataEnd = source.lastIndexOf("endstream", end);
      const data = raw.subarray(dataStart, dataEnd);
      stream = /\/FlateDecode/.test(dict) ? zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH }) : data;
    }
    objects.set(match[1]!, { dict, stream });
  }

  // Font resource names ("/F3") to their character maps.
  const fonts = new Map<string, { map: Map<number, string>; bytes: number }>();
  for (const { dict } of objects.values()) {
    for (const fontDict of dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const entry of fontDict[1]!.matchAll(/\/([^\s/<>[\]]+)\s+(\d+)\s+0\s+R/g)) {
        const font = objects.get(entry[2]!);
        const toUnicode = font && /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font.dict);
        const cmap = toUnicode && objects.get(toUnicode[1]!)?.stream;
        if (cmap) fonts.set(entry[1]!, parseCmap(cmap.toString("latin1")));
      }
    }
  }

  const pages: string[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type\s*\/Page\b/.test(dict)) continue;
    const contents = /\/Contents\s+(?:(\d+)\s+0\s+R|\[([^\]]*)\])/.exec(dict);
    if (!contents) continue;
    const ids = contents[1] ? [contents[1]] : [...contents[2]!.matchAll(/(\d+)\s+0\s+R/g)].map((ref) => ref[1]!);
    pages.push(ids.map((id) => showText(objects.get(id)?.stream?.toString("latin1") ?? "", fonts)).join("\n"));
  }
  return pages.join("\n\f");
}

function utf16(hex: string) {
  const bytes = Buffer.from(hex, "hex");
  let text = "";
  for (let index = 0; index + 1 < bytes.length; index += 2) text += String.fromCharCode(bytes.readUInt16BE(index));
  return text;
}

function parseCmap(cmap: string) {
  const map = new Map<number, string>();
  const range = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(cmap);
  const bytes = range ? range[1]!.length / 2 : 2;
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(parseInt(pair[1]!, 16), utf16(pair[2]!));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g)) {
      const low = parseInt(entry[1]!, 16);
      const high = parseInt(entry[2]!, 16);
      const target = entry[3]!;
      if (target.startsWith("[")) {
        [...target.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((item, offset) => map.set(low + offset, utf16(item[1]!)));
      } else {
        const first = utf16(target.slice(1, -1));
        for (let code = low; code <= high; code++) {
          map.set(code, first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + code - low));
        }
      }
    }
  }
  return { map, bytes };
}

/** The strings a content stream shows, in order: each text object (BT ... ET) on its own line. */
function showText(content: string, fonts: Map<string, { map: Map<number, string>; bytes: number }>) {
  let font: { map: Map<number, string>; bytes: number } | undefined;
  let out = "";
  const decode = (hex: string) => {
    if (!font) return "";
    let text = "";
    const step = font.bytes * 2;
    for (let index = 0; index + step <= hex.length; index += step) {
      text += font.map.get(parseInt(hex.slice(index, index + step), 16)) ?? "";
    }
    return text;
  };
  const tokens =
    /\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\b(ET|T\*|Td|TD)\b/g;
  for (const token of content.matchAll(tokens)) {
    if (token[1]) font = fonts.get(token[1]);
    else if (token[2] !== undefined) {
      for (const part of token[2].matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)) {
        if (part[1] !== undefined) out += decode(part[1]);
        else if (Number(part[2]) < -200) out += " ";
      }
    } else if (token[3] !== undefined) out += decode(token[3]);
    else out += token[4] === "ET" ? "\n" : " ";
  }
  return out;
}

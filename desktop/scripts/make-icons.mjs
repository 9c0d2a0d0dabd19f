/**
 * Renders desktop/resources/icon.svg with Debian's Chromium (through Playwright, offline) into
 * every icon the installers need, and writes the containers by hand (both are simple formats
 * that embed PNGs): icon.png (1024), icons/NxN.png (Linux), icon.ico (Windows, 16-256) and
 * icon.icns (macOS, 16-1024). Run after changing the SVG: node desktop/scripts/make-icons.mjs
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const resources = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../resources");
const svg = fs.readFileSync(path.join(resources, "icon.svg"));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const rendered = new Map();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const source = `data:image/svg+xml;base64,${svg.toString("base64")}`;
  for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
    await page.setViewportSize({ width: Math.max(size, 64), height: Math.max(size, 64) });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${source}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator("img").evaluate((img) => img.decode());
    rendered.set(
      size,
      await page.screenshot({ clip: { x: 0, y: 0, width: size, height: size }, omitBackground: true }),
    );
  }
} finally {
  await browser.close();
}

fs.writeFileSync(path.join(resources, "icon.png"), rendered.get(1024));
const linux = path.join(resources, "icons");
fs.mkdirSync(linux, { recursive: true });
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  fs.writeFileSync(path.join(linux, `${size}x${size}.png`), rendered.get(size));
}

// ICO: a directory of PNG images (Windows Vista and later read PNG entries).
const icoSizes = [16, 24, 32, 48, 64, 128, 256];
const header = Buffer.alloc(6 + 16 * icoSizes.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(icoSizes.length, 4);
let offset = header.length;
icoSizes.forEach((size, index) => {
  const png = rendered.get(size);
  const entry = 6 + 16 * index;
  header.writeUInt8(size >= 256 ? 0 : size, entry);
  header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
  header.writeUInt8(0, entry + 2);
  header.writeUInt8(0, entry + 3);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
fs.writeFileSync(
  path.join(resources, "icon.ico"),
  Buffer.concat([header, ...icoSizes.map((size) => rendered.get(size))]),
);

// ICNS: typed chunks of PNG data, big-endian lengths.
const icnsTypes = [
  ["icp4", 16],
  ["icp5", 32],
  ["icp6", 64],
  ["ic07", 128],
  ["ic08", 256],
  ["ic09", 512],
  ["ic10", 1024],
  ["ic11", 32],
  ["ic12", 64],
  ["ic13", 256],
  ["ic14", 512],
];
const chunks = icnsTypes.map(([type, size]) => {
  const png = rendered.get(size);
  const chunk = Buffer.alloc(8);
  chunk.write(type, 0, "ascii");
  chunk.writeUInt32BE(png.length + 8, 4);
  return Buffer.concat([chunk, png]);
});
const icnsHeader = Buffer.alloc(8);
icnsHeader.write("icns", 0, "ascii");
icnsHeader.writeUInt32BE(8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0), 4);
fs.writeFileSync(path.join(resources, "icon.icns"), Buffer.concat([icnsHeader, ...chunks]));

console.log(`Icons written to ${resources}`);

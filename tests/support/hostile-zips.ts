/**
 * Hostile export zips (issue 27), for tests/api/import-hostile.test.ts and `npm run bench -- import`:
 * each is small to send and made in milliseconds, however much it unpacks to.
 */
import zlib from "node:zlib";
import { strToU8, zipSync } from "fflate";

/** A zip holding one entry whose sizes and checksum are what the caller says, whatever the data is. */
export function zipWithEntry(name: string, deflated: Uint8Array, declared: { size: number; crc?: number }) {
  const nameBytes = strToU8(name);
  const local = new Uint8Array(30 + nameBytes.length);
  const localView = new DataView(local.buffer);
  localView.setUint32(0, 0x04034b50, true);
  localView.setUint16(4, 20, true);
  localView.setUint16(8, 8, true);
  localView.setUint32(14, declared.crc ?? 0, true);
  localView.setUint32(18, deflated.length, true);
  localView.setUint32(22, declared.size, true);
  localView.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);

  const central = new Uint8Array(46 + nameBytes.length);
  const centralView = new DataView(central.buffer);
  centralView.setUint32(0, 0x02014b50, true);
  centralView.setUint16(4, 20, true);
  centralView.setUint16(6, 20, true);
  centralView.setUint16(10, 8, true);
  centralView.setUint32(16, declared.crc ?? 0, true);
  centralView.setUint32(20, deflated.length, true);
  centralView.setUint32(24, declared.size, true);
  centralView.setUint16(28, nameBytes.length, true);
  centralView.setUint32(42, 0, true);
  central.set(nameBytes, 46);

  const end = new Uint8Array(22);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, 0x06054b50, true);
  endView.setUint16(8, 1, true);
  endView.setUint16(10, 1, true);
  endView.setUint32(12, central.length, true);
  endView.setUint32(16, local.length + deflated.length, true);
  return Buffer.concat([local, deflated, central, end]);
}

/**
 * A zip of about `zipBytes` whose data.json declares `declaredSize` bytes (100 unless said) but
 * inflates to about 1,000 times the zip's size in zeros: a deflate block of 1 MB of zeros
 * (flushed, so it stands alone) repeated.
 */
export function lyingZip(zipBytes: number, declaredSize = 100) {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20), {
    level: 9,
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  const count = Math.max(1, Math.floor(zipBytes / block.length));
  // The last block: final, fixed codes, only its end marker.
  const deflated = Buffer.concat([...Array.from({ length: count }, () => block), Buffer.from([0x03, 0x00])]);
  return { bytes: zipWithEntry("data.json", deflated, { size: declaredSize }), inflatesTo: count * (1 << 20) };
}

const now = () => new Date().toISOString();

/** data.json's required fields, with what the caller adds. */
export function exportData(fields: Record<string, unknown> = {}) {
  return {
    format: "sagacity-bites-export",
    version: 1,
    exportedAt: now(),
    account: { id: "exported-account", email: "someone@example.org", createdAt: now() },
    ...fields,
  };
}

export function zipJson(value: unknown) {
  return zipSync({ "data.json": strToU8(JSON.stringify(value)) }, { level: 9 });
}

/** An honest zip whose data.json is about `jsonBytes` long: lesson plans of 500,000 repetitive characters. */
export function bigJsonZip(jsonBytes: number) {
  const content = "Grace upon grace, ".repeat(500_000 / 18).padEnd(500_000, ".");
  const studies = Array.from({ length: Math.ceil(jsonBytes / content.length) }, (_, index) => ({
    id: `big-${index}`,
    title: `Study ${index}`,
    content,
    studyType: "topic",
    createdAt: now(),
  }));
  return zipJson(exportData({ studies }));
}

/** `count` authors, each with a long bio: one new row per author, and (before) one name scan each. */
export function authorFloodZip(count: number, bioChars = 5000) {
  const bio = "A faithful teacher of the Word. ".repeat(Math.ceil(bioChars / 32)).slice(0, bioChars);
  const authors = Array.from({ length: count }, (_, index) => ({
    id: `flood-${index}`,
    name: `Teacher ${index}`,
    bio,
    createdAt: now(),
  }));
  return zipJson(exportData({ authors }));
}

/** JSON that is small zipped and costly parsed: nesting `depth` deep, or one array of `length` zeros. */
export function jsonBombZips({ depth, length }: { depth: number; length: number }) {
  const nested = `{"format":"sagacity-bites-export","version":1,"groups":${"[".repeat(depth)}${"]".repeat(depth)}}`;
  const wide = `{"format":"sagacity-bites-export","version":1,"exportedAt":"${now()}","account":{"id":"a","email":"a@example.org","createdAt":"${now()}"},"profile":{"favoriteTeachers":[${"0,".repeat(length - 1)}0]}}`;
  return {
    nested: zipSync({ "data.json": strToU8(nested) }, { level: 9 }),
    wide: zipSync({ "data.json": strToU8(wide) }, { level: 9 }),
  };
}

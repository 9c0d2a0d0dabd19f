import zlib from "node:zlib";
import { PayloadTooLargeError, ValidationError } from "~/utils/errors";

/**
 * One entry of a zip, read without trusting what the zip says about it. The central directory
 * is read to find the entry; its data is inflated by zlib with `maxOutputLength`, so inflating
 * stops (and the file is refused) as soon as the output passes the cap, whatever size the entry
 * declares. A zip that declares 10 bytes and inflates to gigabytes costs the cap, not gigabytes.
 */
export interface ZipLimits {
  /** Entries the central directory may list. */
  maxEntries: number;
  /** What the entry may inflate to. */
  maxBytes: number;
  /** The refusals' messages: the entry inflates past maxBytes; the file is not a readable zip. */
  tooLarge: string;
  notAZip: string;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** The bytes of the entry called `name`, or undefined when the zip has none. */
export function readZipEntry(bytes: Uint8Array, name: string, limits: ZipLimits): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end < 0) throw new ValidationError(limits.notAZip);
  const entries = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // 0xffff entries or a 0xffffffff offset mean zip64, which no export needs.
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw new ValidationError(limits.notAZip);
  if (entries > limits.maxEntries)
    throw new ValidationError(`The zip holds too many files (over ${limits.maxEntries}).`);
  const wanted = new TextEncoder().encode(name);
  let found: { method: number; compressedSize: number; crc: number; localOffset: number } | undefined;
  let offset = directoryOffset;
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== DIRECTORY_ENTRY) {
      throw new ValidationError(limits.notAZip);
    }
    const nameLength = view.getUint16(offset + 28, true);
    const next = offset + 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    if (next > view.byteLength) throw new ValidationError(limits.notAZip);
    if (sameBytes(bytes, offset + 46, nameLength, wanted)) {
      if (found) throw new ValidationError(`The zip holds ${name} more than once.`);
      found = {
        method: view.getUint16(offset + 10, true),
        crc: view.getUint32(offset + 16, true),
        compressedSize: view.getUint32(offset + 20, true),
        localOffset: view.getUint32(offset + 42, true),
      };
    }
    offset = next;
  }
  if (!found) return undefined;

  const local = found.localOffset;
  if (local + 30 > view.byteLength || view.getUint32(local, true) !== LOCAL_HEADER)
    throw new ValidationError(limits.notAZip);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + found.compressedSize > view.byteLength) throw new ValidationError(limits.notAZip);
  const data = bytes.subarray(start, start + found.compressedSize);
  let output: Uint8Array;
  if (found.method === STORED) {
    if (data.length > limits.maxBytes) throw new PayloadTooLargeError(limits.tooLarge);
    output = data;
  } else if (found.method === DEFLATED) {
    try {
      output = zlib.inflateRawSync(data, { maxOutputLength: limits.maxBytes });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new PayloadTooLargeError(limits.tooLarge);
      throw new ValidationError(limits.notAZip);
    }
  } else {
    throw new ValidationError(limits.notAZip);
  }
  if (zlib.crc32(output) !== found.crc) throw new ValidationError(limits.notAZip);
  return output;
}

/** Where the end-of-directory record is (the last 22 bytes, or before a comment of up to 65,535), or -1. */
function findEndOfDirectory(view: DataView) {
  const last = view.byteLength - 22;
  for (let offset = last; offset >= 0 && offset >= last - 0xffff; offset--) {
    if (view.getUint32(offset, true) === END_OF_DIRECTORY) return offset;
  }
  return -1;
}

function sameBytes(bytes: Uint8Array, offset: number, length: number, wanted: Uint8Array) {
  if (length !== wanted.length) return false;
  for (let index = 0; index < length; index++) if (bytes[offset + index] !== wanted[index]) return false;
  return true;
}

/**
 * Which CPU a native module (.node) was built for, read from its header: ELF (Linux), PE
 * (Windows) or Mach-O, thin or universal (macOS). The afterPack hook (after-pack.mjs) and the
 * release smoke test (smoke.mjs) use it so an installer can never ship another machine's binary.
 */
import fs from "node:fs";
import path from "node:path";

const ELF_MACHINES = { 0x03: "ia32", 0x28: "armv7l", 0x3e: "x64", 0xb7: "arm64" };
const PE_MACHINES = { 0x014c: "ia32", 0x01c4: "armv7l", 0x8664: "x64", 0xaa64: "arm64" };
const MACHO_CPUS = { 0x00000007: "ia32", 0x0000000c: "armv7l", 0x01000007: "x64", 0x0100000c: "arm64" };

/**
 * The binary's format and architectures (several for a universal Mach-O), or null when the bytes
 * are none of the three formats.
 */
export function readNativeArch(bytes) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length >= 20 && buffer.readUInt32BE(0) === 0x7f454c46) {
    const littleEndian = buffer[5] === 1;
    const machine = littleEndian ? buffer.readUInt16LE(18) : buffer.readUInt16BE(18);
    return { format: "elf", archs: [ELF_MACHINES[machine] ?? `elf-machine-${machine}`] };
  }
  if (buffer.length >= 0x40 && buffer.toString("latin1", 0, 2) === "MZ") {
    const peOffset = buffer.readUInt32LE(0x3c);
    if (peOffset + 6 <= buffer.length && buffer.readUInt32BE(peOffset) === 0x50450000) {
      const machine = buffer.readUInt16LE(peOffset + 4);
      return { format: "pe", archs: [PE_MACHINES[machine] ?? `pe-machine-0x${machine.toString(16)}`] };
    }
    return null;
  }
  if (buffer.length >= 8) {
    const magicLE = buffer.readUInt32LE(0);
    if (magicLE === 0xfeedfacf || magicLE === 0xfeedface) {
      const cpu = buffer.readUInt32LE(4);
      return { format: "macho", archs: [MACHO_CPUS[cpu] ?? `macho-cpu-0x${cpu.toString(16)}`] };
    }
    const magicBE = buffer.readUInt32BE(0);
    if (magicBE === 0xcafebabe || magicBE === 0xcafebabf) {
      // A universal binary: a big-endian table of the thin binaries inside (fat_arch / fat_arch_64).
      const count = buffer.readUInt32BE(4);
      const entrySize = magicBE === 0xcafebabf ? 32 : 20;
      if (count === 0 || count > 16 || 8 + count * entrySize > buffer.length) return null;
      const archs = [];
      for (let index = 0; index < count; index += 1) {
        const cpu = buffer.readUInt32BE(8 + index * entrySize);
        archs.push(MACHO_CPUS[cpu] ?? `macho-cpu-0x${cpu.toString(16)}`);
      }
      return { format: "macho", archs };
    }
  }
  return null;
}

const FORMAT_OF_PLATFORM = { darwin: "macho", win32: "pe", linux: "elf" };

/** Reads only the start of the file, and all of a universal binary's table. */
export function readNativeArchOfFile(file) {
  const handle = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(4096);
    const read = fs.readSync(handle, head, 0, head.length, 0);
    return readNativeArch(head.subarray(0, read));
  } finally {
    fs.closeSync(handle);
  }
}

/** Every .node file below `folder` (app.asar.unpacked, node_modules...). */
export function nativeModulesBelow(folder) {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true })
    .map((relative) => path.join(folder, relative))
    .filter((file) => file.endsWith(".node") && fs.statSync(file).isFile());
}

/**
 * The native modules below `folder` that would not load on `platform`/`arch`: another format,
 * another CPU, or not a binary at all. An empty list means they all fit.
 */
export function mismatchedNativeModules(folder, { platform, arch }) {
  const format = FORMAT_OF_PLATFORM[platform];
  return nativeModulesBelow(folder).flatMap((file) => {
    const found = readNativeArchOfFile(file);
    const fits = found && found.format === format && found.archs.includes(arch);
    return fits ? [] : [{ file, found: found ? `${found.format} ${found.archs.join("+")}` : "not a native binary" }];
  });
}

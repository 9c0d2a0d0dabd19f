/**
 * electron-builder's afterPack hook (desktop/package.json "afterPack"): before the fuses are
 * flipped and the app is signed, every native module in the packaged app must be built for the
 * target's OS and CPU. The project installs @node-rs/argon2's and better-sqlite3's binaries for
 * the machine it runs on, so a DMG for the other Mac architecture built on this runner would
 * carry the wrong ones and fail at start: this stops the build instead.
 */
import path from "node:path";
import { mismatchedNativeModules, nativeModulesBelow } from "./native-arch.mjs";

// electron-builder's Arch enum (builder-util).
const ARCH_NAMES = { 0: "ia32", 1: "x64", 2: "armv7l", 3: "arm64", 4: "universal" };

export function checkPackagedNativeModules({ appOutDir, platform, arch }) {
  const archs = arch === "universal" ? ["x64", "arm64"] : [arch];
  const modules = nativeModulesBelow(appOutDir);
  if (!modules.some((file) => file.includes(`${path.sep}better-sqlite3${path.sep}`))) {
    throw new Error(`No better-sqlite3 native module in ${appOutDir}`);
  }
  const argon2 = `argon2-${platform}-${archs[0]}`;
  if (!modules.some((file) => file.includes(argon2))) {
    throw new Error(
      `No @node-rs/${argon2}* native module in ${appOutDir}: install the project on a ${platform} ${archs[0]} machine`,
    );
  }
  const wrong = archs.flatMap((target) => mismatchedNativeModules(appOutDir, { platform, arch: target }));
  if (wrong.length) {
    const list = wrong.map(({ file, found }) => `  ${path.relative(appOutDir, file)}: ${found}`).join("\n");
    throw new Error(`Native modules that are not ${platform} ${archs.join("+")}:\n${list}`);
  }
  return modules;
}

export default async function afterPack(context) {
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch);
  const modules = checkPackagedNativeModules({
    appOutDir: context.appOutDir,
    platform: context.electronPlatformName,
    arch,
  });
  console.log(`  • native modules checked: ${modules.length} built for ${context.electronPlatformName} ${arch}`);
}

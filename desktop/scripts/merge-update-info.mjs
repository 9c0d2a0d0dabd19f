/**
 * Each macOS runner builds one architecture, so each writes its own latest-mac.yml (the file
 * electron-updater reads to find the zip for its Mac). The release job merges them into one that
 * lists both zips: electron-updater then picks the arm64 or the x64 one by name.
 *
 *   node desktop/scripts/merge-update-info.mjs out.yml a/latest-mac.yml b/latest-mac.yml
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const yaml = createRequire(import.meta.url)("js-yaml");

export function mergeUpdateInfo(documents) {
  const [first, ...rest] = documents;
  if (!first) throw new Error("Nothing to merge");
  for (const other of rest) {
    if (other.version !== first.version) throw new Error(`Versions differ: ${first.version} and ${other.version}`);
  }
  const files = documents.flatMap((document) => document.files ?? []);
  const unique = [...new Map(files.map((file) => [file.url, file])).values()];
  return { ...first, files: unique };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [output, ...inputs] = process.argv.slice(2);
  if (!output || inputs.length < 1) throw new Error("Usage: merge-update-info.mjs <out.yml> <in.yml>...");
  const merged = mergeUpdateInfo(inputs.map((file) => yaml.load(fs.readFileSync(file, "utf8"))));
  fs.writeFileSync(output, yaml.dump(merged, { lineWidth: -1 }));
  console.log(`${output}: ${merged.files.map((file) => file.url).join(", ")}`);
}

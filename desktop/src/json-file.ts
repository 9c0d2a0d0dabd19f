import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";

/** A JSON file read through a schema: missing or unreadable files give undefined, never a crash. */
export function readJsonFile<T>(file: string, schema: z.ZodType<T>): T | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
export function writeJsonFile(file: string, value: unknown, { mode = 0o644 }: { mode?: number } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode });
  fs.renameSync(temporary, file);
}

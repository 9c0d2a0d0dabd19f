// SCAFFOLD (issue 4 replaces this file): built-in devotionals at three depths.
import { AiError } from "~/utils/errors";
import type { AiProvider } from "../provider";

export function devotional(_input: Parameters<AiProvider["devotional"]>[0]): never {
  throw new AiError("Devotionals are not available yet.", 501);
}

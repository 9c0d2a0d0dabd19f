import type { BenchSuite } from "../run";
import { bibleStartupSuite } from "./bible-startup";
import { lessonsSuite } from "./lessons";

/** Every benchmark suite, in the order `npm run bench` runs them. Add new suites here. */
export const suites: BenchSuite[] = [lessonsSuite, bibleStartupSuite];

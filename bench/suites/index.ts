import type { BenchSuite } from "../run";
import { bibleStartupSuite } from "./bible-startup";
import { bundleSuite } from "./bundle";
import { contentSuite } from "./content";
import { coresSuite } from "./cores";
import { hostileSuite } from "./hostile";
import { importsSuite } from "./imports";
import { apiSuite, floorSuite } from "./http";
import { isolationSuite } from "./isolation";
import { lessonsSuite } from "./lessons";
import { lighthouseSuite } from "./lighthouse";
import { plansSuite } from "./plans";
import { scaleSuite } from "./scale";

/** Every benchmark section, in the order `npm run bench` runs them. Add new sections here. */
export const suites: BenchSuite[] = [
  floorSuite,
  apiSuite,
  bundleSuite,
  lighthouseSuite,
  scaleSuite,
  contentSuite,
  plansSuite,
  lessonsSuite,
  bibleStartupSuite,
  hostileSuite,
  isolationSuite,
  importsSuite,
  coresSuite,
];

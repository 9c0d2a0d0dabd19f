export const PRODUCT_NAME = "Sagacity Bites";
export const TAGLINE = "Discipleship Tools";
export const APP_ID = "org.sagacitybites.desktop";

/** The attributions the shipped Bible data requires (see shared/data/README.md). */
export const CREDITS = [
  "Cross references from OpenBible.info (https://www.openbible.info/labs/cross-references/), licensed CC BY.",
  "Nave's Topical Bible data from BibleData by Brady Stephenson (https://github.com/BradyStephenson/bible-data, doi:10.5281/zenodo.19539956), licensed CC BY 4.0.",
  "King James Version (public domain; Crown letters patent apply to printed editions in the United Kingdom).",
  'World English Bible (public domain), eBible.org. "World English Bible" is a trademark of eBible.org.',
  "Berean Standard Bible (BSB), dedicated to the public domain by the Berean Bible Translation Committee / Bible Hub, 30 April 2023.",
  "OpenDyslexic and Inter fonts (SIL Open Font License). Icons from Lucide (ISC License).",
  "Built with Electron, Remix, React and SQLite.",
].join("\n\n");

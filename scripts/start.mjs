import { buildIfNeeded, serverBuildPath } from "./build-if-needed.mjs";
import cluster from "node:cluster";
import { pathToFileURL } from "node:url";

// React and Remix pick their production builds from NODE_ENV when first loaded: `npm start` is
// production unless told otherwise (npm run dev says development).
process.env.NODE_ENV ??= "production";

// Cluster workers run this file too: the primary has built already.
if (cluster.isPrimary) buildIfNeeded();
const { runProductionServer } = await import(pathToFileURL(serverBuildPath).href);
await runProductionServer();

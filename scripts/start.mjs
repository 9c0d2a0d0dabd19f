import { buildIfNeeded, serverBuildPath } from "./build-if-needed.mjs";
import cluster from "node:cluster";
import { pathToFileURL } from "node:url";

// Cluster workers run this file too: the primary has built already.
if (cluster.isPrimary) buildIfNeeded();
const { runProductionServer } = await import(pathToFileURL(serverBuildPath).href);
await runProductionServer();

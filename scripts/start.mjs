import { buildIfNeeded, serverBuildPath } from "./build-if-needed.mjs";
import { pathToFileURL } from "node:url";

buildIfNeeded();
const { startServer } = await import(pathToFileURL(serverBuildPath).href);
const server = await startServer();

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: finishing open requests...`);
    await server.close();
    console.log("Stopped cleanly.");
    process.exit(0);
  });
}

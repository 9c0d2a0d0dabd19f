// The app under test: the real built server (build/server/index.js, what `npm start` runs) on the given
// database file, in a process of its own.
import { answerBench } from "./control.mjs";

process.env.NODE_ENV = "production";
const [databasePath] = process.argv.slice(2);
try {
  const { startServer } = await import(new URL("../../build/server/index.js", import.meta.url).href);
  const server = await startServer({ port: 0, host: "127.0.0.1", databasePath, quiet: true });
  process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
  answerBench();
  process.send({ url: `http://127.0.0.1:${server.port}` });
} catch (error) {
  process.send({ error: String(error?.stack ?? error) });
  process.exit(1);
}

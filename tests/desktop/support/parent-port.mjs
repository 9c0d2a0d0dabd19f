// Loaded (--import) into a process the stand-in's utilityProcess.fork starts: gives it Electron's
// process.parentPort over Node's IPC channel. As in Electron, messages wait in a queue until a
// "message" listener is added (the module may take a while to load), arrive as { data, ports }
// events, and the process ends with its parent.
import { EventEmitter } from "node:events";

const parentPort = new EventEmitter();
const queued = [];
parentPort.postMessage = (message) => {
  if (process.connected) process.send(message);
};
parentPort.on("newListener", (event) => {
  if (event !== "message" || parentPort.listenerCount("message") > 0) return;
  setImmediate(() => {
    for (const data of queued.splice(0)) parentPort.emit("message", { data, ports: [] });
  });
});
process.on("message", (data) => {
  if (parentPort.listenerCount("message") === 0 || queued.length) queued.push(data);
  else parentPort.emit("message", { data, ports: [] });
});
process.on("disconnect", () => process.exit(0));
Object.defineProperty(process, "parentPort", { value: parentPort });

// What the bench asks of a server process over IPC: its CPU time so far, and CPU profiles of
// exactly the measured part of a cell (BENCH_PROFILE).
import fs from "node:fs";
import inspector from "node:inspector";

let session;

export function answerBench() {
  process.on("message", (message) => {
    if (message === "cpu") {
      process.send({ cpu: process.cpuUsage() });
    } else if (message === "profile-start") {
      session = new inspector.Session();
      session.connect();
      session.post("Profiler.enable", () =>
        session.post("Profiler.setSamplingInterval", { interval: 200 }, () =>
          session.post("Profiler.start", () => process.send({ profiling: true })),
        ),
      );
    } else if (message?.profileStop) {
      session.post("Profiler.stop", (error, result) => {
        if (!error) fs.writeFileSync(message.profileStop, JSON.stringify(result.profile));
        session.disconnect();
        process.send({ profiled: message.profileStop });
      });
    }
  });
}

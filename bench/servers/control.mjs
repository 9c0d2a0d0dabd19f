// What the bench asks of a server process over IPC: its CPU time so far (all threads, and the main
// thread alone), and CPU profiles of exactly the measured part of a cell (BENCH_PROFILE).
import fs from "node:fs";
import inspector from "node:inspector";

/**
 * CPU milliseconds of the main thread alone (the event loop that answers requests), without the
 * worker pool's threads: Linux only (/proc), undefined elsewhere.
 */
function mainThreadCpu() {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

let session;

export function answerBench() {
  process.on("message", (message) => {
    if (message === "cpu") {
      process.send({ cpu: process.cpuUsage(), mainThreadMs: mainThreadCpu() });
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

import { percentile } from "../tests/support/percentile";

export interface Timing {
  n: number;
  /** Wall-clock milliseconds. */
  p50: number;
  p95: number;
  max: number;
  mean: number;
  /** CPU milliseconds of this process: steadier than wall-clock on a busy machine. */
  cpuP50: number;
  cpuP95: number;
}

/** Summarises wall-clock and CPU times (ms), rounded to `digits` decimals. */
export function summarize(times: number[], cpuTimes: number[], digits = 1): Timing {
  const round = (value: number) => Math.round(value * 10 ** digits) / 10 ** digits;
  const sorted = [...times].sort((a, b) => a - b);
  const cpuSorted = [...cpuTimes].sort((a, b) => a - b);
  return {
    n: times.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(times.reduce((sum, time) => sum + time, 0) / Math.max(1, times.length)),
    cpuP50: round(percentile(cpuSorted, 0.5)),
    cpuP95: round(percentile(cpuSorted, 0.95)),
  };
}

/** Runs `work` once per input and summarises the wall-clock times in milliseconds. */
export function measure<T>(inputs: readonly T[], work: (input: T) => unknown): Timing {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (const input of inputs) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    work(input);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  return summarize(times, cpuTimes);
}

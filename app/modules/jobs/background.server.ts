/**
 * Work that outlives the request that started it: a devotional Today's page stopped waiting for
 * (it answers after 1.5 s) is still being written, and is stored when it is done. The server waits
 * for this work before it closes the database on shutdown, so a restart neither loses the text the
 * writer was finishing nor ends it with "The database connection is not open".
 */
const running = new Set<Promise<unknown>>();

/** Keeps `work` until it settles; returns it unchanged. */
export function keepUntilSettled<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  const forget = () => running.delete(work);
  work.then(forget, forget);
  return work;
}

/**
 * Resolves once all work under way (and any it started meanwhile) has settled, or after `timeoutMs`;
 * answers how much was still running then.
 */
export async function settleBackgroundWork(timeoutMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    while (running.size > 0) {
      const settled = await Promise.race([Promise.allSettled([...running]), timedOut]);
      if (settled === "timeout") break;
    }
  } finally {
    clearTimeout(timer);
  }
  return running.size;
}

import { hash, verify } from "@node-rs/argon2";
import { getConfig } from "~/config.server";
import { ServiceBusyError } from "~/utils/errors";

// Argon2id (the library's default algorithm) with OWASP's recommended cost.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Hashes run on libuv's small thread pool, which also compresses every page and reads static
 * files. A burst of sign-ins (a whole church on Sunday morning) would take every thread and hold
 * page loads back behind it, so at most two hashes run at once; more would not be faster anyway
 * on a small server, they would only queue inside the pool instead of here. The line behind them
 * is bounded too (HASH_QUEUE_MAX): past it a request is refused at once with a 503 rather than
 * held while memory and waiting times grow without limit.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= getConfig().HASH_QUEUE_MAX) throw new ServiceBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` never dips below the queue's need.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string) {
  return withHashSlot(() => hash(password, options));
}

/** False for a wrong password or an unreadable hash; throws ServiceBusyError when the line is full. */
export function verifyPassword(passwordHash: string, password: string) {
  return withHashSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string) {
  // A refused first hash must not be remembered as the dummy for good.
  dummyHash ??= hashPassword("not-a-real-password").catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(await dummyHash, password);
  return false;
}

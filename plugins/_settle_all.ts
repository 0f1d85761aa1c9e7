/**
 * Steps run side by side that must all be done before what follows: a failure is thrown only
 * once every step has ended, so nothing still runs (a folder still being made, a file still
 * being read) while the caller cleans up.
 *
 * @module
 */

/**
 * Waits for every step, then throws the failure of the first one that failed, in their order.
 *
 * @example
 * ```ts
 * import { settleAll } from "./_settle_all.ts";
 * await settleAll([Promise.resolve(), Promise.resolve()]);
 * ```
 */
export async function settleAll(steps: readonly Promise<unknown>[]): Promise<void> {
  for (const result of await Promise.allSettled(steps)) {
    if (result.status === "rejected") throw result.reason;
  }
}

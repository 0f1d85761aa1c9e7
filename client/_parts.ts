/**
 * The running parts of a client, in the order they started: each part is started and its
 * stop registered in one place, and one `stop()` stops them all in reverse, whether the client
 * is shutting down or a later part failed to start. Like `AsyncDisposableStack`, except that
 * every stop runs even when one throws, the errors come back as values, and each part names
 * the shutdown step it belongs to.
 *
 * @module
 */

/**
 * What {@linkcode Parts.stop} did: the steps of the parts it stopped, in order (each named
 * once, where its first part stopped), and the errors of single stops.
 *
 * @example
 * ```ts
 * import type { PartsStopped } from "./_parts.ts";
 * const stopped: PartsStopped<"web" | "storage"> = { steps: ["web", "storage"], errors: [] };
 * ```
 */
export interface PartsStopped<Step extends string> {
  /** The steps of the stopped parts, in the order they stopped, each once. */
  steps: Step[];
  /** Errors of single stops; every other part was still stopped. */
  errors: Error[];
}

/**
 * A list of started parts, stopped once, in reverse order of start.
 *
 * @example
 * ```ts
 * import { Parts } from "./_parts.ts";
 * const order: string[] = [];
 * const parts = new Parts<"storage" | "front">();
 * const db = await parts.start("storage", () => "db", (db) => void order.push(`close ${db}`));
 * parts.defer("front", () => void order.push("close web"));
 * const stopped = await parts.stop();
 * console.log(order, stopped.steps); // ["close web", "close db"] ["front", "storage"]
 * ```
 */
export class Parts<Step extends string> implements AsyncDisposable {
  readonly #started: { step: Step; stop: () => unknown }[] = [];
  #stopping: Promise<PartsStopped<Step>> | undefined;

  /**
   * Starts one part and registers its stop, which gets what the start returned. A start
   * that throws registers nothing (the part cleans up after itself) and rethrows; the
   * parts started before it are left to {@linkcode Parts.stop}.
   */
  async start<T>(
    step: Step,
    start: () => T | Promise<T>,
    stop: (started: T) => unknown,
  ): Promise<T> {
    this.#refuseWhenStopping("start", step);
    const started = await start();
    // A stop that began while this part was starting would miss it: stop it here instead.
    if (this.#stopping !== undefined) {
      await stop(started);
      throw new Error(`Cannot start a ${step} part: the parts are stopping`);
    }
    this.#started.push({ step, stop: () => stop(started) });
    return started;
  }

  /** Registers the stop of a part that is already running (built without a start that can fail). */
  defer(step: Step, stop: () => unknown): void {
    this.#refuseWhenStopping("defer", step);
    this.#started.push({ step, stop });
  }

  /**
   * Stops every part, the last started first. A stop that throws is recorded and the next
   * part is still stopped. Calling it again returns the same result.
   */
  stop(): Promise<PartsStopped<Step>> {
    return this.#stopping ??= this.#stopAll();
  }

  /** Same as {@linkcode Parts.stop}, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.stop();
  }

  async #stopAll(): Promise<PartsStopped<Step>> {
    const stopped: PartsStopped<Step> = { steps: [], errors: [] };
    for (const part of this.#started.toReversed()) {
      if (!stopped.steps.includes(part.step)) stopped.steps.push(part.step);
      try {
        await part.stop();
      } catch (error) {
        stopped.errors.push(error instanceof Error ? error : new Error(String(error)));
      }
    }
    this.#started.length = 0;
    return stopped;
  }

  #refuseWhenStopping(what: string, step: Step): void {
    if (this.#stopping !== undefined) {
      throw new Error(`Cannot ${what} a ${step} part: the parts are stopping`);
    }
  }
}

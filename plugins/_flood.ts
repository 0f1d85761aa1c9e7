/**
 * The flood guard: how much a plugin makes the host do, per one-second window.
 *
 * Counting messages alone is not enough: when each message is slow for the host (a slow
 * disk under the audit log, say), the host never gets through more than the limit in one
 * second, so the count never trips while the plugin's backlog keeps the host busy. The time
 * the host spends on the plugin's messages is therefore capped too, and so are the bytes it
 * writes: frames, stdout and stderr alike.
 *
 * @module
 */

/** What a plugin may make the host do per second. */
export interface FloodLimits {
  /** Messages per second. */
  messages: number;
  /** Host time in ms spent on its messages per second. */
  hostTimeMs: number;
  /** Bytes of output (frames, stdout, stderr) per second. */
  bytes: number;
}

/** One plugin's tally in the current one-second window. */
export class FloodMeter {
  #limits: FloodLimits;
  #windowStart = Number.NEGATIVE_INFINITY;
  #messages = 0;
  #hostTimeMs = 0;
  #bytes = 0;

  constructor(limits: FloodLimits) {
    this.#limits = limits;
  }

  /**
   * Counts one message arriving at `now`. Returns why the plugin is flooding the host, or
   * `undefined` while it is within both limits.
   */
  count(now: number): string | undefined {
    this.#roll(now);
    const { messages, hostTimeMs } = this.#limits;
    if (++this.#messages > messages) {
      return `flooded the host with over ${messages} messages/s`;
    }
    if (this.#hostTimeMs > hostTimeMs) {
      return `flooded the host: its messages took over ${hostTimeMs} ms of host time in 1 s`;
    }
    return undefined;
  }

  /**
   * Counts `bytes` of output arriving at `now`. Returns why the plugin is flooding the host,
   * or `undefined` while it is within the byte limit.
   */
  countBytes(now: number, bytes: number): string | undefined {
    this.#roll(now);
    this.#bytes += bytes;
    const limit = this.#limits.bytes;
    return this.#bytes > limit
      ? `flooded the host with over ${limit} bytes/s of output`
      : undefined;
  }

  /**
   * Adds the host time one message took. Clock readings in whole ms still add up right: a
   * message that straddles a tick is charged 1 ms, about as often as its share of a ms.
   */
  charge(ms: number): void {
    this.#hostTimeMs += ms;
  }

  #roll(now: number): void {
    if (now - this.#windowStart < 1000) return;
    this.#windowStart = now;
    this.#messages = 0;
    this.#hostTimeMs = 0;
    this.#bytes = 0;
  }
}

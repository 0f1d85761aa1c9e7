/**
 * The global timers as an `IrcClock`, for a client given no clock of its own (tests inject a
 * fake one).
 *
 * @module
 */
import type { IrcClock } from "./types.ts";

const GLOBAL_CLOCK: IrcClock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(typeof id === "number" ? id : undefined),
};

/** The global timers, for a client given no clock. */
export function globalClock(): IrcClock {
  return GLOBAL_CLOCK;
}

import type { AnyBusEvent } from "./events.ts";

/**
 * The bus is closed: the event was not accepted and will not be delivered.
 *
 * It holds the unsent event, so a caller can log or retry it elsewhere.
 *
 * @example
 * ```ts
 * import { BusClosedError, createEvent, EventBus } from "../mod.ts";
 * const bus = new EventBus();
 * await bus.close();
 * try {
 *   await bus.emit(createEvent("sasl.success", { networkId: 1 }, "irc"));
 * } catch (error) {
 *   if (error instanceof BusClosedError) console.log(error.event.type); // "sasl.success"
 * }
 * ```
 */
export class BusClosedError extends Error {
  /** The event that was not sent. */
  readonly event: AnyBusEvent;

  /** Builds the error for the event that could not be sent. */
  constructor(event: AnyBusEvent) {
    super(`Cannot emit event: the bus is closed (type: ${event.type})`);
    this.name = "BusClosedError";
    this.event = event;
  }
}

/**
 * An `emit` waiting for room on a full ordered lane was aborted through its signal.
 *
 * The event was not enqueued. `cause` holds the signal's reason.
 *
 * @example
 * ```ts
 * import { createEvent, EmitAbortedError, EventBus } from "../mod.ts";
 * const bus = new EventBus();
 * const signal = AbortSignal.abort();
 * try {
 *   await bus.emit(createEvent("sasl.success", { networkId: 1 }, "irc"), { signal });
 * } catch (error) {
 *   if (error instanceof EmitAbortedError) console.log(error.event.type); // "sasl.success"
 * }
 * await bus.close();
 * ```
 */
export class EmitAbortedError extends Error {
  /** The event that was not enqueued. */
  readonly event: AnyBusEvent;

  /** Builds the error for the event whose wait was aborted. */
  constructor(event: AnyBusEvent, reason: unknown) {
    super(`Cannot emit event: the wait for queue space was aborted (type: ${event.type})`, {
      cause: reason,
    });
    this.name = "EmitAbortedError";
    this.event = event;
  }
}

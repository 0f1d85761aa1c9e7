/**
 * A Deno-first plugin platform for an IRC client: a typed in-process event bus with an
 * ordered lane, a snapshot lane and `emitSync`.
 *
 * @example
 * ```ts
 * import { createEvent, EventBus } from "./mod.ts";
 *
 * const bus = new EventBus();
 * bus.subscribe("message.received", (event) => {
 *   console.log(`<${event.data.user}> ${event.data.message}`);
 * });
 * await bus.emit(createEvent("message.received", {
 *   networkId: 1,
 *   channel: "#deno",
 *   user: "alice",
 *   message: "hello",
 *   timestamp: 1700000000,
 * }, "irc"));
 * await bus.close();
 * ```
 *
 * @module
 */
export * from "./bus/mod.ts";
export * from "./deeplink/mod.ts";
export * from "./irc/mod.ts";
export * from "./plugins/mod.ts";
export * from "./client/mod.ts";
export * from "./history/mod.ts";

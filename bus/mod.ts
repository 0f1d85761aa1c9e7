/**
 * The in-process event bus and its typed events.
 *
 * @module
 */
export * from "./events.ts";
export * from "./errors.ts";
export * from "./event_bus.ts";
export * from "./debounce.ts";
export * from "./metadata_coalescer.ts";

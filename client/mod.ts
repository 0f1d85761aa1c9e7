/**
 * The terminal client behind `deno task run`.
 *
 * @module
 */
export * from "./terminal.ts";

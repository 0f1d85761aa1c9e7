/**
 * Types of the page's input plan (the implementation is command_plan.js, which the page loads
 * as-is).
 *
 * @module
 */
import type { Action } from "../../core/protocol.js";

/**
 * Where a line was typed: the network, the buffer, and the plugin commands known.
 *
 * @example
 * ```ts
 * import type { PlanContext } from "./command_plan.js";
 * const where: PlanContext = {
 *   networkId: 1, buffer: { type: "channel", name: "#deno", joined: true }, pluginCommands: [],
 * };
 * ```
 */
export interface PlanContext {
  /** The current network, when there is one. */
  networkId: number | undefined;
  /** The current buffer, when there is one. */
  buffer: { type: "channel" | "query" | "server"; name: string; joined: boolean } | undefined;
  /** Commands plugins registered (without the slash). */
  pluginCommands: readonly string[];
}

/**
 * One thing the page does for a line: send an action (showing `done` once it succeeded),
 * show a line in the current buffer, open a buffer, select a channel once joined, close the
 * current buffer, ignore a nick on the network or stop (`ignore`), list those ignored
 * (`ignored`), list the network's channels, or search the network's stored history (the
 * matches are shown in the current buffer).
 *
 * @example
 * ```ts
 * import type { Step } from "./command_plan.js";
 * const step: Step = { step: "show", kind: "error", text: "usage: /kick <nick> [reason]" };
 * ```
 */
export type Step =
  | { step: "send"; action: Action; done?: string }
  | { step: "show"; kind: "error" | "event"; text: string }
  | { step: "open"; name: string; type: "channel" | "query" }
  | { step: "focusOnJoin"; channel: string }
  | { step: "close" }
  | { step: "ignore"; nick: string; on: boolean }
  | { step: "ignored" }
  | { step: "list"; action: Action & { kind: "list" } }
  | { step: "search"; query: Action & { kind: "history.search" } };

/**
 * The steps for one input line.
 *
 * @example
 * ```ts
 * import { planInput } from "./command_plan.js";
 * const where = {
 *   networkId: 1,
 *   buffer: { type: "channel" as const, name: "#deno", joined: true },
 *   pluginCommands: [],
 * };
 * console.log(planInput("/kick", where)); // [{ step: "show", kind: "error", text: "usage: /kick <nick> [reason]" }]
 * ```
 */
export declare function planInput(line: string, where: PlanContext): Step[];

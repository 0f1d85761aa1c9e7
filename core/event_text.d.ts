/**
 * Types of the event wording (the implementation is event_text.js, loaded as-is by the page).
 *
 * @module
 */
import type { EventMap } from "../bus/events.ts";

/**
 * The comings and goings a buffer folds: joins, parts, quits and nick changes.
 *
 * @example
 * ```ts
 * import type { Presence } from "./event_text.js";
 * const presence: Presence = "join";
 * ```
 */
export type Presence = "join" | "part" | "quit" | "nick";

/**
 * `→ bob joined`.
 *
 * @example
 * ```ts
 * import { joinText } from "./event_text.js";
 * console.log(joinText({ networkId: 1, channel: "#a", user: "bob", nickname: "bob" }));
 * ```
 */
export declare function joinText(data: EventMap["user.joined"]): string;

/**
 * `← bob left (reason)`.
 *
 * @example
 * ```ts
 * import { partText } from "./event_text.js";
 * const data = { networkId: 1, channel: "#a", user: "bob", nickname: "bob", reason: "bye" };
 * console.log(partText(data)); // "← bob left (bye)"
 * ```
 */
export declare function partText(data: EventMap["user.parted"]): string;

/**
 * `← bob quit (reason)`.
 *
 * @example
 * ```ts
 * import { quitText } from "./event_text.js";
 * console.log(quitText({ networkId: 1, user: "bob", nickname: "bob", reason: "" })); // "← bob quit"
 * ```
 */
export declare function quitText(data: EventMap["user.quit"]): string;

/**
 * `← bob was kicked by alice (reason)`; `← You were kicked…` when `me`.
 *
 * @example
 * ```ts
 * import { kickText } from "./event_text.js";
 * const data = {
 *   networkId: 1, channel: "#a", user: "bob", nickname: "bob", kicker: "alice", reason: "spam",
 * };
 * console.log(kickText(data, false)); // "← bob was kicked by alice (spam)"
 * ```
 */
export declare function kickText(data: EventMap["user.kicked"], me: boolean): string;

/**
 * `bob is now robert`.
 *
 * @example
 * ```ts
 * import { nickText } from "./event_text.js";
 * console.log(nickText({ networkId: 1, old_nickname: "bob", nickname: "robert" }));
 * ```
 */
export declare function nickText(data: EventMap["user.nick"]): string;

/**
 * A topic change (with its setter) or the topic on join.
 *
 * @example
 * ```ts
 * import { topicText } from "./event_text.js";
 * console.log(topicText({ networkId: 1, channel: "#a", topic: "hi", setter: "alice" }));
 * // "alice changed the topic to: hi"
 * ```
 */
export declare function topicText(data: EventMap["channel.topic"]): string;

/**
 * A mode change (with its setter) or the modes on join.
 *
 * @example
 * ```ts
 * import { modeText } from "./event_text.js";
 * console.log(modeText({ networkId: 1, channel: "#a", modes: "+o bob", setter: "alice" }));
 * // "alice sets mode +o bob"
 * ```
 */
export declare function modeText(data: EventMap["channel.mode"]): string;

/**
 * The line of a folded run of joins, parts, quits and nick changes, counted by kind.
 *
 * @example
 * ```ts
 * import { foldedText } from "./event_text.js";
 * console.log(foldedText({ join: 1, part: 2, quit: 0, nick: 0 })); // "1 user has joined, 2 users have left"
 * ```
 */
export declare function foldedText(
  counts: Readonly<Record<Presence, number>>,
): string;

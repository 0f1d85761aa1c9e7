/**
 * Types of the event wording (the implementation is event_text.js, loaded as-is by the page).
 *
 * @module
 */
import type { EventMap } from "../bus/mod.ts";

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
 * console.log(joinText({ nickname: "bob" })); // "→ bob joined"
 * ```
 */
export declare function joinText(data: Pick<EventMap["user.joined"], "nickname">): string;

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
export declare function partText(
  data: Pick<EventMap["user.parted"], "nickname" | "reason">,
): string;

/**
 * `← bob quit (reason)`.
 *
 * @example
 * ```ts
 * import { quitText } from "./event_text.js";
 * console.log(quitText({ nickname: "bob", reason: "" })); // "← bob quit"
 * ```
 */
export declare function quitText(data: Pick<EventMap["user.quit"], "nickname" | "reason">): string;

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
export declare function kickText(
  data: Pick<EventMap["user.kicked"], "nickname" | "kicker" | "reason">,
  me: boolean,
): string;

/**
 * `bob is now robert`.
 *
 * @example
 * ```ts
 * import { nickText } from "./event_text.js";
 * console.log(nickText({ old_nickname: "bob", nickname: "robert" })); // "bob is now robert"
 * ```
 */
export declare function nickText(
  data: Pick<EventMap["user.nick"], "old_nickname" | "nickname">,
): string;

/**
 * A topic change (with its setter) or the topic on join.
 *
 * @example
 * ```ts
 * import { topicText } from "./event_text.js";
 * console.log(topicText({ topic: "hi", setter: "alice" }));
 * // "alice changed the topic to: hi"
 * ```
 */
export declare function topicText(
  data: Pick<EventMap["channel.topic"], "topic" | "setter">,
): string;

/**
 * A mode change (with its setter) or the modes on join.
 *
 * @example
 * ```ts
 * import { modeText } from "./event_text.js";
 * console.log(modeText({ modes: "+o bob", setter: "alice" }));
 * // "alice sets mode +o bob"
 * ```
 */
export declare function modeText(data: Pick<EventMap["channel.mode"], "modes" | "setter">): string;

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

/**
 * A stored line of an event (join, part, kick, quit, nick, topic, mode) as its live event
 * reads: the one wording the page's scrollback and the log export share. A kick stores the
 * kicker as `sender` and `kicked reason` as `text`; a nick change the new nick as `text`.
 * `undefined` for a message, a notice or an action.
 *
 * @example
 * ```ts
 * import { storedEventText } from "./event_text.js";
 * console.log(storedEventText({ kind: "nick", sender: "bob", text: "rob" }));
 * // { words: "bob is now rob", presence: "nick" }
 * ```
 */
export declare function storedEventText(
  line: { kind: string; sender: string; text: string },
): { words: string; presence?: Presence } | undefined;

/**
 * A message as a text line shows it: `<bob> hi`, `* bob waves` (an action), `-bob- hi` (a
 * notice or CTCP), with ` [bot]` after the sender when it is a bot (IRCv3 bot mode). The
 * terminal and the log export share it.
 *
 * @example
 * ```ts
 * import { messageText } from "./event_text.js";
 * console.log(messageText({ kind: "action", sender: "bob", text: "waves" })); // "* bob waves"
 * ```
 */
export declare function messageText(
  line: { kind?: string; sender: string; text: string; bot?: boolean },
): string;

/**
 * `JOIN CHANNEL_FULL #a: Cannot join #a`: a standard reply's command, code and context,
 * then its description. The terminal, the page and the history store word it alike.
 *
 * @example
 * ```ts
 * import { replyText } from "./event_text.js";
 * const data = { command: "JOIN", code: "CHANNEL_FULL", context: ["#a"], description: "Full" };
 * console.log(replyText(data)); // "JOIN CHANNEL_FULL #a: Full"
 * ```
 */
export declare function replyText(
  data: Pick<EventMap["server.reply"], "command" | "code" | "context" | "description">,
): string;

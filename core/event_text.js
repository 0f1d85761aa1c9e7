// @ts-self-types="./event_text.d.ts"
/**
 * The words a buffer shows for what happened in a channel or on the server: joins, parts,
 * quits and kicks with their reasons, nick, topic and mode changes. No DOM.
 *
 * @module
 */

/** @import { EventMap } from "../bus/mod.ts" */

/**
 * The comings and goings a buffer folds: joins, parts, quits and nick changes.
 *
 * @example
 * ```ts
 * import type { Presence } from "./event_text.js";
 * const presence: Presence = "join";
 * ```
 *
 * @typedef {"join" | "part" | "quit" | "nick"} Presence
 */

/** @param {string | undefined} reason */
function because(reason) {
  return reason ? ` (${reason})` : "";
}

/**
 * `→ bob joined`.
 *
 * @example
 * ```ts
 * import { joinText } from "./event_text.js";
 * console.log(joinText({ nickname: "bob" })); // "→ bob joined"
 * ```
 *
 * @param {Pick<EventMap["user.joined"], "nickname">} data
 * @returns {string}
 */
export function joinText(data) {
  return `→ ${data.nickname} joined`;
}

/**
 * `← bob left (reason)`.
 *
 * @example
 * ```ts
 * import { partText } from "./event_text.js";
 * const data = { networkId: 1, channel: "#a", user: "bob", nickname: "bob", reason: "bye" };
 * console.log(partText(data)); // "← bob left (bye)"
 * ```
 *
 * @param {Pick<EventMap["user.parted"], "nickname" | "reason">} data
 * @returns {string}
 */
export function partText(data) {
  return `← ${data.nickname} left${because(data.reason)}`;
}

/**
 * `← bob quit (reason)`.
 *
 * @example
 * ```ts
 * import { quitText } from "./event_text.js";
 * console.log(quitText({ nickname: "bob", reason: "" })); // "← bob quit"
 * ```
 *
 * @param {Pick<EventMap["user.quit"], "nickname" | "reason">} data
 * @returns {string}
 */
export function quitText(data) {
  return `← ${data.nickname} quit${because(data.reason)}`;
}

/**
 * `← bob was kicked by alice (reason)`, or `You were kicked…` when `me`.
 *
 * @example
 * ```ts
 * import { kickText } from "./event_text.js";
 * const data = {
 *   networkId: 1, channel: "#a", user: "bob", nickname: "bob", kicker: "alice", reason: "spam",
 * };
 * console.log(kickText(data, false)); // "← bob was kicked by alice (spam)"
 * ```
 *
 * @param {Pick<EventMap["user.kicked"], "nickname" | "kicker" | "reason">} data
 * @param {boolean} me
 * @returns {string}
 */
export function kickText(data, me) {
  const who = me ? "You were" : `${data.nickname} was`;
  return `← ${who} kicked by ${data.kicker}${because(data.reason)}`;
}

/**
 * `bob is now robert`.
 *
 * @example
 * ```ts
 * import { nickText } from "./event_text.js";
 * console.log(nickText({ old_nickname: "bob", nickname: "robert" })); // "bob is now robert"
 * ```
 *
 * @param {Pick<EventMap["user.nick"], "old_nickname" | "nickname">} data
 * @returns {string}
 */
export function nickText(data) {
  return `${data.old_nickname} is now ${data.nickname}`;
}

/**
 * `alice changed the topic to: …` (a change), or `Topic: …` (the topic on join).
 *
 * @example
 * ```ts
 * import { topicText } from "./event_text.js";
 * console.log(topicText({ topic: "hi", setter: "alice" }));
 * // "alice changed the topic to: hi"
 * ```
 *
 * @param {Pick<EventMap["channel.topic"], "topic" | "setter">} data
 * @returns {string}
 */
export function topicText(data) {
  if (data.setter === undefined) return `Topic: ${data.topic}`;
  return data.topic === ""
    ? `${data.setter} cleared the topic`
    : `${data.setter} changed the topic to: ${data.topic}`;
}

/**
 * `alice sets mode +o bob` (a change), or `Mode: +nt` (the modes on join).
 *
 * @example
 * ```ts
 * import { modeText } from "./event_text.js";
 * console.log(modeText({ modes: "+o bob", setter: "alice" }));
 * // "alice sets mode +o bob"
 * ```
 *
 * @param {Pick<EventMap["channel.mode"], "modes" | "setter">} data
 * @returns {string}
 */
export function modeText(data) {
  return data.setter === undefined
    ? `Mode: ${data.modes}`
    : `${data.setter} sets mode ${data.modes}`;
}

/**
 * The one line a folded run of joins, parts, quits and nick changes shows, counted by what
 * happened: `2 users have joined, 1 user has left, 1 user changed nick`.
 *
 * @example
 * ```ts
 * import { foldedText } from "./event_text.js";
 * console.log(foldedText({ join: 1, part: 2, quit: 0, nick: 0 })); // "1 user has joined, 2 users have left"
 * ```
 *
 * @param {Readonly<Record<Presence, number>>} counts
 * @returns {string}
 */
export function foldedText(counts) {
  /** @param {number} n @param {string} one @param {string} many */
  const say = (n, one, many) => n === 0 ? [] : [`${n} ${n === 1 ? one : many}`];
  return [
    ...say(counts.join, "user has joined", "users have joined"),
    ...say(counts.part, "user has left", "users have left"),
    ...say(counts.quit, "user has quit", "users have quit"),
    ...say(counts.nick, "user changed nick", "users changed nick"),
  ].join(", ");
}

/**
 * A stored event line (join, part, kick, quit, nick, topic, mode) in its live event's words;
 * `undefined` for a message, a notice or an action.
 *
 * @example
 * ```ts
 * import { storedEventText } from "./event_text.js";
 * console.log(storedEventText({ kind: "nick", sender: "bob", text: "rob" }));
 * // { words: "bob is now rob", presence: "nick" }
 * ```
 *
 * @param {{ kind: string, sender: string, text: string }} line
 * @returns {{ words: string, presence?: Presence } | undefined}
 */
export function storedEventText(line) {
  const { sender, text } = line;
  switch (line.kind) {
    case "join":
      return { words: joinText({ nickname: sender }), presence: "join" };
    case "part":
      return { words: partText({ nickname: sender, reason: text }), presence: "part" };
    case "quit":
      return { words: quitText({ nickname: sender, reason: text }), presence: "quit" };
    case "kick": {
      // A kick stores the kicked nick, a space and the reason.
      const space = text.indexOf(" ");
      const nickname = space < 0 ? text : text.slice(0, space);
      const reason = space < 0 ? "" : text.slice(space + 1);
      return { words: kickText({ nickname, kicker: sender, reason }, false) };
    }
    case "nick":
      return { words: nickText({ old_nickname: sender, nickname: text }), presence: "nick" };
    case "topic":
      return { words: topicText({ topic: text, setter: sender }) };
    case "mode":
      return { words: modeText({ modes: text, setter: sender }) };
    default:
      return undefined;
  }
}

/**
 * `<bob> hi`, `* bob waves`, or `-bob- hi` for a notice or CTCP; `<bob> [bot] hi` from a bot.
 *
 * @example
 * ```ts
 * import { messageText } from "./event_text.js";
 * console.log(messageText({ kind: "action", sender: "bob", text: "waves" })); // "* bob waves"
 * ```
 *
 * @param {{ kind?: string, sender: string, text: string, bot?: boolean }} line
 * @returns {string}
 */
export function messageText(line) {
  const { sender, text } = line;
  const bot = line.bot ? " [bot]" : "";
  switch (line.kind) {
    case "action":
      return `* ${sender}${bot} ${text}`;
    case "notice":
    case "ctcp":
      return `-${sender}-${bot} ${text}`;
    default:
      return `<${sender}>${bot} ${text}`;
  }
}

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
 *
 * @param {Pick<EventMap["server.reply"], "command" | "code" | "context" | "description">} data
 * @returns {string}
 */
export function replyText(data) {
  const context = data.context.length ? ` ${data.context.join(" ")}` : "";
  return `${data.command} ${data.code}${context}: ${data.description}`;
}

// @ts-self-types="./event_text.d.ts"
// @ts-check
/**
 * The words a buffer shows for what happened in a channel or on the server: joins, parts,
 * quits and kicks with their reasons, nick, topic and mode changes. No DOM.
 *
 * @module
 */

/** @typedef {import("../bus/mod.ts").EventMap} EventMap */

/** @param {string | undefined} reason */
function because(reason) {
  return reason ? ` (${reason})` : "";
}

/**
 * `→ bob joined`.
 * @param {Pick<EventMap["user.joined"], "nickname">} data
 * @returns {string}
 */
export function joinText(data) {
  return `→ ${data.nickname} joined`;
}

/**
 * `← bob left (reason)`.
 * @param {Pick<EventMap["user.parted"], "nickname" | "reason">} data
 * @returns {string}
 */
export function partText(data) {
  return `← ${data.nickname} left${because(data.reason)}`;
}

/**
 * `← bob quit (reason)`.
 * @param {Pick<EventMap["user.quit"], "nickname" | "reason">} data
 * @returns {string}
 */
export function quitText(data) {
  return `← ${data.nickname} quit${because(data.reason)}`;
}

/**
 * `← bob was kicked by alice (reason)`, or `You were kicked…` when `me`.
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
 * @param {Pick<EventMap["user.nick"], "old_nickname" | "nickname">} data
 * @returns {string}
 */
export function nickText(data) {
  return `${data.old_nickname} is now ${data.nickname}`;
}

/**
 * `alice changed the topic to: …` (a change), or `Topic: …` (the topic on join).
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
 * @param {Readonly<Record<import("./event_text.d.ts").Presence, number>>} counts
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
 * @param {{ kind: string, sender: string, text: string }} line
 * @returns {{ words: string, presence?: import("./event_text.d.ts").Presence } | undefined}
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
 * @param {Pick<EventMap["server.reply"], "command" | "code" | "context" | "description">} data
 * @returns {string}
 */
export function replyText(data) {
  const context = data.context.length ? ` ${data.context.join(" ")}` : "";
  return `${data.command} ${data.code}${context}: ${data.description}`;
}

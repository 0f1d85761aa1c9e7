// @ts-self-types="./event_text.d.ts"
// @ts-check
/**
 * The words a buffer shows for what happened in a channel or on the server: joins, parts,
 * quits and kicks with their reasons, nick, topic and mode changes. No DOM.
 *
 * @module
 */

/** @typedef {import("../bus/events.ts").EventMap} EventMap */

/** @param {string | undefined} reason */
function because(reason) {
  return reason ? ` (${reason})` : "";
}

/**
 * `→ bob joined`.
 * @param {EventMap["user.joined"]} data
 * @returns {string}
 */
export function joinText(data) {
  return `→ ${data.nickname} joined`;
}

/**
 * `← bob left (reason)`.
 * @param {EventMap["user.parted"]} data
 * @returns {string}
 */
export function partText(data) {
  return `← ${data.nickname} left${because(data.reason)}`;
}

/**
 * `← bob quit (reason)`.
 * @param {EventMap["user.quit"]} data
 * @returns {string}
 */
export function quitText(data) {
  return `← ${data.nickname} quit${because(data.reason)}`;
}

/**
 * `← bob was kicked by alice (reason)`, or `You were kicked…` when `me`.
 * @param {EventMap["user.kicked"]} data @param {boolean} me
 * @returns {string}
 */
export function kickText(data, me) {
  const who = me ? "You were" : `${data.nickname} was`;
  return `← ${who} kicked by ${data.kicker}${because(data.reason)}`;
}

/**
 * `bob is now robert`.
 * @param {EventMap["user.nick"]} data
 * @returns {string}
 */
export function nickText(data) {
  return `${data.old_nickname} is now ${data.nickname}`;
}

/**
 * `alice changed the topic to: …` (a change), or `Topic: …` (the topic on join).
 * @param {EventMap["channel.topic"]} data
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
 * @param {EventMap["channel.mode"]} data
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

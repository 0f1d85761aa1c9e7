// @ts-self-types="./commands.d.ts"
/**
 * The one slash-command table, shared as-is by the page (a plain ES module, no build) and the
 * terminal client (Deno imports it). Each row names a command, its
 * aliases, usage and help text, and reads its arguments; parsing, help and completion all
 * come from the rows, so adding a command is adding a row.
 *
 * @module
 */

const CHANNEL = /^[#&+!]/;

/**
 * Splits `rest` into its first word and the text after it.
 * @param {string} rest
 * @returns {[string, string]}
 */
function head(rest) {
  const match = /^(\S+)\s*([\s\S]*)$/.exec(rest);
  return match ? [match[1], match[2].trim()] : ["", ""];
}

/**
 * A command as parsed from one input line.
 *
 * @example
 * ```ts
 * import type { Command } from "./commands.js";
 * const join: Command = { kind: "join", channel: "#deno", key: "s3cret" };
 * ```
 *
 * @typedef {{ kind: "join", channel: string, key?: string }
 *   | { kind: "part", channel?: string, reason?: string }
 *   | { kind: "msg", target: string, text: string }
 *   | { kind: "query", target: string, text?: string }
 *   | { kind: "me", text: string }
 *   | { kind: "whois", nick: string }
 *   | { kind: "nick", nick: string }
 *   | { kind: "quote", line: string }
 *   | { kind: "quit", reason?: string }
 *   | { kind: "help", command?: string }
 *   | { kind: "topic", channel?: string, text?: string }
 *   | { kind: "mode", target?: string, modes?: string }
 *   | { kind: "members", mode: string, nicks: string[] }
 *   | { kind: "kick", nick: string, reason?: string }
 *   | { kind: "ban", mask: string }
 *   | { kind: "invite", nick: string, channel?: string }
 *   | { kind: "notice", target: string, text: string }
 *   | { kind: "ignore", nick?: string, on: boolean }
 *   | { kind: "list", filter?: string }
 *   | { kind: "away", message?: string }
 *   | { kind: "search", text: string, sender?: string, buffer?: string, since?: number, until?: number }
 *   | { kind: "close" }} Command
 */
/**
 * What a command's first argument completes to with Tab: a nick of the current channel, a
 * channel name, or a command name.
 *
 * @example
 * ```ts
 * import type { Completes } from "./commands.js";
 * const completes: Completes = "nick";
 * ```
 *
 * @typedef {"nick" | "channel" | "command"} Completes
 */
/**
 * What one input line means: text to send, nothing, a command, a command used wrongly
 * (`usage`), or a name no row knows (`unknown`, e.g. a plugin command).
 *
 * @example
 * ```ts
 * import type { ParsedInput } from "./commands.js";
 * const input: ParsedInput = { kind: "usage", name: "join", usage: "/join <#channel> [key]" };
 * ```
 *
 * @typedef {Command
 *   | { kind: "say", text: string }
 *   | { kind: "none" }
 *   | { kind: "usage", name: string, usage: string }
 *   | { kind: "unknown", name: string, args: string }} ParsedInput
 */
/**
 * One row of the table: its name, aliases, usage, help text and argument reader (which
 * returns `undefined` when the arguments do not fit the usage).
 *
 * @example
 * ```ts
 * import type { CommandRow } from "./commands.js";
 * const row: CommandRow = {
 *   name: "nick", aliases: [], usage: "/nick newnick", help: "Change your nickname",
 *   read: (rest) => rest ? { kind: "nick", nick: rest } : undefined,
 * };
 * ```
 *
 * @typedef {object} CommandRow
 * @property {string} name The name typed after the slash.
 * @property {readonly string[]} aliases Other names for the same command.
 * @property {string} usage How to type it, e.g. `/join #channel [key]`.
 * @property {string} help One line saying what it does.
 * @property {Completes} [completes] What its first argument completes to, when it takes a nick, channel or command.
 * @property {(rest: string) => Command | undefined} read Reads the text after the name.
 */

/**
 * A row giving or taking a member mode (`/op`, `/voice`…) to the nicks named.
 * @param {string} name @param {string} mode @param {string} help
 * @returns {CommandRow}
 */
function memberModeRow(name, mode, help) {
  return {
    name,
    aliases: [],
    usage: `/${name} <nick> [nick...]`,
    help,
    completes: "nick",
    read: (rest) => {
      const nicks = rest.split(/\s+/).filter((n) => n !== "");
      return nicks.length ? { kind: "members", mode, nicks } : undefined;
    },
  };
}

/** A date in a search: `2026-11-27`, read as that day's start in local time. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The start of a day (`YYYY-MM-DD`) in local time, in ms since the epoch, or `undefined`
 * when it names no day.
 * @param {string} text
 * @returns {number | undefined}
 */
function dayStart(text) {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  // `new Date` rolls 2026-02-31 over into March: such a day is not one.
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) {
    return undefined;
  }
  return date.getTime();
}

/**
 * Reads `/search` terms: `from:nick`, `in:#channel`, `after:DAY` (that day on), `before:DAY`
 * (up to that day), `on:DAY` (that day), and the words, of which there must be some.
 * @param {string} rest
 * @returns {Command | undefined}
 */
function readSearch(rest) {
  /** @type {string[]} */
  const words = [];
  /** @type {{ sender?: string, buffer?: string, since?: number, until?: number }} */
  const filters = {};
  for (const term of rest.split(/\s+/).filter(Boolean)) {
    const colon = term.indexOf(":");
    const key = colon > 0 ? term.slice(0, colon).toLowerCase() : "";
    const value = term.slice(colon + 1);
    const day = dayStart(value);
    if (key === "from" && value) filters.sender = value;
    else if (key === "in" && value) filters.buffer = value;
    else if (key === "after" || key === "before" || key === "on") {
      if (day === undefined) return undefined;
      if (key !== "before") filters.since = day;
      if (key !== "after") filters.until = key === "on" ? nextDay(day) : day;
    } else words.push(term);
  }
  return words.length ? { kind: "search", text: words.join(" "), ...filters } : undefined;
}

/** @param {number} start the start of a day, local time */
function nextDay(start) {
  const date = new Date(start);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
}

/**
 * Every built-in command.
 *
 * @example
 * ```ts
 * import { COMMANDS } from "./commands.js";
 * console.log(COMMANDS.some((row) => row.name === "join")); // true
 * ```
 *
 * @type {readonly CommandRow[]}
 */
export const COMMANDS = [
  {
    name: "join",
    aliases: ["j"],
    usage: "/join <#channel> [key]",
    help: "Join a channel, with its key if it has one",
    completes: "channel",
    read: (rest) => {
      const [channel, tail] = head(rest);
      if (!channel) return undefined;
      const [key] = head(tail);
      return key ? { kind: "join", channel, key } : { kind: "join", channel };
    },
  },
  {
    name: "part",
    aliases: ["leave"],
    usage: "/part [#channel] [reason]",
    help: "Leave a channel (the current one when none is named)",
    completes: "channel",
    read: (rest) => {
      const [first, tail] = head(rest);
      const channel = CHANNEL.test(first) ? first : undefined;
      const reason = channel ? tail : rest.trim();
      return {
        kind: "part",
        ...(channel ? { channel } : {}),
        ...(reason ? { reason } : {}),
      };
    },
  },
  {
    name: "msg",
    aliases: [],
    usage: "/msg <nick|#channel> <text>",
    help: "Send a message to a nick or a channel",
    completes: "nick",
    read: (rest) => {
      const [target, text] = head(rest);
      return target && text ? { kind: "msg", target, text } : undefined;
    },
  },
  {
    name: "query",
    aliases: [],
    usage: "/query <nick> [text]",
    help: "Talk privately to a nick, optionally sending a first message",
    completes: "nick",
    read: (rest) => {
      const [target, text] = head(rest);
      if (!target) return undefined;
      return text ? { kind: "query", target, text } : { kind: "query", target };
    },
  },
  {
    name: "me",
    aliases: [],
    usage: "/me <action>",
    help: "Send an action to the current channel or query",
    read: (rest) => rest.trim() ? { kind: "me", text: rest.trim() } : undefined,
  },
  {
    name: "whois",
    aliases: [],
    usage: "/whois <nick>",
    help: "Show who a nick is",
    completes: "nick",
    read: (rest) => {
      const [nick] = head(rest);
      return nick ? { kind: "whois", nick } : undefined;
    },
  },
  {
    name: "nick",
    aliases: [],
    usage: "/nick <newnick>",
    help: "Change your nickname",
    read: (rest) => {
      const [nick] = head(rest);
      return nick ? { kind: "nick", nick } : undefined;
    },
  },
  {
    name: "topic",
    aliases: [],
    usage: "/topic [#channel] [text]",
    help: "Show or set a channel's topic",
    completes: "channel",
    read: (rest) => {
      const [first, tail] = head(rest);
      const channel = CHANNEL.test(first) ? first : undefined;
      const text = channel ? tail : rest.trim();
      return { kind: "topic", ...(channel ? { channel } : {}), ...(text ? { text } : {}) };
    },
  },
  {
    name: "mode",
    aliases: [],
    usage: "/mode [target] <modes> [params]",
    help: "Show or change modes of a channel (the current one by default) or yourself",
    completes: "channel",
    read: (rest) => {
      const [first, tail] = head(rest);
      if (!first) return undefined;
      return /^[+-]/.test(first)
        ? { kind: "mode", modes: rest.trim() }
        : { kind: "mode", target: first, ...(tail ? { modes: tail } : {}) };
    },
  },
  memberModeRow("op", "+o", "Give operator status (+o) in the current channel"),
  memberModeRow("deop", "-o", "Take operator status (-o) in the current channel"),
  memberModeRow("voice", "+v", "Give voice (+v) in the current channel"),
  memberModeRow("devoice", "-v", "Take voice (-v) in the current channel"),
  {
    name: "kick",
    aliases: [],
    usage: "/kick <nick> [reason]",
    help: "Remove a nick from the current channel",
    completes: "nick",
    read: (rest) => {
      const [nick, reason] = head(rest);
      if (!nick) return undefined;
      return reason ? { kind: "kick", nick, reason } : { kind: "kick", nick };
    },
  },
  {
    name: "ban",
    aliases: [],
    usage: "/ban <nick|mask>",
    help: "Ban a nick (as nick!*@*) or a mask from the current channel",
    completes: "nick",
    read: (rest) => {
      const [mask] = head(rest);
      return mask ? { kind: "ban", mask: mask.includes("!") ? mask : `${mask}!*@*` } : undefined;
    },
  },
  {
    name: "invite",
    aliases: [],
    usage: "/invite <nick> [#channel]",
    help: "Invite a nick to a channel (the current one by default)",
    completes: "nick",
    read: (rest) => {
      const [nick, tail] = head(rest);
      const [channel] = head(tail);
      if (!nick) return undefined;
      return channel ? { kind: "invite", nick, channel } : { kind: "invite", nick };
    },
  },
  {
    name: "notice",
    aliases: [],
    usage: "/notice <nick|#channel> <text>",
    help: "Send a notice",
    completes: "nick",
    read: (rest) => {
      const [target, text] = head(rest);
      return target && text ? { kind: "notice", target, text } : undefined;
    },
  },
  {
    name: "ignore",
    aliases: [],
    usage: "/ignore [nick]",
    help: "Hide a nick's messages on this network (no nick: list those ignored)",
    completes: "nick",
    read: (rest) => {
      const [nick, tail] = head(rest);
      if (tail) return undefined;
      return nick ? { kind: "ignore", nick, on: true } : { kind: "ignore", on: true };
    },
  },
  {
    name: "unignore",
    aliases: [],
    usage: "/unignore <nick>",
    help: "Show a nick's messages again",
    completes: "nick",
    read: (rest) => {
      const [nick, tail] = head(rest);
      return nick && !tail ? { kind: "ignore", nick, on: false } : undefined;
    },
  },
  {
    name: "list",
    aliases: [],
    usage: "/list [filter]",
    help: "List the network's channels",
    read: (rest) => rest.trim() ? { kind: "list", filter: rest.trim() } : { kind: "list" },
  },
  {
    name: "away",
    aliases: [],
    usage: "/away [message]",
    help: "Mark yourself away (no message: back)",
    read: (rest) => rest.trim() ? { kind: "away", message: rest.trim() } : { kind: "away" },
  },
  {
    name: "back",
    aliases: [],
    usage: "/back",
    help: "Mark yourself back",
    read: (rest) => rest.trim() ? undefined : { kind: "away" },
  },
  {
    name: "search",
    aliases: [],
    usage: "/search [from:nick] [in:#channel] [after:YYYY-MM-DD] [before:YYYY-MM-DD] <words>",
    help:
      "Search the stored history of this network (every word, as a substring), by sender, buffer and date",
    read: readSearch,
  },
  {
    name: "quote",
    aliases: ["raw"],
    usage: "/quote <raw line>",
    help: "Send a raw IRC line to the server",
    read: (rest) => rest.trim() ? { kind: "quote", line: rest.trim() } : undefined,
  },
  {
    name: "close",
    aliases: [],
    usage: "/close",
    help: "Close the current buffer (leaving the channel, or ending the query)",
    read: (rest) => rest.trim() ? undefined : { kind: "close" },
  },
  {
    name: "quit",
    aliases: ["exit"],
    usage: "/quit [reason]",
    help: "Disconnect from the network",
    read: (rest) => rest.trim() ? { kind: "quit", reason: rest.trim() } : { kind: "quit" },
  },
  {
    name: "help",
    aliases: [],
    usage: "/help [command]",
    help: "List the commands, or show how to use one",
    completes: "command",
    read: (rest) => {
      const [topic] = head(rest);
      return topic
        ? { kind: "help", command: topic.replace(/^\//, "").toLowerCase() }
        : { kind: "help" };
    },
  },
];

/**
 * The row for `name` (a command name or alias, without the slash, any case).
 *
 * @example
 * ```ts
 * import { findCommand } from "./commands.js";
 * console.log(findCommand("J")?.name); // "join"
 * ```
 *
 * @param {string} name
 * @returns {CommandRow | undefined}
 */
export function findCommand(name) {
  const key = name.toLowerCase();
  return COMMANDS.find((row) => row.name === key || row.aliases.includes(key));
}

/**
 * Parses one input line: plain text (a leading `//` sends a literal `/`), or a command.
 *
 * @example
 * ```ts
 * import { parseInput } from "./commands.js";
 * console.log(parseInput("/msg bob hi there")); // { kind: "msg", target: "bob", text: "hi there" }
 * ```
 *
 * @param {string} line
 * @returns {ParsedInput}
 */
export function parseInput(line) {
  const text = line.replace(/\r?\n$/, "");
  if (text.trim() === "") return { kind: "none" };
  if (!text.startsWith("/") || text.startsWith("//")) {
    return { kind: "say", text: text.startsWith("//") ? text.slice(1) : text };
  }
  const [word, rest] = head(text.slice(1));
  const name = word.toLowerCase();
  const row = findCommand(name);
  if (!row) return { kind: "unknown", name, args: rest };
  return row.read(rest) ?? { kind: "usage", name: row.name, usage: row.usage };
}

/**
 * The message shown for a command used wrongly, e.g. `usage: /kick <nick> [reason]`.
 *
 * @example
 * ```ts
 * import { usageError } from "./commands.js";
 * console.log(usageError("kick")); // "usage: /kick <nick> [reason]"
 * ```
 *
 * @param {string} name
 * @returns {string}
 */
export function usageError(name) {
  const row = findCommand(name.replace(/^\//, ""));
  return row ? `usage: ${row.usage}` : `Unknown command /${name.replace(/^\//, "")}`;
}

/**
 * Help text: one line per command, or the usage and help of one command.
 *
 * @example
 * ```ts
 * import { helpText } from "./commands.js";
 * console.log(helpText("nick")); // "/nick <newnick> - Change your nickname"
 * ```
 *
 * @param {string} [name]
 * @returns {string}
 */
export function helpText(name) {
  if (name !== undefined) {
    const row = findCommand(name.replace(/^\//, ""));
    if (!row) return `Unknown command /${name.replace(/^\//, "")}`;
    const aliases = row.aliases.length
      ? ` (also ${row.aliases.map((/** @type {string} */ a) => `/${a}`).join(", ")})`
      : "";
    return `${row.usage} - ${row.help}${aliases}`;
  }
  return COMMANDS.map((row) => `${row.usage} - ${row.help}`).join("\n");
}

/**
 * Command names (with the slash) that complete `partial` (`/jo` -> `/join`), sorted, extra
 * names (e.g. plugin commands) included.
 *
 * @example
 * ```ts
 * import { completeCommand } from "./commands.js";
 * console.log(completeCommand("/wh")); // ["/whois"]
 * ```
 *
 * @param {string} partial
 * @param {readonly string[]} [extra]
 * @returns {string[]}
 */
export function completeCommand(partial, extra = []) {
  if (!partial.startsWith("/")) return [];
  const stem = partial.slice(1).toLowerCase();
  const names = new Set([...COMMANDS.map((row) => row.name), ...extra]);
  return [...names].filter((n) => n.startsWith(stem)).sort().map((n) => `/${n}`);
}

/**
 * The IRC line for a command that is one line to the server (`/topic`, `/mode`, `/op`,
 * `/kick`, `/notice`…), with `channel` the current channel for those that need one; a
 * `{ error }` when the command needs a channel and none is given; `undefined` for commands
 * that are not one line.
 *
 * @example
 * ```ts
 * import { ircLine, parseInput } from "./commands.js";
 * const op = parseInput("/op alice bob");
 * if (op.kind === "members") console.log(ircLine(op, "#deno")); // { line: "MODE #deno +oo alice bob" }
 * ```
 *
 * @param {Command} command
 * @param {string | undefined} channel
 * @returns {{ line: string } | { error: string } | undefined}
 */
export function ircLine(command, channel) {
  /** @param {string} verb @param {(c: string) => string} build */
  const inChannel = (verb, build) =>
    channel ? { line: build(channel) } : { error: `Cannot ${verb}: open a channel first` };
  switch (command.kind) {
    case "topic": {
      const where = command.channel ?? channel;
      if (!where) return { error: "Cannot show the topic: open a channel first" };
      return { line: command.text ? `TOPIC ${where} :${command.text}` : `TOPIC ${where}` };
    }
    case "mode": {
      if (command.target) {
        return { line: `MODE ${command.target}${command.modes ? ` ${command.modes}` : ""}` };
      }
      return inChannel("change modes", (c) => `MODE ${c} ${command.modes}`);
    }
    case "members":
      return inChannel(
        "change modes",
        (c) =>
          `MODE ${c} ${command.mode[0]}${command.mode[1].repeat(command.nicks.length)} ${
            command.nicks.join(" ")
          }`,
      );
    case "kick":
      return inChannel(
        "kick",
        (c) => `KICK ${c} ${command.nick}${command.reason ? ` :${command.reason}` : ""}`,
      );
    case "ban":
      return inChannel("ban", (c) => `MODE ${c} +b ${command.mask}`);
    case "invite": {
      const where = command.channel ?? channel;
      if (!where) return { error: "Cannot invite: open a channel first" };
      return { line: `INVITE ${command.nick} ${where}` };
    }
    case "notice":
      return { line: `NOTICE ${command.target} :${command.text}` };
    case "away":
      return { line: command.message ? `AWAY :${command.message}` : "AWAY" };
    default:
      return undefined;
  }
}

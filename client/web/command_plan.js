// @ts-check
/**
 * What the page does for one input line, decided without touching the page: a list of
 * steps (send an action, show a line, open or close a buffer, list channels, search the
 * history) that app.js carries out. The grammar is the command table's (commands.js); this file only maps a
 * parsed line onto the page's actions and the buffer it was typed in.
 *
 * @module
 */
import { helpText, ircLine, parseInput, usageError } from "../../core/commands.js";
import { MAX_TEXT } from "../../core/protocol.js";

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
 * @typedef {object} PlanContext
 * @property {number | undefined} networkId The current network, when there is one.
 * @property {{ type: "channel" | "query" | "server"; name: string; joined: boolean } | undefined}
 *   buffer The current buffer, when there is one.
 * @property {readonly string[]} pluginCommands Commands plugins registered (without the slash).
 */

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
 * @typedef {{ step: "send"; action: Action; done?: string }
 *   | { step: "show"; kind: "error" | "event"; text: string }
 *   | { step: "open"; name: string; type: "channel" | "query" }
 *   | { step: "focusOnJoin"; channel: string }
 *   | { step: "close" }
 *   | { step: "ignore"; nick: string; on: boolean }
 *   | { step: "ignored" }
 *   | { step: "list"; action: Action & { kind: "list" } }
 *   | { step: "search"; query: Action & { kind: "history.search" } }} Step
 */

/** @typedef {import("../../core/protocol.js").Action} Action */

const CHANNEL = /^[#&+!]/;
/** Matches `/search` shows: the newest, enough to scan by eye. */
const SEARCH_LIMIT = 50;

/**
 * The steps for one input line typed in `where`.
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
 * @param {string} line
 * @param {PlanContext} where
 * @returns {Step[]}
 */
export function planInput(line, where) {
  /** @param {string} text @returns {Step[]} */
  const error = (text) => [{ step: "show", kind: "error", text }];
  // The backend refuses longer text in any action: said here, before anything is sent.
  if (line.length > MAX_TEXT) {
    return error(`Cannot send: the line has ${line.length} characters, at most ${MAX_TEXT}`);
  }
  const input = parseInput(line);
  /** @param {string} text @returns {Step[]} */
  const info = (text) => text.split("\n").map((t) => ({ step: "show", kind: "event", text: t }));
  const buffer = where.buffer;
  switch (input.kind) {
    case "none":
      return [];
    case "help":
      return info(helpText(input.command));
    case "usage":
      return error(usageError(input.name));
    case "unknown":
      if (where.pluginCommands.includes(input.name)) {
        return [{ step: "send", action: { kind: "command", name: input.name, args: input.args } }];
      }
      return error(`Unknown command /${input.name} (try /help)`);
  }
  const networkId = where.networkId;
  if (networkId === undefined) return error("Cannot run the command: add a network first");
  /** @param {string} target @param {string} text @returns {Step[]} */
  const say = (target, text) => {
    if (
      CHANNEL.test(target) && buffer?.type === "channel" && buffer.name === target && !buffer.joined
    ) {
      // The server would answer 404 or nothing at all: say it here, and send nothing.
      return error(`Cannot send to ${target}: you are not in the channel (/join ${target})`);
    }
    return [{ step: "send", action: { kind: "say", networkId, target, text } }];
  };
  switch (input.kind) {
    case "say":
      if (!buffer || buffer.type === "server") {
        return error("Cannot send: open a channel or a query first");
      }
      return say(buffer.name, input.text);
    case "join": {
      const channel = CHANNEL.test(input.channel) ? input.channel : `#${input.channel}`;
      return [
        { step: "focusOnJoin", channel },
        {
          step: "send",
          action: input.key
            ? { kind: "join", networkId, channel, key: input.key }
            : { kind: "join", networkId, channel },
        },
      ];
    }
    case "part": {
      const channel = input.channel ?? (buffer?.type === "channel" ? buffer.name : "");
      if (!channel) return error(usageError("part"));
      return [{
        step: "send",
        action: input.reason
          ? { kind: "part", networkId, channel, reason: input.reason }
          : { kind: "part", networkId, channel },
      }];
    }
    case "msg":
    case "query": {
      /** @type {Step[]} */
      const steps = input.kind === "query" || !CHANNEL.test(input.target)
        ? [{
          step: "open",
          name: input.target,
          type: CHANNEL.test(input.target) ? "channel" : "query",
        }]
        : [];
      return input.text ? [...steps, ...say(input.target, input.text)] : steps;
    }
    case "me":
      if (!buffer || buffer.type === "server") {
        return error("Cannot /me here: open a channel or a query");
      }
      if (buffer.type === "channel" && !buffer.joined) {
        return error(
          `Cannot send to ${buffer.name}: you are not in the channel (/join ${buffer.name})`,
        );
      }
      return [{
        step: "send",
        action: { kind: "me", networkId, target: buffer.name, text: input.text },
      }];
    case "whois":
      return [{ step: "send", action: { kind: "whois", networkId, nick: input.nick } }];
    case "nick":
      return [{ step: "send", action: { kind: "nick", networkId, nick: input.nick } }];
    case "quote":
      return [{ step: "send", action: { kind: "quote", networkId, line: input.line } }];
    case "quit":
      return [{ step: "send", action: { kind: "disconnect", networkId } }];
    case "list":
      return [{
        step: "list",
        action: input.filter
          ? { kind: "list", networkId, filter: input.filter }
          : { kind: "list", networkId },
      }];
    case "ignore":
      return [
        input.nick === undefined
          ? { step: "ignored" }
          : { step: "ignore", nick: input.nick, on: input.on },
      ];
    case "search": {
      const { kind: _kind, ...terms } = input;
      return [{
        step: "search",
        query: { kind: "history.search", ...terms, networkId, limit: SEARCH_LIMIT },
      }];
    }
    case "close":
      if (!buffer || buffer.type === "server") return error("Cannot close the server buffer");
      return buffer.type === "channel" && buffer.joined
        ? [{ step: "send", action: { kind: "part", networkId, channel: buffer.name } }, {
          step: "close",
        }]
        : [{ step: "close" }];
    default: {
      const irc = ircLine(input, buffer?.type === "channel" ? buffer.name : undefined);
      if (!irc) return error(`Cannot run /${input.kind} here`);
      if ("error" in irc) return error(irc.error);
      /** @type {Step} */
      const send = { step: "send", action: { kind: "quote", networkId, line: irc.line } };
      if (input.kind === "away") {
        send.done = input.message ? `You are marked away: ${input.message}` : "You are back";
      }
      return [send];
    }
  }
}

// @ts-self-types="./command_plan.d.ts"
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

const CHANNEL = /^[#&+!]/;
/** Matches `/search` shows: the newest, enough to scan by eye. */
const SEARCH_LIMIT = 50;

/**
 * The steps for one input line typed in `where`.
 *
 * @param {string} line
 * @param {import("./command_plan.d.ts").PlanContext} where
 * @returns {import("./command_plan.d.ts").Step[]}
 */
export function planInput(line, where) {
  /** @param {string} text @returns {import("./command_plan.d.ts").Step[]} */
  const error = (text) => [{ step: "show", kind: "error", text }];
  // The backend refuses longer text in any action: said here, before anything is sent.
  if (line.length > MAX_TEXT) {
    return error(`Cannot send: the line has ${line.length} characters, at most ${MAX_TEXT}`);
  }
  const input = parseInput(line);
  /** @param {string} text @returns {import("./command_plan.d.ts").Step[]} */
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
  /** @param {string} target @param {string} text @returns {import("./command_plan.d.ts").Step[]} */
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
      /** @type {import("./command_plan.d.ts").Step[]} */
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
      /** @type {import("./command_plan.d.ts").Step} */
      const send = { step: "send", action: { kind: "quote", networkId, line: irc.line } };
      if (input.kind === "away") {
        send.done = input.message ? `You are marked away: ${input.message}` : "You are back";
      }
      return [send];
    }
  }
}

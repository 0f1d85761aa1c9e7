/**
 * CTCP: the `\x01COMMAND params\x01` messages inside PRIVMSG and NOTICE. Parsing, the kind
 * of an incoming message, and the rate-limited answers to VERSION, PING, TIME and
 * CLIENTINFO (a flood of requests must not make us flood the server).
 *
 * @module
 */
import type { MessageKind } from "../bus/mod.ts";

/** What a client answers CTCP VERSION with. */
export const CTCP_VERSION = `ircbus 0.1.0 (Deno ${Deno.version.deno})`;
/** Requests answered per window; more are dropped until the window passes. */
const REPLIES_PER_WINDOW = 3;
/** The window of the reply limit, in ms. */
const WINDOW_MS = 10_000;
/** Longest PING payload echoed back. */
const MAX_PING_PARAMS = 64;

/** A CTCP message: its command (upper case) and the rest. */
export interface Ctcp {
  command: string;
  params: string;
}

/** The CTCP inside `text`, or undefined when it is a plain message. */
export function parseCtcp(text: string): Ctcp | undefined {
  // A code compared, not a character read: the check every message line takes.
  if (text.length < 2 || text.charCodeAt(0) !== 1) return undefined;
  const body = text.endsWith("\x01") ? text.slice(1, -1) : text.slice(1);
  const space = body.indexOf(" ");
  const command = (space === -1 ? body : body.slice(0, space)).toUpperCase();
  if (command === "") return undefined;
  return { command, params: space === -1 ? "" : body.slice(space + 1) };
}

/** The line `text` as `{kind, text}`: an ACTION's text is its own, a CTCP's is its body. */
export function messageKind(
  command: "PRIVMSG" | "NOTICE",
  text: string,
): { kind: MessageKind; text: string } {
  const ctcp = parseCtcp(text);
  if (ctcp === undefined) return { kind: command === "NOTICE" ? "notice" : "message", text };
  if (ctcp.command === "ACTION" && command === "PRIVMSG") {
    return { kind: "action", text: ctcp.params };
  }
  return { kind: "ctcp", text: ctcp.params ? `${ctcp.command} ${ctcp.params}` : ctcp.command };
}

/** Wraps `command params` as a CTCP body. */
export function ctcp(command: string, params: string): string {
  return `\x01${command}${params ? ` ${params}` : ""}\x01`;
}

/**
 * Answers CTCP requests, at most 3 per 10 s (over all senders); beyond, requests are
 * dropped. The answers still go through the connection's paced queue.
 */
export class CtcpReplies {
  #now: () => number;
  #sent: number[] = [];

  /** `now`: the clock of the limit (ms). */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The NOTICE body answering `request`, or undefined (not a request we answer, or limited). */
  answer(request: Ctcp): string | undefined {
    let reply: string;
    switch (request.command) {
      case "VERSION":
        reply = CTCP_VERSION;
        break;
      case "PING":
        reply = request.params.slice(0, MAX_PING_PARAMS);
        break;
      case "TIME":
        reply = new Date(this.#now()).toUTCString();
        break;
      case "CLIENTINFO":
        reply = "ACTION CLIENTINFO PING TIME VERSION";
        break;
      default:
        return undefined;
    }
    const now = this.#now();
    while (this.#sent.length > 0 && now - this.#sent[0] >= WINDOW_MS) this.#sent.shift();
    if (this.#sent.length >= REPLIES_PER_WINDOW) return undefined;
    this.#sent.push(now);
    return ctcp(request.command, reply);
  }
}

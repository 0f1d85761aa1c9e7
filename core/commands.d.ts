/**
 * Types of the shared slash-command table (the implementation is commands.js, which the page
 * loads as-is and the terminal client imports).
 *
 * @module
 */

/**
 * A command as parsed from one input line.
 *
 * @example
 * ```ts
 * import type { Command } from "./commands.js";
 * const join: Command = { kind: "join", channel: "#deno", key: "s3cret" };
 * ```
 */
export type Command =
  | { kind: "join"; channel: string; key?: string }
  | { kind: "part"; channel?: string; reason?: string }
  | { kind: "msg"; target: string; text: string }
  | { kind: "query"; target: string; text?: string }
  | { kind: "me"; text: string }
  | { kind: "whois"; nick: string }
  | { kind: "nick"; nick: string }
  | { kind: "quote"; line: string }
  | { kind: "quit"; reason?: string }
  | { kind: "help"; command?: string }
  | { kind: "topic"; channel?: string; text?: string }
  | { kind: "mode"; target?: string; modes?: string }
  | { kind: "members"; mode: string; nicks: string[] }
  | { kind: "kick"; nick: string; reason?: string }
  | { kind: "ban"; mask: string }
  | { kind: "invite"; nick: string; channel?: string }
  | { kind: "notice"; target: string; text: string }
  | { kind: "ignore"; nick?: string; on: boolean }
  | { kind: "list"; filter?: string }
  | { kind: "away"; message?: string }
  | {
    kind: "search";
    text: string;
    sender?: string;
    buffer?: string;
    since?: number;
    until?: number;
  }
  | { kind: "close" };

/**
 * What a command's first argument completes to with Tab: a nick of the current channel, a
 * channel name, or a command name.
 *
 * @example
 * ```ts
 * import type { Completes } from "./commands.js";
 * const completes: Completes = "nick";
 * ```
 */
export type Completes = "nick" | "channel" | "command";

/**
 * What one input line means: text to send, nothing, a command, a command used wrongly
 * (`usage`), or a name no row knows (`unknown`, e.g. a plugin command).
 *
 * @example
 * ```ts
 * import type { ParsedInput } from "./commands.js";
 * const input: ParsedInput = { kind: "usage", name: "join", usage: "/join <#channel> [key]" };
 * ```
 */
export type ParsedInput =
  | Command
  | { kind: "say"; text: string }
  | { kind: "none" }
  | { kind: "usage"; name: string; usage: string }
  | { kind: "unknown"; name: string; args: string };

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
 */
export interface CommandRow {
  /** The name typed after the slash. */
  name: string;
  /** Other names for the same command. */
  aliases: readonly string[];
  /** How to type it, e.g. `/join #channel [key]`. */
  usage: string;
  /** One line saying what it does. */
  help: string;
  /** What its first argument completes to, when it takes a nick, channel or command. */
  completes?: Completes;
  /** Reads the text after the name. */
  read(rest: string): Command | undefined;
}

/**
 * Every built-in command.
 *
 * @example
 * ```ts
 * import { COMMANDS } from "./commands.js";
 * console.log(COMMANDS.some((row) => row.name === "join")); // true
 * ```
 */
export declare const COMMANDS: readonly CommandRow[];

/**
 * The row for a command name or alias (without the slash, any case).
 *
 * @example
 * ```ts
 * import { findCommand } from "./commands.js";
 * console.log(findCommand("J")?.name); // "join"
 * ```
 */
export declare function findCommand(name: string): CommandRow | undefined;

/**
 * Parses one input line: plain text (a leading `//` sends a literal `/`), or a command.
 *
 * @example
 * ```ts
 * import { parseInput } from "./commands.js";
 * console.log(parseInput("/msg bob hi there")); // { kind: "msg", target: "bob", text: "hi there" }
 * ```
 */
export declare function parseInput(line: string): ParsedInput;

/**
 * The message shown for a command used wrongly.
 *
 * @example
 * ```ts
 * import { usageError } from "./commands.js";
 * console.log(usageError("kick")); // "usage: /kick <nick> [reason]"
 * ```
 */
export declare function usageError(name: string): string;

/**
 * Help text: one line per command, or the usage and help of one command.
 *
 * @example
 * ```ts
 * import { helpText } from "./commands.js";
 * console.log(helpText("nick")); // "/nick <newnick> - Change your nickname"
 * ```
 */
export declare function helpText(name?: string): string;

/**
 * Command names (with the slash) completing `partial`, extra names (plugin commands) included.
 *
 * @example
 * ```ts
 * import { completeCommand } from "./commands.js";
 * console.log(completeCommand("/wh")); // ["/whois"]
 * ```
 */
export declare function completeCommand(partial: string, extra?: readonly string[]): string[];

/**
 * The IRC line for a command that is one line to the server (`/topic`, `/mode`, `/op`,
 * `/kick`, `/notice`…), `channel` being the current channel; `{ error }` when a channel is
 * needed and missing; `undefined` for other commands.
 *
 * @example
 * ```ts
 * import { ircLine, parseInput } from "./commands.js";
 * const op = parseInput("/op alice bob");
 * if (op.kind === "members") console.log(ircLine(op, "#deno")); // { line: "MODE #deno +oo alice bob" }
 * ```
 */
export declare function ircLine(
  command: Command,
  channel: string | undefined,
): { line: string } | { error: string } | undefined;

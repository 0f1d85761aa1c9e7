/**
 * Parses one IRC line into a {@linkcode RawMessage}, on the read path of every line.
 *
 * It reads a line exactly as irc-framework's `parseIrcLine` does (the tests hold the two to the
 * same result), in one pass over the line's indices: no closure, no regular expression and no
 * mask object per line. On a PRIVMSG flood irc-framework's parser took a quarter of the
 * adapter's time (issue 25). Tags are decoded by `parseTags()`, to the IRCv3 spec.
 *
 * @module
 */
import { parseTags } from "./_tags.ts";

/** One parsed IRC line, with the fields (and values) of irc-framework's `IrcMessage`. */
export interface RawMessage {
  /** IRCv3 tags, decoded by `parseTags()` (keys as sent); frozen when the line has none. */
  tags: Record<string, string>;
  /** The full prefix (`nick!user@host` or a server name), or `""`. */
  prefix: string;
  /** The nickname part of the prefix, or `""`. */
  nick: string;
  /** The user part of the prefix, or `""`. */
  ident: string;
  /** The host part of the prefix, or `""`. */
  hostname: string;
  /** The command or numeric, upper case. */
  command: string;
  /** The parameters; the trailing one included. */
  params: string[];
}

/**
 * The tags of every untagged line: one frozen object, as a fresh null-prototype object per
 * line cost more than the rest of the parse. Copy it before changing it.
 *
 * It inherits from an empty null-prototype object rather than being one: V8 keeps an object
 * made by `Object.create(null)` as a hash table, and each of the eight tag reads a PRIVMSG
 * takes on its way (`batch`, `label`, `msgid`, `time`…) was then a hash lookup, some 40 ns
 * apiece; an ordinary empty object over a null-prototype one reads `undefined` from its
 * inline caches, and still has no `constructor` or `toString` to find (issue 25).
 */
const NO_TAGS: Record<string, string> = Object.freeze(Object.create(Object.create(null)));

const SPACE = 0x20;
const COLON = 0x3a;
const AT = 0x40;
const CR = 0x0d;
const LF = 0x0a;

/**
 * The message `line` (without its line end) holds. Like irc-framework: CR and LF at either
 * end are ignored, runs of spaces separate tokens, the command is upper-cased, a line without
 * a command has `""` for it, and a prefix is split at its first `!` and `@` (a prefix with
 * neither is a server name when it holds a `.`, else a nickname).
 */
export function parseLine(line: string): RawMessage {
  let start = 0;
  let end = line.length;
  while (start < end && isLineEnd(line.charCodeAt(start))) start++;
  while (end > start && isLineEnd(line.charCodeAt(end - 1))) end--;
  let at = start;
  let tags: Record<string, string>;
  if (at < end && line.charCodeAt(at) === AT) {
    tags = parseTags(start === 0 ? line : line.slice(start, end));
    at = skipSpaces(line, tokenEnd(line, at, end), end);
  } else {
    tags = NO_TAGS;
  }
  let prefix = "";
  let nick = "";
  let ident = "";
  let hostname = "";
  if (at < end && line.charCodeAt(at) === COLON) {
    const stop = tokenEnd(line, at, end);
    prefix = line.slice(at + 1, stop);
    at = skipSpaces(line, stop, end);
    const bang = prefix.indexOf("!");
    const sign = prefix.indexOf("@");
    if (bang === -1 && sign === -1) {
      if (prefix.includes(".")) hostname = prefix;
      else nick = prefix;
    } else if (bang === -1) {
      nick = prefix.slice(0, sign);
      hostname = prefix.slice(sign + 1);
    } else if (sign === -1) {
      nick = prefix.slice(0, bang);
      ident = prefix.slice(bang + 1);
    } else {
      // As irc-framework splits it, even when the `@` comes first (`substring` then swaps).
      nick = prefix.slice(0, bang);
      ident = prefix.substring(bang + 1, sign);
      hostname = prefix.slice(sign + 1);
    }
  }
  // Only spaces before the command are skipped: a line starting with one has no tags or prefix.
  at = skipSpaces(line, at, end);
  const commandEnd = tokenEnd(line, at, end);
  const command = commonCommand(line, at, commandEnd) ??
    line.slice(at, commandEnd).toUpperCase();
  at = skipSpaces(line, commandEnd, end);
  // The first three parameters wait in locals and the array is made to size: an array grown
  // by `push` from empty reserves room for 16, which a flood of lines paid for in collection.
  let count = 0;
  let p0 = "";
  let p1 = "";
  let p2 = "";
  let more: string[] | undefined;
  while (at < end) {
    const trailing = line.charCodeAt(at) === COLON;
    const stop = trailing ? end : tokenEnd(line, at, end);
    const param = line.slice(trailing ? at + 1 : at, stop);
    if (count === 0) p0 = param;
    else if (count === 1) p1 = param;
    else if (count === 2) p2 = param;
    else (more ??= [p0, p1, p2]).push(param);
    count++;
    if (trailing) break;
    at = skipSpaces(line, stop, end);
  }
  const params = more ?? firstParams(count, p0, p1, p2);
  return { tags, prefix, nick, ident, hostname, command, params };
}

/**
 * PRIVMSG or NOTICE, as the constant string, when `line[from, to)` spells it: a flood's
 * command then needs no new string, and the read path's lookups by command (the line table,
 * the commands irc-framework is spared) find its hash already computed.
 */
function commonCommand(line: string, from: number, to: number): string | undefined {
  const length = to - from;
  if (length === 7 && line.startsWith("PRIVMSG", from)) return "PRIVMSG";
  if (length === 6 && line.startsWith("NOTICE", from)) return "NOTICE";
  return undefined;
}

/** The first `count` (at most 3) parameters, in an array of that size. */
function firstParams(count: number, p0: string, p1: string, p2: string): string[] {
  if (count === 0) return [];
  if (count === 1) return [p0];
  if (count === 2) return [p0, p1];
  return [p0, p1, p2];
}

function isLineEnd(c: number): boolean {
  return c === CR || c === LF;
}

/** The index of the first space in `line[from, end)`, or `end`. */
function tokenEnd(line: string, from: number, end: number): number {
  const space = line.indexOf(" ", from);
  return space === -1 || space > end ? end : space;
}

/** The index of the first non-space in `line[from, end)`, or `end`. */
function skipSpaces(line: string, from: number, end: number): number {
  while (from < end && line.charCodeAt(from) === SPACE) from++;
  return from;
}

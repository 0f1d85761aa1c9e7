/**
 * The one grammar of the lines we write: `[@tags ][:source ]COMMAND[ param…][ :text]`. Each
 * part is checked, so a value that would change the line's meaning (a space in a middle
 * parameter, a CR or LF anywhere) is a `TypeError` instead of a second command on the wire.
 *
 * @module
 */
import { escapeTagValue } from "./_tags.ts";

/** One line to send, in parts. */
export interface LineParts {
  /** IRCv3 tags, escaped when written; an empty value is written as the bare key. */
  tags?: Readonly<Record<string, string>>;
  /** The source, without its colon. A client sends none; the grammar has one. */
  source?: string;
  /** The command (letters) or numeric (three digits). */
  command: string;
  /** The middle parameters: each non-empty, without a space, not starting with `:`. */
  params?: readonly string[];
  /** The trailing parameter, always written after ` :` (so it may be empty or hold spaces). */
  text?: string;
}

const COMMAND = /^(?:[A-Za-z]+|[0-9]{3})$/;
// A client-only `+`, an optional vendor (a host name) and a slash, then the name.
const TAG_KEY = /^\+?(?:[A-Za-z0-9.-]+\/)?[A-Za-z0-9-]+$/;
const LINE_BREAK = /[\r\n\0]/;
const SPACE_OR_BREAK = /[ \r\n\0]/;

function refuse(what: string, value: string): TypeError {
  return new TypeError(`Cannot format an IRC line: ${what}, got ${JSON.stringify(value)}`);
}

/** Writes `parts` as one line, without its CR LF. */
export function formatLine(parts: LineParts): string {
  let line = "";
  const tags = Object.entries(parts.tags ?? {});
  if (tags.length > 0) {
    const written = tags.map(([key, value]) => {
      if (!TAG_KEY.test(key)) throw refuse("a tag key is not [+][vendor/]name", key);
      if (value.includes("\0")) throw refuse("a tag value contains NUL", value);
      return value === "" ? key : `${key}=${escapeTagValue(value)}`;
    });
    line += `@${written.join(";")} `;
  }
  if (parts.source !== undefined) {
    if (parts.source === "" || SPACE_OR_BREAK.test(parts.source)) {
      throw refuse("the source is empty or contains a space, CR, LF or NUL", parts.source);
    }
    line += `:${parts.source} `;
  }
  if (!COMMAND.test(parts.command)) {
    throw refuse("the command is not a word or a numeric", parts.command);
  }
  line += parts.command;
  for (const param of parts.params ?? []) {
    if (param === "" || param[0] === ":" || SPACE_OR_BREAK.test(param)) {
      throw refuse(
        'a middle parameter is empty, starts with ":" or contains a space, CR, LF or NUL',
        param,
      );
    }
    line += ` ${param}`;
  }
  if (parts.text !== undefined) {
    if (LINE_BREAK.test(parts.text)) throw refuse("the text contains CR, LF or NUL", parts.text);
    line += ` :${parts.text}`;
  }
  return line;
}

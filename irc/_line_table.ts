/**
 * The line table: every handler file's lines, joined into one map from command or numeric to
 * handler. Handler files register here, not in the context they are given, so the context
 * needs none of them.
 *
 * @module
 */
import type { LineHandler, LineHandlers } from "./_line_context.ts";
import { MOTD_LINES } from "./_motd.ts";
import { REGISTRATION_LINES } from "./_registration.ts";
import { MESSAGE_LINES } from "./_messages.ts";
import { READ_MARKER_LINES } from "./_read_marker.ts";
import { MEMBERSHIP_LINES } from "./_membership.ts";
import { CHANNEL_INFO_LINES } from "./_channel_info.ts";
import { ROSTER_LINES } from "./_roster.ts";
import { WHOIS_LINES } from "./_whois.ts";
import { CHANNEL_LIST_LINES } from "./_channel_list.ts";
import { SERVER_ERROR_LINES } from "./_server_errors.ts";
import { STANDARD_REPLY_LINES } from "./_standard_replies.ts";
import { REGAIN_LINES } from "./_monitor.ts";
import { TAGMSG_LINES } from "./_tagmsg.ts";
import { REDACTION_LINES } from "./_redaction.ts";

/** Joins handler tables into one; a command handled twice is a bug. */
export function lineHandlers(...tables: LineHandlers[]): ReadonlyMap<string, LineHandler> {
  const all = new Map<string, LineHandler>();
  for (const table of tables) {
    for (const [command, handler] of Object.entries(table)) {
      if (all.has(command)) throw new Error(`Cannot add a line handler: taken, got ${command}`);
      all.set(command, handler);
    }
  }
  return all;
}

/** The handler of each command and numeric the worker turns into events. */
export const LINES: ReadonlyMap<string, LineHandler> = lineHandlers(
  REGISTRATION_LINES,
  MOTD_LINES,
  MESSAGE_LINES,
  MEMBERSHIP_LINES,
  CHANNEL_INFO_LINES,
  ROSTER_LINES,
  WHOIS_LINES,
  CHANNEL_LIST_LINES,
  SERVER_ERROR_LINES,
  STANDARD_REPLY_LINES,
  REGAIN_LINES,
  READ_MARKER_LINES,
  TAGMSG_LINES,
  REDACTION_LINES,
);

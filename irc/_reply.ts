/**
 * IRCv3 replies: the `+draft/reply` client tag names the msgid of the message replied to.
 * Sent only where the server has `message-tags`; elsewhere a reply is the text after a
 * `nick: ` prefix, as people write it by hand.
 *
 * @module
 */

/** The client tag naming the message a PRIVMSG (or a reaction's TAGMSG) answers. */
export const REPLY_TAG = "+draft/reply";
/** The longest msgid we send or take in `+draft/reply` (servers' ids are far shorter). */
const MAX_MSGID = 200;

/** The msgid a reply tag names, or `undefined` when absent, empty or implausible. */
export function readReplyTag(tags: Readonly<Record<string, string>>): string | undefined {
  const value = tags[REPLY_TAG];
  return value && value.length <= MAX_MSGID ? value : undefined;
}

/** Throws a `TypeError` naming `action` unless `msgid` can be sent as a reply's target. */
export function checkReplyMsgid(action: string, msgid: string): void {
  if (typeof msgid !== "string" || msgid === "" || msgid.length > MAX_MSGID) {
    throw new TypeError(
      `Cannot ${action}: the msgid replied to must be 1-${MAX_MSGID} characters, got ${
        JSON.stringify(msgid)
      }`,
    );
  }
}

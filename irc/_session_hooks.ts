/**
 * What a session and its owner (the `IrcClient`) tell each other: the owner's hooks, and why a
 * session ended. Line handlers reach the hooks through their context, so this file imports
 * no session or handler code.
 *
 * @module
 */
import type { MessageIds } from "./_message_ids.ts";

/** What the session tells its owner. */
export interface SessionHooks {
  /** We joined a channel (ours, seen on the wire). */
  onSelfJoin(channel: string): void;
  /** We left a channel by PART or KICK. */
  onSelfLeave(channel: string): void;
  /** Our nickname changed. */
  onNick(nick: string): void;
  /** The socket closed; called before `connection.lost` is emitted. */
  onLost(end: SessionEnd): void;
  /** Message ids seen, kept by the owner across sessions so a replay after a reconnect dedupes. */
  readonly messageIds: MessageIds;
  /**
   * The server offers an STS policy: in plain text, the TLS port to reconnect to (this
   * connection then fails with code `sts`); over TLS, its duration in seconds (0 clears it).
   */
  onSts(offer: { upgradePort?: number; duration?: number }): void;
}

/** Why a session ended, for `connection.lost`. */
export interface SessionEnd {
  /** The text `connection.lost` carries. */
  reason: string;
  /** Whether registration had completed: only then is the loss a `connection.lost`. */
  established: boolean;
  /** Whether we asked for it (`disconnect()`), so no reconnect follows. */
  requested: boolean;
}

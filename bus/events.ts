/**
 * The event map: the contract between every emitter and every subscriber.
 *
 * Each key is an event type; its value is the shape of that event's `data`.
 * A misspelt type or a missing field is a `deno check` error, not a user's bug.
 *
 * @module
 */

/**
 * Where an event came from.
 *
 * @example Narrowing on the source
 * ```ts
 * import type { EventSource } from "./events.ts";
 * const source: EventSource = "irc";
 * ```
 */
export type EventSource = "irc" | "ui" | "system";

/**
 * Source of events produced by IRC protocol interactions.
 *
 * @example
 * ```ts
 * import { createEvent, EventSourceIRC } from "./events.ts";
 * createEvent("sasl.success", { networkId: 1 }, EventSourceIRC);
 * ```
 */
export const EventSourceIRC: EventSource = "irc";

/**
 * Source of events produced by the user interface.
 *
 * @example
 * ```ts
 * import { createEvent, EventSourceUI } from "./events.ts";
 * createEvent("ui.pane.focused", { networkId: 1, type: "channel", name: "#deno" }, EventSourceUI);
 * ```
 */
export const EventSourceUI: EventSource = "ui";

/**
 * Source of events produced by system components (plugin host, coalescers).
 *
 * @example
 * ```ts
 * import { createEvent, EventSourceSystem } from "./events.ts";
 * createEvent("plugin.lifecycle", { plugin: "colors", action: "loaded" }, EventSourceSystem);
 * ```
 */
export const EventSourceSystem: EventSource = "system";

/**
 * Parsed WHOIS information about one user.
 *
 * Fields the server did not send are absent (or `false` / `[]` for the flags and lists).
 *
 * @example
 * ```ts
 * import type { WhoisInfo } from "./events.ts";
 * const info: WhoisInfo = {
 *   nickname: "alice",
 *   username: "al",
 *   host: "example.org",
 *   realname: "Alice",
 *   channels: ["@#deno"],
 *   away: false,
 *   secure: true,
 *   operator: false,
 *   bot: false,
 * };
 * ```
 */
export interface WhoisInfo {
  /** The nickname queried. */
  nickname: string;
  /** The user name (ident). */
  username?: string;
  /** The visible host. */
  host?: string;
  /** The real name (gecos). */
  realname?: string;
  /** The server the user is connected to. */
  server?: string;
  /** The description of that server. */
  server_info?: string;
  /** Channels the user is in, with their prefixes (e.g. `@#deno`). */
  channels: string[];
  /** Seconds the user has been idle. */
  idle?: number;
  /** Unix time (seconds) the user signed on. */
  signon?: number;
  /** The services account the user is logged in to. */
  account?: string;
  /** Whether the user is away. */
  away: boolean;
  /** The away message, when away. */
  away_message?: string;
  /** Whether the user is connected over TLS. */
  secure: boolean;
  /** Whether the user is an IRC operator. */
  operator: boolean;
  /** Whether the user is marked as a bot. */
  bot: boolean;
}

/**
 * One `metadata.updated` entry: a piece of UI metadata a plugin set, such as a nickname colour.
 *
 * @example
 * ```ts
 * import type { MetadataUpdate } from "./events.ts";
 * const update: MetadataUpdate = {
 *   type: "nickname_color",
 *   key: "alice",
 *   value: "#ff8800",
 *   network_id: 1,
 * };
 * ```
 */
export interface MetadataUpdate {
  /** The metadata type, e.g. `nickname_color`. */
  type: string;
  /** What the metadata is about, e.g. a nickname. */
  key: string;
  /** The value; any JSON-serializable value. */
  value: unknown;
  /** The network it applies to, when it is network-specific. */
  network_id?: number;
  /** The channel it applies to, when it is channel-specific. */
  channel?: string;
}

/**
 * Data of a `metadata.updated` event: one update flat, or several in `updates`.
 *
 * @example
 * ```ts
 * import type { MetadataUpdatedData } from "./events.ts";
 * const many: MetadataUpdatedData = {
 *   updates: [
 *     { type: "nickname_color", key: "alice", value: "#f80" },
 *     { type: "nickname_color", key: "bob", value: "#08f" },
 *   ],
 * };
 * ```
 */
export type MetadataUpdatedData = MetadataUpdate | { updates: MetadataUpdate[] };

/**
 * Fields every user event carries. The specification says "user or nickname", so both are
 * present with the same value and plugins written either way work.
 *
 * @example
 * ```ts
 * import type { UserEventFields } from "./events.ts";
 * const fields: UserEventFields = { networkId: 1, user: "alice", nickname: "alice" };
 * ```
 */
export interface UserEventFields {
  /** The network the event happened on. */
  networkId: number;
  /** The user's nickname (same value as `nickname`). */
  user: string;
  /** The user's nickname (same value as `user`). */
  nickname: string;
}

/**
 * What a plugin lifecycle event reports.
 *
 * @example
 * ```ts
 * import type { PluginLifecycleAction } from "./events.ts";
 * const action: PluginLifecycleAction = "crashed";
 * ```
 */
export type PluginLifecycleAction =
  | "loaded"
  | "unloaded"
  | "crashed"
  | "restarted"
  | "disabled";

/**
 * The data of a `ui.pane.focused` or `ui.pane.blurred` event.
 *
 * @example
 * ```ts
 * import type { PaneData } from "./events.ts";
 * const pane: PaneData = { networkId: 1, type: "channel", name: "#deno" };
 * ```
 */
export interface PaneData {
  /** The network the pane belongs to. */
  networkId: number;
  /** What the pane shows: a channel, a private query, or the server buffer. */
  type: "channel" | "query" | "server";
  /** The channel name, the peer nickname, or the server name. */
  name: string;
}

/**
 * What kind of message a `message.received` (or `message.sent`) carries, decided once in
 * `irc/`: a PRIVMSG is a `message`, a NOTICE a `notice`, a CTCP ACTION (`/me`) an `action`
 * whose `message` is the action's text, and any other CTCP (a request such as VERSION, or
 * a reply in a NOTICE) a `ctcp` whose `message` is the CTCP body, e.g. `VERSION`.
 *
 * @example
 * ```ts
 * import type { MessageKind } from "./events.ts";
 * const kind: MessageKind = "action";
 * console.log(kind === "action" ? "* alice waves" : "<alice> waves"); // * alice waves
 * ```
 */
export type MessageKind = "message" | "notice" | "action" | "ctcp";

/**
 * Which IRCv3 standard reply a `server.reply` is: a failure, a warning or a note.
 *
 * @example
 * ```ts
 * import type { StandardReplyType } from "./events.ts";
 * const type: StandardReplyType = "WARN";
 * ```
 */
export type StandardReplyType = "FAIL" | "WARN" | "NOTE";

/**
 * What a `user.typing` event reports, as the IRCv3 typing spec names it: `active` (typing
 * now; lapses after 6 s without another), `paused` (text typed, not being typed; lapses
 * after 30 s) or `done` (stopped: cleared or sent).
 *
 * @example
 * ```ts
 * import type { TypingState } from "./events.ts";
 * const state: TypingState = "paused";
 * ```
 */
export type TypingState = "active" | "paused" | "done";

/**
 * Every bus event type, mapped to the shape of its `data`.
 *
 * @example A subscriber that narrows on the type
 * ```ts
 * import type { EventMap } from "./events.ts";
 * function describe(data: EventMap["user.nick"]): string {
 *   return `${data.old_nickname} is now ${data.nickname}`;
 * }
 * describe({ networkId: 1, old_nickname: "a", nickname: "b", channels: ["#a"] });
 * ```
 */
export interface EventMap {
  /** Connected to an IRC server: registration has completed. */
  "connection.established": { networkId: number; address: string; port: number };
  /** The connection to the server is lost, by error or by request. */
  "connection.lost": { networkId: number; error: string };
  /** A message is received. `channel` is `""` for a private message. */
  "message.received": {
    networkId: number;
    /** The channel, or `""` for a private message. */
    channel: string;
    /** The sender's nickname. */
    user: string;
    /** The message text. */
    message: string;
    /** When it was sent, in Unix seconds (server-time when present). */
    timestamp: number;
    /** The IRCv3 message id, when the server sent one. */
    msgid?: string;
    /** The msgid of the message this one answers (IRCv3 `+draft/reply`). */
    replyTo?: string;
    /** True when the message was replayed: CHATHISTORY, or a bouncer's playback (ZNC). */
    history?: boolean;
    /** For a private message: the other party of the conversation. */
    peer?: string;
    /** Message, notice, action or CTCP; always set by `irc/`, absent means `message`. */
    kind?: MessageKind;
    /** True when the sender is marked as a bot (IRCv3 `bot` tag, the server's `BOT` mode). */
    bot?: boolean;
  };
  /** A message is sent by us. `channel` is `""` for a private message. */
  "message.sent": {
    networkId: number;
    /** The channel, or `""` for a private message. */
    channel: string;
    /** The message text. */
    message: string;
    /** For a private message: the nickname it was sent to. */
    target?: string;
    /** `action` for a `/me` (its text in `message`); absent means `message`. */
    kind?: "message" | "action";
    /**
     * The msgid of the message this one answers, sent as `+draft/reply`; absent when the
     * server lacks `message-tags` (the reply then went as a `nick: ` prefix in `message`).
     */
    replyTo?: string; /**
     * The IRCv3 msgid the server gave it: set where the server offers `echo-message`, whose
     * echo this event then follows (with the server's time), instead of the send.
     */
    msgid?: string;
  };
  /**
   * Someone else is typing, paused or done (IRCv3 `+typing` on a TAGMSG). `channel` is `""`
   * for a private conversation, whose other party is `peer`.
   */
  "user.typing": {
    networkId: number;
    /** The channel, or `""` for a private conversation. */
    channel: string;
    /** The nickname of whoever is typing. */
    user: string;
    /** For a private conversation: the other party (the typist when it is not us). */
    peer?: string;
    /** The typing state sent. */
    state: TypingState;
  };
  /**
   * Someone (us included) reacted to a message, or took a reaction back (`removed`): IRCv3
   * `+draft/react` (or `+draft/unreact`) with `+draft/reply` on a TAGMSG.
   */
  "message.reacted": {
    networkId: number;
    /** The channel, or `""` for a private conversation. */
    channel: string;
    /** Who reacted. */
    user: string;
    /** For a private conversation: the other party. */
    peer?: string;
    /** The msgid of the message reacted to. */
    replyTo: string;
    /** The reaction, usually one emoji. */
    reaction: string;
    /** True when the reaction was taken back. */
    removed: boolean;
    /** True when it was replayed: CHATHISTORY, or a bouncer's playback. */
    history?: boolean;
  };
  /**
   * A message was deleted (IRCv3 `draft/message-redaction`, `REDACT`): by its sender or an
   * operator (`user`), ours included once the server relays it back.
   */
  "message.redacted": {
    networkId: number;
    /** The channel, or `""` for a private conversation. */
    channel: string;
    /** Who deleted it. */
    user: string;
    /** For a private conversation: the other party. */
    peer?: string;
    /** The msgid of the message deleted. */
    msgid: string;
    /** Why, when given. */
    reason?: string;
    /** True when it was replayed: CHATHISTORY, or a bouncer's playback. */
    history?: boolean;
  };
  /** A user joins a channel. */
  "user.joined": UserEventFields & { channel: string };
  /** A user leaves a channel. */
  "user.parted": UserEventFields & { channel: string; reason?: string };
  /**
   * A user quits the server. `channels` names the channels we shared with them, as joined,
   * read by `irc/` (the one roster) before it forgot them: a consumer shows the quit there
   * without keeping a roster of its own.
   */
  "user.quit": UserEventFields & { reason: string; channels: string[] };
  /** A user is kicked from a channel; `user`/`nickname` are the kicked user. */
  "user.kicked": UserEventFields & { channel: string; kicker: string; reason: string };
  /**
   * A user changes nickname. `channels` names the channels we share with them, as joined
   * (every channel we are in, for our own nick), read by `irc/` (the one roster).
   */
  "user.nick": { networkId: number; old_nickname: string; nickname: string; channels: string[] };
  /** A replaceable snapshot of a user's live roster attributes (snapshot lane). */
  "user.meta": {
    networkId: number;
    nickname: string;
    away: boolean;
    away_message?: string;
    account?: string;
    /** The current `user@host`. */
    host?: string;
    realname?: string;
    /** True when the user is marked as a bot (the server's `BOT` mode, seen by WHO or a tag). */
    bot?: boolean;
  };
  /** A channel topic changes. */
  "channel.topic": { networkId: number; channel: string; topic: string; setter?: string };
  /** Channel modes change. */
  "channel.mode": { networkId: number; channel: string; modes: string; setter?: string };
  /** The list of channels we are in changes. */
  "channels.changed": { networkId: number; channels: string[] };
  /**
   * A channel's NAMES reply completes: `users` is the whole member snapshot; `members` the
   * same with their prefixes (`@+nick`), read by the server's ISUPPORT `prefix` (`(ov)@+`)
   * and `casemapping`.
   */
  "channel.names.complete": {
    networkId: number;
    channel: string;
    users: string[];
    members?: string[];
    prefix?: string;
    casemapping?: string;
  };
  /**
   * The server's message of the day, whole, once its end (376) arrives; `lines` is empty
   * when the server has none (422). Sent at registration and after a `/MOTD`.
   */
  "server.motd": { networkId: number; lines: string[] };
  /**
   * The server sent an IRCv3 standard reply: `FAIL`, `WARN` or `NOTE`. `command` is the
   * command it is about (`*` for none), `code` its machine-readable code, `context` the
   * parameters between them and `description` the text for people. `target` is the channel
   * or nickname its context names, when it names one: the buffer to show it in. A `FAIL` is
   * also reported as an `error` (type `FAIL`).
   */
  "server.reply": {
    networkId: number;
    /** Which of the three it is. */
    type: StandardReplyType;
    /** The command it is about, `*` when none. */
    command: string;
    /** Its code, such as `ACCOUNT_REQUIRED`. */
    code: string;
    /** The parameters between the code and the description. */
    context: string[];
    /** The human-readable text. */
    description: string;
    /** The channel or nickname it concerns, when its context names one. */
    target?: string;
  };
  /** SASL authentication begins. */
  "sasl.started": { networkId: number; mechanism: string };
  /** SASL authentication succeeds (once per connection). */
  "sasl.success": { networkId: number };
  /** SASL authentication fails. */
  "sasl.failed": { networkId: number; error: string };
  /** SASL authentication is aborted. */
  "sasl.aborted": { networkId: number };
  /** WHOIS information is received. */
  "whois.received": { networkId: number; whois: WhoisInfo };
  /**
   * An error occurs; `type` is the numeric or command that caused it, when known. `target`
   * is the channel or nickname an error the server returned is about (e.g. 404 cannot send
   * to channel, 442 not on channel, 401 no such nick): the buffer to show it in.
   */
  "error": { networkId?: number; error: string; type?: string; target?: string };
  /** Plugin metadata is updated: flat for one update, `updates` for several. */
  "metadata.updated": MetadataUpdatedData;
  /** A plugin was loaded, unloaded, crashed, restarted or disabled. */
  "plugin.lifecycle": { plugin: string; action: PluginLifecycleAction };
  /**
   * A buffer (channel or private conversation) was read up to `timestamp`: by the user here
   * (source `ui`), or on another client of the same account, as the server reported with
   * IRCv3 `draft/read-marker` (source `irc`). The history store keeps it as the buffer's
   * last-read position; the IRC adapter sends `MARKREAD` for every one not from `irc`.
   */
  "buffer.read": {
    networkId: number;
    /** The channel name, or the peer's nickname for a private conversation. */
    buffer: string;
    /** The last line read, as ISO 8601 UTC with milliseconds (`2024-01-01T00:00:00.000Z`). */
    timestamp: string;
  };
  /** A pane gains focus in the UI. */
  "ui.pane.focused": PaneData;
  /** A pane loses focus in the UI. */
  "ui.pane.blurred": PaneData;
}

/**
 * Any event type of the map.
 *
 * @example
 * ```ts
 * import type { EventType } from "./events.ts";
 * const type: EventType = "user.joined";
 * ```
 */
export type EventType = keyof EventMap;

/**
 * One event on the bus: its type, typed data, when it happened and where it came from.
 *
 * @example
 * ```ts
 * import type { BusEvent } from "./events.ts";
 * const event: BusEvent<"sasl.success"> = {
 *   type: "sasl.success",
 *   data: { networkId: 1 },
 *   timestamp: new Date(),
 *   source: "irc",
 * };
 * ```
 */
export interface BusEvent<T extends EventType = EventType> {
  /** The event type. */
  type: T;
  /** The event's data, shaped by the type. */
  data: EventMap[T];
  /** When the event occurred. */
  timestamp: Date;
  /** Where the event came from. */
  source: EventSource;
}

/**
 * The union of every event: what a `"*"` subscriber receives.
 *
 * Switching on `event.type` narrows `event.data`.
 *
 * @example
 * ```ts
 * import type { AnyBusEvent } from "./events.ts";
 * function nick(event: AnyBusEvent): string | undefined {
 *   return event.type === "user.nick" ? event.data.nickname : undefined;
 * }
 * ```
 */
export type AnyBusEvent = { [T in EventType]: BusEvent<T> }[EventType];

/**
 * Builds a typed event; the timestamp defaults to now.
 *
 * @example
 * ```ts
 * import { createEvent, EventSourceIRC } from "./events.ts";
 * const event = createEvent(
 *   "user.nick",
 *   { networkId: 1, old_nickname: "alice", nickname: "alice_", channels: ["#deno"] },
 *   EventSourceIRC,
 * );
 * event.data.nickname; // "alice_"
 * ```
 */
export function createEvent<T extends EventType>(
  type: T,
  data: EventMap[T],
  source: EventSource,
  timestamp: Date = new Date(),
): BusEvent<T> {
  return { type, data, timestamp, source };
}

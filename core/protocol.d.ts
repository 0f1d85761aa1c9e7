/**
 * Types of the client's WebSocket protocol (the implementation is protocol.js, which the
 * page loads as-is).
 *
 * @module
 */
import type { EventMap, EventType, TypingState } from "../bus/mod.ts";
import type { DeepLink } from "./deeplink_payloads.js";
import type { SearchQuery, StoredBuffer, StoredLine } from "./stored_line.ts";

/**
 * Requests a page keeps waiting for a reply at most: the page fails the next one at once,
 * and the backend's hub answers that many of one page at a time.
 *
 * @example
 * ```ts
 * import { MAX_PENDING } from "./protocol.js";
 * console.log(MAX_PENDING); // 256
 * ```
 */
export declare const MAX_PENDING: number;

/** The largest frame the backend accepts from the page, in UTF-16 code units. */
export declare const MAX_ACTION_BYTES: number;
/** The longest message text an action may carry. */
export declare const MAX_TEXT: number;
/** The longest text a `say` may carry: several lines, one message with `draft/multiline`. */
export declare const MAX_MESSAGE_TEXT: number;
/** The most lines one `say` may carry. */
export declare const MAX_MESSAGE_LINES: number;
/** Every action kind the page may send. */
export declare const ACTION_KINDS: readonly string[];

/** A pane of the UI: a channel, a private query, or a network's server buffer.
 *
 * @example
 * ```ts
 * import type { Pane } from "./protocol.js";
 * const pane: Pane = { networkId: 1, type: "channel", name: "#deno" };
 * ```
 */
export interface Pane {
  /** The network the pane belongs to. */
  networkId: number;
  /** What it shows. */
  type: "channel" | "query" | "server";
  /** The channel, the peer's nickname, or the network name. */
  name: string;
}

/** The Add/Edit Network form's fields.
 *
 * @example
 * ```ts
 * import type { NetworkForm } from "./protocol.js";
 * const form: NetworkForm = {
 *   name: "Libera", host: "irc.libera.chat", port: 6697, tls: true, nick: "me", autoconnect: true,
 * };
 * ```
 */
export interface NetworkForm {
  /** Display name. */
  name: string;
  /** Server host. */
  host: string;
  /** Server port. */
  port: number;
  /** Connect over TLS. */
  tls: boolean;
  /** Preferred nickname. */
  nick: string;
  /** Connect on start (and rejoin the saved channels). Absent: true for a new network, unchanged on edit. */
  autoconnect?: boolean;
  /** User name (ident). */
  username?: string;
  /** Real name. */
  realname?: string;
  /** Server password (PASS): absent keeps the saved one, `""` clears it. Never sent back. */
  password?: string;
  /** SASL mechanism, `""` for none. */
  saslMechanism?: "" | "PLAIN" | "EXTERNAL";
  /** SASL account (PLAIN). */
  saslAccount?: string;
  /** SASL password (PLAIN): absent keeps the saved one. Never sent back. */
  saslPassword?: string;
  /** Path of a PEM file with the client certificate and key (EXTERNAL). */
  clientCert?: string;
}

/** What the page asks the backend to do; `id`, when given, is echoed in the reply.
 *
 * @example
 * ```ts
 * import type { Action } from "./protocol.js";
 * const join: Action = { kind: "join", networkId: 1, channel: "#deno", key: "s3cret", id: 7 };
 * ```
 */
export type Action =
  & { id?: number }
  & (
    | { kind: "ready" }
    | { kind: "connect"; networkId: number }
    | { kind: "disconnect"; networkId: number }
    | { kind: "join"; networkId: number; channel: string; key?: string }
    | { kind: "part"; networkId: number; channel: string; reason?: string }
    | {
      kind: "say";
      networkId: number;
      target: string;
      /** Its lines (LF between them) go as one message where the server has `draft/multiline`. */
      text: string;
      /** The message answered (`+draft/reply`, or a `nick: ` prefix without client tags). */
      reply?: { msgid: string; nick: string };
    }
    | { kind: "me"; networkId: number; target: string; text: string }
    | { kind: "typing"; networkId: number; target: string; state: TypingState }
    /** Deletes the message `msgid` (`REDACT`), where the server offers it. */
    | { kind: "redact"; networkId: number; target: string; msgid: string; reason?: string }
    /** Reacts to the message `msgid` with `reaction`, or takes our reaction back (`remove`). */
    | {
      kind: "react";
      networkId: number;
      target: string;
      msgid: string;
      reaction: string;
      remove: boolean;
    }
    | { kind: "whois"; networkId: number; nick: string }
    | { kind: "nick"; networkId: number; nick: string }
    | { kind: "quote"; networkId: number; line: string }
    | { kind: "list"; networkId: number; filter?: string }
    | { kind: "command"; name: string; args: string }
    | { kind: "network.add"; network: NetworkForm; connect: boolean }
    | { kind: "network.update"; networkId: number; network: NetworkForm }
    | { kind: "network.remove"; networkId: number }
    | { kind: "pane.focus"; pane: Pane }
    | { kind: "pane.blur"; pane: Pane }
    | { kind: "buffer.read"; networkId: number; buffer: string; timestamp: string }
    | { kind: "history.page"; networkId: number; buffer: string; before?: number; limit?: number }
    // Picked, not the interface itself: an action is also read as a plain record.
    | ({ kind: "history.search" } & Pick<SearchQuery, keyof SearchQuery>)
    /** The stored line with a msgid (a reply's original); its reply is the line or `null`. */
    | { kind: "history.message"; networkId: number; buffer: string; msgid: string }
    | { kind: "history.buffers" }
    | { kind: "plugins.refresh" }
    | { kind: "plugin.disable"; name: string }
    | { kind: "plugin.enable"; name: string }
    | { kind: "plugin.revoke"; name: string }
    | { kind: "plugins.sources" }
    | { kind: "plugin.upgrade.plan"; name: string }
    | { kind: "plugin.activity"; name: string }
    /**
     * A plugin's ledger page over a window (`24h`), narrowed to a kind (`ledgerKind`), a
     * decision and values containing `text`: its totals, entries, audit, grant and budgets.
     */
    | {
      kind: "plugin.ledger";
      name: string;
      window: string;
      ledgerKind?: string;
      decision?: "allowed" | "denied";
      text?: string;
    }
    /** Withdraws one permission (`read:notes`) and restarts the plugin without it. */
    | { kind: "plugin.permission.revoke"; name: string; permission: string }
    /** Gives back one permission the manifest asks for: the user's re-consent. */
    | { kind: "plugin.permission.grant"; name: string; permission: string }
    | {
      kind: "plugin.upgrade";
      name: string;
      version: string;
      consent: string[];
      /** The integrity the upgrade sheet showed; the upgrade is refused for other bytes. */
      integrity?: string;
    }
    | { kind: "plugin.install.plan"; specifier: string }
    | { kind: "plugin.install.cancel"; planId: string }
    | {
      kind: "plugin.install";
      planId: string;
      version: string;
      consent: string[];
      scope: ScopeForm;
      diskQuotaMb: number;
    }
  );

/**
 * Where a plugin installed from a consent sheet applies: whole networks, single channels,
 * and whether it sees private messages.
 *
 * @example
 * ```ts
 * import type { ScopeForm } from "./protocol.js";
 * const scope: ScopeForm = { networks: [], channels: [{ networkId: 1, channel: "#deno" }], privateMessages: false };
 * ```
 */
export interface ScopeForm {
  /** Whole networks, by id. */
  networks: number[];
  /** Single channels. */
  channels: { networkId: number; channel: string }[];
  /** Whether private messages are shared. */
  privateMessages: boolean;
}

/** Why a frame from the page was refused.
 *
 * @example
 * ```ts
 * import type { ErrorCode } from "./protocol.js";
 * const code: ErrorCode = "unknown_action";
 * ```
 */
export type ErrorCode =
  | "malformed"
  | "too_large"
  | "unknown_action"
  | "invalid_field"
  | "failed";

/** The error reply to a refused or failed action.
 *
 * @example
 * ```ts
 * import type { ErrorMessage } from "./protocol.js";
 * const error: ErrorMessage = {
 *   kind: "error", id: 7, code: "failed", message: "Cannot join: the network is not connected, got 1",
 * };
 * ```
 */
export interface ErrorMessage {
  /** Always `"error"`. */
  kind: "error";
  /** The failed action's id, when it had one. */
  id?: number;
  /** Why. */
  code: ErrorCode;
  /** What went wrong, in "Cannot do X: reason, got VALUE" form. */
  message: string;
}

/** The outcome of {@linkcode parseAction}.
 *
 * @example
 * ```ts
 * import type { ParsedAction } from "./protocol.js";
 * const parsed: ParsedAction = { ok: true, action: { kind: "ready" } };
 * ```
 */
export type ParsedAction = { ok: true; action: Action } | { ok: false; error: ErrorMessage };

/** A saved network as the page sees it, with its live state.
 *
 * @example
 * ```ts
 * import type { NetworkView } from "./protocol.js";
 * const view: NetworkView = {
 *   id: 1, name: "Local", host: "127.0.0.1", port: 6667, tls: false, nick: "me", autoconnect: false,
 *   hasPassword: false, hasSaslPassword: false, state: "connected", currentNick: "me", channels: [{ name: "#a", topic: "", members: ["@me"] }],
 * };
 * ```
 */
export interface NetworkView extends Omit<NetworkForm, "password" | "saslPassword"> {
  /** Saved network id. */
  id: number;
  /** Connection state: `connecting`, `connected`, `disconnecting` or `disconnected`. */
  state: string;
  /** Why the last connection ended or failed, when it did. */
  reason?: string;
  /** A server password is saved (the password itself never reaches the page). */
  hasPassword: boolean;
  /** A SASL password is saved. */
  hasSaslPassword: boolean;
  /** Our current nickname there. */
  currentNick: string;
  /** The server lets messages be deleted (`draft/message-redaction`); absent means no. */
  canRedact?: boolean;
  /**
   * The server takes a multi-line text as one message (`draft/multiline`); absent means each
   * line is a message of its own, so the page asks before sending many.
   */
  multiline?: boolean;
  /**
   * Set to plain text, the network was connected over TLS instead, as the server's STS
   * policy (IRCv3 `sts`) asks; absent means no.
   */
  stsUpgraded?: boolean;
  /**
   * The server's CASEMAPPING, by which the page folds buffer and nick names, as the backend
   * does; absent before the network was first connected (then `rfc1459`).
   */
  casemapping?: string;
  /** Channels we are in, with their members (mode prefixes kept). */
  channels: { name: string; topic: string; members: string[] }[];
}

/** One bus event as the UI sees it (`time` in ms since the epoch).
 *
 * @example
 * ```ts
 * import type { UiEvent } from "./protocol.js";
 * const event: UiEvent = {
 *   type: "channel.topic", data: { networkId: 1, channel: "#a", topic: "hi" }, time: 0, source: "irc",
 * };
 * ```
 */
export type UiEvent<T extends EventType = EventType> = { [K in T]: UiEventOf<K> }[T];

/** One bus event of type `T` as the UI sees it; {@linkcode UiEvent} is the union over types.
 *
 * @example
 * ```ts
 * import type { UiEventOf } from "./protocol.js";
 * const event: UiEventOf<"user.nick"> = {
 *   type: "user.nick", data: { networkId: 1, old_nickname: "a", nickname: "b", channels: [] }, time: 0,
 *   source: "irc",
 * };
 * ```
 */
export interface UiEventOf<T extends EventType> {
  /** The bus event type, e.g. `message.received`. */
  type: T;
  /** The event's data, as on the bus (typed by the event map). */
  data: EventMap[T];
  /** When it happened, in ms since the epoch. */
  time: number;
  /** `irc`, `ui` or `system`. */
  source: string;
}

/** A roster snapshot of one user (`user.meta`, coalesced).
 *
 * @example
 * ```ts
 * import type { RosterEntry } from "./protocol.js";
 * const entry: RosterEntry = { networkId: 1, nickname: "bob", away: true, away_message: "lunch" };
 * ```
 */
export type RosterEntry = EventMap["user.meta"];

/** One plugin metadata update (`metadata.updated`).
 *
 * @example
 * ```ts
 * import type { MetadataEntry } from "./protocol.js";
 * const entry: MetadataEntry = { type: "nickname_color", key: "bob", value: "#f80", network_id: 1 };
 * ```
 */
export interface MetadataEntry {
  /** The metadata type, e.g. `nickname_color`. */
  type: string;
  /** What it is about, e.g. a nickname. */
  key: string;
  /** The value; `null` removes it. */
  value: unknown;
  /** The network it applies to, when network-specific. */
  network_id?: number;
  /** The channel it applies to, when channel-specific. */
  channel?: string;
}

/**
 * Everything the backend sends to the page: `hello` on connect (the whole state), `batch`
 * once per frame (bus events, roster snapshots, metadata updates), `frontend` for the
 * `deeplink:*` events (checked by the backend's own grammar), and replies.
 *
 * @example
 * ```ts
 * import type { ServerMessage } from "./protocol.js";
 * const message: ServerMessage = { kind: "reply", id: 7, result: null };
 * ```
 */
export type ServerMessage =
  | HelloMessage
  | { kind: "networks"; networks: NetworkView[] }
  | {
    kind: "network.state";
    networkId: number;
    state: string;
    nick: string;
    reason?: string;
    /** The server lets messages be deleted (`draft/message-redaction`). */
    canRedact?: boolean;
    /** The server takes a multi-line text as one message (`draft/multiline`). */
    multiline?: boolean;
    /** The connection went over TLS because of the server's STS policy. */
    stsUpgraded?: boolean;
  }
  | BatchMessage
  | { kind: "frontend"; event: DeepLink }
  | { kind: "plugins"; plugins: unknown[]; audit: unknown[]; commands: unknown[] }
  | { kind: "reply"; id: number; result?: unknown }
  | ErrorMessage;

/** The first message on a socket: everything the page needs to draw.
 *
 * @example
 * ```ts
 * import type { HelloMessage } from "./protocol.js";
 * const hello: HelloMessage = {
 *   kind: "hello", version: 1, networks: [], plugins: [], roster: [], updates: [], motd: [],
 * };
 * ```
 */
export interface HelloMessage {
  /** Always `"hello"`. */
  kind: "hello";
  /** The protocol version. */
  version: number;
  /** Saved networks with live state and channels. */
  networks: NetworkView[];
  /** Installed plugins (as `PluginHost.list()`). */
  plugins: unknown[];
  /** Every user's newest roster snapshot. */
  roster: RosterEntry[];
  /** Every live plugin metadata entry. */
  updates: MetadataEntry[];
  /** The last message of the day of each network, so a page opened later shows it too. */
  motd: EventMap["server.motd"][];
}

/** What changed during one frame.
 *
 * @example
 * ```ts
 * import type { BatchMessage } from "./protocol.js";
 * const batch: BatchMessage = { kind: "batch", events: [], roster: [], updates: [] };
 * ```
 */
export interface BatchMessage {
  /** Always `"batch"`. */
  kind: "batch";
  /** Bus events, in bus order. */
  events: UiEvent[];
  /** `user.meta`, coalesced: the newest snapshot per user. */
  roster: RosterEntry[];
  /** `metadata.updated`, coalesced: the newest entry per key. */
  updates: MetadataEntry[];
}

/**
 * Checks one frame from the page; never throws. A refused frame carries the error reply.
 *
 * @example
 * ```ts
 * import { parseAction } from "./protocol.js";
 * const parsed = parseAction('{"kind":"say","networkId":1,"target":"#a","text":"hi\\r\\nQUIT"}');
 * if (!parsed.ok) console.log(parsed.error.code); // "invalid_field"
 * ```
 */
export declare function parseAction(frame: unknown): ParsedAction;
/** Most lines one history page or search returns.
 *
 * @example
 * ```ts
 * import { MAX_HISTORY_LIMIT } from "./protocol.js";
 * console.log(MAX_HISTORY_LIMIT); // 500
 * ```
 */
export declare const MAX_HISTORY_LIMIT: number;

/** One stored line as the reply to `history.page` and `history.search` carries it: the
 * store's {@linkcode StoredLine}, its kind read as plain text (the page words kinds it does
 * not know as they are).
 *
 * @example
 * ```ts
 * import type { HistoryLine } from "./protocol.js";
 * const line: HistoryLine = {
 *   id: 1, networkId: 1, buffer: "#deno", time: 0, kind: "message", sender: "bob", text: "hi",
 *   self: false,
 * };
 * ```
 */
export type HistoryLine = Omit<StoredLine, "kind"> & { kind: string };

/** A buffer with stored history, the reply to `history.buffers`: the store's
 * {@linkcode StoredBuffer} with its unread count (lines from others since the last-read
 * position, at most 999).
 *
 * @example
 * ```ts
 * import type { HistoryBuffer } from "./protocol.js";
 * const buffer: HistoryBuffer = { networkId: 1, name: "#deno", unread: 3, readTime: 0 };
 * ```
 */
export type HistoryBuffer = StoredBuffer & { unread: number };

/**
 * The outcome of {@linkcode parseServerMessage}: the message, or why the frame was refused.
 *
 * @example
 * ```ts
 * import type { ParsedServerMessage } from "./protocol.js";
 * const parsed: ParsedServerMessage = { ok: true, message: { kind: "reply", id: 1 } };
 * ```
 */
export type ParsedServerMessage =
  | { ok: true; message: ServerMessage }
  | { ok: false; error: TypeError };

/**
 * Checks one frame from the backend, every field of every message and bus event against
 * its type; never throws. A refused frame's error names the first bad field.
 *
 * @example
 * ```ts
 * import { parseServerMessage } from "./protocol.js";
 * const parsed = parseServerMessage('{"kind":"network.state","networkId":"1","state":"x","nick":""}');
 * if (!parsed.ok) console.log(parsed.error.message);
 * // Cannot read network.state message: networkId must be a finite number, got "1"
 * ```
 */
export declare function parseServerMessage(frame: unknown): ParsedServerMessage;

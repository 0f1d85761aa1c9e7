/**
 * Types of the client's WebSocket protocol (the implementation is protocol.js, which the
 * page loads as-is).
 *
 * @module
 */

/** The largest frame the backend accepts from the page, in UTF-16 code units. */
export declare const MAX_ACTION_BYTES: number;
/** The longest message text an action may carry. */
export declare const MAX_TEXT: number;
/** Every action kind the page may send. */
export declare const ACTION_KINDS: readonly string[];

/** A pane of the UI: a channel, a private query, or a network's server buffer. */
export interface Pane {
  /** The network the pane belongs to. */
  networkId: number;
  /** What it shows. */
  type: "channel" | "query" | "server";
  /** The channel, the peer's nickname, or the network name. */
  name: string;
}

/** The Add/Edit Network form's fields. */
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
  /** Connect when the client starts. */
  autoconnect: boolean;
  /** User name (ident). */
  username?: string;
  /** Real name. */
  realname?: string;
}

/** What the page asks the backend to do; `id`, when given, is echoed in the reply. */
export type Action =
  & { id?: number }
  & (
    | { kind: "ready" }
    | { kind: "connect"; networkId: number }
    | { kind: "disconnect"; networkId: number }
    | { kind: "join"; networkId: number; channel: string; key?: string }
    | { kind: "part"; networkId: number; channel: string; reason?: string }
    | { kind: "say"; networkId: number; target: string; text: string }
    | { kind: "me"; networkId: number; target: string; text: string }
    | { kind: "whois"; networkId: number; nick: string }
    | { kind: "nick"; networkId: number; nick: string }
    | { kind: "command"; name: string; args: string }
    | { kind: "network.add"; network: NetworkForm; connect: boolean }
    | { kind: "network.update"; networkId: number; network: NetworkForm }
    | { kind: "network.remove"; networkId: number }
    | { kind: "pane.focus"; pane: Pane }
    | { kind: "pane.blur"; pane: Pane }
    | { kind: "plugins.refresh" }
    | { kind: "plugin.disable"; name: string }
    | { kind: "plugin.enable"; name: string }
    | { kind: "plugin.revoke"; name: string }
  );

/** Why a frame from the page was refused. */
export type ErrorCode =
  | "malformed"
  | "too_large"
  | "unknown_action"
  | "invalid_field"
  | "failed";

/** The error reply to a refused or failed action. */
export interface ErrorMessage {
  kind: "error";
  /** The failed action's id, when it had one. */
  id?: number;
  /** Why. */
  code: ErrorCode;
  /** What went wrong, in "Cannot do X: reason, got VALUE" form. */
  message: string;
}

/** The outcome of {@linkcode parseAction}. */
export type ParsedAction = { ok: true; action: Action } | { ok: false; error: ErrorMessage };

/** A saved network as the page sees it, with its live state. */
export interface NetworkView extends NetworkForm {
  /** Saved network id. */
  id: number;
  /** Connection state. */
  state: string;
  /** Our current nickname there. */
  currentNick: string;
  /** Channels we are in, with their members (mode prefixes kept). */
  channels: { name: string; topic: string; members: string[] }[];
}

/** One bus event as the UI sees it (`time` in ms since the epoch). */
export interface UiEvent {
  type: string;
  data: Record<string, unknown>;
  time: number;
  source: string;
}

/** A roster snapshot of one user (`user.meta`, coalesced). */
export interface RosterEntry {
  networkId: number;
  nickname: string;
  away: boolean;
  away_message?: string;
  account?: string;
  host?: string;
  realname?: string;
}

/** One plugin metadata update (`metadata.updated`). */
export interface MetadataEntry {
  type: string;
  key: string;
  value: unknown;
  network_id?: number;
  channel?: string;
}

/** Everything the backend sends to the page. */
export type ServerMessage =
  | {
    kind: "hello";
    version: number;
    networks: NetworkView[];
    plugins: unknown[];
    roster: RosterEntry[];
    updates: MetadataEntry[];
  }
  | { kind: "networks"; networks: NetworkView[] }
  | { kind: "network.state"; networkId: number; state: string; nick: string }
  | { kind: "batch"; events: UiEvent[]; roster: RosterEntry[]; updates: MetadataEntry[] }
  | { kind: "frontend"; event: { name: string; payload: Record<string, unknown> } }
  | { kind: "plugins"; plugins: unknown[]; audit: unknown[]; commands: unknown[] }
  | { kind: "reply"; id: number; result?: unknown }
  | ErrorMessage;

/** Checks one frame from the page; never throws. */
export declare function parseAction(frame: unknown): ParsedAction;
/** Checks one frame from the backend; `undefined` when it is not a known message. */
export declare function parseServerMessage(frame: unknown): ServerMessage | undefined;
/** Checks a `deeplink:*` payload on the page. */
export declare function isDeepLinkPayload(name: string, payload: unknown): boolean;

/**
 * Options and state of the IRC adapter.
 *
 * @module
 */
import type { EventBus } from "../bus/mod.ts";
import type { Member } from "../core/mod.ts";

/**
 * SASL settings. `PLAIN` and `SCRAM-SHA-256` need `password`; `EXTERNAL` uses the TLS
 * client certificate.
 *
 * @example
 * ```ts
 * import type { SaslOptions } from "./types.ts";
 * const sasl: SaslOptions = { mechanism: "SCRAM-SHA-256", account: "alice", password: "hunter2" };
 * ```
 */
export interface SaslOptions {
  /** The mechanism to use. */
  mechanism: "PLAIN" | "SCRAM-SHA-256" | "EXTERNAL";
  /** The services account. */
  account: string;
  /** The account password (PLAIN, SCRAM-SHA-256). */
  password?: string;
  /** The client certificate for EXTERNAL (PEM, with its key). */
  certificate?: { certificate: string; privateKey: string };
  /** When true (the default), a SASL failure fails `connect()` and closes the link. */
  required?: boolean;
}

/**
 * When and how the client reconnects after losing an established connection.
 *
 * The delay before attempt `n` (from 0) is `min(maxDelay, initialDelay * 2^n)`, minus up to
 * `jitter` of itself at random.
 *
 * @example
 * ```ts
 * import type { ReconnectOptions } from "./types.ts";
 * const reconnect: ReconnectOptions = { initialDelay: 1000, maxDelay: 60_000, jitter: 0.3 };
 * ```
 */
export interface ReconnectOptions {
  /** Reconnect at all. Default true when the `reconnect` object is given. */
  enabled?: boolean;
  /** First delay in ms. Default 1000. */
  initialDelay?: number;
  /** Largest delay in ms. Default 60000. */
  maxDelay?: number;
  /** Fraction (0..1) of the delay taken off at random. Default 0.3. */
  jitter?: number;
  /** Attempts before giving up. Default unlimited. */
  maxAttempts?: number;
}

/**
 * TLS settings beyond `tls: true`.
 *
 * @example
 * ```ts
 * import type { TlsOptions } from "./types.ts";
 * const tlsOptions: TlsOptions = { rejectUnauthorized: false };
 * ```
 */
export interface TlsOptions {
  /** Verify the server certificate. Default true. */
  rejectUnauthorized?: boolean;
  /** A client certificate (PEM), for CertFP or SASL EXTERNAL. */
  certificate?: { certificate: string; privateKey: string };
  /** Certificates (PEM) to trust as roots, for a server whose certificate a private CA signed. */
  ca?: string[];
}

/**
 * The timers an {@linkcode IrcClient} paces its nickname retries with. The default is the
 * global `setTimeout`; tests inject a fake clock.
 *
 * @example
 * ```ts
 * import type { IrcClock } from "./types.ts";
 * const clock: IrcClock = {
 *   setTimeout: (callback, ms) => setTimeout(callback, ms),
 *   clearTimeout: (id) => clearTimeout(typeof id === "number" ? id : undefined),
 * };
 * ```
 */
export interface IrcClock {
  /** Calls `callback` after `ms` milliseconds; returns an id for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a `setTimeout`. */
  clearTimeout(id: unknown): void;
  /** The time in ms since the epoch (typing pacing reads it); `Date.now()` when absent. */
  currentTime?(): number;
}

/**
 * The message a reply answers: its msgid (sent as `+draft/reply`) and its sender's nick (the
 * `nick: ` prefix on a server without client tags).
 *
 * @example
 * ```ts
 * import type { ReplyTarget } from "./types.ts";
 * const reply: ReplyTarget = { msgid: "a1b2", nick: "bob" };
 * ```
 */
export interface ReplyTarget {
  /** The msgid of the message answered. */
  msgid: string;
  /** Who sent it. */
  nick: string;
}

/**
 * A channel we are in, as {@linkcode IrcClient.channels} tells it: name as joined, topic, and
 * members with their highest prefix, ranked.
 *
 * @example
 * ```ts
 * import type { ChannelMembers } from "./types.ts";
 * const channel: ChannelMembers = {
 *   name: "#deno",
 *   topic: "Deno",
 *   members: [{ nick: "alice", modes: "o", prefix: "@" }],
 * };
 * ```
 */
export interface ChannelMembers {
  /** The channel's name, as we joined it. */
  name: string;
  /** Its topic, `""` when none. */
  topic: string;
  /** Its members, highest prefix first, then by folded nick. */
  members: Member[];
}

/**
 * The server's answer to LIST: the channels (at most 2,000 are kept) and how many more were
 * left out.
 *
 * @example
 * ```ts
 * import type { ChannelListing } from "./types.ts";
 * const listing: ChannelListing = { channels: [{ name: "#deno", users: 42, topic: "Deno" }], more: 0 };
 * ```
 */
export interface ChannelListing {
  /** The channels, in the server's order. */
  channels: { name: string; users: number; topic: string }[];
  /** Channels the server listed beyond those kept. */
  more: number;
}

/**
 * A kept STS policy: connect to `host` over TLS on `port` until `expiresAt`, instead of in
 * plain text.
 *
 * @example
 * ```ts
 * import type { StsPolicy } from "./types.ts";
 * const policy: StsPolicy = {
 *   host: "irc.example.org",
 *   port: 6697,
 *   duration: 2_592_000,
 *   expiresAt: Date.parse("2027-01-01T00:00:00Z"),
 * };
 * ```
 */
export interface StsPolicy {
  /** The host the policy was received from, as the network names it. */
  host: string;
  /** The TLS port to connect to. */
  port: number;
  /** The policy's lifetime in seconds, as the server last gave it (renewed from it). */
  duration: number;
  /** When it lapses, in ms since the epoch. */
  expiresAt: number;
}

/**
 * Options of {@linkcode IrcClient}.
 *
 * @example
 * ```ts
 * import { EventBus } from "../bus/mod.ts";
 * import type { IrcClientOptions } from "./types.ts";
 * const bus = new EventBus();
 * const options: IrcClientOptions = {
 *   bus,
 *   networkId: 1,
 *   host: "127.0.0.1",
 *   port: 6667,
 *   tls: false,
 *   nick: "alice",
 *   altNicks: ["alice_"],
 * };
 * await bus.close();
 * ```
 */
export interface IrcClientOptions {
  /** The bus events go to. */
  bus: EventBus;
  /** The saved network's id: the routing key of every event. */
  networkId: number;
  /** Server host name or address. */
  host: string;
  /** Server port. */
  port: number;
  /** Connect over TLS. */
  tls: boolean;
  /** More TLS settings. */
  tlsOptions?: TlsOptions;
  /** The preferred nickname. */
  nick: string;
  /**
   * Nicknames to try, in order, when `nick` is in use at registration; then `nick_`,
   * `nick__`, `nick1`... (cut to the server's length), at most 10 fallbacks in all.
   */
  altNicks?: string[];
  /**
   * Ms between two attempts to take `nick` back while running under a fallback, on servers
   * without MONITOR (with it, the client asks as soon as the nick frees up). Default 60000.
   */
  nickRegainInterval?: number;
  /** The timers of the paced nickname retries. Default: the global ones. */
  clock?: IrcClock;
  /** The user name (ident). Default: the nick. */
  username?: string;
  /** The real name (gecos). Default: the nick. */
  realname?: string;
  /** The server password (PASS). */
  password?: string;
  /** SASL settings. */
  sasl?: SaslOptions;
  /** Reconnect settings; off when absent. */
  reconnect?: ReconnectOptions;
  /** Ms between two follow-up requests (NAMES, WHO, CHATHISTORY). Default 1000. */
  followUpInterval?: number;
  /** Flood limit for user lines (messages, joins, raw lines). Default 5 at once, then 1 per 1000 ms. */
  messageRate?: { burst: number; interval: number };
  /** Ms the registration may take before `connect()` rejects. Default 30000. */
  registrationTimeout?: number;
  /**
   * Messages one CHATHISTORY request asks for after a join, when the server offers
   * `draft/chathistory` (capped by its ISUPPORT `CHATHISTORY`). Default 50.
   */
  historyLimit?: number;
  /**
   * The time of the last stored line of a buffer, or `undefined` when none is stored. With
   * it, a join (and the rejoin after a reconnect) asks only for what is missing:
   * `CHATHISTORY AFTER <channel> timestamp=<that time>`, page after page while full (at most
   * 10); without a stored line, `CHATHISTORY LATEST <channel> * <historyLimit>`. Called
   * when our JOIN arrives, before any line of the new join can be stored.
   */
  lastStored?: (networkId: number, buffer: string) => Date | undefined | Promise<Date | undefined>;
  /** Ms without any data before the connection is declared dead. Default 120000. */
  pingTimeout?: number;
  /**
   * The STS policy kept from an earlier connection (IRCv3 `sts`). While it holds for `host`
   * (before its `expiresAt`, on the clock's `currentTime()`), a network set to plain text is
   * connected over TLS, verified, on the policy's port instead.
   */
  stsPolicy?: StsPolicy;
  /**
   * Told when the policy to keep changes: set when a TLS connection offers one (and renewed
   * from its duration when that connection ends), `undefined` when the server clears it
   * (`duration=0`) or it has expired. The owner persists it and passes it back as `stsPolicy`.
   */
  onStsPolicy?: (policy: StsPolicy | undefined) => void;
}

/**
 * The connection state of an {@linkcode IrcClient}.
 *
 * @example
 * ```ts
 * import type { IrcConnectionState } from "./types.ts";
 * const state: IrcConnectionState = "connected";
 * ```
 */
export type IrcConnectionState =
  | "disconnected"
  | "connecting"
  | "connected"
  | "reconnecting"
  | "disconnecting";

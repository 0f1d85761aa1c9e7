/**
 * The IRC adapter: one network connection whose wire becomes ordered bus events.
 *
 * @module
 */
import { createEvent, type EventBus, type TypingState, type WhoisInfo } from "../bus/mod.ts";
import { casefold } from "../core/mod.ts";
import { IrcConnectError } from "./errors.ts";
import { Session } from "./_session.ts";
import type { SessionEnd } from "./_session_hooks.ts";
import { createFrameworkClient } from "./_framework.ts";
import { MessageIds } from "./_message_ids.ts";
import { saslprep } from "./saslprep.ts";
import { ctcp } from "./_ctcp.ts";
import { formatLine } from "./_format_line.ts";
import { checkReplyMsgid, REPLY_TAG } from "./_reply.ts";
import { isReaction } from "./_react.ts";
import { REDACTION_CAP } from "./_redaction.ts";
import { batchLines, batchText, groupBatches } from "./_multiline.ts";
import { stsApplies } from "./_sts.ts";
import type {
  ChannelListing,
  ChannelMembers,
  IrcClientOptions,
  IrcConnectionState,
  ReplyTarget,
  SaslOptions,
  StsPolicy,
} from "./types.ts";

const FORBIDDEN = /[\r\n\0]/;

/**
 * One IRC network connection that publishes what happens on it to an {@linkcode EventBus}.
 *
 * irc-framework does CAP negotiation, PLAIN/EXTERNAL SASL and pings, over our own bounded
 * transport; this class adds wire-ordered events (through a per-connection worker),
 * SCRAM-SHA-256, paced follow-ups, bounded nick fallback and regain, and reconnects owned by
 * the application.
 *
 * @example Creating a client (no network until `connect()`)
 * ```ts
 * import { EventBus, IrcClient } from "../mod.ts";
 * const bus = new EventBus();
 * const client = new IrcClient({
 *   bus,
 *   networkId: 1,
 *   host: "irc.example.org",
 *   port: 6697,
 *   tls: true,
 *   nick: "alice",
 * });
 * console.log(client.state); // "disconnected"
 * await bus.close();
 * ```
 */
export class IrcClient implements AsyncDisposable {
  readonly #options: IrcClientOptions;
  readonly #bus: EventBus;
  #state: IrcConnectionState = "disconnected";
  #session: Session | undefined;
  #casemapping = "rfc1459";
  /** Channels we are in or asked to join, folded name -> name and key: rejoined on reconnect. */
  #channels = new Map<string, { name: string; key?: string }>();
  #nick: string;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #attempt = 0;
  #abandoned = false;
  #loop: Promise<void> | undefined;
  #wakeReconnect: (() => void) | undefined;
  /** Kept across reconnects, so history replayed after one does not repeat lines seen. */
  readonly #messageIds = new MessageIds();
  /** The STS policy kept for this host (IRCv3 `sts`), from the options or a TLS connection. */
  #sts: StsPolicy | undefined;
  /** The TLS port a plain-text connection's STS offer named: used until a policy says more. */
  #upgradePort: number | undefined;
  /** Whether the current (or last) connection is over TLS because of STS. */
  #upgraded = false;

  /** Creates a client; nothing happens on the network until {@linkcode IrcClient.connect}. */
  constructor(options: IrcClientOptions) {
    for (const [name, value] of [["nick", options.nick], ["host", options.host]] as const) {
      if (
        typeof value !== "string" || value === "" || FORBIDDEN.test(value) || value.includes(" ")
      ) {
        throw new TypeError(
          `Cannot create IrcClient: invalid ${name}, got ${JSON.stringify(value)}`,
        );
      }
    }
    if (!Number.isSafeInteger(options.networkId)) {
      throw new TypeError(
        `Cannot create IrcClient: networkId must be an integer, got ${options.networkId}`,
      );
    }
    if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
      throw new TypeError(`Cannot create IrcClient: invalid port, got ${options.port}`);
    }
    this.#options = { ...options, sasl: prepareSasl(options.sasl) };
    this.#bus = options.bus;
    this.#nick = options.nick;
    this.#sts = options.stsPolicy;
  }

  /**
   * Whether the current (or last) connection went over TLS, on the STS policy's port,
   * although the network is set to plain text: the server's STS policy (IRCv3 `sts`)
   * upgraded it.
   *
   * @example
   * ```ts
   * import { EventBus, IrcClient } from "../mod.ts";
   * const bus = new EventBus();
   * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
   * console.log(client.stsUpgraded); // false
   * await bus.close();
   * ```
   */
  get stsUpgraded(): boolean {
    return this.#upgraded;
  }

  /**
   * The connection state.
   *
   * @example
   * ```ts
   * import { EventBus, IrcClient } from "../mod.ts";
   * const bus = new EventBus();
   * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
   * console.log(client.state); // "disconnected"
   * await bus.close();
   * ```
   */
  get state(): IrcConnectionState {
    return this.#state;
  }

  /**
   * Our current nickname (after any fallback at registration or later change).
   *
   * @example
   * ```ts
   * import { EventBus, IrcClient } from "../mod.ts";
   * const bus = new EventBus();
   * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
   * console.log(client.nickname); // "n"
   * await bus.close();
   * ```
   */
  get nickname(): string {
    return this.#nick;
  }

  /**
   * Connects and registers. Resolves once the registration transcript and
   * `connection.established` are on the bus; rejects with an {@linkcode IrcConnectError} on
   * refusal, TLS failure, a bad server password, a required SASL failure or a timeout.
   *
   * @example
   * ```ts ignore
   * await client.connect();
   * ```
   */
  async connect(): Promise<void> {
    if (this.#state !== "disconnected") {
      throw new Error(`Cannot connect: the client is not disconnected, got ${this.#state}`);
    }
    this.#abandoned = false;
    this.#attempt = 0;
    this.#state = "connecting";
    try {
      await this.#open();
    } catch (error) {
      if (this.#state === "connecting") this.#state = "disconnected";
      throw error;
    }
  }

  /**
   * Quits with `reason`, drains the worker, emits `connection.lost` and releases every
   * timer and socket. Also stops a pending reconnect.
   *
   * @example
   * ```ts ignore
   * await client.disconnect("bye");
   * ```
   */
  async disconnect(reason = "Client quit"): Promise<void> {
    this.#abandoned = true;
    if (this.#reconnectTimer !== undefined) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
    this.#wakeReconnect?.();
    // A reconnect in flight may install a new session while we wait: close until none is left.
    for (;;) {
      const session = this.#session;
      const loop = this.#loop;
      if (session) {
        this.#state = "disconnecting";
        await session.close(reason);
      }
      await loop;
      if (this.#session === undefined || this.#session === session) break;
    }
    this.#session = undefined;
    this.#state = "disconnected";
  }

  /** Same as `disconnect()`: `await using client = new IrcClient(...)`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.disconnect();
  }

  /**
   * Joins `channel` (with its key), through the message flood limit. The channel and key are
   * remembered and rejoined after a reconnect.
   *
   * @example
   * ```ts ignore
   * client.join("#deno", "secret");
   * ```
   */
  join(channel: string, key?: string): void {
    checkToken("join", channel);
    if (key !== undefined) checkToken("join", key);
    this.#channels.set(casefold(channel, this.casemapping), { name: channel, key });
    this.#session_("join").sendUser(joinLine(channel, key));
  }

  /**
   * Leaves `channel`; it is no longer rejoined on reconnect.
   *
   * @example
   * ```ts ignore
   * client.part("#deno", "later");
   * ```
   */
  part(channel: string, reason?: string): void {
    checkToken("part", channel);
    if (reason !== undefined) checkText("part", reason);
    this.#channels.delete(casefold(channel, this.casemapping));
    this.#session_("part").sendUser(
      formatLine({ command: "PART", params: [channel], text: reason || undefined }),
    );
  }

  /**
   * Sends a PRIVMSG to a channel or nickname. Where the server offers `draft/multiline`, a
   * text of several lines (or one longer than a line) is one message: a multiline batch, or
   * a few within the server's `max-bytes` and `max-lines`, each one `message.sent`.
   * Elsewhere each line of `text` is one message. `message.sent` is emitted in order with
   * incoming events.
   *
   * With `reply`, it answers the message `reply.msgid` (by `reply.nick`): sent with
   * `+draft/reply` where the server has `message-tags`, else as `nick: text`.
   *
   * @example
   * ```ts ignore
   * client.say("#deno", "hello");
   * client.say("#deno", "agreed", { reply: { msgid: "a1b2", nick: "bob" } });
   * ```
   */
  say(target: string, text: string, options: { reply?: ReplyTarget } = {}): void {
    this.#sendText("say", target, text, undefined, options.reply);
  }

  /**
   * Sends a `/me` action to a channel or nickname: a CTCP ACTION, one per line of `text`.
   * `message.sent` carries the plain text with `kind: "action"`.
   *
   * @example
   * ```ts ignore
   * client.action("#deno", "waves");
   * ```
   */
  action(target: string, text: string): void {
    this.#sendText("send an action", target, text, "action");
  }

  /**
   * Tells `target` (a channel or nickname) that we are typing (`active`), have stopped for
   * now with text typed (`paused`), or are `done` (IRCv3 `+typing` on a TAGMSG). Paced as
   * the spec asks: `active` goes out at most once every 3 s, `paused` and `done` only after
   * an `active`, and sending a message ends the typing by itself. A server without
   * `message-tags` is told nothing; nor is one whose queue is full, nor any while not
   * connected (typing is best effort, never an error).
   *
   * @example
   * ```ts ignore
   * client.typing("#deno", "active");
   * ```
   */
  typing(target: string, state: TypingState): void {
    checkToken("send typing", target);
    if (this.#state === "connected") this.#session?.typing(target, state);
  }

  /**
   * Reacts to the message `msgid` in `target` with `reaction` (usually an emoji), or takes
   * our reaction back with `remove` (sent as `+draft/unreact`, as several clients do; the
   * spec has none). `message.reacted` follows for us once it is sent. A server without
   * `message-tags` is sent nothing, and no event follows.
   *
   * @example
   * ```ts ignore
   * client.react("#deno", { msgid: "a1b2", reaction: "👍" });
   * client.react("#deno", { msgid: "a1b2", reaction: "👍", remove: true });
   * ```
   */
  react(target: string, options: { msgid: string; reaction: string; remove?: boolean }): void {
    checkToken("react", target);
    checkReplyMsgid("react", options.msgid);
    if (!isReaction(options.reaction)) {
      throw new TypeError(
        `Cannot react: the reaction must be 1-64 characters without control characters, got ${
          JSON.stringify(options.reaction)
        }`,
      );
    }
    this.#session_("react").react(
      target,
      options.msgid,
      options.reaction,
      options.remove ?? false,
    );
  }

  /**
   * Whether the server acknowledged IRCv3 capability `cap` on the current connection (false
   * before one registered).
   *
   * @example
   * ```ts ignore
   * if (client.supports(REDACTION_CAP)) client.redact("#deno", "a1b2");
   * ```
   */
  supports(cap: string): boolean {
    return this.#session?.supports(cap) ?? false;
  }

  /**
   * The server's CASEMAPPING, by which names are one or two: the last the server announced,
   * kept after the link is gone so what was folded by it stays folded the same.
   *
   * @example
   * ```ts
   * import { EventBus, IrcClient } from "../mod.ts";
   * const bus = new EventBus();
   * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
   * console.log(client.casemapping); // "rfc1459" (until a server says otherwise)
   * await bus.close();
   * ```
   */
  get casemapping(): string {
    if (this.#session !== undefined) this.#casemapping = this.#session.casemapping;
    return this.#casemapping;
  }

  /**
   * The channels we are in now, with their topics and members (highest prefix first): the
   * client's one roster, which `user.quit` and `user.nick` name their channels from. Empty
   * while disconnected.
   *
   * @example
   * ```ts
   * import { EventBus, IrcClient } from "../mod.ts";
   * const bus = new EventBus();
   * const client = new IrcClient({ bus, networkId: 1, host: "localhost", port: 6667, tls: false, nick: "n" });
   * console.log(client.channels()); // []
   * await bus.close();
   * ```
   */
  channels(): ChannelMembers[] {
    return this.#session?.channels() ?? [];
  }

  /**
   * Deletes the message `msgid` in `target` (`REDACT`, IRCv3 `draft/message-redaction`):
   * ours, or anyone's where we are an operator. The server relays it back when it succeeds,
   * which is the `message.redacted`; a refusal comes as an `error` (`FAIL REDACT …`). Throws
   * when the server does not offer the capability.
   *
   * @example
   * ```ts ignore
   * client.redact("#deno", "a1b2", { reason: "wrong channel" });
   * ```
   */
  redact(target: string, msgid: string, options: { reason?: string } = {}): void {
    checkToken("delete a message", target);
    checkReplyMsgid("delete a message", msgid);
    if (/[\s\0]/.test(msgid) || msgid.startsWith(":")) {
      throw new TypeError(
        `Cannot delete a message: the msgid cannot be sent as a parameter, got ${
          JSON.stringify(msgid)
        }`,
      );
    }
    const session = this.#session_("delete a message");
    if (!session.supports(REDACTION_CAP)) {
      throw new Error(
        `Cannot delete a message: the server does not offer ${REDACTION_CAP}, got ${target}`,
      );
    }
    const reason = options.reason;
    if (reason !== undefined && FORBIDDEN.test(reason)) {
      throw new TypeError(
        `Cannot delete a message: the reason contains CR, LF or NUL, got ${JSON.stringify(reason)}`,
      );
    }
    session.sendUser(
      formatLine({
        command: "REDACT",
        params: [target, msgid],
        ...(reason ? { text: reason } : {}),
      }),
    );
  }

  /** Sends `text` to `target` as PRIVMSGs, one per line (cut to fit), or as `/me` actions. */
  #sendText(
    what: string,
    target: string,
    text: string,
    kind?: "action",
    reply?: ReplyTarget,
  ): void {
    checkToken(what, target);
    if (reply !== undefined) {
      checkReplyMsgid(what, reply.msgid);
      checkToken(what, reply.nick);
    }
    if (text.includes("\0") || text.includes("\r")) {
      throw new TypeError(
        `Cannot ${what}: the text contains CR or NUL, got ${JSON.stringify(text)}`,
      );
    }
    const session = this.#session_(what);
    // A reply is tagged where the server takes client tags, else written as people do.
    const replyTo = reply && session.clientTags ? reply.msgid : undefined;
    if (reply && replyTo === undefined) text = `${reply.nick}: ${text}`;
    const tags = replyTo !== undefined ? { [REPLY_TAG]: replyTo } : undefined;
    // The CTCP wrapping of an action takes 10 of a line's 400 bytes.
    const width = kind === "action" ? 390 : 400;
    const pieces = text.split("\n").flatMap((line) =>
      splitUtf8(line, width).map((piece, i) => ({ text: piece, concat: i > 0 }))
    );
    // With echo-message the echo is the message.sent (with its msgid): one line, not two.
    const echoes = session.echoes;
    const limits = kind === "action" ? undefined : session.multiline;
    if (limits && pieces.length > 1) {
      // One message however many lines: a draft/multiline batch (or a few, past its limits).
      const batches = groupBatches(pieces, limits);
      const wire = batches.map((batch) => batchLines(session.nextBatchRef(), target, batch, tags));
      session.reserve(what, wire.reduce((n, lines) => n + lines.length, 0));
      session.typingEnded(target);
      for (const [i, lines] of wire.entries()) {
        const whole = batchText(batches[i]);
        for (const [j, line] of lines.entries()) {
          // message.sent, once per batch, follows its closing line.
          const last = j === lines.length - 1;
          session.sendUser(
            line,
            last && !echoes ? () => session.recordSent(target, whole, kind, replyTo) : undefined,
          );
        }
      }
      return;
    }
    const lines = pieces.map((piece) =>
      formatLine({
        tags,
        command: "PRIVMSG",
        params: [target],
        text: kind === "action" ? ctcp("ACTION", piece.text) : piece.text,
      })
    );
    // All of the text or none of it: a queue too full for every line refuses them all.
    session.reserve(what, pieces.length);
    session.typingEnded(target);
    for (const [i, piece] of pieces.entries()) {
      // message.sent follows the real send, in order with incoming lines.
      session.sendUser(
        lines[i],
        echoes ? undefined : () => session.recordSent(target, piece.text, kind, replyTo),
      );
    }
  }

  /**
   * Asks WHOIS about `nick`; resolves with the parsed reply (also emitted as
   * `whois.received`), rejects when there is no such nick or no reply within `timeoutMs`.
   *
   * @example
   * ```ts ignore
   * const info = await client.whois("bob");
   * console.log(info.realname);
   * ```
   */
  whois(nick: string, options: { timeoutMs?: number } = {}): Promise<WhoisInfo> {
    try {
      checkToken("whois", nick);
      return this.#session_("whois").whois(nick, options.timeoutMs ?? 30_000);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Asks the server for its channels (LIST, with an optional filter such as `>10` or a mask)
   * and resolves with them once the list ends; rejects when another listing is under way or
   * no end comes within `timeoutMs` (default 30000).
   *
   * @example
   * ```ts ignore
   * const { channels } = await client.listChannels();
   * console.log(channels.map((c) => `${c.name} (${c.users})`));
   * ```
   */
  listChannels(filter?: string, options: { timeoutMs?: number } = {}): Promise<ChannelListing> {
    try {
      if (filter !== undefined) checkText("list channels", filter);
      return this.#session_("list channels").listChannels(filter, options.timeoutMs ?? 30_000);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Sends one raw line through the flood limit. CR, LF and NUL are refused.
   *
   * @example
   * ```ts ignore
   * client.quote("AWAY :lunch");
   * ```
   */
  quote(line: string): void {
    if (typeof line !== "string" || line === "" || FORBIDDEN.test(line)) {
      throw new TypeError(
        `Cannot send raw line: it is empty or contains CR, LF or NUL, got ${JSON.stringify(line)}`,
      );
    }
    this.#session_("quote").sendUser(line);
  }

  #session_(action: string): Session {
    const session = this.#session;
    if (!session || this.#state !== "connected") {
      throw new Error(`Cannot ${action}: the client is not connected, got ${this.#state}`);
    }
    return session;
  }

  /** Opens one session and waits for it to be established. */
  async #open(): Promise<void> {
    const client = await createFrameworkClient();
    if (this.#abandoned) {
      const { host, port } = this.#options;
      throw new IrcConnectError(
        "aborted",
        `Cannot connect to ${host}:${port}: disconnected while loading the IRC library`,
      );
    }
    const options = this.#sessionOptions();
    const session = new Session(client, this.#bus, options, {
      onSelfJoin: (channel) => {
        const key = casefold(channel, this.casemapping);
        if (!this.#channels.has(key)) this.#channels.set(key, { name: channel });
      },
      onSelfLeave: (channel) => {
        this.#channels.delete(casefold(channel, this.casemapping));
      },
      onNick: (nick) => {
        this.#nick = nick;
      },
      messageIds: this.#messageIds,
      onSts: (offer) => {
        if (offer.upgradePort !== undefined) this.#upgradePort = offer.upgradePort;
        if (offer.duration !== undefined) this.#keepSts(options.port, offer.duration);
      },
      onLost: (end) => {
        // The spec's rescheduling: a policy lapses `duration` after we last left its server.
        if (options.tls && end.established && this.#sts !== undefined) {
          this.#keepSts(options.port, this.#sts.duration);
        }
        if (this.#session !== session || this.#state !== "connected") return;
        this.#state = this.#willReconnect(end) ? "reconnecting" : "disconnected";
      },
    });
    this.#session = session;
    session.start();
    try {
      await session.ready;
    } catch (error) {
      await session.finished;
      if (this.#session === session) this.#session = undefined;
      // The plain-text server asked for TLS: go there now (once; a TLS link never asks).
      if (
        error instanceof IrcConnectError && error.code === "sts" && !options.tls &&
        !this.#abandoned
      ) {
        return this.#open();
      }
      if (error instanceof IrcConnectError && error.code !== "aborted") {
        await this.#bus.emit(createEvent("error", {
          networkId: this.#options.networkId,
          error: error.message,
          type: "connect",
        }, "irc")).catch(() => {});
      }
      throw error;
    }
    if (this.#abandoned) {
      await session.close("Client quit");
      return;
    }
    this.#state = "connected";
    this.#attempt = 0;
    for (const { name, key } of this.#channels.values()) {
      session.sendUser(joinLine(name, key));
    }
    this.#loop = this.#watch(session);
  }

  /**
   * The options of the next session: the configured ones, or, for a plain-text network under
   * an STS policy (kept, or offered by this run's plain-text connection), TLS on the policy's
   * port, with the certificate verified whatever `tlsOptions` says (the spec allows no less).
   */
  #sessionOptions(): IrcClientOptions {
    const o = this.#options;
    this.#upgraded = false;
    if (o.tls) return o;
    const now = this.#now();
    if (this.#sts !== undefined && !stsApplies(this.#sts, o.host, now)) {
      const expired = this.#sts.expiresAt <= now;
      this.#sts = undefined;
      if (expired) o.onStsPolicy?.(undefined);
    }
    const port = this.#sts?.port ?? this.#upgradePort;
    if (port === undefined) return o;
    this.#upgraded = true;
    return { ...o, port, tls: true, tlsOptions: { ...o.tlsOptions, rejectUnauthorized: true } };
  }

  /** Keeps the policy a TLS connection on `port` offered (`duration` 0 clears it), and says so. */
  #keepSts(port: number, duration: number): void {
    const o = this.#options;
    if (duration === 0) {
      this.#upgradePort = undefined;
      if (this.#sts === undefined) return;
      this.#sts = undefined;
      o.onStsPolicy?.(undefined);
      return;
    }
    this.#sts = { host: o.host, port, duration, expiresAt: this.#now() + duration * 1000 };
    o.onStsPolicy?.({ ...this.#sts });
  }

  #now(): number {
    return this.#options.clock?.currentTime?.() ?? Date.now();
  }

  #willReconnect(end: SessionEnd): boolean {
    const reconnect = this.#options.reconnect;
    return !end.requested && !this.#abandoned && reconnect !== undefined &&
      reconnect.enabled !== false;
  }

  /** Waits for the session to end, then reconnects when that is wanted. */
  async #watch(session: Session): Promise<void> {
    const end: SessionEnd = await session.finished;
    if (this.#session !== session) return;
    this.#session = undefined;
    const reconnect = this.#options.reconnect;
    if (!reconnect || !this.#willReconnect(end)) {
      if (this.#state !== "disconnecting") this.#state = "disconnected";
      return;
    }
    this.#state = "reconnecting";
    const max = reconnect.maxAttempts ?? Infinity;
    while (!this.#abandoned && this.#attempt < max) {
      const delay = backoff(this.#attempt++, reconnect);
      await new Promise<void>((resolve) => {
        this.#wakeReconnect = resolve;
        this.#reconnectTimer = setTimeout(resolve, delay);
      });
      this.#wakeReconnect = undefined;
      this.#reconnectTimer = undefined;
      if (this.#abandoned) break;
      try {
        await this.#open();
        return;
      } catch {
        // The failure is on the bus as an `error` event; try again after the next delay.
      }
    }
    if (this.#state !== "reconnecting") return;
    this.#state = "disconnected";
    if (!this.#abandoned) {
      await this.#bus.emit(createEvent("error", {
        networkId: this.#options.networkId,
        error:
          `Cannot reconnect to ${this.#options.host}:${this.#options.port}: gave up, got ${this.#attempt} failed attempts`,
        type: "reconnect",
      }, "irc")).catch(() => {});
    }
  }
}

/**
 * The delay in ms before reconnect attempt `attempt` (from 0): exponential, capped, and
 * shortened by up to `jitter` of itself at random.
 *
 * @example
 * ```ts
 * import { backoff } from "./irc_client.ts";
 * backoff(3, { initialDelay: 1000, maxDelay: 60_000, jitter: 0 }); // 8000
 * ```
 */
export function backoff(
  attempt: number,
  options: { initialDelay?: number; maxDelay?: number; jitter?: number },
  random: () => number = Math.random,
): number {
  const initial = options.initialDelay ?? 1000;
  const max = options.maxDelay ?? 60_000;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.3));
  const base = Math.min(max, initial * 2 ** Math.min(attempt, 30));
  return Math.round(base * (1 - jitter * random()));
}

/**
 * SASLprep on the credentials (RFC 4616, RFC 5802): PLAIN's as queries, SCRAM's password as a
 * stored string. A string SASLprep refuses throws its `SaslprepError` from the constructor.
 */
function prepareSasl(sasl: SaslOptions | undefined): SaslOptions | undefined {
  if (sasl === undefined || sasl.mechanism === "EXTERNAL") return sasl;
  const password = sasl.password;
  return {
    ...sasl,
    account: saslprep(sasl.account, { allowUnassigned: true }),
    password: password === undefined
      ? undefined
      : saslprep(password, { allowUnassigned: sasl.mechanism === "PLAIN" }),
  };
}

function checkToken(action: string, value: string): void {
  if (typeof value !== "string" || value === "" || /[\r\n\0 ,]/.test(value)) {
    throw new TypeError(
      `Cannot ${action}: invalid name, it is empty or contains a space, comma, CR, LF or NUL, got ${
        JSON.stringify(value)
      }`,
    );
  }
}

function checkText(action: string, value: string): void {
  if (FORBIDDEN.test(value)) {
    throw new TypeError(
      `Cannot ${action}: the text contains CR, LF or NUL, got ${JSON.stringify(value)}`,
    );
  }
}

/** The JOIN for `channel`, with its key when it has one. */
function joinLine(channel: string, key: string | undefined): string {
  return formatLine({ command: "JOIN", params: key ? [channel, key] : [channel] });
}

/** Splits text into pieces of at most `max` UTF-8 bytes, never inside a code point. */
function splitUtf8(text: string, max: number): string[] {
  if (text.length * 3 <= max) return [text];
  const out: string[] = [];
  let piece = "";
  let bytes = 0;
  for (const ch of text) {
    // UTF-8 length by code point; a lone surrogate is encoded as U+FFFD, 3 bytes.
    const cp = ch.codePointAt(0)!;
    const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + n > max) {
      out.push(piece);
      piece = "";
      bytes = 0;
    }
    piece += ch;
    bytes += n;
  }
  out.push(piece);
  return out;
}

/**
 * One IRC connection: the read path (protocol-critical work only) and the worker that turns
 * each line, in wire order, into bus events.
 *
 * A session lives from one socket open to its close. The `IrcClient` makes a fresh one per
 * (re)connect, so nothing from an abandoned socket can reach the bus.
 *
 * @module
 */
import { createEvent, type EventBus, type TypingState, type WhoisInfo } from "../bus/mod.ts";
import { errorMessage } from "../common/mod.ts";
import { IrcConnectError } from "./errors.ts";
import type { FrameworkClient, FrameworkDispatch, RawMessage } from "./_framework.ts";
import { PacedQueue } from "./_paced_queue.ts";
import type { ChannelListing, ChannelMembers, IrcClientOptions } from "./types.ts";
import { SerialWorker } from "./_worker.ts";
import { ReadGate } from "./_read_gate.ts";
import { connectError, createLinkFacts, type LinkFacts, lostReason } from "./_link_end.ts";
import { LineContext } from "./_line_context.ts";
import { LineDispatch, type WorkerItem } from "./_line_dispatch.ts";
import type { SessionEnd, SessionHooks } from "./_session_hooks.ts";
import { RegistrationReader } from "./_registration_reader.ts";
import { saslFailed } from "./_registration.ts";
import { ECHO_CAP } from "./_messages.ts";
import { READ_MARKER_CAP, sendReadMarker } from "./_read_marker.ts";
import type { WhoisWaiter } from "./_whois_requests.ts";
import { NickRegain } from "./_nick_regain.ts";
import { globalClock } from "./_global_clock.ts";
import { TYPING_TAG, TypingPacer } from "./_typing.ts";
import { REACT_TAG, UNREACT_TAG } from "./_react.ts";
import { REDACTION_CAP } from "./_redaction.ts";
import { REPLY_TAG } from "./_reply.ts";
import { formatLine } from "./_format_line.ts";
import { LABELED_RESPONSE_CAP } from "./_labels.ts";
import { MULTILINE_CAP, type MultilineLimits, multilineLimits } from "./_multiline.ts";

type Item = WorkerItem;

/** User lines (messages, WHOIS, raw lines…) waiting for their turn at most. */
const MAX_USER_LINES = 1000;
/** Lines irc-framework has no use for: we handle them, and skipping them saves its work. */
const SKIP_FRAMEWORK = new Set(["PRIVMSG", "NOTICE", "TAGMSG", "BATCH"]);

/** One connection to the server, from socket open to close. */
export class Session {
  readonly #bus: EventBus;
  readonly #options: IrcClientOptions;
  readonly #networkId: number;
  readonly #hooks: SessionHooks;
  readonly #client: FrameworkClient;
  readonly #worker: SerialWorker<Item>;
  readonly #followUps: PacedQueue;
  readonly #userQueue: PacedQueue;
  readonly #facts: LinkFacts = createLinkFacts();
  readonly #regain: NickRegain;
  readonly #typing: TypingPacer;

  // Read path state.
  readonly #registration: RegistrationReader;
  #closed = false;
  #keepAliveQueued = false;
  readonly #readGate: ReadGate;
  #closedPromise: Promise<void>;
  #offBufferRead: (() => void) | undefined;
  #resolveClosed!: () => void;

  // Worker state.
  readonly #ctx: LineContext;
  #batchRefs = 0;
  #ready: { resolve: () => void; reject: (error: Error) => void } | undefined;
  #readyPromise: Promise<void>;
  #timeout: ReturnType<typeof setTimeout> | undefined;
  #finished: Promise<SessionEnd>;
  #resolveFinished!: (end: SessionEnd) => void;

  constructor(
    client: FrameworkClient,
    bus: EventBus,
    options: IrcClientOptions,
    hooks: SessionHooks,
  ) {
    this.#bus = bus;
    this.#options = options;
    this.#networkId = options.networkId;
    this.#hooks = hooks;
    this.#client = client;
    this.#readGate = new ReadGate({ pause: () => client.pause(), resume: () => client.resume() });
    this.#followUps = new PacedQueue((line) => this.#write(line), {
      interval: options.followUpInterval ?? 1000,
    });
    const rate = options.messageRate ?? { burst: 5, interval: 1000 };
    // What the user (a page, a plugin) sends waits here at the server's pace: bounded, so a
    // sender faster than the pace gets an error instead of growing the queue without end.
    this.#userQueue = new PacedQueue((line) => this.#write(line), { ...rate, max: MAX_USER_LINES });
    this.#registration = new RegistrationReader(options, {
      write: (line) => this.#write(line),
      onScramFail: (reason) => this.#worker.push(() => saslFailed(this.#ctx, reason, "SCRAM")),
      onNicksExhausted: (tried) =>
        this.#worker.push(() =>
          this.#fail(
            new IrcConnectError(
              "nick",
              `Cannot connect to ${options.host}:${options.port}: every nickname tried is taken or refused, got ${tried.length}: ${
                tried.join(", ")
              }`,
            ),
          )
        ),
    });
    this.#regain = new NickRegain({
      wanted: options.nick,
      write: (line) => this.#write(line),
      fold: (nick) => this.#ctx.server.fold(nick),
      clock: options.clock ?? globalClock(),
      interval: options.nickRegainInterval ?? 60_000,
    });
    const clock = options.clock;
    this.#typing = new TypingPacer(() => clock?.currentTime?.() ?? Date.now());
    this.#ctx = new LineContext(bus, {
      options,
      hooks: {
        ...hooks,
        onNick: (nick) => {
          hooks.onNick(nick);
          this.#regain.nickChanged(nick);
        },
      },
      regain: this.#regain,
      followUps: this.#followUps,
      facts: this.#facts,
      link: { establish: () => this.#establish(), fail: (error) => this.#fail(error) },
      wire: this.#registration,
      messageIds: hooks.messageIds,
    });
    this.#worker = new SerialWorker<Item>(
      new LineDispatch(this.#ctx, this.#readGate, (error) => this.#internalError(error)),
    );
    this.#readyPromise = new Promise((resolve, reject) => {
      this.#ready = { resolve, reject };
    });
    // connect() awaits it; a rejection nobody awaits must not crash the process.
    this.#readyPromise.catch(() => {});
    this.#closedPromise = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    this.#finished = new Promise((resolve) => {
      this.#resolveFinished = resolve;
    });
  }

  /** Resolves when `connection.established` is on the bus; rejects when connecting fails. */
  get ready(): Promise<void> {
    return this.#readyPromise;
  }

  /** Resolves once the session is over: worker drained, `connection.lost` emitted. */
  get finished(): Promise<SessionEnd> {
    return this.#finished;
  }

  /** Opens the socket and starts registration. */
  start(): void {
    const o = this.#options;
    const sasl = o.sasl;
    this.#client.useRaw((message, next) => this.#read(message, next));
    this.#client.onClose((error) => this.#onSocketClose(error));
    this.#client.onOpen(() => {
      this.#facts.opened = true;
    });
    this.#client.onPingTimeout(() => {
      this.#facts.pingTimedOut = true;
    });
    this.#client.onLineDropped((line) => this.#dropped(line.message));
    // A socket read's lines are handled as soon as they are all read (see `flush()`).
    this.#client.onReadEnd(() => this.#readEnd());
    const certificate = sasl?.certificate ?? o.tlsOptions?.certificate;
    const timeout = o.registrationTimeout ?? 30_000;
    this.#timeout = setTimeout(() => {
      this.#timeout = undefined;
      this.#fail(
        new IrcConnectError(
          "timeout",
          `Cannot connect to ${o.host}:${o.port}: registration timed out, got ${timeout} ms`,
        ),
      );
    }, timeout);
    const pingTimeout = Math.max(1, Math.round((o.pingTimeout ?? 120_000) / 1000));
    this.#client.connect({
      host: o.host,
      port: o.port,
      tls: o.tls,
      rejectUnauthorized: o.tlsOptions?.rejectUnauthorized ?? true,
      nick: o.nick,
      username: o.username ?? o.nick,
      gecos: o.realname ?? o.nick,
      password: o.password,
      // An account object without credentials stops irc-framework from reusing PASS for SASL.
      account: sasl && sasl.mechanism !== "EXTERNAL"
        ? { account: sasl.account, password: sasl.password ?? "" }
        : {},
      sasl_mechanism: sasl?.mechanism,
      sasl_disconnect_on_fail: sasl !== undefined && (sasl.required ?? true),
      client_certificate: certificate
        ? { private_key: certificate.privateKey, certificate: certificate.certificate }
        : undefined,
      ca: o.tlsOptions?.ca,
      auto_reconnect: false,
      ping_interval: Math.max(1, Math.round(pingTimeout / 4)),
      ping_timeout: pingTimeout,
      enable_chghost: true,
      enable_setname: true,
      version: null,
      extraCaps: [
        "draft/chathistory",
        "chathistory",
        MULTILINE_CAP,
        LABELED_RESPONSE_CAP,
        "draft/no-implicit-names",
        "no-implicit-names",
        "standard-replies",
        ECHO_CAP,
        READ_MARKER_CAP,
        REDACTION_CAP,
      ],
    });
  }

  /** Sends a user line through the flood limit; a `RangeError` when too many are waiting. */
  sendUser(line: string, onSent?: () => void): void {
    this.reserve("send", 1);
    this.#userQueue.push(line, undefined, onSent);
  }

  /** Throws a `RangeError` naming `action` unless `count` more user lines may be queued. */
  reserve(action: string, count: number): void {
    if (this.#userQueue.room < count) {
      throw new RangeError(
        `Cannot ${action}: ${
          MAX_USER_LINES - this.#userQueue.room
        } lines are already waiting to be sent (at most ${MAX_USER_LINES}), got ${count} more`,
      );
    }
  }

  /**
   * Tells `target` our typing state (`+typing` on a TAGMSG), paced by the spec; a server
   * without `message-tags` is told nothing. Best effort: dropped rather than queued behind
   * a full queue. True when a line was queued.
   */
  typing(target: string, state: TypingState): boolean {
    if (!this.#ctx.established || !this.#ctx.caps.has("message-tags")) return false;
    if (this.#userQueue.room < 1) return false;
    const send = this.#typing.next(this.#ctx.server.fold(target), state);
    if (send === undefined) return false;
    this.#userQueue.push(
      formatLine({ tags: { [TYPING_TAG]: send }, command: "TAGMSG", params: [target] }),
    );
    return true;
  }

  /** Whether the server takes client tags (`message-tags`): replies, typing, reactions. */
  get clientTags(): boolean {
    return this.#ctx.caps.has("message-tags");
  }

  /**
   * Reacts to the message `msgid` in `target` (or takes it back): a TAGMSG with
   * `+draft/react` (`+draft/unreact`) and `+draft/reply`, then `message.reacted` for us, in
   * order with incoming lines. Nothing is sent without `message-tags`; false then.
   */
  react(target: string, msgid: string, reaction: string, remove: boolean): boolean {
    if (!this.clientTags) return false;
    const tags = { [remove ? UNREACT_TAG : REACT_TAG]: reaction, [REPLY_TAG]: msgid };
    this.sendUser(formatLine({ tags, command: "TAGMSG", params: [target] }), () => {
      const isChannel = this.#ctx.server.isChannel(target);
      this.#worker.push(() =>
        this.#ctx.emit("message.reacted", {
          networkId: this.#networkId,
          channel: isChannel ? target : "",
          user: this.#ctx.nick,
          ...(isChannel ? {} : { peer: target }),
          replyTo: msgid,
          reaction,
          removed: remove,
        })
      );
    });
    return true;
  }

  /**
   * The server's multiline limits, when it acknowledged `draft/multiline` (with `batch` and
   * `message-tags`) and usable limits.
   */
  get multiline(): MultilineLimits | undefined {
    // A batch's lines carry tags: the spec wants `batch` and `message-tags` beside it.
    const caps = this.#ctx.caps;
    if (!caps.has(MULTILINE_CAP) || !caps.has("batch") || !caps.has("message-tags")) {
      return undefined;
    }
    return multilineLimits(this.#ctx.available.get(MULTILINE_CAP));
  }

  /** A new batch reference tag, unique on this connection. */
  nextBatchRef(): string {
    return `ml${++this.#batchRefs}`;
  }

  /** Whether the server acknowledged capability `cap`. */
  supports(cap: string): boolean {
    return this.#ctx.caps.has(cap);
  }

  /** The server's CASEMAPPING (`rfc1459` until it says otherwise). */
  get casemapping(): string {
    return this.#ctx.server.casemapping;
  }

  /** The channels we are in, with topics and members (prefix and nick), in join order. */
  channels(): ChannelMembers[] {
    return this.#ctx.channels.members.channels();
  }

  /** A message to `target` is queued: it ends our typing there, with no `done` needed. */
  typingEnded(target: string): void {
    this.#typing.sent(this.#ctx.server.fold(target));
  }

  /**
   * Whether our messages come back from the server (`echo-message`): `message.sent` then
   * follows the echo, with the server's msgid and time, instead of the send.
   */
  get echoes(): boolean {
    return this.#ctx.caps.has(ECHO_CAP);
  }

  /**
   * Emits `message.sent` in order with incoming lines; `kind` for a `/me` action, `replyTo`
   * for a reply sent with its tag.
   */
  recordSent(target: string, text: string, kind?: "action", replyTo?: string): void {
    const isChannel = this.#ctx.server.isChannel(target);
    this.#worker.push(() =>
      this.#ctx.emit("message.sent", {
        networkId: this.#networkId,
        channel: isChannel ? target : "",
        message: text,
        ...(isChannel ? {} : { target }),
        ...(kind ? { kind } : {}),
        ...(replyTo !== undefined ? { replyTo } : {}),
      })
    );
  }

  /** Sends WHOIS and resolves with the parsed reply. */
  whois(nick: string, timeoutMs: number): Promise<WhoisInfo> {
    // Queued first: a full queue refuses before a waiter is left behind (the reply comes later).
    this.reserve("whois", 1);
    const ctx = this.#ctx;
    const key = ctx.server.fold(nick);
    if (!ctx.caps.has(LABELED_RESPONSE_CAP)) {
      this.#userQueue.push(`WHOIS ${nick}`);
      return ctx.whoisRequests.wait(key, nick, timeoutMs);
    }
    // Labeled, the answer's end is known: one that held no WHOIS reply (an ACK, a FAIL)
    // fails this wait at once rather than at its timeout. Only this one: a later WHOIS of
    // the same nick, sent once this one's 318 resolved it, waits for its own answer.
    let mine: WhoisWaiter | undefined;
    const label = ctx.labels.issue(() => {
      if (!mine) return;
      const error = new Error(`Cannot get WHOIS: the server's answer held no reply, got ${nick}`);
      ctx.whoisRequests.fail(key, mine, error);
    });
    this.#userQueue.push(formatLine({ tags: { label }, command: "WHOIS", params: [nick] }));
    return ctx.whoisRequests.wait(key, nick, timeoutMs, (waiter) => (mine = waiter));
  }

  /** Sends LIST (with its filter) and resolves with the channels listed. */
  listChannels(filter: string | undefined, timeoutMs: number): Promise<ChannelListing> {
    const busy = this.#ctx.channelList.busy;
    if (!busy) this.reserve("list channels", 1);
    const result = this.#ctx.channelList.wait(timeoutMs);
    if (!busy) this.#userQueue.push(filter ? `LIST ${filter}` : "LIST");
    return result;
  }

  /** Sends QUIT, waits for the close (forcing it after `graceMs`) and for the worker. */
  async close(reason: string, graceMs = 2000): Promise<SessionEnd> {
    if (!this.#closed && this.#facts.requestedReason === undefined) {
      this.#facts.quitting = true;
      this.#facts.requestedReason = `Disconnected: ${reason}`;
      this.#followUps.close();
      this.#userQueue.close();
      this.#client.quit(reason);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const forced = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          this.#client.destroy();
          resolve();
        }, graceMs);
      });
      await Promise.race([this.#closedPromise, forced]);
      clearTimeout(timer);
      if (!this.#closed) {
        // The transport did not report the close: finish as if it had.
        this.#onSocketClose(undefined);
      }
    }
    return await this.#finished;
  }

  /** A bug in the worker: attributed, published, and the worker goes on with the next line. */
  #internalError(error: unknown): void {
    const text = `Cannot process an IRC line: ${errorMessage(error)}`;
    console.error(`IRC worker failed (network ${this.#networkId}):`, error);
    this.#bus.emit(
      createEvent("error", { networkId: this.#networkId, error: text, type: "internal" }, "irc"),
    )
      .catch(() => {});
  }

  // ---------------------------------------------------------------- read path

  /**
   * Resets the ping timeout for lines kept from irc-framework, once per socket read: it
   * hands over a read's lines in one synchronous loop, and each reset costs a timer.
   */
  #keepAlive(): void {
    if (this.#keepAliveQueued) return;
    this.#keepAliveQueued = true;
    queueMicrotask(() => {
      this.#keepAliveQueued = false;
      if (!this.#closed) this.#client.keepAlive();
    });
  }

  #read(message: RawMessage, next: FrameworkDispatch): void {
    if (this.#closed) return;
    const command = message.command;
    this.#registration.read(message);
    const scram = this.#registration.scram;
    if (command === "AUTHENTICATE" && scram) {
      this.#worker.push(message);
      scram.step(message.params[0] ?? "");
      return;
    }
    this.#enqueue(message);
    if (command === "ERROR") {
      // The server ends the link: end it now, even if it leaves the socket open.
      this.#client.destroy();
      return;
    }
    if (SKIP_FRAMEWORK.has(command) || message.tags.batch !== undefined) {
      this.#keepAlive();
      return;
    }
    try {
      next.dispatch(message);
    } catch (error) {
      // irc-framework throws on some malformed lines (e.g. a 353 without its parameters).
      // The line was already queued for our worker, which copes; report it, keep reading.
      const text = `Cannot handle a line from the server: ${errorMessage(error)}, got ${
        JSON.stringify([command, ...message.params].join(" ").slice(0, 200))
      }`;
      this.#worker.push(() =>
        this.#ctx.emit("error", { networkId: this.#networkId, error: text, type: "malformed" })
      );
    }
  }

  /** Queues a read line for the worker. */
  #enqueue(item: Item): void {
    this.#worker.push(item);
  }

  /**
   * A socket read's lines are all queued: the worker handles them now, and reading stops while
   * the worker is behind.
   */
  #readEnd(): void {
    this.#worker.flush();
    // A worker behind (a slow subscriber, a full bus) stops the reading, so that what a
    // flooding server sends waits in the kernel, not in our memory.
    this.#readGate.afterRead(this.#worker.backlog);
  }

  /** An overlong line was dropped: reported in its place among the lines, reading goes on. */
  #dropped(error: string): void {
    if (this.#closed) return;
    this.#enqueue(() =>
      this.#ctx.emit("error", { networkId: this.#networkId, error, type: "malformed" })
    );
    this.#keepAlive();
  }

  #write(line: string): void {
    if (this.#closed) return;
    this.#client.write(line);
  }

  #onSocketClose(error: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#readGate.close();
    this.#facts.socketError = error;
    this.#followUps.close();
    this.#userQueue.close();
    this.#regain.stop();
    this.#ctx.history.close();
    this.#ctx.labels.clear();
    this.#offBufferRead?.();
    if (this.#timeout !== undefined) clearTimeout(this.#timeout);
    this.#timeout = undefined;
    this.#client.removeAllListeners();
    this.#resolveClosed();
    this.#worker.push(() => this.#finish());
  }

  async #finish(): Promise<void> {
    const ctx = this.#ctx;
    const reason = lostReason(this.#facts);
    const established = ctx.established;
    if (!established) {
      this.#fail(connectError(this.#facts, {
        options: this.#options,
        registered: ctx.registered,
        reason,
      }));
    }
    ctx.whoisRequests.rejectAll(`Cannot get WHOIS: ${reason}`);
    ctx.channelList.rejectAll(`Cannot list channels: ${reason}`);
    const requested = this.#facts.requestedReason !== undefined;
    this.#hooks.onLost({ reason, established, requested });
    if (established) {
      if (ctx.channels.size > 0) {
        ctx.channels.clear();
        await ctx.emit("channels.changed", { networkId: this.#networkId, channels: [] });
      }
    }
    // The connection's last event; the context emits nothing after it.
    if (established) await ctx.lose(reason);
    this.#resolveFinished({ reason, established, requested });
  }

  /** Rejects connect() and closes the link; connection.lost is not emitted (never established). */
  #fail(error: IrcConnectError): void {
    const ready = this.#ready;
    if (!ready) return;
    this.#ready = undefined;
    ready.reject(error);
    if (this.#timeout !== undefined) clearTimeout(this.#timeout);
    this.#timeout = undefined;
    if (!this.#closed) {
      this.#facts.quitting = true;
      this.#facts.wireError ??= error.message;
      this.#client.quit("Registration failed");
      // Force the close if the server does not answer the QUIT.
      const t = setTimeout(() => this.#client.destroy(), 1000);
      this.#closedPromise.then(() => clearTimeout(t));
    }
  }

  async #establish(): Promise<void> {
    const ctx = this.#ctx;
    if (ctx.established || !ctx.registered || !this.#ready) return;
    ctx.established = true;
    if (this.#timeout !== undefined) clearTimeout(this.#timeout);
    this.#timeout = undefined;
    await ctx.emit("connection.established", {
      networkId: this.#networkId,
      address: this.#options.host,
      port: this.#options.port,
    });
    this.#regain.start(ctx.nick, ctx.server.monitor);
    if (!this.#closed) {
      // What the user (or a plugin) read here goes to the server; what the server reports
      // (source "irc") came from it.
      this.#offBufferRead = this.#bus.subscribe("buffer.read", ({ data, source }) => {
        if (source === "irc" || data.networkId !== this.#networkId || this.#closed) return;
        sendReadMarker(ctx, this.#userQueue, data);
      });
    }
    const ready = this.#ready;
    this.#ready = undefined;
    ready?.resolve();
  }
}

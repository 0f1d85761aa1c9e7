/**
 * One IRC connection: the read path (protocol-critical work only) and the worker that turns
 * each line, in wire order, into bus events.
 *
 * A session lives from one socket open to its close. The `IrcClient` makes a fresh one per
 * (re)connect, so nothing from an abandoned socket can reach the bus.
 *
 * @module
 */
import { createEvent, type EventBus, type EventMap, type WhoisInfo } from "../bus/mod.ts";
import { casefold } from "./casemapping.ts";
import { IrcConnectError } from "./errors.ts";
import { createFrameworkClient, type FrameworkClient, type RawMessage } from "./_framework.ts";
import { PacedQueue } from "./_paced_queue.ts";
import { ScramAuthenticator } from "./_sasl_scram.ts";
import type { IrcClientOptions } from "./types.ts";
import { SerialWorker } from "./_worker.ts";
import { BatchTracker } from "./_batches.ts";
import { WHOIS_NUMERICS, WhoisCollector } from "./_whois.ts";
import { type UserMeta, type UserMetaPatch, UserMetaStore } from "./_user_meta.ts";

type Meta = UserMeta;
type Task = () => void | Promise<void>;
type Item = RawMessage | Task;

interface ChannelState {
  name: string;
  users: Set<string>;
  pendingNames: string[] | undefined;
  enriched: boolean;
}

interface WhoisWaiter {
  resolve: (info: WhoisInfo) => void;
  reject: (error: Error) => void;
}

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
}

/** Why a session ended, for `connection.lost`. */
export interface SessionEnd {
  reason: string;
  established: boolean;
  requested: boolean;
}

const DEBUG = false;
const WHOX_TOKEN = "152";
const JOIN_ERRORS = new Set(["403", "405", "471", "473", "474", "475", "476", "477"]);
const TARGET_ERRORS = new Set(["401", "437", "442", "482"]);
/** Lines irc-framework has no use for: we handle them, and skipping them saves its work. */
const SKIP_FRAMEWORK = new Set(["PRIVMSG", "NOTICE", "TAGMSG", "BATCH"]);
const SEEN_PER_CONVERSATION = 2000;

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

  // Read path state.
  #registeredOnWire = false;
  #nickAttempt = 0;
  #scram: ScramAuthenticator | undefined;
  #quitting = false;
  #closed = false;
  #socketError: Error | undefined;
  #wireError: string | undefined;
  #pingTimedOut = false;
  #closedPromise: Promise<void>;
  #resolveClosed!: () => void;

  // Worker state.
  #nick: string;
  #casemapping = "rfc1459";
  #chantypes = "#&";
  #statusmsg = "";
  #prefixes = "~&@%+";
  #whox = false;
  #caps = new Set<string>();
  #available = new Map<string, string>();
  #established = false;
  #registered = false;
  #saslActive = false;
  #saslDone = false;
  #channels = new Map<string, ChannelState>();
  #meta: UserMetaStore;
  #batches = new BatchTracker();
  #seen = new Map<string, Set<string>>();
  #whois = new WhoisCollector();
  #whoisWaiters = new Map<string, WhoisWaiter[]>();
  #ready: { resolve: () => void; reject: (error: Error) => void } | undefined;
  #readyPromise: Promise<void>;
  #timeout: ReturnType<typeof setTimeout> | undefined;
  #ended: SessionEnd | undefined;
  #finished: Promise<SessionEnd>;
  #resolveFinished!: (end: SessionEnd) => void;

  constructor(bus: EventBus, options: IrcClientOptions, hooks: SessionHooks) {
    this.#bus = bus;
    this.#options = options;
    this.#networkId = options.networkId;
    this.#hooks = hooks;
    this.#nick = options.nick;
    this.#meta = new UserMetaStore(options.networkId);
    this.#client = createFrameworkClient();
    this.#worker = new SerialWorker<Item>(
      (item) => typeof item === "function" ? item() : this.#handle(item),
      (error) => this.#internalError(error),
    );
    this.#followUps = new PacedQueue((line) => this.#write(line), {
      interval: options.followUpInterval ?? 1000,
    });
    const rate = options.messageRate ?? { burst: 5, interval: 1000 };
    this.#userQueue = new PacedQueue((line) => this.#write(line), rate);
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

  /** Our current nickname as the worker knows it. */
  get nick(): string {
    return this.#nick;
  }

  /** Whether registration completed and the socket is open. */
  get established(): boolean {
    return this.#established && !this.#closed;
  }

  /** Opens the socket and starts registration. */
  start(): void {
    const o = this.#options;
    const sasl = o.sasl;
    this.#client.useRaw((message, next) => this.#read(message, next));
    this.#client.onClose((error) => this.#onSocketClose(error));
    this.#client.onOpen(() => {
      this.#opened = true;
    });
    this.#client.onPingTimeout(() => {
      this.#pingTimedOut = true;
    });
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
      auto_reconnect: false,
      ping_interval: Math.max(1, Math.round(pingTimeout / 4)),
      ping_timeout: pingTimeout,
      enable_chghost: true,
      enable_setname: true,
      version: null,
      extraCaps: [
        "draft/chathistory",
        "chathistory",
        "draft/multiline",
        "draft/no-implicit-names",
        "no-implicit-names",
        "standard-replies",
      ],
    });
  }

  /** Sends a user line through the flood limit. */
  sendUser(line: string, onSent?: () => void): void {
    this.#userQueue.push(line, undefined, onSent);
  }

  /** Emits `message.sent` in order with incoming lines. */
  recordSent(target: string, text: string): void {
    const isChannel = this.#isChannel(target);
    this.#worker.push(() =>
      this.#emit("message.sent", {
        networkId: this.#networkId,
        channel: isChannel ? target : "",
        message: text,
        ...(isChannel ? {} : { target }),
      })
    );
  }

  /** Sends WHOIS and resolves with the parsed reply. */
  whois(nick: string, timeoutMs: number): Promise<WhoisInfo> {
    return new Promise((resolve, reject) => {
      const key = this.#fold(nick);
      let timer: ReturnType<typeof setTimeout> | undefined = undefined;
      const waiter: WhoisWaiter = {
        resolve: (info) => {
          clearTimeout(timer);
          resolve(info);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      timer = setTimeout(() => {
        const list = this.#whoisWaiters.get(key);
        if (list) list.splice(list.indexOf(waiter), 1);
        reject(new Error(`Cannot get WHOIS: no reply in time, got ${nick}`));
      }, timeoutMs);
      const list = this.#whoisWaiters.get(key) ?? [];
      list.push(waiter);
      this.#whoisWaiters.set(key, list);
      this.#userQueue.push(`WHOIS ${nick}`);
    });
  }

  /** Sends QUIT, waits for the close (forcing it after `graceMs`) and for the worker. */
  async close(reason: string, graceMs = 2000): Promise<SessionEnd> {
    if (!this.#closed && this.#requestedReason === undefined) {
      this.#quitting = true;
      this.#requestedReason = `Disconnected: ${reason}`;
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

  #requestedReason: string | undefined;

  /** A bug in the worker: attributed, published, and the worker goes on with the next line. */
  #internalError(error: unknown): void {
    const text = `Cannot process an IRC line: ${(error as Error)?.message ?? String(error)}`;
    console.error(`IRC worker failed (network ${this.#networkId}):`, error);
    this.#bus.emit(
      createEvent("error", { networkId: this.#networkId, error: text, type: "internal" }, "irc"),
    )
      .catch(() => {});
  }

  // ---------------------------------------------------------------- read path

  #read(message: RawMessage, next: () => void): void {
    if (DEBUG) console.error(`${this.#networkId} <<`, message.command, message.params.join(" | "));
    if (this.#closed) return;
    const command = message.command;
    if (!this.#registeredOnWire) this.#readRegistration(message);
    if (command === "AUTHENTICATE" && this.#scram) {
      this.#worker.push(message);
      this.#scram.step(message.params[0] ?? "");
      return;
    }
    this.#worker.push(message);
    if (SKIP_FRAMEWORK.has(command) || message.tags.batch !== undefined) {
      this.#client.keepAlive();
      return;
    }
    try {
      next();
    } catch (error) {
      // irc-framework throws on some malformed lines (e.g. a 353 without its parameters).
      // The line was already queued for our worker, which copes; report it, keep reading.
      const text = `Cannot handle a line from the server: ${
        (error as Error)?.message ?? String(error)
      }, got ${JSON.stringify([command, ...message.params].join(" ").slice(0, 200))}`;
      this.#worker.push(() =>
        this.#emit("error", { networkId: this.#networkId, error: text, type: "malformed" })
      );
    }
  }

  /** Protocol-critical registration work: nick fallback and starting SCRAM. */
  #readRegistration(message: RawMessage): void {
    switch (message.command) {
      case "001":
        this.#registeredOnWire = true;
        break;
      case "432":
      case "433":
      case "437": {
        const nick = this.#nextNick();
        this.#write(`NICK ${nick}`);
        break;
      }
      case "CAP": {
        const sasl = this.#options.sasl;
        if (sasl?.mechanism === "SCRAM-SHA-256" && message.params[1] === "ACK") {
          const acked = (message.params.at(-1) ?? "").split(" ");
          if (acked.includes("sasl")) {
            this.#scram = new ScramAuthenticator(sasl.account, sasl.password ?? "", {
              write: (line) => this.#write(line),
              fail: (reason) => this.#worker.push(() => this.#saslFailed(reason, "SCRAM")),
            });
          }
        }
        break;
      }
      case "464":
        this.#wireError = message.params.at(-1) ?? "Password incorrect";
        break;
    }
  }

  #nextNick(): string {
    const o = this.#options;
    const candidates = [...(o.altNicks ?? [])];
    const i = this.#nickAttempt++;
    if (i < candidates.length) return candidates[i];
    const n = i - candidates.length;
    return n === 0 ? `${o.nick}_` : `${o.nick}_${n + 1}`;
  }

  #write(line: string): void {
    if (DEBUG) console.error(`${this.#networkId} >>`, line);
    if (this.#closed) return;
    this.#client.write(line);
  }

  #onSocketClose(error: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#socketError = error;
    this.#followUps.close();
    this.#userQueue.close();
    if (this.#timeout !== undefined) clearTimeout(this.#timeout);
    this.#timeout = undefined;
    this.#client.removeAllListeners();
    this.#resolveClosed();
    this.#worker.push(() => this.#finish());
  }

  #lostReason(): string {
    if (this.#requestedReason !== undefined) return this.#requestedReason;
    if (this.#wireError !== undefined) return this.#wireError;
    if (this.#pingTimedOut) return "Ping timeout: the server stopped answering";
    const e = this.#socketError as (Error & { code?: string }) | undefined;
    if (e) return e.code ? `${e.message} (${e.code})` : e.message;
    return "Connection closed by the server";
  }

  async #finish(): Promise<void> {
    const reason = this.#lostReason();
    const established = this.#established;
    if (!established) this.#rejectReady(reason);
    for (const [, waiters] of this.#whoisWaiters) {
      for (const w of waiters) w.reject(new Error(`Cannot get WHOIS: ${reason}`));
    }
    this.#whoisWaiters.clear();
    this.#hooks.onLost({ reason, established, requested: this.#requestedReason !== undefined });
    if (established) {
      await this.#emit("connection.lost", { networkId: this.#networkId, error: reason });
      if (this.#channels.size > 0) {
        this.#channels.clear();
        await this.#emit("channels.changed", { networkId: this.#networkId, channels: [] });
      }
    }
    this.#ended = { reason, established, requested: this.#requestedReason !== undefined };
    this.#resolveFinished(this.#ended);
  }

  #rejectReady(reason: string): void {
    const o = this.#options;
    const where = `${o.host}:${o.port}`;
    const e = this.#socketError as (Error & { code?: string }) | undefined;
    let error: IrcConnectError;
    if (this.#requestedReason !== undefined) {
      error = new IrcConnectError("aborted", `Cannot connect to ${where}: ${reason}`);
    } else if (this.#wireError !== undefined && this.#wirePassword) {
      error = new IrcConnectError(
        "password",
        `Cannot connect to ${where}: the server refused the password, got ${this.#wireError}`,
      );
    } else if (this.#wireError !== undefined && o.password !== undefined && !this.#registered) {
      // Some servers (InspIRCd) answer a wrong connect-class password with a plain ERROR.
      error = new IrcConnectError(
        "password",
        `Cannot connect to ${where}: the server refused the connection before registration, likely the server password, got ${this.#wireError}`,
      );
    } else if (e && (e.code === "ECONNREFUSED" || /refused/i.test(e.message))) {
      error = new IrcConnectError(
        "refused",
        `Cannot connect to ${where}: connection refused, got ${e.message}`,
        { cause: e },
      );
    } else if (e && o.tls && !this.#opened) {
      error = new IrcConnectError(
        "tls",
        `Cannot connect to ${where}: TLS failed, got ${e.message}`,
        {
          cause: e,
        },
      );
    } else if (e && !this.#opened) {
      error = new IrcConnectError("refused", `Cannot connect to ${where}: ${e.message}`, {
        cause: e,
      });
    } else if (o.tls && !this.#opened) {
      error = new IrcConnectError(
        "tls",
        `Cannot connect to ${where}: the TLS handshake did not complete, got ${reason}`,
      );
    } else {
      error = new IrcConnectError(
        "closed",
        `Cannot connect to ${where}: the server closed the connection, got ${reason}`,
      );
    }
    this.#fail(error);
  }

  #wirePassword = false;
  #opened = false;

  /** Rejects connect() and closes the link; connection.lost is not emitted (never established). */
  #fail(error: IrcConnectError): void {
    const ready = this.#ready;
    if (!ready) return;
    this.#ready = undefined;
    ready.reject(error);
    if (this.#timeout !== undefined) clearTimeout(this.#timeout);
    this.#timeout = undefined;
    if (!this.#closed) {
      this.#quitting = true;
      this.#wireError ??= error.message;
      this.#client.quit("Registration failed");
      // Force the close if the server does not answer the QUIT.
      const t = setTimeout(() => this.#client.destroy(), 1000);
      this.#closedPromise.then(() => clearTimeout(t));
    }
  }

  // ---------------------------------------------------------------- worker

  #emit<T extends keyof EventMap>(
    type: T,
    data: EventMap[T],
    time?: Date,
  ): Promise<void> {
    return this.#bus.emit(createEvent(type, data, "irc", time ?? new Date())).catch((error) => {
      if ((error as Error)?.name !== "BusClosedError") throw error;
    });
  }

  #fold(name: string): string {
    return casefold(name, this.#casemapping);
  }

  #isChannel(target: string): boolean {
    return target !== "" && this.#chantypes.includes(target[0]);
  }

  #time(message: RawMessage): Date {
    const t = message.tags.time;
    if (t !== undefined) {
      const ms = Date.parse(t);
      if (!Number.isNaN(ms)) return new Date(ms);
    }
    return new Date();
  }

  #isMe(nick: string): boolean {
    return nick !== "" && this.#fold(nick) === this.#fold(this.#nick);
  }

  #handle(message: RawMessage): void | Promise<void> {
    if (message.command === "BATCH") {
      const combined = this.#batches.batchLine(message);
      if (combined) return this.#message(combined.message, combined.history);
      return;
    }
    const batch = this.#batches.of(message);
    if (batch) {
      if (this.#batches.collect(batch, message)) return;
      if (batch.history) {
        if (message.command === "PRIVMSG" || message.command === "NOTICE") {
          return this.#message(message, true);
        }
        // Replayed joins and parts must not touch the live roster.
        return;
      }
    }
    return this.#dispatch(message);
  }

  #dispatch(m: RawMessage): void | Promise<void> {
    const p = m.params;
    const id = this.#networkId;
    switch (m.command) {
      case "PRIVMSG":
      case "NOTICE":
        return this.#message(m, false);
      case "JOIN":
        return this.#join(m);
      case "PART": {
        const channel = p[0] ?? "";
        const time = this.#time(m);
        this.#touch(m);
        if (this.#isMe(m.nick)) return this.#selfLeave(channel, time, "user.parted", m);
        this.#channels.get(this.#fold(channel))?.users.delete(this.#fold(m.nick));
        return this.#emit("user.parted", {
          networkId: id,
          channel,
          user: m.nick,
          nickname: m.nick,
          ...(p[1] !== undefined ? { reason: p[1] } : {}),
        }, time);
      }
      case "KICK": {
        const [channel = "", kicked = ""] = p;
        const time = this.#time(m);
        const data = {
          networkId: id,
          channel,
          user: kicked,
          nickname: kicked,
          kicker: m.nick || m.prefix,
          reason: p[2] ?? "",
        };
        if (this.#isMe(kicked)) {
          return this.#selfLeave(channel, time, "user.kicked", m, data);
        }
        this.#channels.get(this.#fold(channel))?.users.delete(this.#fold(kicked));
        return this.#emit("user.kicked", data, time);
      }
      case "QUIT": {
        const key = this.#fold(m.nick);
        for (const channel of this.#channels.values()) channel.users.delete(key);
        this.#meta.delete(key);
        return this.#emit("user.quit", {
          networkId: id,
          user: m.nick,
          nickname: m.nick,
          reason: p[0] ?? "",
        }, this.#time(m));
      }
      case "NICK":
        return this.#nickChange(m);
      case "TOPIC":
        this.#touch(m);
        return this.#emit("channel.topic", {
          networkId: id,
          channel: p[0] ?? "",
          topic: p[1] ?? "",
          setter: m.nick || m.prefix,
        }, this.#time(m));
      case "332":
        return this.#emit("channel.topic", {
          networkId: id,
          channel: p[1] ?? "",
          topic: p[2] ?? "",
        }, this.#time(m));
      case "MODE": {
        const target = p[0] ?? "";
        if (!this.#isChannel(target)) return;
        return this.#emit("channel.mode", {
          networkId: id,
          channel: target,
          modes: p.slice(1).join(" "),
          setter: m.nick || m.prefix,
        }, this.#time(m));
      }
      case "324":
        return this.#emit("channel.mode", {
          networkId: id,
          channel: p[1] ?? "",
          modes: p.slice(2).join(" "),
        }, this.#time(m));
      case "353":
        return this.#names(m);
      case "366":
        return this.#namesEnd(m);
      case "AWAY":
        this.#updateMeta(m.nick, { away: p[0] !== undefined, away_message: p[0] }, m);
        return;
      case "ACCOUNT":
        this.#updateMeta(m.nick, { account: p[0] === "*" ? undefined : p[0] }, m);
        return;
      case "CHGHOST":
        this.#updateMeta(m.nick, { host: `${p[0]}@${p[1]}` }, m, true);
        return;
      case "SETNAME":
        this.#updateMeta(m.nick, { realname: p[0] ?? "" }, m);
        return;
      case "301": {
        const nick = p[1] ?? "";
        this.#updateMeta(nick, { away: true, away_message: p[2] ?? "" });
        this.#whois.away(this.#fold(nick), p[2] ?? "");
        return;
      }
      case "305":
        this.#updateMeta(this.#nick, { away: false, away_message: undefined });
        return;
      case "306":
        this.#updateMeta(this.#nick, { away: true });
        return;
      case "352": {
        // <me> <channel> <user> <host> <server> <nick> <flags> :<hops> <realname>
        const trailing = p[7] ?? "";
        const space = trailing.indexOf(" ");
        this.#updateMeta(p[5] ?? "", {
          host: `${p[2]}@${p[3]}`,
          away: (p[6] ?? "").includes("G"),
          realname: space === -1 ? "" : trailing.slice(space + 1),
        });
        return;
      }
      case "354": {
        // WHOX reply to %tcuhnfar: <me> <token> <channel> <user> <host> <nick> <flags> <account> :<realname>
        if (p[1] !== WHOX_TOKEN || p.length < 9) return;
        const account = p[7];
        this.#updateMeta(p[5], {
          host: `${p[3]}@${p[4]}`,
          away: p[6].includes("G"),
          account: account === "0" || account === "*" ? undefined : account,
          realname: p[8],
        });
        return;
      }
      case "CAP":
        return this.#cap(m);
      case "900": {
        this.#updateMeta(p[0] ?? this.#nick, { account: p[2] });
        if (this.#saslActive) return this.#saslSuccess();
        return;
      }
      case "901":
        // After registration this is a logout, never a SASL failure.
        this.#updateMeta(p[0] ?? this.#nick, { account: undefined });
        return;
      case "903":
        return this.#saslSuccess();
      case "902":
      case "904":
      case "905":
        if (this.#scram?.failed && m.command === "904") return;
        return this.#saslFailed(p.at(-1) ?? "SASL authentication failed", m.command);
      case "906":
        if (this.#scram?.failed) return;
        this.#saslActive = false;
        return this.#emit("sasl.aborted", { networkId: id }, this.#time(m));
      case "001":
        this.#registered = true;
        this.#nick = p[0] ?? this.#nick;
        this.#hooks.onNick(this.#nick);
        return;
      case "005":
        return this.#isupport(m);
      case "376":
      case "422":
        return this.#establish();
      case "464":
        this.#wirePassword = true;
        this.#wireError = p.at(-1) ?? "Password incorrect";
        return this.#emit("error", { networkId: id, error: this.#wireError, type: "464" });
      case "433":
        if (!this.#registered) return;
        return this.#emit("error", {
          networkId: id,
          error: `${p[1] ?? ""}: ${p.at(-1) ?? ""}`,
          type: "433",
        }, this.#time(m));
      case "ERROR": {
        const text = p[0] ?? "Closing link";
        this.#wireError ??= text;
        if (this.#quitting) return;
        return this.#emit("error", { networkId: id, error: text, type: "ERROR" }, this.#time(m));
      }
      case "FAIL": {
        const [command = "", code = ""] = p;
        const description = p.length > 2 ? p.at(-1)! : "";
        const context = p.slice(2, -1);
        return this.#emit("error", {
          networkId: id,
          error: `${command} ${code}${
            context.length ? ` ${context.join(" ")}` : ""
          }: ${description}`,
          type: "FAIL",
        }, this.#time(m));
      }
      default:
        if (WHOIS_NUMERICS.has(m.command)) return this.#whoisLine(m);
        if (JOIN_ERRORS.has(m.command) || TARGET_ERRORS.has(m.command)) {
          if (m.command === "401") {
            const key = this.#fold(p[1] ?? "");
            const waiters = this.#whoisWaiters.get(key);
            if (waiters) {
              this.#whoisWaiters.delete(key);
              this.#whois.drop(key);
              for (const w of waiters) {
                w.reject(new Error(`Cannot get WHOIS: no such nick, got ${p[1]}`));
              }
            }
          }
          return this.#emit("error", {
            networkId: id,
            error: `${p[1] ?? ""}: ${p.at(-1) ?? ""}`,
            type: m.command,
          }, this.#time(m));
        }
    }
  }

  #message(m: RawMessage, history: boolean): void | Promise<void> {
    const rawTarget = m.params[0] ?? "";
    const text = m.params[1] ?? "";
    if (m.nick === "") return; // from a server, not a user
    let target = rawTarget;
    while (target.length > 1 && this.#statusmsg.includes(target[0])) target = target.slice(1);
    const isChannel = this.#isChannel(target);
    const me = this.#isMe(m.nick);
    const peer = isChannel ? undefined : (me ? target : m.nick);
    const msgid = m.tags.msgid;
    if (msgid !== undefined) {
      const conversation = this.#fold(isChannel ? target : peer!);
      let seen = this.#seen.get(conversation);
      if (!seen) this.#seen.set(conversation, seen = new Set());
      if (seen.has(msgid)) return;
      seen.add(msgid);
      if (seen.size > SEEN_PER_CONVERSATION) seen.delete(seen.values().next().value!);
    }
    if (!history) this.#touch(m);
    const time = this.#time(m);
    const data: EventMap["message.received"] = {
      networkId: this.#networkId,
      channel: isChannel ? target : "",
      user: m.nick || m.prefix,
      message: text,
      timestamp: Math.floor(time.getTime() / 1000),
    };
    if (msgid !== undefined) data.msgid = msgid;
    if (history) data.history = true;
    if (peer !== undefined) data.peer = peer;
    return this.#emit("message.received", data, time);
  }

  /** Updates meta from a line's prefix and account tag. */
  #touch(m: RawMessage): void {
    if (m.nick === "" || m.ident === "") return;
    const account = m.tags.account;
    const known = this.#meta.get(this.#fold(m.nick));
    const host = `${m.ident}@${m.hostname}`;
    if (known && known.host === host && (account === undefined || known.account === account)) {
      return;
    }
    this.#updateMeta(m.nick, account !== undefined ? { host, account } : { host });
  }

  #updateMeta(nick: string, patch: UserMetaPatch, m?: RawMessage, skipPrefix = false): void {
    if (nick === "") return;
    if (m && !skipPrefix && m.ident !== "") {
      const host = `${m.ident}@${m.hostname}`;
      if (!("host" in patch)) patch = { ...patch, host };
      if (m.tags.account !== undefined && !("account" in patch)) {
        patch = { ...patch, account: m.tags.account };
      }
    }
    const key = this.#fold(nick);
    const next = this.#meta.update(key, nick, patch);
    if (next) this.#publishMeta(key, next, m ? this.#time(m) : new Date());
  }

  #publishMeta(key: string, meta: Meta, time: Date): void {
    this.#bus.emitLatest(
      `user.meta:${this.#networkId}:${key}`,
      createEvent("user.meta", { ...meta }, "irc", time),
    );
  }

  #join(m: RawMessage): Promise<void> {
    const [channel = "", account, realname] = m.params;
    const time = this.#time(m);
    const patch: Partial<Meta> = {};
    if (account !== undefined && this.#caps.has("extended-join")) {
      patch.account = account === "*" ? undefined : account;
      if (realname !== undefined) patch.realname = realname;
    }
    this.#updateMeta(m.nick, patch, m);
    const key = this.#fold(channel);
    const data = { networkId: this.#networkId, channel, user: m.nick, nickname: m.nick };
    if (this.#isMe(m.nick)) {
      this.#channels.set(key, {
        name: channel,
        users: new Set([this.#fold(m.nick)]),
        pendingNames: undefined,
        enriched: false,
      });
      this.#hooks.onSelfJoin(channel);
      if (this.#caps.has("draft/no-implicit-names") || this.#caps.has("no-implicit-names")) {
        this.#followUps.push(`NAMES ${channel}`, `NAMES ${key}`);
      }
      return this.#emit("user.joined", data, time).then(() => this.#channelsChanged(time));
    }
    this.#channels.get(key)?.users.add(this.#fold(m.nick));
    return this.#emit("user.joined", data, time);
  }

  async #selfLeave<T extends "user.parted" | "user.kicked">(
    channel: string,
    time: Date,
    type: T,
    m: RawMessage,
    kicked?: EventMap["user.kicked"],
  ): Promise<void> {
    this.#channels.delete(this.#fold(channel));
    this.#hooks.onSelfLeave(channel);
    if (type === "user.kicked") {
      await this.#emit("user.kicked", kicked!, time);
    } else {
      await this.#emit("user.parted", {
        networkId: this.#networkId,
        channel,
        user: m.nick,
        nickname: m.nick,
        ...(m.params[1] !== undefined ? { reason: m.params[1] } : {}),
      }, time);
    }
    await this.#channelsChanged(time);
  }

  #channelsChanged(time: Date): Promise<void> {
    return this.#emit("channels.changed", {
      networkId: this.#networkId,
      channels: [...this.#channels.values()].map((c) => c.name),
    }, time);
  }

  #nickChange(m: RawMessage): Promise<void> {
    const oldNick = m.nick;
    const newNick = m.params[0] ?? "";
    const oldKey = this.#fold(oldNick);
    const newKey = this.#fold(newNick);
    for (const channel of this.#channels.values()) {
      if (channel.users.delete(oldKey)) channel.users.add(newKey);
    }
    const meta = this.#meta.rename(oldKey, newKey, newNick);
    if (this.#isMe(oldNick)) {
      this.#nick = newNick;
      this.#hooks.onNick(newNick);
    }
    const time = this.#time(m);
    const done = this.#emit("user.nick", {
      networkId: this.#networkId,
      old_nickname: oldNick,
      nickname: newNick,
    }, time);
    if (meta) this.#publishMeta(newKey, meta, time);
    return done;
  }

  #names(m: RawMessage): void {
    const channel = m.params[2] ?? "";
    const state = this.#channels.get(this.#fold(channel));
    const names = (m.params[3] ?? "").split(" ");
    const list = state ? (state.pendingNames ??= []) : undefined;
    const userhost = this.#caps.has("userhost-in-names");
    for (const entry of names) {
      if (entry === "") continue;
      let start = 0;
      while (start < entry.length && this.#prefixes.includes(entry[start])) start++;
      const bang = entry.indexOf("!", start);
      const nick = bang === -1 ? entry.slice(start) : entry.slice(start, bang);
      list?.push(nick);
      if (userhost && bang !== -1) this.#updateMeta(nick, { host: entry.slice(bang + 1) });
    }
  }

  #namesEnd(m: RawMessage): Promise<void> | void {
    const channel = m.params[1] ?? "";
    const key = this.#fold(channel);
    const state = this.#channels.get(key);
    const users = state?.pendingNames ?? [];
    if (state) {
      state.pendingNames = undefined;
      state.users = new Set(users.map((nick) => this.#fold(nick)));
    }
    const done = this.#emit("channel.names.complete", {
      networkId: this.#networkId,
      channel: state?.name ?? channel,
      users,
    }, this.#time(m));
    if (state && !state.enriched) {
      state.enriched = true;
      const name = state.name;
      this.#followUps.push(
        this.#whox ? `WHO ${name} %tcuhnfar,${WHOX_TOKEN}` : `WHO ${name}`,
        `WHO ${key}`,
      );
      const history = this.#caps.has("draft/chathistory") || this.#caps.has("chathistory");
      if (history) {
        this.#followUps.push(
          `CHATHISTORY LATEST ${name} * ${this.#options.historyLimit ?? 50}`,
          `CHATHISTORY ${key}`,
        );
      }
    }
    return done;
  }

  #whoisLine(m: RawMessage): void | Promise<void> {
    const p = m.params;
    const nick = p[1] ?? "";
    const key = this.#fold(nick);
    if (m.command === "311") {
      this.#updateMeta(nick, { host: `${p[2]}@${p[3]}`, realname: p.at(-1) ?? "" });
    } else if (m.command === "330") {
      this.#updateMeta(nick, { account: p[2] });
    }
    const info = this.#whois.line(key, m);
    if (!info) return;
    const waiters = this.#whoisWaiters.get(key);
    this.#whoisWaiters.delete(key);
    const done = this.#emit(
      "whois.received",
      { networkId: this.#networkId, whois: info },
      this.#time(m),
    );
    for (const waiter of waiters ?? []) waiter.resolve(structuredClone(info));
    return done;
  }

  #cap(m: RawMessage): void | Promise<void> {
    const sub = m.params[1] ?? "";
    const list = (m.params.at(-1) ?? "").split(" ").filter((c) => c !== "");
    const sasl = this.#options.sasl;
    if (sub === "LS" || sub === "NEW") {
      for (const cap of list) {
        const eq = cap.indexOf("=");
        this.#available.set(eq === -1 ? cap : cap.slice(0, eq), eq === -1 ? "" : cap.slice(eq + 1));
      }
      if (sub === "LS" && m.params[2] !== "*" && sasl && !this.#available.has("sasl")) {
        return this.#saslFailed("Cannot authenticate: the server does not offer SASL", "CAP");
      }
      return;
    }
    if (sub === "ACK") {
      for (const cap of list) {
        if (cap.startsWith("-")) this.#caps.delete(cap.slice(1));
        else this.#caps.add(cap);
      }
      if (list.includes("sasl") && sasl && !this.#registered) {
        const offered = this.#available.get("sasl") ?? "";
        const mechanisms = offered.toUpperCase().split(",");
        if (offered !== "" && !mechanisms.includes(sasl.mechanism)) {
          return this.#saslFailed(
            `Cannot authenticate: the server does not offer ${sasl.mechanism}, got ${offered}`,
            "CAP",
          );
        }
        this.#saslActive = true;
        return this.#emit("sasl.started", {
          networkId: this.#networkId,
          mechanism: sasl.mechanism,
        }, this.#time(m));
      }
      return;
    }
    if (sub === "DEL") {
      for (const cap of list) {
        this.#caps.delete(cap);
        this.#available.delete(cap);
      }
    }
  }

  async #saslSuccess(): Promise<void> {
    if (this.#saslDone) return;
    this.#saslDone = true;
    this.#saslActive = false;
    await this.#emit("sasl.success", { networkId: this.#networkId });
  }

  async #saslFailed(error: string, type: string): Promise<void> {
    if (this.#saslDone) return;
    this.#saslDone = true;
    this.#saslActive = false;
    await this.#emit("sasl.failed", { networkId: this.#networkId, error });
    const sasl = this.#options.sasl;
    if (sasl && (sasl.required ?? true) && !this.#established) {
      this.#fail(
        new IrcConnectError(
          "sasl",
          `Cannot connect to ${this.#options.host}:${this.#options.port}: SASL ${sasl.mechanism} failed (${type}), got ${error}`,
        ),
      );
    }
  }

  #isupport(m: RawMessage): void {
    for (const token of m.params.slice(1, -1)) {
      const eq = token.indexOf("=");
      const name = (eq === -1 ? token : token.slice(0, eq)).toUpperCase();
      const value = eq === -1 ? "" : token.slice(eq + 1);
      switch (name) {
        case "CASEMAPPING":
          this.#casemapping = value;
          break;
        case "CHANTYPES":
          this.#chantypes = value;
          break;
        case "STATUSMSG":
          this.#statusmsg = value;
          break;
        case "WHOX":
          this.#whox = true;
          break;
        case "PREFIX": {
          const close = value.indexOf(")");
          this.#prefixes = close === -1 ? "" : value.slice(close + 1);
          break;
        }
      }
    }
  }

  async #establish(): Promise<void> {
    if (this.#established || !this.#registered || !this.#ready) return;
    this.#established = true;
    if (this.#timeout !== undefined) clearTimeout(this.#timeout);
    this.#timeout = undefined;
    await this.#emit("connection.established", {
      networkId: this.#networkId,
      address: this.#options.host,
      port: this.#options.port,
    });
    const ready = this.#ready;
    this.#ready = undefined;
    ready?.resolve();
  }
}

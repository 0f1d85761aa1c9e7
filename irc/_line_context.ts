/**
 * The worker's state of one connection, shared by the line handlers that turn IRC commands
 * and numerics into bus events. Each handler is a plain function of this state and one line.
 *
 * The context is made of state objects only: it imports no handler file (the handlers import
 * it, and `_line_table.ts` gathers them), so `irc/` has no import circle through it.
 *
 * @module
 */
import {
  type AnyBusEvent,
  BusClosedError,
  type BusEvent,
  createEvent,
  type EventBus,
  type EventMap,
} from "../bus/mod.ts";
import type { MembershipEvent } from "../core/mod.ts";
import type { IrcConnectError } from "./errors.ts";
import type { RawMessage } from "./_line_parser.ts";
import type { IrcClientOptions } from "./types.ts";
import type { PacedQueue } from "./_paced_queue.ts";
import type { SessionHooks } from "./_session_hooks.ts";
import type { LinkFacts } from "./_link_end.ts";
import { globalClock } from "./_global_clock.ts";
import { parseServerTime } from "./_tags.ts";
import { ServerSupport } from "./_isupport.ts";
import { Channels } from "./_channels.ts";
import { UserMetaStore } from "./_user_meta.ts";
import type { MessageIds } from "./_message_ids.ts";
import { HistoryFetcher } from "./_history.ts";
import { ReadMarkers } from "./_read_markers.ts";
import { WhoisCollector } from "./_whois_collector.ts";
import { WhoisRequests } from "./_whois_requests.ts";
import { ChannelListRequests } from "./_channel_list_requests.ts";
import { CtcpReplies } from "./_ctcp.ts";
import { LABELED_RESPONSE_CAP, Labels } from "./_labels.ts";

/**
 * What `LineContext.emit` returns when the bus took the event at once. The worker does not
 * wait on it: an `await` per line, even of a settled promise, cost a microtask turn per line
 * and, with it, a clock read per line (see `now()`).
 */
export const ACCEPTED: Promise<void> = Promise.resolve();

/** Handles one line on the worker; a returned promise holds the next line until it settles. */
export type LineHandler = (ctx: LineContext, m: RawMessage) => void | Promise<void>;

/** Line handlers by command or numeric. */
export type LineHandlers = Readonly<Record<string, LineHandler>>;

/** What line handlers may ask of the session's lifecycle. */
export interface LinkControl {
  /** Emits `connection.established` once registration is complete, and resolves `ready`. */
  establish(): Promise<void>;
  /** Rejects the connect and closes the link. */
  fail(error: IrcConnectError): void;
}

/** What line handlers may ask of registration on the read path. */
export interface RegistrationWire {
  /** The SCRAM exchange, once under way: failed on our side, the server's 904 or 906 is no news. */
  readonly scram: { readonly failed: boolean } | undefined;
}

/** What line handlers may ask of the effort to take the configured nickname back. */
export interface RegainControl {
  /** 731 RPL_MONOFFLINE: these targets went (or are) offline. */
  offline(targets: readonly string[]): void;
  /** 734 ERR_MONLISTFULL: MONITOR cannot watch the nickname. */
  monitorFull(): void;
  /** Whether a refusal (433, 437) of `nick` answers our attempt rather than a user's. */
  isAttempt(nick: string): boolean;
  /** A refused attempt. */
  refused(nick: string): void;
}

/** What a `LineContext` is made from. */
export interface LineContextInit {
  /** The connection's options. */
  options: IrcClientOptions;
  /** The session's owner. */
  hooks: SessionHooks;
  /** The paced queue for NAMES, WHO and history requests. */
  followUps: PacedQueue;
  /** Facts about the link, shared with the session. */
  facts: LinkFacts;
  /** The session's lifecycle. */
  link: LinkControl;
  /** Registration work on the read path (SCRAM). */
  wire: RegistrationWire;
  /** Taking the configured nickname back. */
  regain: RegainControl;
  /** Message ids seen per conversation, kept by the client across reconnects. */
  messageIds: MessageIds;
}

/** The worker's state of one connection. */
export class LineContext {
  readonly #bus: EventBus;
  /** The network the events are for. */
  readonly networkId: number;
  /** The connection's options. */
  readonly options: IrcClientOptions;
  /** The session's owner. */
  readonly hooks: SessionHooks;
  /** The paced queue for NAMES, WHO and history requests. */
  readonly followUps: PacedQueue;
  /** Facts about the link, shared with the session. */
  readonly facts: LinkFacts;
  /** The session's lifecycle. */
  readonly link: LinkControl;
  /** Registration work on the read path (SCRAM). */
  readonly wire: RegistrationWire;
  /** Taking the configured nickname back. */
  readonly regain: RegainControl;
  /** ISUPPORT tokens. */
  readonly server = new ServerSupport();
  /** Acknowledged capabilities. */
  readonly caps = new Set<string>();
  /** Offered capabilities, with their values. */
  readonly available = new Map<string, string>();
  /** The channels we are in. */
  readonly channels = new Channels();
  /** Users' `user.meta` snapshots. */
  readonly meta: UserMetaStore;
  /** Message ids seen per conversation (across reconnects). */
  readonly messageIds: MessageIds;
  /** Backfill requests (`draft/chathistory`). */
  readonly history: HistoryFetcher;
  /** Read markers (`draft/read-marker`). */
  readonly readMarkers = new ReadMarkers();
  /** WHOIS replies in progress. */
  readonly whois = new WhoisCollector();
  /** Answers to CTCP requests, rate-limited. */
  readonly ctcpReplies = new CtcpReplies();
  /** Callers waiting for a WHOIS reply. */
  readonly whoisRequests = new WhoisRequests();
  /** Labels of requests awaiting their labeled answer (`labeled-response`). */
  readonly labels = new Labels();
  /** The caller waiting for a LIST reply. */
  readonly channelList = new ChannelListRequests();
  /** Lines of the MOTD being received. */
  motd: string[] = [];
  /** Our nickname. */
  nick: string;
  /** 001 arrived. */
  registered = false;
  /** `connection.established` was emitted. */
  established = false;
  /** A SASL exchange is under way. */
  saslActive = false;
  /** The SASL outcome was reported. */
  saslDone = false;
  /** `connection.lost` was emitted: nothing more is. */
  #lost = false;
  /** A bad `time` tag was reported (once per connection). */
  #badTimeReported = false;
  /** The clock as read in this turn of the worker (see `now()`). */
  #now: Date | undefined;

  /** Creates the state for a connection publishing on `bus`. */
  constructor(bus: EventBus, init: LineContextInit) {
    this.#bus = bus;
    this.networkId = init.options.networkId;
    this.options = init.options;
    this.hooks = init.hooks;
    this.followUps = init.followUps;
    this.facts = init.facts;
    this.link = init.link;
    this.wire = init.wire;
    this.regain = init.regain;
    this.nick = init.options.nick;
    this.meta = new UserMetaStore(init.options.networkId);
    this.messageIds = init.messageIds;
    const { networkId, lastStored } = init.options;
    this.history = new HistoryFetcher({
      send: (line) => this.followUps.push(line),
      fold: (name) => this.server.fold(name),
      limit: () => {
        const wanted = init.options.historyLimit ?? 50;
        const max = this.server.chathistory;
        return max > 0 ? Math.min(wanted, max) : wanted;
      },
      lastStored: lastStored && ((buffer) => lastStored(networkId, buffer)),
      onError: (error) => {
        this.emit("error", { networkId, error, type: "history" }).catch(() => {});
      },
      clock: init.options.clock ?? globalClock(),
      label: (settled) =>
        this.caps.has(LABELED_RESPONSE_CAP) ? this.labels.issue(settled) : undefined,
    });
  }

  /** Emits an event from `irc`; it waits only on a full lane. A closed bus is no error. */
  emit<T extends keyof EventMap>(type: T, data: EventMap[T], time?: Date): Promise<void> {
    if (this.#lost) return ACCEPTED;
    return this.#send(createEvent(type, data, "irc", time ?? this.now()));
  }

  /**
   * Emits an event that changes who is where (a join, part, kick, quit, nick change, NAMES,
   * topic or mode), applied first to the roster (`channels.members`): the roster is what the
   * events say, with no second set of rules.
   */
  emitMembership(event: MembershipEvent & AnyBusEvent): Promise<void> {
    if (this.#lost) return ACCEPTED;
    this.channels.members.configure(this.server);
    this.channels.members.apply(event);
    return this.#send(event);
  }

  #send(event: BusEvent): Promise<void> {
    if (this.#bus.tryEmit(event)) return ACCEPTED;
    return this.#bus.emit(event).catch((error) => {
      if (!(error instanceof BusClosedError)) throw error;
    });
  }

  /** Emits on the snapshot lane under `key`. */
  emitLatest<T extends keyof EventMap>(key: string, type: T, data: EventMap[T], time: Date): void {
    if (this.#lost) return;
    this.#bus.emitLatest(key, createEvent(type, data, "irc", time));
  }

  /** Emits `connection.lost`, the connection's last event: every later emit is dropped. */
  lose(error: string): Promise<void> {
    const done = this.emit("connection.lost", { networkId: this.networkId, error });
    this.#lost = true;
    return done;
  }

  /**
   * When a line happened: its `time` tag, or now when it has none. A bad tag is reported
   * once per connection as an `error` of type `malformed`, and the line taken as of now.
   */
  time(message: RawMessage): Date {
    const t = message.tags.time;
    if (t === undefined || t === "") return this.now();
    try {
      return parseServerTime(t);
    } catch (error) {
      if (!this.#badTimeReported && error instanceof TypeError) {
        this.#badTimeReported = true;
        this.emit("error", { networkId: this.networkId, error: error.message, type: "malformed" })
          .catch(() => {});
      }
      return this.now();
    }
  }

  /**
   * Now, as the time of a line without a `time` tag. The clock is read once per turn of the
   * worker, which handles what one socket read brought in one go: on a flood, reading it
   * per line (a system call here) cost more than handling the line. The lines of one turn
   * share one `Date` too, as they share its value: a `Date` per line cost 70-110 ns, more
   * than a twentieth of the line (issue 25). Nothing in the client changes an event's
   * timestamp; a subscriber must not either, as every subscriber of an event shares it.
   */
  now(): Date {
    if (this.#now === undefined) {
      this.#now = new Date();
      queueMicrotask(this.#forgetNow);
    }
    return this.#now;
  }

  #forgetNow = (): void => {
    this.#now = undefined;
  };

  /** Whether `nick` is us. */
  isMe(nick: string): boolean {
    return nick !== "" && this.server.fold(nick) === this.server.fold(this.nick);
  }
}

/**
 * Backfill through IRCv3 `draft/chathistory`: once a joined channel's NAMES completes, ask
 * for the lines missed while away, one request at a time.
 *
 * A request is `CHATHISTORY AFTER <channel> timestamp=<last stored>` when the injected
 * lookup knows the channel's last stored line (taken when our JOIN arrives, before any live
 * line of the new join can be stored), else `CHATHISTORY LATEST <channel> * <limit>`. The
 * next request waits until the reply's batch ends (or a `FAIL CHATHISTORY`, or a timeout); a
 * full AFTER page is followed by the next page, up to 10.
 *
 * @module
 */
import { errorMessage, Queue } from "../common/mod.ts";
import type { IrcClock } from "./types.ts";

/** Channels waiting for their request; more are not asked for (a server caps joins anyway). */
const MAX_PENDING = 1000;
/** AFTER pages asked for one channel in one join. */
const MAX_PAGES = 10;
/** Ms to wait for a reply's batch before going on with the next request. */
const REPLY_TIMEOUT = 30_000;

/**
 * Whether the server offers history the fetcher can use: `chathistory` (or its draft), whose
 * replies come in a `batch` with `server-time` on every line.
 */
export function historyOffered(caps: ReadonlySet<string>): boolean {
  return (caps.has("draft/chathistory") || caps.has("chathistory")) && caps.has("batch") &&
    caps.has("server-time");
}

/** What the fetcher needs from its connection. */
export interface HistoryLink {
  /** Sends a request line through the paced follow-up queue. */
  send(line: string): void;
  /** Folds a channel name by the server's CASEMAPPING. */
  fold(name: string): string;
  /** Messages one request asks for: the option, capped by ISUPPORT `CHATHISTORY`. */
  limit(): number;
  /** The last stored line's time of a buffer, when the application keeps history. */
  lastStored?: (buffer: string) => Date | undefined | Promise<Date | undefined>;
  /** Reports a failed lookup. */
  onError(message: string): void;
  /** The reply timeout's timers. */
  /**
   * A `label` for a request (`labeled-response`), whose answer calls `settled` once complete;
   * `undefined` when the server does not label answers.
   */
  label?(settled: () => void): string | undefined;
  clock: IrcClock;
}

interface InFlight {
  key: string;
  name: string;
  limit: number;
  /** Lines of the reply so far. */
  count: number;
  /** The newest line time of the reply, for the next AFTER page. */
  last: Date | undefined;
  /** AFTER pages sent so far; 0 for LATEST. */
  pages: number;
  /** The request is on the wire (not still looking up). */
  sent: boolean;
  /** Requests sent for it so far (each AFTER page is one). */
  sends: number;
}

/** One connection's history requests. */
export class HistoryFetcher {
  readonly #link: HistoryLink;
  /** Lookups taken at JOIN, by folded channel. */
  #since = new Map<string, Promise<Date | undefined>>();
  #pending = new Queue<string>();
  #queued = new Set<string>();
  #current: InFlight | undefined;
  #timer: unknown;
  #closed = false;

  /** Creates a fetcher that sends nothing until `request()`. */
  constructor(link: HistoryLink) {
    this.#link = link;
  }

  /** We joined `channel`: take its last stored time now, before live lines get stored. */
  joined(channel: string): void {
    const lookup = this.#link.lastStored;
    if (!lookup || this.#closed) return;
    const key = this.#link.fold(channel);
    if (this.#since.size >= MAX_PENDING && !this.#since.has(key)) return;
    let since: Promise<Date | undefined>;
    try {
      since = Promise.resolve(lookup(channel));
    } catch (error) {
      since = Promise.reject(error);
    }
    // Reported when the request is built; until then a rejection must not go unhandled.
    since.catch(() => {});
    this.#since.set(key, since);
  }

  /** Queues the history request of `channel`; sent when no other request is in flight. */
  request(channel: string): void {
    const key = this.#link.fold(channel);
    if (this.#closed || this.#queued.has(key) || this.#pending.length >= MAX_PENDING) return;
    this.#queued.add(key);
    this.#pending.push(channel);
    this.#next();
  }

  /** A line of a chathistory batch arrived, with its time. */
  line(time: Date): void {
    const current = this.#current;
    if (!current?.sent) return;
    current.count++;
    if (current.last === undefined || time > current.last) current.last = time;
  }

  /** A top-level chathistory batch for `target` ended. */
  ended(target: string): void {
    const current = this.#current;
    if (!current?.sent || this.#link.fold(target) !== current.key) return;
    const more = current.pages > 0 && current.pages < MAX_PAGES &&
      current.count >= current.limit && current.last !== undefined;
    if (more) {
      this.#send(current, "AFTER", current.last!);
      return;
    }
    this.#done();
  }

  /** The server refused a CHATHISTORY request (`FAIL CHATHISTORY`). */
  failed(): void {
    if (this.#current?.sent) this.#done();
  }

  /** Drops what is pending and the timer (the link is gone). */
  close(): void {
    this.#closed = true;
    this.#stopTimer();
    this.#pending = new Queue();
    this.#queued.clear();
    this.#since.clear();
    this.#current = undefined;
  }

  #done(): void {
    this.#stopTimer();
    this.#current = undefined;
    this.#next();
  }

  #stopTimer(): void {
    if (this.#timer !== undefined) this.#link.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #next(): void {
    if (this.#current || this.#closed || this.#pending.length === 0) return;
    const name = this.#pending.shift()!;
    const key = this.#link.fold(name);
    this.#queued.delete(key);
    const current: InFlight = {
      key,
      name,
      limit: this.#link.limit(),
      count: 0,
      last: undefined,
      pages: 0,
      sent: false,
      sends: 0,
    };
    this.#current = current;
    const captured = this.#since.get(key);
    this.#since.delete(key);
    this.#lookup(name, captured).then((since) => {
      if (this.#current !== current) return;
      if (since === undefined) this.#send(current, "LATEST");
      else this.#send(current, "AFTER", since);
    });
  }

  async #lookup(
    name: string,
    captured: Promise<Date | undefined> | undefined,
  ): Promise<Date | undefined> {
    const lookup = this.#link.lastStored;
    if (!lookup) return undefined;
    try {
      const since = await (captured ?? lookup(name));
      if (since === undefined) return undefined;
      if (!(since instanceof Date) || Number.isNaN(since.getTime())) {
        throw new TypeError(`the lookup must return a valid Date, got ${String(since)}`);
      }
      return since;
    } catch (error) {
      this.#link.onError(
        `Cannot look up the last stored line of ${name}: ${errorMessage(error)}`,
      );
      return undefined;
    }
  }

  #send(current: InFlight, kind: "LATEST" | "AFTER", since?: Date): void {
    current.sent = true;
    current.count = 0;
    const sends = ++current.sends;
    // Labeled, an answer that held no history batch (an ACK) ends the request at once, not
    // at the timeout: this send is still the last one made when its answer completes.
    const label = this.#link.label?.(() => {
      if (this.#current === current && current.sends === sends) this.#done();
    });
    const tag = label === undefined ? "" : `@label=${label} `;
    if (kind === "LATEST") {
      this.#link.send(`${tag}CHATHISTORY LATEST ${current.name} * ${current.limit}`);
    } else {
      current.pages++;
      this.#link.send(
        `${tag}CHATHISTORY AFTER ${current.name} timestamp=${
          since!.toISOString()
        } ${current.limit}`,
      );
    }
    this.#stopTimer();
    this.#timer = this.#link.clock.setTimeout(() => {
      this.#timer = undefined;
      if (this.#current === current) this.#done();
    }, REPLY_TIMEOUT);
  }
}

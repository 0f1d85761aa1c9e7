import type { EventBus, Unsubscribe } from "../bus/mod.ts";
import type { SearchQuery, StoredBuffer, StoredLine } from "../core/mod.ts";
import { type HistoryError, historyError } from "./errors.ts";
import { STORED_TYPES } from "./_event_lines.ts";
import { BufferIds } from "./_buffer_ids.ts";
import { HistoryQuery } from "./_history_query.ts";
import { LineWriter } from "./_line_writer.ts";
import { Reactions } from "./_reactions.ts";
import { ReadMarkers } from "./_read_markers.ts";
import { Retention } from "./_retention.ts";
import { SearchIndexer } from "./_search_indexer.ts";
import { StoreFile } from "./_store_file.ts";

/**
 * Options of {@linkcode MessageStore.open}.
 *
 * @example
 * ```ts
 * import type { MessageStoreOptions } from "./message_store.ts";
 * const options: MessageStoreOptions = { retentionDays: 90 };
 * ```
 */
export interface MessageStoreOptions {
  /** Lines older than this many days are deleted (on open, then hourly). Default: keep all. */
  retentionDays?: number;
  /** The clock retention reads, in ms since the epoch. Default `Date.now`. */
  clock?: () => number;
  /** A quota on the file's size in bytes: past it writes fail as a full disk does. */
  maxBytes?: number;
  /** Where a failed background commit is reported. Default `console.error`. */
  onError?: (error: HistoryError) => void;
}

/**
 * What {@linkcode MessageStore.attach} needs beyond the bus.
 *
 * @example
 * ```ts
 * import type { AttachOptions } from "./message_store.ts";
 * const options: AttachOptions = { ownNick: () => "alice" };
 * ```
 */
export interface AttachOptions {
  /** The user's nick on a network: the sender of sent lines, and how replays are `self`. */
  ownNick?: (networkId: number) => string | undefined;
  /**
   * The network's CASEMAPPING, by which its buffer names are one or two (`#[m]` and `#{m}`
   * are one buffer on rfc1459, two on ascii). Unknown networks fold by rfc1459.
   */
  casemapping?: (networkId: number) => string | undefined;
}

/**
 * The message history: every message-bearing bus event (messages, notices, actions, joins,
 * parts, quits, kicks, nick, topic and mode changes, the user's own lines) in its own
 * SQLite file, with full-text search.
 *
 * Lines are collected by a bus subscriber and committed in batches, in one transaction
 * each: when the dispatcher yields (a timer turn), or at once when 4,096 are waiting, so a
 * flood costs the ordered lane one array push per line between commits. `flush()` commits
 * everything received so far. A line replayed by a bouncer or CHATHISTORY is stored once:
 * by its msgid, or by its buffer, time, sender, kind and text. A line dated more than a minute
 * ahead of the clock (a broken or hostile `server-time`) is stored as of a minute ahead.
 *
 * A damaged file, or one a newer client wrote, is refused with a {@linkcode HistoryError}
 * and left as it is.
 *
 * @example
 * ```ts
 * import { createEvent, EventBus } from "../bus/mod.ts";
 * import { MessageStore } from "./mod.ts";
 * const bus = new EventBus();
 * using store = MessageStore.open(":memory:");
 * store.attach(bus);
 * await bus.emitSync(createEvent("message.received", {
 *   networkId: 1, channel: "#deno", user: "alice", message: "hello", timestamp: 1,
 * }, "irc"));
 * await store.flush();
 * store.page(1, "#deno").map((line) => line.text); // ["hello"]
 * await bus.close();
 * ```
 */
export class MessageStore implements Disposable {
  // The parts, each the one owner of its state: the file (handle, clock, closed), buffer ids,
  // the writer (held lines, retries), the indexer, retention, reactions, read markers, and
  // the query side, which only reads. This class wires them to the bus and to each other.
  readonly #file: StoreFile;
  readonly #buffers: BufferIds;
  readonly #writer: LineWriter;
  readonly #indexer: SearchIndexer;
  readonly #retention: Retention;
  readonly #reactions: Reactions;
  readonly #readMarkers: ReadMarkers;
  readonly #query: HistoryQuery;
  readonly #subscriptions = new Set<() => void>();

  private constructor(file: StoreFile, options: MessageStoreOptions) {
    this.#file = file;
    this.#buffers = new BufferIds(file);
    this.#indexer = new SearchIndexer(file);
    this.#retention = new Retention(file, options.retentionDays);
    this.#writer = new LineWriter(file, this.#buffers, () => {
      this.#indexer.schedule();
      this.#retention.pruneIfDue();
    });
    this.#reactions = new Reactions(file, this.#buffers);
    this.#readMarkers = new ReadMarkers(file, this.#buffers);
    this.#query = new HistoryQuery(file, {
      buffers: this.#buffers,
      reactions: this.#reactions,
      indexer: this.#indexer,
    });
  }

  /**
   * Opens (or creates, 0600) the history file at `path`, in WAL mode, bringing its schema
   * up to date, and prunes lines past the retention. Throws a {@linkcode HistoryError}
   * (`corrupt`, `newer_schema`, `io`) without changing a file it refuses.
   */
  static open(path: string, options: MessageStoreOptions = {}): MessageStore {
    const days = options.retentionDays;
    if (days !== undefined && !(Number.isFinite(days) && days > 0)) {
      throw new RangeError(`Cannot open history: retentionDays must be above 0, got ${days}`);
    }
    const file = StoreFile.open(path, options);
    try {
      const store = new MessageStore(file, options);
      store.prune();
      store.#indexer.schedule();
      return store;
    } catch (error) {
      file.abandon();
      throw historyError("Cannot open history", path, error);
    }
  }

  /**
   * Subscribes to the message-bearing events of `bus` (and `buffer.read`, kept as each
   * buffer's last-read position). Returns the unsubscribe; `flush()` then commits what was
   * received.
   */
  attach(bus: EventBus, options: AttachOptions = {}): () => void {
    this.#file.check("attach");
    if (options.casemapping) this.#buffers.useCasemapping(options.casemapping);
    const onEvent = this.#writer.listener(options.ownNick ?? (() => undefined));
    const offs: Unsubscribe[] = STORED_TYPES.map((type) => bus.subscribe(type, onEvent));
    offs.push(bus.subscribe("message.reacted", (event) => {
      if (this.#file.closed) return;
      const d = event.data;
      try {
        this.react(d.networkId, d.channel !== "" ? d.channel : (d.peer ?? d.user), {
          msgid: d.replyTo,
          sender: d.user,
          reaction: d.reaction,
          removed: d.removed,
          time: event.timestamp.getTime(),
        });
      } catch (error) {
        this.#file.report(error);
      }
    }));
    offs.push(bus.subscribe("message.redacted", (event) => {
      if (this.#file.closed) return;
      const d = event.data;
      try {
        this.redact(d.networkId, d.channel !== "" ? d.channel : (d.peer ?? d.user), d.msgid);
      } catch (error) {
        this.#file.report(error);
      }
    }));
    offs.push(bus.subscribe("buffer.read", (event) => {
      const time = Date.parse(event.data.timestamp);
      if (!this.#file.closed && !Number.isNaN(time)) {
        this.markRead(event.data.networkId, event.data.buffer, time);
      }
    }));
    const off = () => {
      for (const unsubscribe of offs) unsubscribe();
      this.#subscriptions.delete(off);
    };
    this.#subscriptions.add(off);
    return off;
  }

  /** Resolves once every event received so far is committed; rejects with a HistoryError. */
  flush(): Promise<void> {
    try {
      this.#file.check("flush");
      this.#writer.commit();
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Lines of a buffer, oldest first: the newest `limit` (default 200), or those just
   * before the line with id `before` (scrolling up).
   */
  page(
    networkId: number,
    buffer: string,
    options: { before?: number; limit?: number } = {},
  ): StoredLine[] {
    this.#file.check("read history");
    return this.#query.page(networkId, buffer, options);
  }

  /**
   * Lines matching `query.text`, newest first. Words of 3 characters or more are found
   * through the trigram index; shorter ones by scanning (slower on a large history), as are
   * lines stored so recently that the index has not caught up.
   * An empty text is a `RangeError`.
   */
  search(query: SearchQuery): StoredLine[] {
    this.#file.check("search history");
    return this.#query.search(query);
  }

  /**
   * The newest stored time of a buffer (after committing what is pending): where a
   * CHATHISTORY backfill starts. Undefined when nothing is stored.
   */
  lastStored(networkId: number, buffer: string): Date | undefined {
    this.#file.check("read history");
    this.#writer.commit();
    return this.#query.lastStored(networkId, buffer);
  }

  /** Records that `buffer` was read up to `time`; a position never moves back. */
  markRead(networkId: number, buffer: string, time: number): void {
    this.#file.check("mark read");
    this.#readMarkers.markRead(networkId, buffer, time);
  }

  /**
   * Every buffer with stored lines or a read position, by network then name; with
   * `recent`, only that many: those with the newest lines, newest first (a server can make
   * a buffer per nick that ever wrote, so a page asks for a bounded number).
   */
  buffers(networkId?: number, options: { recent?: number } = {}): StoredBuffer[] {
    this.#file.check("read history");
    return this.#query.buffers(networkId, options);
  }

  /**
   * Keeps `sender`'s reaction to the message `msgid` of a buffer, or forgets it (`removed`).
   *
   * @example
   * ```ts ignore
   * store.react(1, "#deno", { msgid: "a1b2", sender: "bob", reaction: "👍", time: Date.now() });
   * store.page(1, "#deno").at(-1)?.reactions; // [{ reaction: "👍", senders: ["bob"] }]
   * ```
   */
  react(
    networkId: number,
    buffer: string,
    reaction: { msgid: string; sender: string; reaction: string; time: number; removed?: boolean },
  ): void {
    this.#file.check("store a reaction");
    this.#reactions.react(networkId, buffer, reaction);
  }

  /**
   * Deletes the text of the message `msgid` of a buffer (IRCv3 `REDACT`): the line stays,
   * empty and marked `redacted`, out of the search index, its reactions gone. Lines still
   * held for the next commit are committed first, so a message deleted as soon as it came
   * is deleted too.
   *
   * @example
   * ```ts ignore
   * store.redact(1, "#deno", "a1b2");
   * store.message(1, "#deno", "a1b2"); // { …, text: "", redacted: true }
   * ```
   */
  redact(networkId: number, buffer: string, msgid: string): void {
    this.#file.check("delete a message");
    this.#writer.commit();
    try {
      const id = this.#buffers.find(networkId, buffer);
      if (id === undefined) return;
      this.#writer.redact(id, msgid);
      this.#reactions.forget(id, msgid);
    } catch (error) {
      throw historyError("Cannot delete a message", this.#file.path, error);
    }
  }

  /**
   * The line of a buffer with IRCv3 msgid `msgid` (a reply's original), or `undefined`.
   *
   * @example
   * ```ts ignore
   * store.message(1, "#deno", "a1b2")?.text;
   * ```
   */
  message(networkId: number, buffer: string, msgid: string): StoredLine | undefined {
    this.#file.check("read history");
    return this.#query.message(networkId, buffer, msgid);
  }

  /**
   * Lines of a buffer after `since` that others sent (messages, notices, actions), counted
   * up to `max` (default 999: a badge shows no more).
   */
  unread(networkId: number, buffer: string, since: number, max = 999): number {
    this.#file.check("read history");
    return this.#readMarkers.unread(networkId, buffer, since, max);
  }

  /**
   * Every line of a buffer, oldest first, read lazily (for export).
   */
  *lines(networkId: number, buffer: string): Generator<StoredLine> {
    this.#file.check("read history");
    yield* this.#query.lines(networkId, buffer);
  }

  /**
   * Deletes lines older than the retention (none without `retentionDays`); returns how
   * many went. Runs on open and then at most hourly as lines are committed.
   */
  prune(): number {
    this.#file.check("prune history");
    return this.#retention.prune();
  }

  /**
   * Indexes every stored line for search now (normally done behind the inserts, in short
   * turns); returns how many lines were waiting.
   */
  index(): number {
    this.#file.check("index history");
    return this.#indexer.indexAll();
  }

  /** Commits what is pending, detaches from every bus and closes the file. */
  [Symbol.dispose](): void {
    if (this.#file.closed) return;
    for (const off of [...this.#subscriptions]) off();
    try {
      this.#writer.commit();
    } catch (error) {
      this.#file.report(error);
    }
    this.#writer.stop();
    this.#indexer.stop();
    this.#file.close();
  }

  /** Same as `[Symbol.dispose]()`. */
  close(): void {
    this[Symbol.dispose]();
  }
}

import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { AnyBusEvent, EventBus, Unsubscribe } from "../bus/mod.ts";
import { migrate, openDatabase, schemaVersion } from "../storage/database.ts";
import { casefold } from "../core/mod.ts";
import { HistoryError, historyError } from "./errors.ts";
import {
  LINE_KINDS,
  type LineKind,
  type SearchQuery,
  type StoredBuffer,
  type StoredLine,
} from "../core/mod.ts";
import { EventLines, type PendingLine, STORED_TYPES } from "./_event_lines.ts";
import { fingerprint } from "./_fingerprint.ts";
import { fold, FOLD_FUNCTION, searchText } from "./_search_text.ts";
import { COMPONENT, MIGRATIONS, SCHEMA_VERSION } from "./_schema.ts";

/** Lines held before a commit is forced inside the subscriber (bounds memory in a flood). */
const BATCH_MAX = 4096;
/** Lines kept for a retry after failed commits; older ones are dropped and reported. */
const PENDING_MAX = 100_000;
/** After a failed commit, the next try comes this much later (not on every line). */
const RETRY_MS = 1000;
/** Buffer ids cached; the cache is dropped when it grows past this. */
const BUFFER_CACHE_MAX = 50_000;
/** Default and largest page and search sizes. */
const DEFAULT_LIMIT = 200;
const MAX_LIMIT = 5000;
const DAY_MS = 86_400_000;
/** How far (ms) our replayed line may be from the time we stored it when we sent it. */
const ECHO_WINDOW_MS = 120_000;
/**
 * How far (ms) ahead of the clock a line may be dated: a server-time later than that (a broken
 * or hostile server) is stored as of the clock plus this, or its line would stay the newest
 * forever and every backfill would ask for lines after it.
 */
const MAX_AHEAD_MS = 60_000;
/** How often retention runs while the store is open. */
const PRUNE_EVERY_MS = 3_600_000;
/** Lines indexed for search per transaction, and the time one indexing turn may take. */
const INDEX_CHUNK = 256;
const INDEX_TURN_MS = 8;
/** The columns {@linkcode toLine} reads, over `lines l` joined to its buffer `b`. */
const LINE_COLUMNS =
  "l.id, b.network_id, b.name, l.time, l.msgid, l.kind, l.sender, l.text, l.self, l.reply_to, l.redacted";
/** The join every line read selects from. */
const FROM_LINES = "FROM lines l JOIN buffers b ON b.id = l.buffer_id";

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
  readonly #db: DatabaseSync;
  readonly #path: string;
  readonly #options: MessageStoreOptions;
  readonly #clock: () => number;
  #closed = false;
  #pending: PendingLine[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The last commit failed: retried on a timer, not on every line. */
  #failing = false;
  /** Lines dropped while commits failed, not yet reported. */
  #dropped = 0;
  /** The buffers of the held lines scanned so far (`#pending[0..#heldScanned)`). */
  #heldBuffers = new Set<string>();
  #heldScanned = 0;
  #indexTimer: ReturnType<typeof setTimeout> | undefined;
  #buffers = new Map<string, number>();
  /** Each network's CASEMAPPING, as the owner tells it at `attach` (rfc1459 until then). */
  #casemapping: (networkId: number) => string | undefined = () => undefined;
  #lastPrune = 0;
  #subscriptions = new Set<() => void>();
  readonly #insertLine: StatementSync;
  readonly #insertBuffer: StatementSync;
  readonly #selectBuffer: StatementSync;
  readonly #latest: StatementSync;
  readonly #byMsgid: StatementSync;
  readonly #addReaction: StatementSync;
  readonly #removeReaction: StatementSync;
  readonly #reactionsOf: StatementSync;
  readonly #redactLine: StatementSync;
  readonly #redactReactions: StatementSync;
  readonly #before: StatementSync;
  readonly #lineTime: StatementSync;
  readonly #lastTime: StatementSync;
  readonly #setRead: StatementSync;
  readonly #findSent: StatementSync;
  readonly #adoptEcho: StatementSync;
  readonly #indexedUpto: StatementSync;
  readonly #chunkEnd: StatementSync;
  readonly #indexLines: StatementSync;
  readonly #setIndexedUpto: StatementSync;
  readonly #unread: StatementSync;

  private constructor(db: DatabaseSync, path: string, options: MessageStoreOptions) {
    this.#db = db;
    this.#path = path;
    this.#options = options;
    this.#clock = options.clock ?? Date.now;
    db.function(
      FOLD_FUNCTION,
      { deterministic: true },
      (text) => typeof text === "string" ? fold(text) : text,
    );
    this.#insertLine = db.prepare(
      "INSERT OR IGNORE INTO lines (buffer_id, time, kind, self, sender, text, msgid, fp, reply_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    this.#insertBuffer = db.prepare(
      "INSERT INTO buffers (network_id, name, name_key) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    );
    this.#selectBuffer = db.prepare(
      "SELECT id FROM buffers WHERE network_id = ? AND name_key = ?",
    );
    this.#addReaction = db.prepare(
      "INSERT OR IGNORE INTO reactions (buffer_id, msgid, reaction, sender_key, sender, time) VALUES (?, ?, ?, ?, ?, ?)",
    );
    this.#removeReaction = db.prepare(
      "DELETE FROM reactions WHERE buffer_id = ? AND msgid = ? AND reaction = ? AND sender_key = ?",
    );
    this.#reactionsOf = db.prepare(
      "SELECT reaction, sender FROM reactions WHERE buffer_id = ? AND msgid = ? ORDER BY time, sender_key",
    );
    this.#redactLine = db.prepare(
      "UPDATE lines SET text = '', redacted = 1 WHERE buffer_id = ? AND msgid = ?",
    );
    this.#redactReactions = db.prepare("DELETE FROM reactions WHERE buffer_id = ? AND msgid = ?");
    this.#byMsgid = db.prepare(
      `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? AND l.msgid = ?`,
    );
    this.#latest = db.prepare(
      `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? ORDER BY l.time DESC, l.id DESC LIMIT ?`,
    );
    this.#before = db.prepare(
      `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? AND (l.time < ? OR (l.time = ? AND l.id < ?)) ORDER BY l.time DESC, l.id DESC LIMIT ?`,
    );
    this.#lineTime = db.prepare("SELECT time FROM lines WHERE id = ? AND buffer_id = ?");
    this.#lastTime = db.prepare("SELECT max(time) AS time FROM lines WHERE buffer_id = ?");
    this.#findSent = db.prepare(
      "SELECT id FROM lines WHERE buffer_id = ? AND time BETWEEN ? AND ? AND self = 1 AND msgid IS NULL AND kind = ? AND text = ? ORDER BY abs(time - ?) LIMIT 1",
    );
    this.#adoptEcho = db.prepare("UPDATE OR IGNORE lines SET time = ?, msgid = ? WHERE id = ?");
    this.#indexedUpto = db.prepare("SELECT value FROM history_meta WHERE key = 'fts_upto'");
    this.#chunkEnd = db.prepare(
      "SELECT max(id) AS id FROM (SELECT id FROM lines WHERE id > ? ORDER BY id LIMIT ?)",
    );
    this.#indexLines = db.prepare(
      "INSERT INTO lines_fts (rowid, text) SELECT id, text FROM lines WHERE id > ? AND id <= ? AND text <> ''",
    );
    this.#setIndexedUpto = db.prepare(
      "UPDATE history_meta SET value = ? WHERE key = 'fts_upto'",
    );
    this.#setRead = db.prepare(
      "UPDATE buffers SET read_time = ? WHERE id = ? AND (read_time IS NULL OR read_time < ?)",
    );
    // Prepared once: a page's `history.buffers` asks it for up to a thousand buffers.
    this.#unread = db.prepare(
      "SELECT count(*) AS n FROM (SELECT 1 FROM lines WHERE buffer_id = ? AND time > ? AND self = 0 AND kind <= 2 LIMIT ?)",
    );
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
    let db: DatabaseSync;
    try {
      // Refused before anything is written, so a newer client's file stays as it was.
      db = openDatabase(path, {
        check: (found) => {
          const version = schemaVersion(found, COMPONENT);
          if (version > SCHEMA_VERSION) {
            throw new HistoryError(
              "newer_schema",
              `Cannot open history: a newer client wrote it (schema version ${version}, this client knows ${SCHEMA_VERSION}); it is left as it is, got ${path}`,
              path,
            );
          }
        },
      });
    } catch (error) {
      throw historyError("Cannot open history", path, error);
    }
    try {
      migrate(db, COMPONENT, MIGRATIONS);
      if (options.maxBytes !== undefined) {
        const pageSize = Number(db.prepare("PRAGMA page_size").get()?.page_size ?? 4096);
        db.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(options.maxBytes / pageSize))}`);
      }
      const store = new MessageStore(db, path, options);
      store.prune();
      store.#scheduleIndex();
      return store;
    } catch (error) {
      db.close();
      throw historyError("Cannot open history", path, error);
    }
  }

  /**
   * Subscribes to the message-bearing events of `bus` (and `buffer.read`, kept as each
   * buffer's last-read position). Returns the unsubscribe; `flush()` then commits what was
   * received.
   */
  attach(bus: EventBus, options: AttachOptions = {}): () => void {
    this.#check("attach");
    const ownNick = options.ownNick ?? (() => undefined);
    if (options.casemapping) this.#casemapping = options.casemapping;
    const mapper = new EventLines({
      ownNick,
      fold: (networkId, name) => this.#fold(networkId, name),
      hasBuffer: (networkId, nick) => {
        if (this.#bufferId(networkId, nick, false) !== undefined) return true;
        // The buffers of the lines held, folded once each (a netsplit asks for every quit).
        for (; this.#heldScanned < this.#pending.length; this.#heldScanned++) {
          const line = this.#pending[this.#heldScanned];
          this.#heldBuffers.add(`${line.networkId} ${this.#fold(line.networkId, line.buffer)}`);
        }
        return this.#heldBuffers.has(`${networkId} ${this.#fold(networkId, nick)}`);
      },
    });
    const onEvent = (event: AnyBusEvent) => {
      if (this.#closed) return;
      mapper.lines(event, this.#pending);
      // A full batch is committed at once, unless commits are failing (a full disk): then the
      // timer retries, and no event of the flood pays for another failing transaction.
      if (this.#failing && this.#pending.length > PENDING_MAX) {
        // Held for the retry: the oldest beyond the bound go, counted in the next report.
        this.#dropped += this.#pending.length - PENDING_MAX;
        this.#pending.splice(0, this.#pending.length - PENDING_MAX);
        this.#forgetHeldBuffers();
      }
      if (this.#pending.length < BATCH_MAX || this.#failing) return this.#schedule();
      try {
        this.#commit();
      } catch (error) {
        this.#report(error);
      }
    };
    const offs: Unsubscribe[] = STORED_TYPES.map((type) => bus.subscribe(type, onEvent));
    offs.push(bus.subscribe("message.reacted", (event) => {
      if (this.#closed) return;
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
        this.#report(error);
      }
    }));
    offs.push(bus.subscribe("message.redacted", (event) => {
      if (this.#closed) return;
      const d = event.data;
      try {
        this.redact(d.networkId, d.channel !== "" ? d.channel : (d.peer ?? d.user), d.msgid);
      } catch (error) {
        this.#report(error);
      }
    }));
    offs.push(bus.subscribe("buffer.read", (event) => {
      const time = Date.parse(event.data.timestamp);
      if (!this.#closed && !Number.isNaN(time)) {
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
      this.#check("flush");
      this.#commit();
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
    this.#check("read history");
    const limit = clampLimit(options.limit);
    try {
      const id = this.#bufferId(networkId, buffer, false);
      if (id === undefined) return [];
      let rows: Record<string, unknown>[];
      if (options.before === undefined) {
        rows = this.#latest.all(id, limit);
      } else {
        const anchor = this.#lineTime.get(options.before, id);
        if (anchor === undefined) return [];
        rows = this.#before.all(id, anchor.time, anchor.time, options.before, limit);
      }
      return this.#withReactions(id, rows.map(toLine).reverse());
    } catch (error) {
      throw historyError("Cannot read history", this.#path, error);
    }
  }

  /**
   * Lines matching `query.text`, newest first. Words of 3 characters or more are found
   * through the trigram index; shorter ones by scanning (slower on a large history), as are
   * lines stored so recently that the index has not caught up.
   * An empty text is a `RangeError`.
   */
  search(query: SearchQuery): StoredLine[] {
    this.#check("search history");
    const { match, like } = searchText(query.text);
    if (match === undefined && like.length === 0) {
      throw new RangeError(`Cannot search history: the text is empty, got "${query.text}"`);
    }
    const where: string[] = [];
    const params: (string | number)[] = [];
    for (const { pattern, folded } of like) {
      where.push(`${folded ? `${FOLD_FUNCTION}(l.text)` : "l.text"} LIKE ? ESCAPE '\\'`);
      params.push(pattern);
    }
    if (query.buffer !== undefined) {
      where.push("b.name_key = ?");
      params.push(
        query.networkId === undefined
          ? casefold(query.buffer)
          : this.#fold(query.networkId, query.buffer),
      );
    }
    if (query.networkId !== undefined) {
      where.push("b.network_id = ?");
      params.push(query.networkId);
    }
    if (query.sender !== undefined) {
      where.push("l.sender = ? COLLATE NOCASE");
      params.push(query.sender);
    }
    if (query.since !== undefined) {
      where.push("l.time >= ?");
      params.push(query.since);
    }
    if (query.until !== undefined) {
      where.push("l.time < ?");
      params.push(query.until);
    }
    const limit = clampLimit(query.limit);
    const filter = where.join(" AND ");
    try {
      if (match === undefined) {
        return this.#db.prepare(
          `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE ${filter} ORDER BY l.id DESC LIMIT ?`,
        ).all(...params, limit).map(toLine);
      }
      // The newest lines, not indexed yet, by scanning them; then the index, newest first
      // (FTS5 walks its rowids backwards, so a LIMIT stops it early).
      const upto = this.#upto();
      const found = this.#db.prepare(
        `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.id > ? AND ${filter} ORDER BY l.id DESC LIMIT ?`,
      ).all(upto, ...params, limit);
      if (found.length < limit) {
        found.push(
          ...this.#db.prepare(
            `SELECT ${LINE_COLUMNS} FROM lines_fts f JOIN lines l ON l.id = f.rowid JOIN buffers b ON b.id = l.buffer_id WHERE lines_fts MATCH ? AND ${filter} ORDER BY f.rowid DESC LIMIT ?`,
          ).all(match, ...params, limit - found.length),
        );
      }
      return found.map(toLine);
    } catch (error) {
      throw historyError("Cannot search history", this.#path, error);
    }
  }

  /**
   * The newest stored time of a buffer (after committing what is pending): where a
   * CHATHISTORY backfill starts. Undefined when nothing is stored.
   */
  lastStored(networkId: number, buffer: string): Date | undefined {
    this.#check("read history");
    this.#commit();
    const id = this.#bufferId(networkId, buffer, false);
    if (id === undefined) return undefined;
    const time = this.#lastTime.get(id)?.time;
    return typeof time === "number" ? new Date(time) : undefined;
  }

  /** Records that `buffer` was read up to `time`; a position never moves back. */
  markRead(networkId: number, buffer: string, time: number): void {
    this.#check("mark read");
    try {
      const id = this.#bufferId(networkId, buffer, true)!;
      this.#setRead.run(time, id, time);
    } catch (error) {
      this.#buffers.clear();
      throw historyError("Cannot store the read position", this.#path, error);
    }
  }

  /**
   * Every buffer with stored lines or a read position, by network then name; with
   * `recent`, only that many: those with the newest lines, newest first (a server can make
   * a buffer per nick that ever wrote, so a page asks for a bounded number).
   */
  buffers(networkId?: number, options: { recent?: number } = {}): StoredBuffer[] {
    this.#check("read history");
    const where = networkId === undefined ? "" : "WHERE network_id = ?";
    const params = networkId === undefined ? [] : [networkId];
    let rows: Record<string, unknown>[];
    if (options.recent === undefined) {
      rows = this.#db.prepare(
        `SELECT network_id, name, read_time FROM buffers ${where} ORDER BY network_id, name_key`,
      ).all(...params);
    } else {
      rows = this.#db.prepare(
        `SELECT network_id, name, read_time, (SELECT max(time) FROM lines WHERE buffer_id = buffers.id) AS last FROM buffers ${where} ORDER BY last DESC NULLS LAST, id DESC LIMIT ?`,
      ).all(...params, clampLimit(options.recent));
    }
    return rows.map((row) => {
      const buffer: StoredBuffer = { networkId: Number(row.network_id), name: String(row.name) };
      if (typeof row.read_time === "number") buffer.readTime = row.read_time;
      return buffer;
    });
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
    this.#check("store a reaction");
    try {
      const id = this.#bufferId(networkId, buffer, !reaction.removed);
      if (id === undefined) return;
      const who = this.#fold(networkId, reaction.sender);
      if (reaction.removed) {
        this.#removeReaction.run(id, reaction.msgid, reaction.reaction, who);
      } else {
        this.#addReaction.run(
          id,
          reaction.msgid,
          reaction.reaction,
          who,
          reaction.sender,
          reaction.time,
        );
      }
    } catch (error) {
      throw historyError("Cannot store a reaction", this.#path, error);
    }
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
    this.#check("delete a message");
    this.#commit();
    try {
      const id = this.#bufferId(networkId, buffer, false);
      if (id === undefined) return;
      this.#redactLine.run(id, msgid);
      this.#redactReactions.run(id, msgid);
    } catch (error) {
      throw historyError("Cannot delete a message", this.#path, error);
    }
  }

  /** Adds each line's reactions (lines with a msgid only) to `lines` of buffer `bufferId`. */
  #withReactions(bufferId: number, lines: StoredLine[]): StoredLine[] {
    for (const line of lines) {
      if (line.msgid === undefined) continue;
      const rows = this.#reactionsOf.all(bufferId, line.msgid);
      if (rows.length === 0) continue;
      const grouped = new Map<string, string[]>();
      for (const row of rows) {
        const reaction = String(row.reaction);
        const senders = grouped.get(reaction) ?? [];
        senders.push(String(row.sender));
        grouped.set(reaction, senders);
      }
      line.reactions = [...grouped].map(([reaction, senders]) => ({ reaction, senders }));
    }
    return lines;
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
    this.#check("read history");
    try {
      const id = this.#bufferId(networkId, buffer, false);
      if (id === undefined) return undefined;
      const row = this.#byMsgid.get(id, msgid);
      return row === undefined ? undefined : toLine(row);
    } catch (error) {
      throw historyError("Cannot read history", this.#path, error);
    }
  }

  /**
   * Lines of a buffer after `since` that others sent (messages, notices, actions), counted
   * up to `max` (default 999: a badge shows no more).
   */
  unread(networkId: number, buffer: string, since: number, max = 999): number {
    this.#check("read history");
    const id = this.#bufferId(networkId, buffer, false);
    if (id === undefined) return 0;
    const row = this.#unread.get(id, since, max);
    return Number(row?.n ?? 0);
  }

  /**
   * Every line of a buffer, oldest first, read lazily (for export).
   */
  *lines(networkId: number, buffer: string): Generator<StoredLine> {
    this.#check("read history");
    const id = this.#bufferId(networkId, buffer, false);
    if (id === undefined) return;
    const statement = this.#db.prepare(
      `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? ORDER BY l.time, l.id`,
    );
    for (const row of statement.iterate(id)) yield toLine(row);
  }

  /**
   * Deletes lines older than the retention (none without `retentionDays`); returns how
   * many went. Runs on open and then at most hourly as lines are committed.
   */
  prune(): number {
    this.#check("prune history");
    const days = this.#options.retentionDays;
    const now = this.#clock();
    this.#lastPrune = now;
    if (days === undefined) return 0;
    try {
      const result = this.#db.prepare("DELETE FROM lines WHERE time < ?").run(now - days * DAY_MS);
      return Number(result.changes);
    } catch (error) {
      throw historyError("Cannot prune history", this.#path, error);
    }
  }

  /**
   * Indexes every stored line for search now (normally done behind the inserts, in short
   * turns); returns how many lines were waiting.
   */
  index(): number {
    this.#check("index history");
    let done = 0;
    for (let step = this.#indexStep(); step > 0; step = this.#indexStep()) done += step;
    return done;
  }

  /** Commits what is pending, detaches from every bus and closes the file. */
  [Symbol.dispose](): void {
    if (this.#closed) return;
    for (const off of [...this.#subscriptions]) off();
    try {
      this.#commit();
    } catch (error) {
      this.#report(error);
    }
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#indexTimer !== undefined) clearTimeout(this.#indexTimer);
    try {
      this.#db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch {
      // A checkpoint only tidies the WAL; the next open replays it.
    }
    this.#db.close();
  }

  /** Same as `[Symbol.dispose]()`. */
  close(): void {
    this[Symbol.dispose]();
  }

  #check(action: string): void {
    if (this.#closed) {
      throw new HistoryError("closed", `Cannot ${action}: the store is closed`, this.#path);
    }
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      try {
        this.#commit();
      } catch (error) {
        this.#report(error);
        // Tried again until it works: the lines held are stored once the disk has room.
        this.#schedule();
      }
    }, this.#failing ? RETRY_MS : 0);
  }

  #upto(): number {
    return Number(this.#indexedUpto.get()?.value ?? 0);
  }

  /** Indexes the next chunk of lines for search in one transaction; returns its size. */
  #indexStep(): number {
    const db = this.#db;
    try {
      db.exec("BEGIN IMMEDIATE");
      try {
        const upto = this.#upto();
        const end = this.#chunkEnd.get(upto, INDEX_CHUNK)?.id;
        if (typeof end !== "number") {
          db.exec("COMMIT");
          return 0;
        }
        this.#indexLines.run(upto, end);
        this.#setIndexedUpto.run(end);
        db.exec("COMMIT");
        return end - upto;
      } catch (error) {
        if (db.isTransaction) db.exec("ROLLBACK");
        throw error;
      }
    } catch (error) {
      throw historyError("Cannot index history for search", this.#path, error);
    }
  }

  /** Indexes in turns of a few ms between the bus's deliveries, until caught up. */
  #scheduleIndex(): void {
    if (this.#indexTimer !== undefined || this.#closed) return;
    this.#indexTimer = setTimeout(() => {
      this.#indexTimer = undefined;
      if (this.#closed) return;
      const start = performance.now();
      try {
        let step = 1;
        while (step > 0 && performance.now() - start < INDEX_TURN_MS) step = this.#indexStep();
        if (step > 0) this.#scheduleIndex();
      } catch (error) {
        this.#report(error);
      }
    }, 0);
  }

  #report(error: unknown): void {
    const failure = historyError("Cannot store history", this.#path, error);
    (this.#options.onError ?? ((e: HistoryError) => console.error(e.message)))(failure);
  }

  /** Writes the pending lines in one transaction; on failure they stay for the next try. */
  /** The held lines changed other than by appending: scanned again when next asked. */
  #forgetHeldBuffers(): void {
    this.#heldBuffers.clear();
    this.#heldScanned = 0;
  }

  #commit(): void {
    if (this.#pending.length === 0 || this.#closed) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#forgetHeldBuffers();
    const db = this.#db;
    const latest = this.#clock() + MAX_AHEAD_MS;
    try {
      db.exec("BEGIN IMMEDIATE");
      try {
        // A batch is mostly runs of one buffer: the last id is reused for the same name
        // as written, sparing the folded cache key a flood would build for every line.
        let lastNetwork = -1;
        let lastName = "";
        let bufferId = 0;
        for (const line of batch) {
          if (line.time > latest) line.time = latest;
          const kind = LINE_KINDS.indexOf(line.kind);
          if (line.networkId !== lastNetwork || line.buffer !== lastName) {
            bufferId = this.#bufferId(line.networkId, line.buffer, true)!;
            lastNetwork = line.networkId;
            lastName = line.buffer;
          }
          if (line.echo && this.#adopt(bufferId, kind, line)) continue;
          this.#insertLine.run(
            bufferId,
            line.time,
            kind,
            line.self ? 1 : 0,
            line.sender,
            line.text,
            line.msgid ?? null,
            fingerprint(line.sender, kind, line.text),
            line.replyTo ?? null,
          );
        }
        db.exec("COMMIT");
      } catch (error) {
        if (db.isTransaction) db.exec("ROLLBACK");
        throw error;
      }
    } catch (error) {
      this.#failing = true;
      // Buffer rows of the batch were rolled back too.
      this.#buffers.clear();
      this.#pending = batch.concat(this.#pending);
      const excess = this.#dropped + Math.max(0, this.#pending.length - PENDING_MAX);
      this.#dropped = 0;
      if (this.#pending.length > PENDING_MAX) {
        this.#pending.splice(0, this.#pending.length - PENDING_MAX);
      }
      this.#forgetHeldBuffers();
      throw historyError(
        `Cannot store ${batch.length} lines${excess > 0 ? ` (${excess} dropped)` : ""}`,
        this.#path,
        error,
      );
    }
    this.#failing = false;
    this.#scheduleIndex();
    const days = this.#options.retentionDays;
    if (days !== undefined && this.#clock() - this.#lastPrune >= PRUNE_EVERY_MS) this.prune();
  }

  /**
   * Our line replayed by the server replaces the copy stored when we sent it (local time, no
   * msgid) with the server's time and msgid; true when there was such a copy.
   */
  #adopt(bufferId: number, kind: number, line: PendingLine): boolean {
    const sent = this.#findSent.get(
      bufferId,
      line.time - ECHO_WINDOW_MS,
      line.time + ECHO_WINDOW_MS,
      kind,
      line.text,
      line.time,
    );
    if (sent === undefined) return false;
    this.#adoptEcho.run(line.time, line.msgid ?? null, Number(sent.id));
    return true;
  }

  /** `name` folded by the network's CASEMAPPING: buffers and senders are keyed by it. */
  #fold(networkId: number, name: string): string {
    return casefold(name, this.#casemapping(networkId) ?? "rfc1459");
  }

  /** The id of a buffer; with `create`, made when missing. */
  #bufferId(networkId: number, name: string, create: boolean): number | undefined {
    const key = this.#fold(networkId, name);
    const cacheKey = `${networkId} ${key}`;
    const cached = this.#buffers.get(cacheKey);
    if (cached !== undefined) return cached;
    let row = this.#selectBuffer.get(networkId, key);
    if (row === undefined) {
      if (!create) return undefined;
      this.#insertBuffer.run(networkId, name, key);
      row = this.#selectBuffer.get(networkId, key);
    }
    const id = Number(row?.id);
    if (this.#buffers.size >= BUFFER_CACHE_MAX) this.#buffers.clear();
    this.#buffers.set(cacheKey, id);
    return id;
  }
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`Cannot read history: limit must be a positive integer, got ${limit}`);
  }
  return Math.min(limit, MAX_LIMIT);
}

function toLine(row: Record<string, unknown>): StoredLine {
  const line: StoredLine = {
    id: Number(row.id),
    networkId: Number(row.network_id),
    buffer: String(row.name),
    time: Number(row.time),
    kind: kindAt(Number(row.kind)),
    sender: String(row.sender),
    text: String(row.text),
    self: row.self === 1,
  };
  if (typeof row.msgid === "string") line.msgid = row.msgid;
  if (typeof row.reply_to === "string") line.replyTo = row.reply_to;
  if (row.redacted === 1) line.redacted = true;
  return line;
}

function kindAt(index: number): LineKind {
  return LINE_KINDS[index] ?? "message";
}

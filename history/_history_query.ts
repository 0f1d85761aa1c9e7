/**
 * The query side: pages of a buffer for scrollback, one message by msgid, every line of a
 * buffer for export, the list of buffers, and search. It only reads; the newest lines, which
 * the indexer has not reached yet, are searched by scanning them.
 *
 * @module
 */
import type { StatementSync } from "node:sqlite";
import {
  casefold,
  LINE_KINDS,
  type LineKind,
  type SearchQuery,
  type StoredBuffer,
  type StoredLine,
} from "../core/mod.ts";
import { historyError } from "./errors.ts";
import { fold, FOLD_FUNCTION, searchText } from "./_search_text.ts";
import type { BufferIds } from "./_buffer_ids.ts";
import type { Reactions } from "./_reactions.ts";
import type { SearchIndexer } from "./_search_indexer.ts";
import type { StoreFile } from "./_store_file.ts";

/** Default and largest page and search sizes. */
const DEFAULT_LIMIT = 200;
const MAX_LIMIT = 5000;
/** The columns {@linkcode toLine} reads, over `lines l` joined to its buffer `b`. */
const LINE_COLUMNS =
  "l.id, b.network_id, b.name, l.time, l.msgid, l.kind, l.sender, l.text, l.self, l.reply_to, l.redacted";
/** The join every line read selects from. */
const FROM_LINES = "FROM lines l JOIN buffers b ON b.id = l.buffer_id";

/** The parts the query side reads beside the file. */
export interface HistoryQueryParts {
  buffers: BufferIds;
  reactions: Reactions;
  indexer: SearchIndexer;
}

/** Reads stored lines and buffers, and searches them. */
export class HistoryQuery {
  readonly #file: StoreFile;
  readonly #parts: HistoryQueryParts;
  readonly #latest: StatementSync;
  readonly #before: StatementSync;
  readonly #lineTime: StatementSync;
  readonly #lastTime: StatementSync;
  readonly #byMsgid: StatementSync;

  /** Prepares the reads over `file`, and the SQL function a non-ASCII search folds with. */
  constructor(file: StoreFile, parts: HistoryQueryParts) {
    this.#file = file;
    this.#parts = parts;
    const db = file.db;
    db.function(
      FOLD_FUNCTION,
      { deterministic: true },
      (text) => typeof text === "string" ? fold(text) : text,
    );
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
  }

  /** The newest `limit` lines of a buffer, or those just before line `before`, oldest first. */
  page(
    networkId: number,
    buffer: string,
    options: { before?: number; limit?: number },
  ): StoredLine[] {
    const limit = clampLimit(options.limit);
    try {
      const id = this.#parts.buffers.find(networkId, buffer);
      if (id === undefined) return [];
      let rows: Record<string, unknown>[];
      if (options.before === undefined) {
        rows = this.#latest.all(id, limit);
      } else {
        const anchor = this.#lineTime.get(options.before, id);
        if (anchor === undefined) return [];
        rows = this.#before.all(id, anchor.time, anchor.time, options.before, limit);
      }
      return this.#parts.reactions.addTo(id, rows.map(toLine).reverse());
    } catch (error) {
      throw historyError("Cannot read history", this.#file.path, error);
    }
  }

  /** Lines matching `query.text`, newest first; an empty text is a `RangeError`. */
  search(query: SearchQuery): StoredLine[] {
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
          : this.#parts.buffers.fold(query.networkId, query.buffer),
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
    const db = this.#file.db;
    try {
      if (match === undefined) {
        return db.prepare(
          `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE ${filter} ORDER BY l.id DESC LIMIT ?`,
        ).all(...params, limit).map(toLine);
      }
      // The newest lines, not indexed yet, by scanning them; then the index, newest first
      // (FTS5 walks its rowids backwards, so a LIMIT stops it early).
      const upto = this.#parts.indexer.upto();
      const found = db.prepare(
        `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.id > ? AND ${filter} ORDER BY l.id DESC LIMIT ?`,
      ).all(upto, ...params, limit);
      if (found.length < limit) {
        found.push(
          ...db.prepare(
            `SELECT ${LINE_COLUMNS} FROM lines_fts f JOIN lines l ON l.id = f.rowid JOIN buffers b ON b.id = l.buffer_id WHERE lines_fts MATCH ? AND ${filter} ORDER BY f.rowid DESC LIMIT ?`,
          ).all(match, ...params, limit - found.length),
        );
      }
      return found.map(toLine);
    } catch (error) {
      throw historyError("Cannot search history", this.#file.path, error);
    }
  }

  /** The newest stored time of a buffer, or `undefined` when nothing is stored. */
  lastStored(networkId: number, buffer: string): Date | undefined {
    const id = this.#parts.buffers.find(networkId, buffer);
    if (id === undefined) return undefined;
    const time = this.#lastTime.get(id)?.time;
    return typeof time === "number" ? new Date(time) : undefined;
  }

  /** Every buffer (of one network, or all), by network then name, or the `recent` newest. */
  buffers(networkId: number | undefined, options: { recent?: number }): StoredBuffer[] {
    const where = networkId === undefined ? "" : "WHERE network_id = ?";
    const params = networkId === undefined ? [] : [networkId];
    let rows: Record<string, unknown>[];
    if (options.recent === undefined) {
      rows = this.#file.db.prepare(
        `SELECT network_id, name, read_time FROM buffers ${where} ORDER BY network_id, name_key`,
      ).all(...params);
    } else {
      rows = this.#file.db.prepare(
        `SELECT network_id, name, read_time, (SELECT max(time) FROM lines WHERE buffer_id = buffers.id) AS last FROM buffers ${where} ORDER BY last DESC NULLS LAST, id DESC LIMIT ?`,
      ).all(...params, clampLimit(options.recent));
    }
    return rows.map((row) => {
      const buffer: StoredBuffer = { networkId: Number(row.network_id), name: String(row.name) };
      if (typeof row.read_time === "number") buffer.readTime = row.read_time;
      return buffer;
    });
  }

  /** The line of a buffer with IRCv3 msgid `msgid`, or `undefined`. */
  message(networkId: number, buffer: string, msgid: string): StoredLine | undefined {
    try {
      const id = this.#parts.buffers.find(networkId, buffer);
      if (id === undefined) return undefined;
      const row = this.#byMsgid.get(id, msgid);
      return row === undefined ? undefined : toLine(row);
    } catch (error) {
      throw historyError("Cannot read history", this.#file.path, error);
    }
  }

  /** Every line of a buffer, oldest first, read lazily. */
  *lines(networkId: number, buffer: string): Generator<StoredLine> {
    const id = this.#parts.buffers.find(networkId, buffer);
    if (id === undefined) return;
    const statement = this.#file.db.prepare(
      `SELECT ${LINE_COLUMNS} ${FROM_LINES} WHERE l.buffer_id = ? ORDER BY l.time, l.id`,
    );
    for (const row of statement.iterate(id)) yield toLine(row);
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

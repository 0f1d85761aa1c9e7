/**
 * The search indexer: fills the FTS5 index `lines_fts` behind the inserts, up to
 * `history_meta.fts_upto` (the newest line id indexed). A commit writes only `lines`, so a
 * flood is stored at the speed of a plain table; the index catches up in chunks of 256
 * lines, each in its own transaction, in turns of a few ms between the bus's deliveries.
 *
 * @module
 */
import type { StatementSync } from "node:sqlite";
import { historyError } from "./errors.ts";
import type { StoreFile } from "./_store_file.ts";
import { inTransaction } from "./_transaction.ts";

/** Lines indexed for search per transaction, and the time one indexing turn may take. */
const INDEX_CHUNK = 256;
const INDEX_TURN_MS = 8;

/** Keeps the search index caught up with the stored lines. */
export class SearchIndexer {
  readonly #file: StoreFile;
  readonly #indexedUpto: StatementSync;
  readonly #chunkEnd: StatementSync;
  readonly #indexLines: StatementSync;
  readonly #setIndexedUpto: StatementSync;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Prepares the statements over `file`'s `lines`, `lines_fts` and `history_meta`. */
  constructor(file: StoreFile) {
    this.#file = file;
    const db = file.db;
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
  }

  /** The newest line id in the index: lines after it are found by scanning them. */
  upto(): number {
    return Number(this.#indexedUpto.get()?.value ?? 0);
  }

  /** Indexes every stored line now; returns how many lines were waiting. */
  indexAll(): number {
    let done = 0;
    for (let step = this.#step(); step > 0; step = this.#step()) done += step;
    return done;
  }

  /** Indexes in turns of a few ms between the bus's deliveries, until caught up. */
  schedule(): void {
    if (this.#timer !== undefined || this.#file.closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#file.closed) return;
      const start = performance.now();
      try {
        let step = 1;
        while (step > 0 && performance.now() - start < INDEX_TURN_MS) step = this.#step();
        if (step > 0) this.schedule();
      } catch (error) {
        this.#file.report(error);
      }
    }, 0);
  }

  /** Cancels the next turn (the store is closing). */
  stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Indexes the next chunk of lines for search in one transaction; returns its size. */
  #step(): number {
    try {
      return inTransaction(this.#file.db, () => {
        const upto = this.upto();
        const end = this.#chunkEnd.get(upto, INDEX_CHUNK)?.id;
        if (typeof end !== "number") return 0;
        this.#indexLines.run(upto, end);
        this.#setIndexedUpto.run(end);
        return end - upto;
      });
    } catch (error) {
      throw historyError("Cannot index history for search", this.#file.path, error);
    }
  }
}

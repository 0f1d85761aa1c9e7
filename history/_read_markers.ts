/**
 * Read markers: each buffer's last-read position (a `buffer.read`, or the page marking it),
 * which never moves back, and the unread count behind a buffer's badge.
 *
 * @module
 */
import type { StatementSync } from "node:sqlite";
import { historyError } from "./errors.ts";
import type { BufferIds } from "./_buffer_ids.ts";
import type { StoreFile } from "./_store_file.ts";

/** The `buffers.read_time` positions and the counts of lines since. */
export class ReadMarkers {
  readonly #file: StoreFile;
  readonly #buffers: BufferIds;
  readonly #setRead: StatementSync;
  readonly #unread: StatementSync;

  /** Prepares the statements over `file`'s `buffers` and `lines`. */
  constructor(file: StoreFile, buffers: BufferIds) {
    this.#file = file;
    this.#buffers = buffers;
    this.#setRead = file.db.prepare(
      "UPDATE buffers SET read_time = ? WHERE id = ? AND (read_time IS NULL OR read_time < ?)",
    );
    // Prepared once: a page's `history.buffers` asks it for up to a thousand buffers.
    this.#unread = file.db.prepare(
      "SELECT count(*) AS n FROM (SELECT 1 FROM lines WHERE buffer_id = ? AND time > ? AND self = 0 AND kind <= 2 LIMIT ?)",
    );
  }

  /** Records that `buffer` was read up to `time`; a position never moves back. */
  markRead(networkId: number, buffer: string, time: number): void {
    try {
      this.#setRead.run(time, this.#buffers.ensure(networkId, buffer), time);
    } catch (error) {
      this.#buffers.forget();
      throw historyError("Cannot store the read position", this.#file.path, error);
    }
  }

  /** Lines of a buffer after `since` that others sent, counted up to `max`. */
  unread(networkId: number, buffer: string, since: number, max: number): number {
    const id = this.#buffers.find(networkId, buffer);
    if (id === undefined) return 0;
    const row = this.#unread.get(id, since, max);
    return Number(row?.n ?? 0);
  }
}

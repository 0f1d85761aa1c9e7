/**
 * The open history file that every part of the store shares: the database handle, its path
 * (named in every error), the clock, where background failures go, and whether the store is
 * closed. It is the one owner of that state; the parts read it and never keep a copy.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { migrate, openDatabase, schemaVersion } from "../storage/mod.ts";
import { HistoryError, historyError } from "./errors.ts";
import { COMPONENT, MIGRATIONS, SCHEMA_VERSION } from "./_schema.ts";

/** What {@linkcode StoreFile.open} needs beyond the path. */
export interface StoreFileOptions {
  /** The clock, in ms since the epoch. Default `Date.now`. */
  clock?: () => number;
  /** A quota on the file's size in bytes: past it writes fail as a full disk does. */
  maxBytes?: number;
  /** Where a failed background step is reported. Default `console.error`. */
  onError?: (error: HistoryError) => void;
}

/** The history database, open, migrated and shared by the store's parts. */
export class StoreFile {
  readonly db: DatabaseSync;
  readonly path: string;
  readonly clock: () => number;
  readonly #onError: (error: HistoryError) => void;
  #closed = false;

  private constructor(db: DatabaseSync, path: string, options: StoreFileOptions) {
    this.db = db;
    this.path = path;
    this.clock = options.clock ?? Date.now;
    this.#onError = options.onError ?? ((error) => console.error(error.message));
  }

  /**
   * Opens (or creates, 0600) the file in WAL mode and brings its schema up to date. Throws a
   * {@linkcode HistoryError} (`corrupt`, `newer_schema`, `io`) without changing a file it
   * refuses; on any failure the database is closed again.
   */
  static open(path: string, options: StoreFileOptions): StoreFile {
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
      return new StoreFile(db, path, options);
    } catch (error) {
      db.close();
      throw historyError("Cannot open history", path, error);
    }
  }

  /** Whether the store is closed: timers that fire after that do nothing. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Throws the `closed` {@linkcode HistoryError} for `action` once the store is closed. */
  check(action: string): void {
    if (this.#closed) {
      throw new HistoryError("closed", `Cannot ${action}: the store is closed`, this.path);
    }
  }

  /** Reports a failure of a background step (a commit, an indexing turn) to the owner. */
  report(error: unknown): void {
    this.#onError(historyError("Cannot store history", this.path, error));
  }

  /** Closes the database of a store that failed to start, as it is (no checkpoint). */
  abandon(): void {
    this.#closed = true;
    this.db.close();
  }

  /** Marks the store closed, tidies the WAL and closes the database. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch {
      // A checkpoint only tidies the WAL; the next open replays it.
    }
    this.db.close();
  }
}

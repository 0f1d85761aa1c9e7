/**
 * Retention: lines older than the configured number of days are deleted, on open and then at
 * most hourly as lines are committed, by the store's clock.
 *
 * @module
 */
import { historyError } from "./errors.ts";
import type { StoreFile } from "./_store_file.ts";

const DAY_MS = 86_400_000;
/** How often retention runs while the store is open. */
const PRUNE_EVERY_MS = 3_600_000;

/** Deletes lines past the retention, and knows when it last did. */
export class Retention {
  readonly #file: StoreFile;
  readonly #days: number | undefined;
  #lastPrune = 0;

  /** Keeps lines for `days` (all of them when undefined) in `file`. */
  constructor(file: StoreFile, days: number | undefined) {
    this.#file = file;
    this.#days = days;
  }

  /** Deletes lines older than the retention now; returns how many went. */
  prune(): number {
    const now = this.#file.clock();
    this.#lastPrune = now;
    if (this.#days === undefined) return 0;
    try {
      const result = this.#file.db.prepare("DELETE FROM lines WHERE time < ?")
        .run(now - this.#days * DAY_MS);
      return Number(result.changes);
    } catch (error) {
      throw historyError("Cannot prune history", this.#file.path, error);
    }
  }

  /** Prunes when there is a retention and the last prune is an hour old (after a commit). */
  pruneIfDue(): void {
    if (this.#days !== undefined && this.#file.clock() - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.prune();
    }
  }
}

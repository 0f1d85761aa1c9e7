/**
 * One write transaction: the writer's batches and the indexer's chunks each commit whole or
 * not at all.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/**
 * Runs `work` inside `BEGIN IMMEDIATE` … `COMMIT` and returns what it returns; when it throws,
 * rolls back and rethrows. `IMMEDIATE` takes the write lock at once, so a busy file fails at
 * the start rather than halfway through.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

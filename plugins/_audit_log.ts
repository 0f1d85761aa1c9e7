/**
 * The plugin audit log's volume rules: what one plugin can make the host write there is
 * bounded, so that it can neither fill the disk nor bury another plugin's entries (nor its
 * own earlier ones) under a flood.
 *
 * - An entry that repeats the plugin's last one (same attempt, decision and detail) is not
 *   written again: the last row counts it ("N more like this") and the time of the last one.
 * - A plugin gets {@linkcode AUDIT_RATE_PER_MINUTE} new rows a minute and
 *   {@linkcode AUDIT_MAX_ROWS} rows kept. Past either, its entries are counted on one row that
 *   says so, instead of being written.
 * - Rows older than {@linkcode AUDIT_RETENTION_MS} (by their last repeat) are removed.
 *
 * The host's own lifecycle entries (load, crash, restart, disable, a user's enable or revoke)
 * are paced by the host, not by the plugin, and must stay exact (crash counting reads them):
 * they are written as they come, never rolled up nor dropped, and count toward the total.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { AUDIT_RETENTION_MS, auditExpiredSql } from "../storage/mod.ts";

export { AUDIT_RETENTION_MS };

/** New audit rows one plugin may cause per minute; the rest of that minute's are counted. */
export const AUDIT_RATE_PER_MINUTE = 120;
/** Audit rows kept per plugin; past this, its entries are counted until old rows expire. */
export const AUDIT_MAX_ROWS = 5_000;
/** How often, at most, writing looks for rows past their retention: hourly. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The attempt of the row that counts entries over a limit. */
export const AUDIT_LIMIT_ATTEMPT = "audit limit";

/** How the audit judged an attempt. */
export type AuditDecision = "allowed" | "denied" | "failed" | "info";

/** One audit record. */
export interface AuditEntry {
  /** Row id, increasing. */
  id: number;
  /** ISO time of the record. */
  time: string;
  /** The plugin concerned. */
  plugin: string;
  /** What was tried or what happened, e.g. `irc.send 1 #deno` or `Deno.readTextFile`. */
  attempt: string;
  /** The decision. */
  decision: AuditDecision;
  /** The reason or error text. */
  detail: string;
  /** How many more entries like this one followed it ("N more like this"). */
  repeats: number;
  /** ISO time of the last of them, or `null` without repeats. */
  lastTime: string | null;
}

/** What an entry says, before it is a row. */
type Draft = Pick<AuditEntry, "attempt" | "decision" | "detail">;

interface AuditRow {
  id: number;
  time: string;
  plugin: string;
  attempt: string;
  decision: AuditDecision;
  detail: string;
  repeats: number;
  last_time: string | null;
}

/** What the log remembers of one plugin between writes. */
interface Tally {
  /** Its newest row's id and (attempt, decision, detail), or `undefined` without rows. */
  last?: { id: number; key: string };
  /** Rows it has. */
  rows: number;
  /** Start of the current minute, and the new rows written in it. */
  minuteStart: number;
  written: number;
}

/** The `plugin_audit` table of one open database, written within the volume rules. */
export class AuditLog {
  #db: DatabaseSync;
  #now: () => number;
  #tallies = new Map<string, Tally>();
  #lastPrune = Number.NEGATIVE_INFINITY;
  // Prepared once: a flooding plugin's entries come through here at hundreds a second.
  #insertRow: StatementSync;
  #countRepeat: StatementSync;

  /** Expired rows go at once, and then hourly as entries are written. */
  constructor(db: DatabaseSync, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#insertRow = db.prepare(
      "INSERT INTO plugin_audit (time, plugin, attempt, decision, detail) VALUES (?, ?, ?, ?, ?)",
    );
    // Another process (the `plugins` CLI) may have written since: then the row is not newest.
    this.#countRepeat = db.prepare(
      `UPDATE plugin_audit SET repeats = repeats + 1, last_time = ?
       WHERE id = ? AND id = (SELECT MAX(id) FROM plugin_audit WHERE plugin = ?)`,
    );
    this.#prune(now());
  }

  /**
   * Records what a plugin did (a denied attempt, a capability call, a malformed message):
   * rolled up into its last row when it repeats it, counted on an "audit limit" row when over
   * the plugin's rate or total.
   */
  write(plugin: string, attempt: string, decision: AuditDecision, detail: string): void {
    const now = this.#now();
    this.#prune(now);
    const tally = this.#tally(plugin, now);
    const entry = clip({ attempt, decision, detail });
    if (this.#rollUp(plugin, tally, keyOf(entry), now)) return;
    const over = tally.rows >= AUDIT_MAX_ROWS
      ? `over ${AUDIT_MAX_ROWS} entries kept: counted here, not recorded, until old ones expire`
      : tally.written >= AUDIT_RATE_PER_MINUTE
      ? `over ${AUDIT_RATE_PER_MINUTE} entries a minute: counted here, not recorded`
      : undefined;
    if (over === undefined) {
      tally.written++;
      return this.#insert(plugin, tally, entry, now);
    }
    // The one row that says so is written whatever the limits, and counts the rest.
    const limit = { attempt: AUDIT_LIMIT_ATTEMPT, decision: "denied" as const, detail: over };
    if (!this.#rollUp(plugin, tally, keyOf(limit), now)) this.#insert(plugin, tally, limit, now);
  }

  /** Records a step of the host's own (load, crash, restart, a user's disable): as it comes. */
  writeLifecycle(plugin: string, attempt: string, decision: AuditDecision, detail: string): void {
    const now = this.#now();
    this.#prune(now);
    const tally = this.#tally(plugin, now);
    this.#insert(plugin, tally, clip({ attempt, decision, detail }), now);
    // A plugin's entries never count as more of the host's.
    tally.last = undefined;
  }

  /** The log oldest first; with `last`, only the newest `last` entries. */
  read(plugin?: string, last = -1): AuditEntry[] {
    // Newest first with a limit (-1: none), then turned around.
    const rows = plugin === undefined
      ? this.#db.prepare("SELECT * FROM plugin_audit ORDER BY id DESC LIMIT ?").all(last)
      : this.#db.prepare("SELECT * FROM plugin_audit WHERE plugin = ? ORDER BY id DESC LIMIT ?")
        .all(plugin, last);
    return (rows as unknown as AuditRow[]).map(fromRow).reverse();
  }

  /** The newest `last` entries of each plugin, oldest first: no plugin's flood hides another's. */
  readPerPlugin(last: number): AuditEntry[] {
    const rows = this.#db.prepare(
      `SELECT * FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY plugin ORDER BY id DESC) AS newest
         FROM plugin_audit
       ) WHERE newest <= ? ORDER BY id`,
    ).all(last) as unknown as AuditRow[];
    return rows.map(fromRow);
  }

  #tally(plugin: string, now: number): Tally {
    let tally = this.#tallies.get(plugin);
    if (!tally) {
      const newest = this.#db.prepare(
        "SELECT * FROM plugin_audit WHERE plugin = ? ORDER BY id DESC LIMIT 1",
      ).get(plugin) as AuditRow | undefined;
      const { n } = this.#db.prepare("SELECT COUNT(*) AS n FROM plugin_audit WHERE plugin = ?")
        .get(plugin) as { n: number };
      tally = {
        last: newest ? { id: newest.id, key: keyOf(newest) } : undefined,
        rows: n,
        minuteStart: now,
        written: 0,
      };
      this.#tallies.set(plugin, tally);
    }
    if (now - tally.minuteStart >= MINUTE_MS) {
      tally.minuteStart = now;
      tally.written = 0;
    }
    return tally;
  }

  /** Counts a repeat on the plugin's newest row, if it is still the newest and the same. */
  #rollUp(plugin: string, tally: Tally, key: string, now: number): boolean {
    if (tally.last?.key !== key) return false;
    const result = this.#countRepeat.run(new Date(now).toISOString(), tally.last.id, plugin);
    return Number(result.changes) > 0;
  }

  #insert(
    plugin: string,
    tally: Tally,
    entry: Draft,
    now: number,
  ): void {
    const result = this.#insertRow.run(
      new Date(now).toISOString(),
      plugin,
      entry.attempt,
      entry.decision,
      entry.detail,
    );
    tally.rows++;
    tally.last = { id: Number(result.lastInsertRowid), key: keyOf(entry) };
  }

  #prune(now: number): void {
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = now;
    const result = this.#db.prepare(
      `DELETE FROM plugin_audit WHERE COALESCE(last_time, time) < ? AND ${auditExpiredSql("")}`,
    ).run(new Date(now - AUDIT_RETENTION_MS).toISOString());
    // Counts and newest rows are read again when next needed.
    if (Number(result.changes) > 0) this.#tallies.clear();
  }
}

/** An entry cut to what a row keeps: 2,000 characters of attempt, 4,000 of detail. */
function clip(entry: Draft): Draft {
  return { ...entry, attempt: entry.attempt.slice(0, 2000), detail: entry.detail.slice(0, 4000) };
}

function keyOf(entry: Draft): string {
  return JSON.stringify([entry.attempt, entry.decision, entry.detail]);
}

function fromRow(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    time: row.time,
    plugin: row.plugin,
    attempt: row.attempt,
    decision: row.decision,
    detail: row.detail,
    repeats: row.repeats,
    lastTime: row.last_time,
  };
}

/**
 * The activity ledger: what each plugin's permission broker decided, allowed and denied,
 * counted by kind and value per hour. It is what the plugin actually did with its grant
 * (files read, hosts reached, variables read) and what it tried beyond it, written by the
 * host from the broker's decisions, never by the plugin.
 *
 * Decisions are counted in memory and written once a second in one transaction, so a plugin
 * making thousands of checks a second costs the database one small write.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { migrate, newestVersion } from "../storage/database.ts";
import type { PermissionCheck, PermissionDecision } from "./_broker.ts";

const MIGRATIONS = [{
  version: 1,
  sql: `
    CREATE TABLE plugin_activity (
      plugin TEXT NOT NULL,
      hour INTEGER NOT NULL,
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      decision TEXT NOT NULL,
      count INTEGER NOT NULL,
      first_at INTEGER NOT NULL,
      last_at INTEGER NOT NULL,
      PRIMARY KEY (plugin, hour, kind, value, decision)
    );
  `,
}];

/** The ledger's component name and newest schema version, for the newer-schema check. */
export const ACTIVITY_SCHEMA: Readonly<Record<string, number>> = {
  plugin_activity: newestVersion(MIGRATIONS),
};

/** Longest value kept; a longer path or host is cut, with a mark. */
export const MAX_VALUE_CHARS = 512;
/** Distinct (kind, value) pairs counted per plugin per hour; more fold into one row. */
export const MAX_VALUES_PER_HOUR = 2_000;
/** How long the ledger keeps an hour, in ms (30 days). */
export const ACTIVITY_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** The value a plugin's further distinct values fold into once it passes the bound. */
export const OTHER_VALUES = "(other values)";

const HOUR_MS = 3600 * 1000;
const FLUSH_MS = 1000;

/** One ledger line: how often a kind of check on one value got one decision. */
export interface ActivityEntry {
  /** `read`, `write`, `net`, `env`, `sys`, `run`, `ffi` or `import`. */
  kind: string;
  /** The path, host or name; `*` for a check on all of them. */
  value: string;
  /** What the host's broker answered. */
  decision: "allowed" | "denied";
  /** How many such checks there were in the window. */
  count: number;
  /** When it was first seen within the window, in ms since the epoch. */
  firstAt: number;
  /** When it was last seen within the window, in ms since the epoch. */
  lastAt: number;
}

interface Pending {
  plugin: string;
  hour: number;
  kind: string;
  value: string;
  decision: "allowed" | "denied";
  count: number;
  first: number;
  last: number;
}

/**
 * The ledger of one client database.
 *
 * @example
 * ```ts ignore
 * using ledger = new ActivityLedger(db, Date.now);
 * ledger.record("greeter", { permission: "read", value: "/data/greeter/x" }, { allow: true });
 * ledger.flush();
 * ledger.entries("greeter", { since: Date.now() - 3600_000 });
 * ```
 */
export class ActivityLedger implements Disposable {
  #db: DatabaseSync;
  #now: () => number;
  #pending = new Map<string, Pending>();
  /** Distinct values seen per plugin and hour, to hold the bound. */
  #distinct = new Map<string, number>();
  #timer?: ReturnType<typeof setTimeout>;
  #prunedHour = -1;

  constructor(db: DatabaseSync, now: () => number) {
    this.#db = db;
    this.#now = now;
    migrate(db, "plugin_activity", MIGRATIONS);
  }

  /** Counts one decision of `plugin`'s broker. */
  record(plugin: string, check: PermissionCheck, decision: PermissionDecision): void {
    const time = this.#now();
    const hour = time - time % HOUR_MS;
    let value = check.value === null ? "*" : check.value;
    if (value.length > MAX_VALUE_CHARS) value = `${value.slice(0, MAX_VALUE_CHARS)}...`;
    const verdict = decision.allow ? "allowed" : "denied";
    let key = `${plugin}\0${hour}\0${check.permission}\0${value}\0${verdict}`;
    let entry = this.#pending.get(key);
    if (!entry) {
      const bucket = `${plugin}\0${hour}`;
      const seen = this.#distinct.get(bucket) ?? 0;
      if (seen >= MAX_VALUES_PER_HOUR) {
        value = OTHER_VALUES;
        key = `${plugin}\0${hour}\0${check.permission}\0${value}\0${verdict}`;
        entry = this.#pending.get(key);
      } else {
        this.#distinct.set(bucket, seen + 1);
      }
    }
    if (entry) {
      entry.count++;
      entry.last = time;
    } else {
      const kind = check.permission.slice(0, 16);
      this.#pending.set(key, {
        plugin,
        hour,
        kind,
        value,
        decision: verdict,
        count: 1,
        first: time,
        last: time,
      });
    }
    this.#timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Writes what was counted since the last flush, and drops hours past the retention. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.size === 0) return;
    const upsert = this.#db.prepare(
      `INSERT INTO plugin_activity (plugin, hour, kind, value, decision, count, first_at, last_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (plugin, hour, kind, value, decision) DO UPDATE SET
         count = count + excluded.count, last_at = excluded.last_at`,
    );
    this.#db.exec("BEGIN");
    try {
      for (const e of this.#pending.values()) {
        upsert.run(e.plugin, e.hour, e.kind, e.value, e.decision, e.count, e.first, e.last);
      }
      const hour = this.#now() - this.#now() % HOUR_MS;
      if (hour !== this.#prunedHour) {
        this.#prunedHour = hour;
        this.#db.prepare("DELETE FROM plugin_activity WHERE hour < ?").run(
          hour - ACTIVITY_RETENTION_MS,
        );
        // The distinct counts of past hours are not needed any more.
        for (const bucket of this.#distinct.keys()) {
          if (!bucket.endsWith(`\0${hour}`)) this.#distinct.delete(bucket);
        }
      }
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
    this.#pending.clear();
  }

  /**
   * `plugin`'s ledger between `since` and `until` (ms since the epoch, by whole hours), one
   * entry per kind, value and decision, most frequent first.
   */
  entries(plugin: string, window: { since: number; until?: number }): ActivityEntry[] {
    this.flush();
    const since = window.since - window.since % HOUR_MS;
    const until = window.until ?? Number.MAX_SAFE_INTEGER;
    const rows = this.#db.prepare(
      `SELECT kind, value, decision, SUM(count) AS count, MIN(first_at) AS first_at,
              MAX(last_at) AS last_at
       FROM plugin_activity WHERE plugin = ? AND hour >= ? AND hour <= ?
       GROUP BY kind, value, decision ORDER BY count DESC, kind, value`,
    ).all(plugin, since, until);
    return rows.map((row) => ({
      kind: String(row.kind),
      value: String(row.value),
      decision: row.decision === "allowed" ? "allowed" : "denied",
      count: Number(row.count),
      firstAt: Number(row.first_at),
      lastAt: Number(row.last_at),
    }));
  }

  /** Forgets `plugin`'s ledger (it was replaced or removed). */
  forget(plugin: string): void {
    this.flush();
    this.#db.prepare("DELETE FROM plugin_activity WHERE plugin = ?").run(plugin);
  }

  [Symbol.dispose](): void {
    this.flush();
  }
}

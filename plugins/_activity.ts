/**
 * The activity ledger: what each plugin's permission broker decided, allowed and denied,
 * and the capability calls the host ran or refused for it (messages sent and where, storage
 * written, metadata set), counted by kind and value per hour, with the bytes they carried.
 * It is what the plugin actually did with its grant (files read, hosts reached, variables
 * read, lines sent) and what it tried beyond it, written by the host, never by the plugin.
 *
 * Decisions are counted in memory and written once a second in one transaction, so a plugin
 * making thousands of checks a second costs the database one small write.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { ACTIVITY_MIGRATIONS, migrate } from "../storage/mod.ts";
import type { PermissionCheck, PermissionDecision } from "./_broker.ts";

/** Longest value kept; a longer path or host is cut, with a mark. */
export const MAX_VALUE_CHARS = 512;
/** Distinct (kind, value) pairs counted per plugin per hour; more fold into one row. */
export const MAX_VALUES_PER_HOUR = 2_000;
/** How long the ledger keeps an hour, in ms (30 days). */
export const ACTIVITY_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** The value a plugin's further distinct values fold into once it passes the bound. */
export const OTHER_VALUES = "(other values)";

const HOUR_MS = 3600 * 1000;
/** Windows longer than this are read through the per-value index. */
const BY_VALUE_AFTER_MS = 48 * HOUR_MS;
const FLUSH_MS = 1000;

/** One ledger line: how often a kind of check on one value got one decision. */
export interface ActivityEntry {
  /**
   * A permission check: `read`, `write`, `net`, `env`, `sys`, `run`, `ffi` or `import`; or a
   * capability call: `irc.send`, `storage.set`, `storage.delete` or `metadata.set`.
   */
  kind: string;
  /**
   * The path, host or name (`*` for a check on all of them); for `irc.send` the network id
   * and target (`1 #deno`), for storage the key, for metadata its type and key.
   */
  value: string;
  /** What the host's broker answered. */
  decision: "allowed" | "denied";
  /** How many such checks there were in the window. */
  count: number;
  /** The bytes those calls carried (text sent, values stored); 0 for permission checks. */
  bytes: number;
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
  bytes: number;
  first: number;
  last: number;
}

/**
 * A capability call the host ran or refused, as the ledger counts it.
 *
 * @example
 * ```ts ignore
 * const use: CallUse = { kind: "irc.send", value: "1 #deno", allowed: true, bytes: 5 };
 * ```
 */
export interface CallUse {
  /** `irc.send`, `storage.set`, `storage.delete` or `metadata.set`. */
  kind: string;
  /** Where or what: `1 #deno`, a storage key, a metadata type and key. */
  value: string;
  /** Whether the host ran it. */
  allowed: boolean;
  /** The bytes it carried. */
  bytes?: number;
}

/** What the page and the CLI may narrow a plugin's ledger to. */
export interface ActivityFilter {
  /** Start of the window, ms since the epoch (rounded down to its hour). */
  since: number;
  /** End of the window, ms since the epoch. */
  until?: number;
  /** One kind only. */
  kind?: string;
  /** Allowed or denied only. */
  decision?: "allowed" | "denied";
  /** Values containing this text (case-insensitive). */
  text?: string;
}

/** A plugin's ledger summed per kind and decision: what it did, at a glance. */
export interface ActivityTotal {
  /** The kind, as in {@linkcode ActivityEntry.kind}. */
  kind: string;
  /** Allowed or denied. */
  decision: "allowed" | "denied";
  /** How many checks or calls. */
  count: number;
  /** How many distinct values (paths, hosts, targets, keys). */
  values: number;
  /** The bytes they carried. */
  bytes: number;
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
    migrate(db, "plugin_activity", ACTIVITY_MIGRATIONS);
  }

  /** Counts one decision of `plugin`'s broker. */
  record(plugin: string, check: PermissionCheck, decision: PermissionDecision): void {
    const value = check.value === null ? "*" : check.value;
    this.#count(plugin, check.permission, value, decision.allow ? "allowed" : "denied", 0);
  }

  /** Counts one capability call of `plugin`, run or refused by the host. */
  recordCall(plugin: string, use: CallUse): void {
    const given = use.bytes ?? 0;
    const bytes = Number.isSafeInteger(given) && given > 0 ? given : 0;
    this.#count(plugin, use.kind, use.value, use.allowed ? "allowed" : "denied", bytes);
  }

  #count(
    plugin: string,
    permission: string,
    checked: string,
    verdict: "allowed" | "denied",
    bytes: number,
  ): void {
    const time = this.#now();
    const hour = time - time % HOUR_MS;
    let value = checked;
    if (value.length > MAX_VALUE_CHARS) value = `${value.slice(0, MAX_VALUE_CHARS)}...`;
    let key = `${plugin}\0${hour}\0${permission}\0${value}\0${verdict}`;
    let entry = this.#pending.get(key);
    if (!entry) {
      const bucket = `${plugin}\0${hour}`;
      const seen = this.#distinct.get(bucket) ?? 0;
      if (seen >= MAX_VALUES_PER_HOUR) {
        value = OTHER_VALUES;
        key = `${plugin}\0${hour}\0${permission}\0${value}\0${verdict}`;
        entry = this.#pending.get(key);
      } else {
        this.#distinct.set(bucket, seen + 1);
      }
    }
    if (entry) {
      entry.count++;
      entry.bytes += bytes;
      entry.last = time;
    } else {
      const kind = permission.slice(0, 16);
      this.#pending.set(key, {
        plugin,
        hour,
        kind,
        value,
        decision: verdict,
        count: 1,
        bytes,
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
      `INSERT INTO plugin_activity
         (plugin, hour, kind, value, decision, count, bytes, first_at, last_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (plugin, hour, kind, value, decision) DO UPDATE SET
         count = count + excluded.count, bytes = bytes + excluded.bytes,
         last_at = excluded.last_at`,
    );
    this.#db.exec("BEGIN");
    try {
      for (const e of this.#pending.values()) {
        upsert.run(
          e.plugin,
          e.hour,
          e.kind,
          e.value,
          e.decision,
          e.count,
          e.bytes,
          e.first,
          e.last,
        );
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
   * entry per kind, value and decision, most frequent first; narrowed by kind, decision and
   * text when the filter says so, and to the `limit` most frequent.
   */
  entries(plugin: string, filter: ActivityFilter, limit = -1): ActivityEntry[] {
    const { from, where, params } = this.#where(plugin, filter);
    const rows = this.#db.prepare(
      `SELECT kind, value, decision, SUM(count) AS count, SUM(bytes) AS bytes,
              MIN(first_at) AS first_at, MAX(last_at) AS last_at
       FROM ${from} WHERE ${where}
       GROUP BY kind, value, decision ORDER BY count DESC, kind, value LIMIT ?`,
    ).all(...params, limit);
    return rows.map((row) => ({
      kind: String(row.kind),
      value: String(row.value),
      decision: row.decision === "allowed" ? "allowed" : "denied",
      count: Number(row.count),
      bytes: Number(row.bytes),
      firstAt: Number(row.first_at),
      lastAt: Number(row.last_at),
    }));
  }

  /**
   * `plugin`'s ledger summed per kind and decision over the same filter as
   * {@linkcode ActivityLedger.prototype.entries}: every entry counts, however many there are.
   */
  totals(plugin: string, filter: ActivityFilter): ActivityTotal[] {
    const { from, where, params } = this.#where(plugin, filter);
    // Per value first (in index order), then per kind: no sort of the window's every row.
    const rows = this.#db.prepare(
      `SELECT kind, decision, SUM(count) AS count, COUNT(*) AS "values", SUM(bytes) AS bytes
       FROM (SELECT kind, value, decision, SUM(count) AS count, SUM(bytes) AS bytes
             FROM ${from} WHERE ${where} GROUP BY kind, value, decision)
       GROUP BY kind, decision ORDER BY decision, kind`,
    ).all(...params);
    return rows.map((row) => ({
      kind: String(row.kind),
      decision: row.decision === "allowed" ? "allowed" : "denied",
      count: Number(row.count),
      values: Number(row.values),
      bytes: Number(row.bytes),
    }));
  }

  /** The kinds `plugin`'s ledger holds in the window, for the page's kind filter. */
  kinds(plugin: string, window: { since: number; until?: number }): string[] {
    const { from, where, params } = this.#where(plugin, window);
    return this.#db.prepare(
      `SELECT DISTINCT kind FROM ${from} WHERE ${where} ORDER BY kind`,
    ).all(...params).map((row) => String(row.kind));
  }

  #where(
    plugin: string,
    filter: ActivityFilter,
  ): { from: string; where: string; params: (string | number)[] } {
    this.flush();
    const since = filter.since - filter.since % HOUR_MS;
    const until = filter.until ?? Number.MAX_SAFE_INTEGER;
    // A window of a few hours is read by hour (the key); a longer one by value, from the
    // covering index, summing in its order: a month of a busy plugin read by hour means
    // sorting every hour's row (measured 10x slower; SQLite has no statistics to choose).
    const long = Math.min(until, this.#now()) - since > BY_VALUE_AFTER_MS;
    const from = long ? "plugin_activity INDEXED BY plugin_activity_by_value" : "plugin_activity";
    let where = "plugin = ? AND hour >= ? AND hour <= ?";
    const params: (string | number)[] = [plugin, since, until];
    if (filter.kind !== undefined) {
      where += " AND kind = ?";
      params.push(filter.kind);
    }
    if (filter.decision !== undefined) {
      where += " AND decision = ?";
      params.push(filter.decision);
    }
    if (filter.text !== undefined && filter.text !== "") {
      // instr, not LIKE: a `%` or `_` in the text is looked for as itself.
      where += " AND instr(lower(value), lower(?)) > 0";
      params.push(filter.text);
    }
    return { from, where, params };
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

/**
 * Plugin tables in the client's shared SQLite database: installed plugins with their
 * grants, each plugin's key-value storage, and the append-only audit log.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { migrate, PLUGIN_MIGRATIONS } from "../storage/mod.ts";
import { type AuditDecision, type AuditEntry, AuditLog } from "./_audit_log.ts";
import type { PluginGrant } from "./grant.ts";
import type { IsolationMode, PluginManifest } from "./manifest.ts";

export type { AuditDecision, AuditEntry };

/** A stored plugin record. */
export interface StoredPlugin {
  name: string;
  /** Its source: the absolute folder it was installed from. With `name`, its identity. */
  path: string;
  /** Its folder inside its pinned copy; `null` in development mode or before copies. */
  codePath: string | null;
  /** Development mode: it runs from its source folder, reloaded when a file there changes. */
  dev: boolean;
  manifest: PluginManifest;
  grant: PluginGrant;
  isolation: IsolationMode | null;
  enabled: boolean;
  disabledReason: string | null;
  installedAt: string;
}

interface PluginRow {
  name: string;
  path: string;
  manifest: string;
  grant_json: string;
  isolation: string | null;
  enabled: number;
  disabled_reason: string | null;
  installed_at: string;
  code_path: string | null;
  dev: number;
}

/** The plugin tables of one open database. */
export class PluginStore {
  #db: DatabaseSync;
  #audit: AuditLog;

  constructor(db: DatabaseSync, now: () => number) {
    this.#db = db;
    migrate(db, "plugins", PLUGIN_MIGRATIONS);
    this.#audit = new AuditLog(db, now);
  }

  get(name: string): StoredPlugin | undefined {
    const row = this.#db.prepare("SELECT * FROM plugins WHERE name = ?").get(name) as
      | PluginRow
      | undefined;
    return row ? fromRow(row) : undefined;
  }

  all(): StoredPlugin[] {
    const rows = this.#db.prepare("SELECT * FROM plugins ORDER BY name")
      .all() as unknown as PluginRow[];
    return rows.map(fromRow);
  }

  put(plugin: StoredPlugin): void {
    this.#db.prepare(
      `INSERT INTO plugins (name, path, code_path, dev, manifest, grant_json, isolation, enabled,
         disabled_reason, installed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET path = excluded.path, code_path = excluded.code_path,
         dev = excluded.dev, manifest = excluded.manifest,
         grant_json = excluded.grant_json, isolation = excluded.isolation,
         enabled = excluded.enabled, disabled_reason = excluded.disabled_reason,
         installed_at = excluded.installed_at`,
    ).run(
      plugin.name,
      plugin.path,
      plugin.codePath,
      plugin.dev ? 1 : 0,
      JSON.stringify(plugin.manifest),
      JSON.stringify(plugin.grant),
      plugin.isolation,
      plugin.enabled ? 1 : 0,
      plugin.disabledReason,
      plugin.installedAt,
    );
  }

  /**
   * Records an install in one transaction: the plugin, the sha256 of each file of its copy
   * (replacing the old list), and with `freshStorage` its storage emptied.
   */
  install(plugin: StoredPlugin, files: Record<string, string>, freshStorage: boolean): void {
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      this.put(plugin);
      this.#db.prepare("DELETE FROM plugin_files WHERE plugin = ?").run(plugin.name);
      const insert = this.#db.prepare(
        "INSERT INTO plugin_files (plugin, path, sha256) VALUES (?, ?, ?)",
      );
      for (const [path, sha256] of Object.entries(files)) insert.run(plugin.name, path, sha256);
      if (freshStorage) {
        this.#db.prepare("DELETE FROM plugin_storage WHERE plugin = ?").run(plugin.name);
      }
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }

  /** The sha256 of each file of a plugin's pinned copy, by path inside the copy. */
  files(plugin: string): Record<string, string> {
    const rows = this.#db.prepare(
      "SELECT path, sha256 FROM plugin_files WHERE plugin = ? ORDER BY path",
    ).all(plugin) as { path: string; sha256: string }[];
    return Object.fromEntries(rows.map((row) => [row.path, row.sha256]));
  }

  setEnabled(name: string, enabled: boolean, reason: string | null): void {
    this.#db.prepare("UPDATE plugins SET enabled = ?, disabled_reason = ? WHERE name = ?").run(
      enabled ? 1 : 0,
      reason,
      name,
    );
  }

  /**
   * Audits what a plugin did, within its audit volume (see `_audit_log.ts`): repeats are
   * rolled up, and entries over its rate or total are counted rather than written.
   */
  audit(plugin: string, attempt: string, decision: AuditDecision, detail = ""): void {
    this.#audit.write(plugin, attempt, decision, detail);
  }

  /** Audits a lifecycle step the host paces itself (load, crash, a user's disable): exactly. */
  auditLifecycle(plugin: string, attempt: string, decision: AuditDecision, detail = ""): void {
    this.#audit.writeLifecycle(plugin, attempt, decision, detail);
  }

  /** The log oldest first; with `last`, only the newest `last` entries. */
  auditLog(plugin?: string, last = -1): AuditEntry[] {
    return this.#audit.read(plugin, last);
  }

  /** The newest `last` entries of each plugin, oldest first. */
  auditPerPlugin(last: number): AuditEntry[] {
    return this.#audit.readPerPlugin(last);
  }

  /** Crash records of a plugin, newest last: their times in ms. */
  crashTimes(plugin: string): number[] {
    const rows = this.#db.prepare(
      "SELECT time FROM plugin_audit WHERE plugin = ? AND attempt = 'crash' ORDER BY id",
    ).all(plugin) as { time: string }[];
    return rows.map((row) => Date.parse(row.time));
  }

  /** Its last crash or disabling, from the audit: when, what, and why. */
  lastStop(plugin: string): { time: string; attempt: string; reason: string } | null {
    const row = this.#db.prepare(
      "SELECT time, attempt, detail FROM plugin_audit WHERE plugin = ? AND attempt IN ('crash', 'disable') ORDER BY id DESC LIMIT 1",
    ).get(plugin) as { time: string; attempt: string; detail: string | null } | undefined;
    return row ? { time: row.time, attempt: row.attempt, reason: row.detail ?? "" } : null;
  }

  /** When the plugin was last re-enabled (ms), or 0. */
  lastEnabled(plugin: string): number {
    const row = this.#db.prepare(
      "SELECT time FROM plugin_audit WHERE plugin = ? AND attempt = 'enable' AND decision = 'allowed' ORDER BY id DESC LIMIT 1",
    ).get(plugin) as { time: string } | undefined;
    return row ? Date.parse(row.time) : 0;
  }

  /** Events dropped from a plugin's full mailbox, as recorded with each overflow notice. */
  overflowCount(plugin: string): number {
    const rows = this.#db.prepare(
      "SELECT detail, repeats FROM plugin_audit WHERE plugin = ? AND attempt = 'mailbox overflow'",
    ).all(plugin) as { detail: string; repeats: number }[];
    return rows.reduce(
      (sum, row) => sum + (parseInt(row.detail, 10) || 0) * (1 + row.repeats),
      0,
    );
  }

  deniedCount(plugin: string): number {
    const row = this.#db.prepare(
      "SELECT SUM(1 + repeats) AS n FROM plugin_audit WHERE plugin = ? AND decision = 'denied'",
    ).get(plugin) as { n: number | null };
    return row.n ?? 0;
  }

  /** Bytes `plugin`'s storage entries take: keys and values, as stored. */
  storageBytes(plugin: string): number {
    const row = this.#db.prepare(
      "SELECT COALESCE(SUM(length(CAST(key AS BLOB)) + length(CAST(value AS BLOB))), 0) AS n FROM plugin_storage WHERE plugin = ?",
    ).get(plugin);
    return Number(row?.n ?? 0);
  }

  storageGet(plugin: string, key: string): unknown {
    const row = this.#db.prepare("SELECT value FROM plugin_storage WHERE plugin = ? AND key = ?")
      .get(plugin, key) as { value: string } | undefined;
    return row === undefined ? undefined : JSON.parse(row.value);
  }

  /** Stores `json`, the value already serialized (and size-checked) by the caller. */
  storageSet(plugin: string, key: string, json: string): void {
    this.#db.prepare(
      "INSERT INTO plugin_storage (plugin, key, value) VALUES (?, ?, ?) ON CONFLICT(plugin, key) DO UPDATE SET value = excluded.value",
    ).run(plugin, key, json);
  }

  storageDelete(plugin: string, key: string): boolean {
    const result = this.#db.prepare("DELETE FROM plugin_storage WHERE plugin = ? AND key = ?")
      .run(plugin, key);
    return Number(result.changes) > 0;
  }

  storageList(plugin: string, prefix: string): string[] {
    const rows = this.#db.prepare(
      "SELECT key FROM plugin_storage WHERE plugin = ? AND substr(key, 1, ?) = ? ORDER BY key",
    ).all(plugin, prefix.length, prefix) as { key: string }[];
    return rows.map((row) => row.key);
  }
}

function fromRow(row: PluginRow): StoredPlugin {
  return {
    name: row.name,
    path: row.path,
    codePath: row.code_path,
    dev: row.dev === 1,
    manifest: JSON.parse(row.manifest),
    grant: JSON.parse(row.grant_json),
    isolation: row.isolation as IsolationMode | null,
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    installedAt: row.installed_at,
  };
}

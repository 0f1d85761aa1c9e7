/**
 * The plugin platform's tables in `client.sqlite`, declared where the database is opened so
 * that opening it knows every part's newest schema: installed plugins with their grants,
 * their storage, the append-only audit log (with the retention its triggers enforce), and the
 * activity ledger. `plugins/` reads and writes them; their migrations live here.
 *
 * @example
 * ```ts
 * import { migrate, openDatabase, PLUGIN_MIGRATIONS, PLUGIN_SCHEMA } from "./mod.ts";
 * const db = openDatabase(":memory:");
 * migrate(db, "plugins", PLUGIN_MIGRATIONS) === PLUGIN_SCHEMA.plugins; // true
 * db.close();
 * ```
 *
 * @module
 */
import { type Migration, newestVersion } from "./database.ts";

/** How long an audit row is kept after its last repeat: 30 days. */
export const AUDIT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Whether a `plugin_audit` row (`row` is `"OLD."` in a trigger, `""` in a statement) is past
 * its retention by SQLite's own clock. The delete trigger allows only such rows to go, and
 * pruning asks it too, so that a clock of the caller's that runs ahead deletes nothing more.
 * A migration copies it once: a later change to the retention needs another migration.
 *
 * @example
 * ```ts
 * import { auditExpiredSql } from "./mod.ts";
 * const sql = `DELETE FROM plugin_audit WHERE ${auditExpiredSql("")}`;
 * ```
 */
export function auditExpiredSql(row: "OLD." | ""): string {
  const days = AUDIT_RETENTION_MS / (24 * 60 * 60 * 1000);
  return `COALESCE(${row}last_time, ${row}time) < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${days} days')`;
}

/**
 * The steps of the `plugins` component: the `plugins`, `plugin_storage`, `plugin_files`
 * and `plugin_audit` tables.
 *
 * @example
 * ```ts
 * import { PLUGIN_MIGRATIONS } from "./mod.ts";
 * PLUGIN_MIGRATIONS.length; // 3
 * ```
 */
export const PLUGIN_MIGRATIONS: Migration[] = [{
  version: 1,
  sql: `
    CREATE TABLE plugins (
      name TEXT PRIMARY KEY,
      path TEXT NOT NULL,
      manifest TEXT NOT NULL,
      grant_json TEXT NOT NULL,
      isolation TEXT,
      enabled INTEGER NOT NULL DEFAULT 1,
      disabled_reason TEXT,
      installed_at TEXT NOT NULL
    );
    CREATE TABLE plugin_storage (
      plugin TEXT NOT NULL,
      key TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (plugin, key)
    );
    CREATE TABLE plugin_audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      time TEXT NOT NULL,
      plugin TEXT NOT NULL,
      attempt TEXT NOT NULL,
      decision TEXT NOT NULL,
      detail TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX plugin_audit_by_plugin ON plugin_audit (plugin, id);
    CREATE TRIGGER plugin_audit_no_update BEFORE UPDATE ON plugin_audit
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only'); END;
    CREATE TRIGGER plugin_audit_no_delete BEFORE DELETE ON plugin_audit
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only'); END;
  `,
}, {
  // Pinned copies: where in its copy a plugin's folder is, development mode, and the sha256
  // of each file of the copy. A plugin from version 1 has no copy and must be installed again.
  version: 2,
  sql: `
    ALTER TABLE plugins ADD COLUMN code_path TEXT;
    ALTER TABLE plugins ADD COLUMN dev INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE plugin_files (
      plugin TEXT NOT NULL,
      path TEXT NOT NULL,
      sha256 TEXT NOT NULL,
      PRIMARY KEY (plugin, path)
    );
  `,
}, {
  // Audit volume (see _audit_log.ts): a row counts the entries that repeated it, and rows past
  // their retention may be deleted. Everything else about a row stays as it was written.
  version: 3,
  sql: `
    ALTER TABLE plugin_audit ADD COLUMN repeats INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE plugin_audit ADD COLUMN last_time TEXT;
    DROP TRIGGER plugin_audit_no_update;
    CREATE TRIGGER plugin_audit_no_update BEFORE UPDATE ON plugin_audit
      WHEN NEW.id IS NOT OLD.id OR NEW.time IS NOT OLD.time OR NEW.plugin IS NOT OLD.plugin
        OR NEW.attempt IS NOT OLD.attempt OR NEW.decision IS NOT OLD.decision
        OR NEW.detail IS NOT OLD.detail OR NEW.repeats < OLD.repeats
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only: only repeats may grow'); END;
    DROP TRIGGER plugin_audit_no_delete;
    CREATE TRIGGER plugin_audit_no_delete BEFORE DELETE ON plugin_audit
      WHEN NOT (${auditExpiredSql("OLD.")})
      BEGIN SELECT RAISE(ABORT, 'plugin_audit is append-only: only expired rows may go'); END;
  `,
}];

/**
 * The plugin tables' component name and the newest schema version this client knows (a
 * newer one in the client's database refuses the file untouched).
 *
 * @example
 * ```ts
 * import { PLUGIN_SCHEMA } from "./mod.ts";
 * PLUGIN_SCHEMA.plugins; // 3
 * ```
 */
export const PLUGIN_SCHEMA: Readonly<Record<string, number>> = {
  plugins: newestVersion(PLUGIN_MIGRATIONS),
};

/**
 * The steps of the `plugin_activity` component: the activity ledger's one table.
 *
 * @example
 * ```ts
 * import { ACTIVITY_MIGRATIONS } from "./mod.ts";
 * ACTIVITY_MIGRATIONS.length; // 2
 * ```
 */
export const ACTIVITY_MIGRATIONS: Migration[] = [{
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
}, {
  // The bytes a call carried: a sent line's text, a stored value's JSON. The index lets the
  // ledger page sum a month per value in index order, without sorting every hour's row.
  version: 2,
  sql: `
    ALTER TABLE plugin_activity ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX plugin_activity_by_value
      ON plugin_activity (plugin, kind, value, decision, hour, count, bytes, first_at, last_at);
  `,
}];

/**
 * The ledger's component name and newest schema version, for the newer-schema check.
 *
 * @example
 * ```ts
 * import { ACTIVITY_SCHEMA } from "./mod.ts";
 * ACTIVITY_SCHEMA.plugin_activity; // 2
 * ```
 */
export const ACTIVITY_SCHEMA: Readonly<Record<string, number>> = {
  plugin_activity: newestVersion(ACTIVITY_MIGRATIONS),
};

import { DatabaseSync } from "node:sqlite";

/**
 * One schema step: the SQL that takes a component's tables from `version - 1` to `version`.
 *
 * @example
 * ```ts
 * import type { Migration } from "./database.ts";
 * const first: Migration = { version: 1, sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)" };
 * ```
 */
export interface Migration {
  /** The schema version this step produces, counting from 1. */
  version: number;
  /** The statements of the step, run in one transaction. */
  sql: string;
}

/**
 * Opens (or creates) the client's SQLite database file, shared by every component.
 *
 * Write-ahead logging lets readers go on while a writer commits; foreign keys are on.
 * Commits do not wait for the disk (`synchronous = NORMAL`): every write happens on the
 * backend's one thread, and a disk that takes milliseconds per sync would stall the bus and
 * the plugin host behind each audit entry. A crash of the client still loses nothing; only a
 * power cut can undo the last commits, and never corrupts the file.
 *
 * The file holds messages and secrets, so it is the owner's alone (0600), whatever the umask
 * and even when an older client left it 0644: it is created 0600 before SQLite opens it, and
 * SQLite gives its `-wal` and `-shm` files the database file's mode. Files left 0644 by an
 * older client are set to 0600 here.
 *
 * @example
 * ```ts
 * import { openDatabase } from "./database.ts";
 * const db = openDatabase(":memory:");
 * db.close();
 * ```
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): DatabaseSync {
  ownerOnly(path);
  const db = new DatabaseSync(path);
  try {
    options.check?.(db);
    db.exec(
      "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
    );
    db.exec(
      "CREATE TABLE IF NOT EXISTS schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL)",
    );
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Options of {@linkcode openDatabase}.
 *
 * @example
 * ```ts
 * import type { OpenDatabaseOptions } from "./database.ts";
 * const options: OpenDatabaseOptions = {
 *   check: (db) => void db.prepare("SELECT count(*) FROM sqlite_schema").get(),
 * };
 * ```
 */
export interface OpenDatabaseOptions {
  /**
   * Looks at the file as found, before anything is written to it (not even the switch to
   * WAL): throwing refuses the file and leaves it byte for byte as it was.
   */
  check?: (db: DatabaseSync) => void;
}

/**
 * The schema version `component` is at in an opened database, read without writing: 0 when
 * the database has no `schema_versions` table or no row for it yet.
 *
 * @example
 * ```ts
 * import { openDatabase, schemaVersion } from "./database.ts";
 * const db = openDatabase(":memory:");
 * schemaVersion(db, "notes"); // 0
 * db.close();
 * ```
 */
export function schemaVersion(db: DatabaseSync, component: string): number {
  const table = db.prepare(
    "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_versions'",
  ).get();
  if (table === undefined) return 0;
  const row = db.prepare("SELECT version FROM schema_versions WHERE component = ?").get(component);
  return typeof row?.version === "number" ? row.version : 0;
}

/** The database file and its companions: readable and writable by the owner only. */
function ownerOnly(path: string): void {
  if (path === "" || path === ":memory:" || path.startsWith("file:")) return;
  if (Deno.build.os === "windows") return;
  // `mode` applies only when the file is new (and the umask may only narrow it).
  Deno.openSync(path, { read: true, write: true, create: true, mode: 0o600 }).close();
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    try {
      if ((Deno.statSync(file).mode ?? 0) & 0o077) Deno.chmodSync(file, 0o600);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
}

/**
 * Brings one component's tables up to its newest schema version, each step in a
 * transaction, and returns the version now in force. Steps already applied are skipped, so
 * it is safe on every start.
 *
 * Each component (networks, plugin grants, ...) keeps its own version in
 * `schema_versions`, so the parts of the client evolve their tables independently.
 *
 * @example
 * ```ts
 * import { migrate, openDatabase } from "./database.ts";
 * const db = openDatabase(":memory:");
 * migrate(db, "notes", [{ version: 1, sql: "CREATE TABLE notes (text TEXT)" }]); // 1
 * db.close();
 * ```
 */
export function migrate(db: DatabaseSync, component: string, migrations: Migration[]): number {
  let current = schemaVersion(db, component);
  const newest = newestVersion(migrations);
  if (current > newest) throw newerSchema(component, current, newest);
  for (const step of [...migrations].sort((a, b) => a.version - b.version)) {
    if (step.version <= current) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(step.sql);
      db.prepare(
        "INSERT INTO schema_versions (component, version) VALUES (?, ?) ON CONFLICT(component) DO UPDATE SET version = excluded.version",
      ).run(component, step.version);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw new Error(`Cannot migrate ${component} storage to version ${step.version}`, {
        cause: error,
      });
    }
    current = step.version;
  }
  return current;
}

/**
 * The version the last of `migrations` produces (0 for none).
 *
 * @example
 * ```ts
 * import { newestVersion } from "./database.ts";
 * console.log(newestVersion([{ version: 1, sql: "" }, { version: 2, sql: "" }])); // 2
 * ```
 */
export function newestVersion(migrations: readonly Migration[]): number {
  return Math.max(0, ...migrations.map((m) => m.version));
}

/**
 * A check for {@linkcode openDatabase} that refuses a file in which any of these components
 * (name → the newest schema version this client knows) is newer: a newer client wrote it,
 * so it is left byte for byte as it was, not even switched to WAL.
 *
 * @example
 * ```ts
 * import { openDatabase, refuseNewerSchemas } from "./database.ts";
 * const db = openDatabase(":memory:", { check: refuseNewerSchemas({ notes: 1 }) });
 * db.close();
 * ```
 */
export function refuseNewerSchemas(
  newest: Readonly<Record<string, number>>,
): (db: DatabaseSync) => void {
  return (db) => {
    for (const [component, known] of Object.entries(newest)) {
      const found = schemaVersion(db, component);
      if (found > known) throw newerSchema(component, found, known);
    }
  };
}

function newerSchema(component: string, found: number, known: number): Error {
  return new Error(
    `Cannot open ${component} storage: the database is at schema version ${found}, newer than this client knows (${known}); it is left as it is`,
  );
}

/**
 * Where the client keeps what it must not lose: the data directory's layout, opening and
 * migrating its SQLite databases (`openClientDatabase` opens `client.sqlite`), the saved
 * networks, and the plugin tables' migrations. Internal to the project (not a
 * published subpath); `history/` and `plugins/` build their stores on it.
 *
 * @example
 * ```ts
 * import { databasePath, resolveDataDir } from "./mod.ts";
 * const file = databasePath(resolveDataDir()); // ".../ircbus/client.sqlite"
 * ```
 *
 * @module
 */
export * from "./data_dir.ts";
export * from "./database.ts";
export * from "./network_store.ts";
export * from "./plugin_tables.ts";
export * from "./client_database.ts";

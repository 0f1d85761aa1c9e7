/**
 * Opening the client's one database, `client.sqlite`: the saved networks, the plugins and
 * their activity ledger share it.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { databasePath } from "./data_dir.ts";
import { openDatabase, refuseNewerSchemas } from "./database.ts";
import { NETWORK_SCHEMA } from "./network_store.ts";
import { ACTIVITY_SCHEMA, PLUGIN_SCHEMA } from "./plugin_tables.ts";

/**
 * Every component of `client.sqlite` and the newest schema version this client knows of it.
 *
 * @example
 * ```ts
 * import { CLIENT_SCHEMAS } from "./mod.ts";
 * Object.keys(CLIENT_SCHEMAS); // ["networks", "plugins", "plugin_activity"]
 * ```
 */
export const CLIENT_SCHEMAS: Readonly<Record<string, number>> = {
  ...NETWORK_SCHEMA,
  ...PLUGIN_SCHEMA,
  ...ACTIVITY_SCHEMA,
};

/**
 * Opens the client's database in `dataDir` (`client.sqlite`: the networks and the plugins),
 * refusing it untouched when a newer client wrote any of its parts. The caller closes it.
 *
 * @example
 * ```ts
 * import { openClientDatabase } from "./mod.ts";
 * const dataDir = await Deno.makeTempDir();
 * const db = openClientDatabase(dataDir);
 * db.close();
 * await Deno.remove(dataDir, { recursive: true });
 * ```
 */
export function openClientDatabase(dataDir: string): DatabaseSync {
  return openDatabase(databasePath(dataDir), { check: refuseNewerSchemas(CLIENT_SCHEMAS) });
}

/**
 * The data dir and its files' paths: defined in common/ (a launch resolves the data dir before
 * it loads storage), and part of storage's door as they always were.
 *
 * @example
 * ```ts
 * import { databasePath, resolveDataDir } from "./data_dir.ts";
 * console.log(databasePath(resolveDataDir("/tmp/irc"))); // "/tmp/irc/client.sqlite"
 * ```
 *
 * @module
 */
export { databasePath, historyPath, resolveDataDir } from "../common/mod.ts";

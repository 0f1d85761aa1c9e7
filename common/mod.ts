/**
 * The bottom of the house: small helpers every part may use and that depend on nothing of
 * ircbus. Internal to the project (not a published subpath).
 *
 * @example
 * ```ts
 * import { errorMessage } from "./mod.ts";
 * errorMessage(new Error("disk full")); // "disk full"
 * ```
 *
 * @module
 */
export { databasePath, historyPath, resolveDataDir } from "./data_dir.ts";
export { errorMessage } from "./error_message.ts";
export {
  bundleIsFresh,
  type BundleSources,
  denoBundle,
  eagerWrappers,
  filesDigest,
  recordedSources,
  withHead,
} from "./prebuilt_bundle.ts";
export { Queue } from "./queue.ts";
export { readSmallFile, type ReadSmallFileOptions } from "./read_small_file.ts";

/**
 * The plugin platform: capability-scoped ES-module plugins run by a {@linkcode PluginHost},
 * with strict manifests, persisted grants and an append-only audit log. Plugin authors
 * import the SDK from `./plugin`.
 *
 * @module
 */
export * from "./errors.ts";
export * from "./manifest.ts";
export * from "./grant.ts";
export * from "./scope.ts";
export * from "./host.ts";
export { parseWindow } from "./_activity_report.ts";

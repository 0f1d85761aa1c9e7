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
export type {
  CpuQuotaState,
  InstallOptions,
  InstallResult,
  IrcSender,
  PluginBudget,
  PluginInfo,
  PluginState,
} from "./types.ts";
// What the client's pages use to manage plugins: installs and upgrades from JSR, the consent
// text's isolation lines, and the flags' parsers.
export * from "./jsr.ts";
export { type ConsentRequest, describeIsolation } from "./_consent.ts";
export { parseDiskQuota } from "./_install.ts";
export { MAX_DISK_QUOTA_MB } from "../core/mod.ts";
export { parseWindow } from "./_activity_report.ts";

/**
 * The plugin SDK: what a plugin module imports. A plugin's entry module default-exports
 * {@linkcode definePlugin}'s result; the host runs it in a Worker or a subprocess with only
 * what the user granted. {@linkcode replayEvents} tests a plugin without a server.
 *
 * @example A plugin that answers `!ping`
 * ```ts
 * import { definePlugin } from "./sdk.ts";
 *
 * export default definePlugin({
 *   async onEvent(event, ctx) {
 *     if (event.type === "message.received" && event.data.message === "!ping") {
 *       await ctx.irc.send(event.data.networkId, event.data.channel, "pong");
 *     }
 *   },
 * });
 * ```
 *
 * @module
 */
export { CapabilityDeniedError } from "./errors.ts";
export type {
  AnyBusEvent,
  BusEvent,
  EventMap,
  EventSource,
  EventType,
  MetadataUpdate,
  MetadataUpdatedData,
  PaneData,
  PluginLifecycleAction,
  UserEventFields,
  WhoisInfo,
} from "../bus/mod.ts";
export {
  type CommandHandler,
  type DefinedPlugin,
  definePlugin,
  isDefinedPlugin,
  type OverflowNotice,
  PLUGIN_BRAND,
  type PluginContext,
  type PluginDefinition,
  type PluginEvent,
  type PluginLogger,
  type PluginStorage,
} from "./define_plugin.ts";
export { replayEvents } from "./testing.ts";
export type {
  PluginAction,
  PluginReplay,
  ReplayAuditEntry,
  ReplayError,
  ReplayLogEntry,
  ReplayOptions,
} from "./testing.ts";

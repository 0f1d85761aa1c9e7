/**
 * A Deno-first plugin platform for an IRC client: a typed in-process event bus with an
 * ordered lane, a snapshot lane and `emitSync`.
 *
 * @example
 * ```ts
 * import { createEvent, EventBus } from "./mod.ts";
 *
 * const bus = new EventBus();
 * bus.subscribe("message.received", (event) => {
 *   console.log(`<${event.data.user}> ${event.data.message}`);
 * });
 * await bus.emit(createEvent("message.received", {
 *   networkId: 1,
 *   channel: "#deno",
 *   user: "alice",
 *   message: "hello",
 *   timestamp: 1700000000,
 * }, "irc"));
 * await bus.close();
 * ```
 *
 * The root door is narrow: it loads the bus and the `IrcClient` (whose IRC library loads on
 * the first connect), not the client app. The rest has its own door: `./bus`, `./irc`,
 * `./plugins` (the host), `./plugin` (the SDK a plugin imports), `./client`, `./deeplink` and
 * `./history`.
 *
 * @module
 */
export * from "./bus/mod.ts";
export { IrcClient, IrcConnectError, type IrcConnectErrorCode } from "./irc/mod.ts";
export type {
  ChannelListing,
  IrcClientOptions,
  IrcClock,
  IrcConnectionState,
  ReconnectOptions,
  SaslOptions,
  TlsOptions,
} from "./irc/mod.ts";
export type {
  CommandHandler,
  DefinedPlugin,
  OverflowNotice,
  PluginAction,
  PluginContext,
  PluginDefinition,
  PluginEvent,
  PluginLogger,
  PluginReplay,
  PluginStorage,
  ReplayAuditEntry,
  ReplayError,
  ReplayLogEntry,
  ReplayOptions,
} from "./plugins/sdk.ts";

/**
 * What a plugin module is made of: {@linkcode definePlugin} and the context, events and
 * hooks it is given. Plugin authors import it through the SDK (`./plugin`, `sdk.ts`); the
 * runtime and `replayEvents` import it from here.
 *
 * @module
 */
import type { AnyBusEvent, MetadataUpdate } from "../bus/mod.ts";

/**
 * The host's notice that events were dropped because the plugin's mailbox was full. It is a
 * host-to-plugin notice, not a bus event, and it reaches every plugin whatever it subscribed to.
 *
 * @example
 * ```ts
 * import type { OverflowNotice } from "./sdk.ts";
 * const notice: OverflowNotice = {
 *   type: "plugin.overflow",
 *   data: { dropped: 12 },
 *   timestamp: new Date(),
 *   source: "system",
 * };
 * ```
 */
export interface OverflowNotice {
  /** Always `plugin.overflow`. */
  type: "plugin.overflow";
  /** How many events were dropped since the last notice. */
  data: { dropped: number };
  /** When the notice was sent. */
  timestamp: Date;
  /** Always `system`. */
  source: "system";
}

/**
 * What `onEvent` receives: any bus event the plugin subscribed to, or an overflow notice.
 * Switching on `type` narrows `data`.
 *
 * @example
 * ```ts
 * import type { PluginEvent } from "./sdk.ts";
 * function text(event: PluginEvent): string | undefined {
 *   return event.type === "message.received" ? event.data.message : undefined;
 * }
 * ```
 */
export type PluginEvent = AnyBusEvent | OverflowNotice;

/**
 * A plugin's private, persisted key-value area (needs the `storage` capability). Values are
 * JSON.
 *
 * @example
 * ```ts
 * import type { PluginStorage } from "./sdk.ts";
 * async function bump(storage: PluginStorage): Promise<number> {
 *   const count = ((await storage.get<number>("count")) ?? 0) + 1;
 *   await storage.set("count", count);
 *   return count;
 * }
 * ```
 */
export interface PluginStorage {
  /** The value under `key`, or `undefined`. */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** Stores a JSON-serializable value under `key`. */
  set(key: string, value: unknown): Promise<void>;
  /** Removes `key`; resolves `true` when it existed. */
  delete(key: string): Promise<boolean>;
  /** The keys, sorted, optionally only those starting with `prefix`. */
  list(prefix?: string): Promise<string[]>;
}

/**
 * Logging that the host attributes to the plugin.
 *
 * @example
 * ```ts
 * import type { PluginLogger } from "./sdk.ts";
 * function hello(log: PluginLogger) {
 *   log.info("hello from a plugin");
 * }
 * ```
 */
export interface PluginLogger {
  /** Debug detail. */
  debug(...args: unknown[]): void;
  /** Normal information. */
  info(...args: unknown[]): void;
  /** Something looks wrong. */
  warn(...args: unknown[]): void;
  /** Something failed. */
  error(...args: unknown[]): void;
}

/**
 * What a plugin can do. Each call that needs a capability rejects with a
 * `CapabilityDeniedError` when it is not granted; the attempt is audited.
 *
 * @example
 * ```ts
 * import type { PluginContext } from "./sdk.ts";
 * async function greet(ctx: PluginContext, nick: string) {
 *   await ctx.irc.send(1, "#deno", `welcome, ${nick}`);
 * }
 * ```
 */
export interface PluginContext {
  /** The plugin's name. */
  readonly name: string;
  /** The plugin's data dir: `read`/`write` permissions are relative to it. */
  readonly dataDir: string;
  /** IRC powers. */
  readonly irc: {
    /** Sends a message (needs `irc.send`, optionally limited to networks or targets). */
    send(networkId: number, target: string, text: string): Promise<void>;
  };
  /** UI metadata through the `metadata.updated` coalescer (needs `metadata:<type>`). */
  readonly metadata: {
    /** Sets one value. */
    set(update: MetadataUpdate): Promise<void>;
    /** Sets several values at once. */
    setBatch(updates: MetadataUpdate[]): Promise<void>;
  };
  /** Private persisted key-value storage (needs `storage`). */
  readonly storage: PluginStorage;
  /** Logging attributed to the plugin. */
  readonly log: PluginLogger;
}

/**
 * A slash command handler: receives the text after the command name.
 *
 * @example
 * ```ts
 * import type { CommandHandler } from "./sdk.ts";
 * const echo: CommandHandler = (args, ctx) => ctx.log.info(args);
 * ```
 */
export type CommandHandler = (args: string, ctx: PluginContext) => void | Promise<void>;

/**
 * What a plugin defines; every part is optional.
 *
 * @example
 * ```ts
 * import type { PluginDefinition } from "./sdk.ts";
 * const definition: PluginDefinition = {
 *   setup: (ctx) => ctx.log.info("ready"),
 * };
 * ```
 */
export interface PluginDefinition {
  /** Runs once at load; throwing fails the load with a clear error. */
  setup?(ctx: PluginContext): void | Promise<void>;
  /** Runs for each delivered event, in order; the next waits for a returned promise. */
  onEvent?(event: PluginEvent, ctx: PluginContext): void | Promise<void>;
  /** Slash commands by name (needs the `commands` capability). */
  commands?: Record<string, CommandHandler>;
  /** Runs at unload, within the host's teardown budget. */
  teardown?(ctx: PluginContext): void | Promise<void>;
}

/**
 * Marks a value made by {@linkcode definePlugin}. A registered symbol, so two copies of the
 * SDK agree on it.
 *
 * @example
 * ```ts
 * import { definePlugin, PLUGIN_BRAND } from "./sdk.ts";
 * console.log(definePlugin({})[PLUGIN_BRAND]); // true
 * ```
 */
export const PLUGIN_BRAND: unique symbol = Symbol.for("ircbus.plugin") as never;

/**
 * A plugin definition, checked and marked by {@linkcode definePlugin}.
 *
 * @example
 * ```ts
 * import { definePlugin, type DefinedPlugin } from "./sdk.ts";
 * const plugin: DefinedPlugin = definePlugin({});
 * ```
 */
export interface DefinedPlugin extends PluginDefinition {
  /** The brand the host looks for on the module's default export. */
  readonly [PLUGIN_BRAND]: true;
}

/**
 * Defines a plugin. Default-export the result from the plugin's entry module.
 *
 * @example
 * ```ts
 * import { definePlugin } from "./sdk.ts";
 * export default definePlugin({
 *   onEvent(event, ctx) {
 *     if (event.type === "user.joined") ctx.log.info(`${event.data.nickname} joined`);
 *   },
 * });
 * ```
 */
export function definePlugin(definition: PluginDefinition): DefinedPlugin {
  if (typeof definition !== "object" || definition === null) {
    throw new TypeError(
      `Cannot define plugin: the definition must be an object, got ${definition}`,
    );
  }
  for (const hook of ["setup", "onEvent", "teardown"] as const) {
    if (definition[hook] !== undefined && typeof definition[hook] !== "function") {
      throw new TypeError(
        `Cannot define plugin: ${hook} must be a function, got ${typeof definition[hook]}`,
      );
    }
  }
  for (const [name, handler] of Object.entries(definition.commands ?? {})) {
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(name) || typeof handler !== "function") {
      throw new TypeError(
        `Cannot define plugin: command must be a lower-case name with a function, got ${
          JSON.stringify(name)
        }`,
      );
    }
  }
  return Object.freeze({ ...definition, [PLUGIN_BRAND]: true as const });
}

/**
 * Whether a value was made by {@linkcode definePlugin}.
 *
 * @example
 * ```ts
 * import { definePlugin, isDefinedPlugin } from "./sdk.ts";
 * console.log(isDefinedPlugin(definePlugin({}))); // true
 * console.log(isDefinedPlugin({})); // false
 * ```
 */
export function isDefinedPlugin(value: unknown): value is DefinedPlugin {
  return typeof value === "object" && value !== null &&
    (value as Record<symbol, unknown>)[PLUGIN_BRAND] === true;
}

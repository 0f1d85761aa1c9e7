/**
 * Testing plugins without a server: {@linkcode replayEvents} runs a plugin's `setup`, feeds it
 * recorded bus events the way the host does (only the types its manifest asks for, in order,
 * each awaited), runs `teardown`, and returns what it did: its actions, its log, the audit
 * entries its calls left, and anything it threw. A call its manifest does not ask for is
 * denied with the host's `CapabilityDeniedError` and audited, as in the client.
 *
 * It is part of the SDK: `import { replayEvents } from "@ircbus/client/plugin"`.
 *
 * @example Replaying a recorded `!ping`
 * ```ts
 * import assert from "node:assert/strict";
 * import { definePlugin } from "./sdk.ts";
 * import { replayEvents } from "./testing.ts";
 *
 * const plugin = definePlugin({
 *   async onEvent(event, ctx) {
 *     if (event.type === "message.received" && event.data.message === "!ping") {
 *       await ctx.irc.send(event.data.networkId, event.data.channel, "pong");
 *     }
 *   },
 * });
 * const recorded = `{"type":"message.received","source":"irc","timestamp":"2026-01-01T00:00:00Z",
 *   "data":{"networkId":1,"channel":"#deno","user":"alice","message":"!ping","timestamp":0}}`;
 * const replay = await replayEvents(plugin, recorded.replace("\n", ""), {
 *   manifest: {
 *     name: "pinger",
 *     version: "1.0.0",
 *     description: "Answers !ping",
 *     entry: "mod.ts",
 *     events: ["message.received"],
 *     permissions: {},
 *     capabilities: ["irc.send"],
 *     reasons: { "irc.send": "Answers !ping in the channel" },
 *   },
 * });
 * assert.deepEqual(replay.actions, [
 *   { kind: "irc.send", networkId: 1, target: "#deno", text: "pong" },
 * ]);
 * ```
 *
 * @module
 */
import type { EventSource, MetadataUpdate } from "../bus/events.ts";
import { CapabilityDeniedError } from "./errors.ts";
import { allowsIrcSend } from "./grant.ts";
import { parseManifest } from "./manifest.ts";
import type { DefinedPlugin, PluginContext, PluginEvent, PluginLogger } from "./sdk.ts";

/**
 * One thing a plugin did through its context.
 *
 * @example
 * ```ts
 * import type { PluginAction } from "./testing.ts";
 * const sent: PluginAction = { kind: "irc.send", networkId: 1, target: "#deno", text: "hi" };
 * ```
 */
export type PluginAction =
  | { kind: "irc.send"; networkId: number; target: string; text: string }
  | { kind: "metadata.set"; update: MetadataUpdate }
  | { kind: "storage.set"; key: string; value: unknown }
  | { kind: "storage.delete"; key: string };

/**
 * A line the plugin logged.
 *
 * @example
 * ```ts
 * import type { ReplayLogEntry } from "./testing.ts";
 * const line: ReplayLogEntry = { level: "info", message: "ready" };
 * ```
 */
export interface ReplayLogEntry {
  /** The logger method used. */
  level: keyof PluginLogger;
  /** The arguments, joined by spaces. */
  message: string;
}

/**
 * An audit entry, as the client writes one: a capability call allowed or denied.
 *
 * @example
 * ```ts
 * import type { ReplayAuditEntry } from "./testing.ts";
 * const entry: ReplayAuditEntry = {
 *   attempt: "storage.set",
 *   decision: "denied",
 *   detail: "storage not granted",
 * };
 * ```
 */
export interface ReplayAuditEntry {
  /** What was tried, e.g. `irc.send 1 #deno`. */
  attempt: string;
  /** Whether the grant allowed it. */
  decision: "allowed" | "denied";
  /** Why it was denied. */
  detail?: string;
}

/**
 * What a plugin threw during the replay; the client logs these and carries on.
 *
 * @example
 * ```ts
 * import type { ReplayError } from "./testing.ts";
 * const error: ReplayError = { during: "onEvent(user.joined)", message: "boom" };
 * ```
 */
export interface ReplayError {
  /** `setup`, `onEvent(<type>)` or `teardown`. */
  during: string;
  /** The error's message. */
  message: string;
}

/**
 * What {@linkcode replayEvents} saw the plugin do.
 *
 * @example
 * ```ts
 * import type { PluginReplay } from "./testing.ts";
 * function sentTexts(replay: PluginReplay): string[] {
 *   return replay.actions.flatMap((action) => action.kind === "irc.send" ? [action.text] : []);
 * }
 * ```
 */
export interface PluginReplay {
  /** Its sends, metadata and storage writes, in order. */
  actions: PluginAction[];
  /** Its log lines, in order. */
  log: ReplayLogEntry[];
  /** Its capability calls, allowed and denied. */
  audit: ReplayAuditEntry[];
  /** What it threw. */
  errors: ReplayError[];
  /** Its storage at the end. */
  storage: Record<string, unknown>;
  /** The events it was given (those its manifest asks for), in order. */
  delivered: PluginEvent[];
}

/**
 * Options of {@linkcode replayEvents}.
 *
 * @example
 * ```ts
 * import type { ReplayOptions } from "./testing.ts";
 * const options: Partial<ReplayOptions> = { storage: { count: 2 } };
 * ```
 */
export interface ReplayOptions {
  /** The plugin's `plugin.json` contents: its events and capabilities are what it gets. */
  manifest: unknown;
  /** Capabilities granted, when narrower than the manifest's (as a user may grant). */
  capabilities?: string[];
  /** The storage it starts with. */
  storage?: Record<string, unknown>;
  /** What `ctx.dataDir` says; `"."` unless given. */
  dataDir?: string;
}

/**
 * Replays `events` into `plugin` and returns what it did. `events` are bus events, or a
 * recording of them as JSON lines (one `{type, data, timestamp, source}` per line).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { definePlugin } from "./sdk.ts";
 * import { replayEvents } from "./testing.ts";
 *
 * const counter = definePlugin({
 *   async onEvent(event, ctx) {
 *     if (event.type !== "user.joined") return;
 *     await ctx.storage.set("joins", ((await ctx.storage.get<number>("joins")) ?? 0) + 1);
 *   },
 * });
 * const joined = {
 *   type: "user.joined" as const,
 *   data: { networkId: 1, channel: "#deno", user: "bob", nickname: "bob" },
 *   timestamp: new Date(),
 *   source: "irc" as const,
 * };
 * const manifest = {
 *   name: "counter",
 *   version: "1.0.0",
 *   description: "Counts joins",
 *   entry: "mod.ts",
 *   events: ["user.joined"],
 *   permissions: {},
 *   capabilities: [],
 *   reasons: {},
 * };
 * const replay = await replayEvents(counter, [joined], { manifest });
 * assert.equal(replay.audit[0].decision, "denied"); // storage is not in its manifest
 * assert.match(replay.errors[0].message, /Cannot use storage/);
 * ```
 */
export async function replayEvents(
  plugin: DefinedPlugin,
  events: Iterable<PluginEvent> | string,
  options: ReplayOptions,
): Promise<PluginReplay> {
  const manifest = parseManifest(options.manifest);
  const capabilities = options.capabilities ?? manifest.capabilities;
  const replay: PluginReplay = {
    actions: [],
    log: [],
    audit: [],
    errors: [],
    storage: structuredClone(options.storage ?? {}),
    delivered: [],
  };
  const ctx = context(manifest.name, options.dataDir ?? ".", capabilities, replay);
  const run = async (during: string, fn: () => unknown) => {
    try {
      await fn();
    } catch (error) {
      replay.errors.push({
        during,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };
  const wanted = (type: string) =>
    type === "plugin.overflow" || manifest.events.some((event) => event === "*" || event === type);
  await run("setup", () => plugin.setup?.(ctx));
  for (const event of typeof events === "string" ? parseRecording(events) : events) {
    if (!wanted(event.type)) continue;
    replay.delivered.push(event);
    await run(`onEvent(${event.type})`, () => plugin.onEvent?.(event, ctx));
  }
  await run("teardown", () => plugin.teardown?.(ctx));
  return replay;
}

function context(
  name: string,
  dataDir: string,
  capabilities: string[],
  replay: PluginReplay,
): PluginContext {
  const deny = (capability: string, attempt: string): never => {
    replay.audit.push({ attempt, decision: "denied", detail: `${capability} not granted` });
    throw new CapabilityDeniedError(capability, name);
  };
  const storage = (op: string) => {
    if (!capabilities.includes("storage")) deny("storage", op);
  };
  const log = (level: keyof PluginLogger) => (...args: unknown[]) =>
    void replay.log.push({ level, message: args.map(String).join(" ") });
  const setMetadata = (updates: MetadataUpdate[]) => {
    for (const update of updates) {
      const capability = `metadata:${update.type}`;
      if (!capabilities.includes(capability)) deny(capability, `metadata.set ${update.type}`);
    }
    for (const update of updates) replay.actions.push({ kind: "metadata.set", update });
    return Promise.resolve();
  };
  return {
    name,
    dataDir,
    irc: {
      send(networkId, target, text) {
        if (typeof text !== "string" || /[\r\n\0]/.test(text) || text.length > 4096) {
          return Promise.reject(
            new TypeError(`Cannot send: text must be one line of at most 4096 characters`),
          );
        }
        const attempt = `irc.send ${networkId} ${target}`;
        try {
          if (!allowsIrcSend(capabilities, networkId, target)) deny("irc.send", attempt);
        } catch (error) {
          return Promise.reject(error);
        }
        replay.audit.push({ attempt, decision: "allowed" });
        replay.actions.push({ kind: "irc.send", networkId, target, text });
        return Promise.resolve();
      },
    },
    metadata: {
      set: (update) => Promise.try(() => setMetadata([update])),
      setBatch: (updates) => Promise.try(() => setMetadata(updates)),
    },
    storage: {
      get: <T>(key: string) =>
        Promise.try(() => {
          storage("storage.get");
          return structuredClone(replay.storage[key]) as T | undefined;
        }),
      set: (key, value) =>
        Promise.try(() => {
          storage("storage.set");
          const text = JSON.stringify(value);
          if (text === undefined) throw new TypeError(`Cannot use storage: the value must be JSON`);
          replay.storage[key] = JSON.parse(text);
          replay.actions.push({ kind: "storage.set", key, value: JSON.parse(text) });
        }),
      delete: (key) =>
        Promise.try(() => {
          storage("storage.delete");
          const existed = key in replay.storage;
          delete replay.storage[key];
          replay.actions.push({ kind: "storage.delete", key });
          return existed;
        }),
      list: (prefix = "") =>
        Promise.try(() => {
          storage("storage.list");
          return Object.keys(replay.storage).filter((key) => key.startsWith(prefix)).sort();
        }),
    },
    log: { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") },
  };
}

const SOURCES: readonly EventSource[] = ["irc", "ui", "system"];

/** The events of a JSON-lines recording; a line that is not one is refused with its number. */
function parseRecording(text: string): PluginEvent[] {
  const events: PluginEvent[] = [];
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const event = recordedEvent(value);
    if (!event) {
      throw new SyntaxError(
        `Cannot replay events: line ${
          index + 1
        } is not a {type, data, timestamp, source} event, got ${JSON.stringify(line.slice(0, 80))}`,
      );
    }
    events.push(event);
  }
  return events;
}

function recordedEvent(value: unknown): PluginEvent | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (!("type" in value) || typeof value.type !== "string") return undefined;
  if (!("data" in value) || typeof value.data !== "object" || value.data === null) return undefined;
  if (!("source" in value) || !SOURCES.some((source) => source === value.source)) return undefined;
  if (!("timestamp" in value)) return undefined;
  const { timestamp } = value;
  const when = typeof timestamp === "string" || typeof timestamp === "number"
    ? new Date(timestamp)
    : undefined;
  if (!when || Number.isNaN(when.getTime())) return undefined;
  // The shape of `data` for each type is the recorder's word, as on the host's wire.
  const event: { type: string; data: object; timestamp: Date; source: unknown } = {
    type: value.type,
    data: value.data,
    timestamp: when,
    source: value.source,
  };
  return isPluginEvent(event) ? event : undefined;
}

function isPluginEvent(event: { type: string; source: unknown }): event is PluginEvent {
  return typeof event.type === "string" && SOURCES.some((source) => source === event.source);
}

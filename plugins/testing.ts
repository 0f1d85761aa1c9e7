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
import type { EventSource, MetadataUpdate } from "../bus/mod.ts";
import { CapabilityDeniedError } from "./errors.ts";
import { parseManifest } from "./manifest.ts";
import { type GrantScope, ScopeCheck } from "./scope.ts";
import { checkCall } from "./_call_check.ts";
import type { CallOp } from "./_protocol.ts";
import type { DefinedPlugin, PluginContext, PluginEvent, PluginLogger } from "./define_plugin.ts";
import { errorMessage } from "../common/mod.ts";

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
  /**
   * Where the grant applies, as a user may limit it (`deno task plugins scope`); unless
   * given, every network, channel and private message.
   */
  scope?: GrantScope;
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
  // Unless a scope is given, the replay limits no place: every network, channel and query.
  const scope = options.scope ?? { privateMessages: true };
  const ctx = context(manifest.name, options.dataDir ?? ".", { capabilities, scope }, replay);
  const run = async (during: string, fn: () => unknown) => {
    try {
      await fn();
    } catch (error) {
      replay.errors.push({
        during,
        message: errorMessage(error),
      });
    }
  };
  const wanted = (type: string) =>
    type === "plugin.overflow" || manifest.events.some((event) => event === "*" || event === type);
  await run("setup", () => plugin.setup?.(ctx));
  const places = new ScopeCheck(scope);
  for (const recorded of typeof events === "string" ? parseRecording(events) : events) {
    if (!wanted(recorded.type)) continue;
    // As in the client, an event outside the scope never reaches the plugin.
    const event = recorded.type === "plugin.overflow" ? recorded : places.view(recorded);
    if (event === undefined) continue;
    replay.delivered.push(event);
    await run(`onEvent(${event.type})`, () => plugin.onEvent?.(event, ctx));
  }
  await run("teardown", () => plugin.teardown?.(ctx));
  return replay;
}

function context(
  name: string,
  dataDir: string,
  grant: { capabilities: string[]; scope: GrantScope },
  replay: PluginReplay,
): PluginContext {
  const deny = (capability: string, attempt: string, outOfScope?: string): never => {
    replay.audit.push({
      attempt,
      decision: "denied",
      detail: outOfScope ?? `${capability} not granted`,
    });
    throw new CapabilityDeniedError(capability, name, outOfScope);
  };
  // Each call is checked as the host checks it, then played against the replay's own state.
  const call = (op: CallOp, args: unknown[]): unknown => {
    const checked = checkCall(grant, op, args, deny);
    switch (checked.op) {
      case "irc.send": {
        const { attempt, networkId, target, text } = checked;
        replay.audit.push({ attempt, decision: "allowed" });
        replay.actions.push({ kind: "irc.send", networkId, target, text });
        return undefined;
      }
      case "metadata.set":
        for (const update of checked.updates) replay.actions.push({ kind: "metadata.set", update });
        return undefined;
      case "storage.get":
        return structuredClone(replay.storage[checked.key]);
      case "storage.set":
        replay.storage[checked.key] = JSON.parse(checked.json);
        replay.actions.push({
          kind: "storage.set",
          key: checked.key,
          value: JSON.parse(checked.json),
        });
        return undefined;
      case "storage.delete": {
        const existed = checked.key in replay.storage;
        delete replay.storage[checked.key];
        replay.actions.push({ kind: "storage.delete", key: checked.key });
        return existed;
      }
      case "storage.list":
        return Object.keys(replay.storage).filter((key) => key.startsWith(checked.key)).sort();
    }
  };
  const log = (level: keyof PluginLogger) => (...args: unknown[]) =>
    void replay.log.push({ level, message: args.map(String).join(" ") });
  return {
    name,
    dataDir,
    irc: {
      send: (networkId, target, text) =>
        Promise.try(() => void call("irc.send", [networkId, target, text])),
    },
    metadata: {
      set: (update) => Promise.try(() => void call("metadata.set", [[update]])),
      setBatch: (updates) => Promise.try(() => void call("metadata.set", [updates])),
    },
    storage: {
      get: <T>(key: string) => Promise.try(() => call("storage.get", [key]) as T | undefined),
      set: (key, value) => Promise.try(() => void call("storage.set", [key, value])),
      delete: (key) => Promise.try(() => call("storage.delete", [key]) === true),
      list: (prefix = "") =>
        Promise.try(() => {
          const keys = call("storage.list", [prefix]);
          return Array.isArray(keys) ? keys.map(String) : [];
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

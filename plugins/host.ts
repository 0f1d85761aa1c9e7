import type { DatabaseSync } from "node:sqlite";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { EventBus } from "../bus/event_bus.ts";
import {
  type AnyBusEvent,
  createEvent,
  EventSourceSystem,
  type MetadataUpdate,
  type PluginLifecycleAction,
} from "../bus/events.ts";
import { createMetadataCoalescer, type MetadataCoalescer } from "../bus/metadata_coalescer.ts";
import { openDatabase } from "../storage/database.ts";
import { databasePath } from "../storage/data_dir.ts";
import { CapabilityDeniedError, PluginLoadError } from "./errors.ts";
import {
  allowsIrcSend,
  effectiveGrant,
  grantAll,
  missingConsent,
  type PluginGrant,
} from "./grant.ts";
import { type IsolationMode, type PluginManifest, readManifest } from "./manifest.ts";
import {
  type PluginEndpoint,
  type ResolvedPermissions,
  startSubprocess,
  startWorker,
} from "./_endpoint.ts";
import {
  type CallOp,
  type HostMessage,
  parsePluginMessage,
  type PluginMessage,
  type WireError,
  type WireEvent,
} from "./_protocol.ts";
import { type Holder, Mailbox } from "./_mailbox.ts";
import { type AuditEntry, PluginStore, type StoredPlugin } from "./_store.ts";

export type { AuditDecision, AuditEntry } from "./_store.ts";

/**
 * Where a plugin's `irc.send` calls go: a small interface the IRC adapter implements.
 *
 * @example
 * ```ts
 * import type { IrcSender } from "./host.ts";
 * const sent: string[] = [];
 * const irc: IrcSender = { send: (networkId, target, text) => void sent.push(text) };
 * ```
 */
export interface IrcSender {
  /** Sends `text` to a channel or nick on a network. */
  send(networkId: number, target: string, text: string): void | Promise<void>;
}

/**
 * Options of {@linkcode PluginHost}. Budgets and the clock are injectable for tests.
 *
 * @example
 * ```ts
 * import type { PluginHostOptions } from "./host.ts";
 * import { EventBus } from "../mod.ts";
 * const options: PluginHostOptions = { bus: new EventBus(), dataDir: "/tmp/client" };
 * await options.bus.close();
 * ```
 */
export interface PluginHostOptions {
  /** The bus the host subscribes to (once) and publishes lifecycle events on. */
  bus: EventBus;
  /** The client's data dir: the database and each plugin's data dir live under it. */
  dataDir: string;
  /** The shared database; by default `<dataDir>/client.sqlite` is opened (and closed). */
  db?: DatabaseSync;
  /** Where `irc.send` goes; without it, sends fail with an error. */
  irc?: IrcSender;
  /** The `metadata.updated` coalescer; by default one is created on the bus. */
  metadata?: MetadataCoalescer;
  /** Events waiting per plugin before drops begin. Default 1024. */
  mailboxSize?: number;
  /** Most events per postMessage. Default 512. */
  batchSize?: number;
  /** Unacknowledged batches in flight per plugin. Default 8. */
  maxInFlight?: number;
  /** A batch must be acknowledged within this many ms. Default 5000. */
  ackBudgetMs?: number;
  /** `setup` must finish within this many ms. Default 10000. */
  setupBudgetMs?: number;
  /** `teardown` gets this many ms before the plugin is terminated. Default 2000. */
  teardownBudgetMs?: number;
  /** Restart delays after the 1st, 2nd, ... crash. Default [1000, 5000, 15000]. */
  restartBackoffMs?: number[];
  /** Crashes within `crashWindowMs` that disable a plugin. Default 3. */
  crashLimit?: number;
  /** Default 10 minutes. */
  crashWindowMs?: number;
  /** Messages a plugin may send per second before it is stopped as flooding. Default 20000. */
  floodLimit?: number;
  /** Runs every plugin in a subprocess, whatever its manifest says. */
  forceSubprocess?: boolean;
  /** Heap limit of subprocess plugins, in MiB. Default 128. */
  subprocessHeapMb?: number;
  /** Respawns a plugin when a file in its folder changes (development). */
  watch?: boolean;
  /** Receives plugin log lines; by default they go to the console, prefixed. */
  onLog?: (plugin: string, level: string, message: string) => void;
  /** The clock (ms). Default `Date.now`. */
  now?: () => number;
}

/**
 * Options of {@linkcode PluginHost.prototype.install}.
 *
 * @example
 * ```ts
 * import type { InstallOptions } from "./host.ts";
 * const options: InstallOptions = { grant: "requested", isolation: "subprocess" };
 * ```
 */
export interface InstallOptions {
  /**
   * The consent: `"requested"` grants everything the manifest asks for; a
   * {@linkcode PluginGrant} grants a subset. Omitted on an upgrade, the old grant stays.
   */
  grant?: PluginGrant | "requested";
  /** Forces an isolation mode for this plugin. */
  isolation?: IsolationMode;
}

/**
 * What {@linkcode PluginHost.prototype.install} did.
 *
 * @example
 * ```ts
 * import type { InstallResult } from "./host.ts";
 * function needsConsent(result: InstallResult): boolean {
 *   return result.pendingConsent.length > 0;
 * }
 * ```
 */
export interface InstallResult {
  /** The validated manifest. */
  manifest: PluginManifest;
  /** What applies now. */
  grant: PluginGrant;
  /** Requests still awaiting consent (the old grant applies until then). */
  pendingConsent: string[];
}

/**
 * The state of a plugin in {@linkcode PluginHost.prototype.list}.
 *
 * @example
 * ```ts
 * import type { PluginState } from "./host.ts";
 * const state: PluginState = "running";
 * ```
 */
export type PluginState = "stopped" | "starting" | "running" | "restarting" | "disabled";

/**
 * One installed plugin as {@linkcode PluginHost.prototype.list} shows it.
 *
 * @example
 * ```ts
 * import type { PluginInfo } from "./host.ts";
 * const line = (info: PluginInfo) => `${info.name} ${info.version} ${info.state}`;
 * ```
 */
export interface PluginInfo {
  /** Its name. */
  name: string;
  /** Installed version. */
  version: string;
  /** Its folder. */
  path: string;
  /** Where it is in its lifecycle. */
  state: PluginState;
  /** Worker or subprocess. */
  isolation: IsolationMode;
  /** Why it is disabled, when it is. */
  disabledReason: string | null;
  /** What the manifest asks for. */
  requested: PluginGrant;
  /** What applies. */
  granted: PluginGrant;
  /** Requests awaiting new consent. */
  pendingConsent: string[];
  /** Crashes recorded in the audit log. */
  crashes: number;
  /** Events dropped because its mailbox was full (recorded, plus not yet notified). */
  overflows: number;
  /** Denied attempts in the audit log. */
  denied: number;
  /** Slash commands it registered. */
  commands: string[];
}

const DEFAULTS = {
  mailboxSize: 1024,
  batchSize: 512,
  maxInFlight: 8,
  ackBudgetMs: 5000,
  setupBudgetMs: 10_000,
  teardownBudgetMs: 2000,
  restartBackoffMs: [1000, 5000, 15_000],
  crashLimit: 3,
  crashWindowMs: 10 * 60 * 1000,
  floodLimit: 20_000,
  subprocessHeapMb: 128,
};

const SDK_DIR = dirname(fileURLToPath(import.meta.url));
const SUBPROCESS_ENV = ["DENO_DIR", "HOME", "XDG_CACHE_HOME", "NO_COLOR", "PATH"];

type Timer = ReturnType<typeof setTimeout>;

interface Slot {
  name: string;
  stored: StoredPlugin;
  grant: PluginGrant;
  mode: IsolationMode;
  state: PluginState;
  generation: number;
  endpoint?: PluginEndpoint;
  mailbox: Mailbox;
  metaIndex: Map<string, Holder>;
  dropped: number;
  inFlight: { seq: number; sentAt: number }[];
  seq: number;
  flushQueued: boolean;
  watchdog?: Timer;
  restartTimer?: Timer;
  crashTimes: number[];
  commands: string[];
  metadataKeys: Map<string, MetadataUpdate>;
  commandWaiters: Map<number, { resolve(): void; reject(error: Error): void }>;
  ready?: { resolve(commands: string[]): void; reject(error: Error): void };
  teardownDone?: () => void;
  windowStart: number;
  windowCount: number;
  watcher?: Deno.FsWatcher;
}

/**
 * Runs plugins isolated in Workers (or subprocesses), routes bus events to them, checks
 * and audits every capability call, restarts crashed plugins and disables repeat offenders.
 *
 * @example
 * ```ts
 * import { EventBus, PluginHost } from "../mod.ts";
 * const bus = new EventBus();
 * const dataDir = await Deno.makeTempDir();
 * {
 *   await using host = new PluginHost({ bus, dataDir });
 *   console.log(host.list()); // []
 * }
 * await bus.close();
 * await Deno.remove(dataDir, { recursive: true });
 * ```
 */
export class PluginHost implements AsyncDisposable {
  #bus: EventBus;
  #dataDir: string;
  #db: DatabaseSync;
  #ownsDb: boolean;
  #store: PluginStore;
  #irc?: IrcSender;
  #metadata: MetadataCoalescer;
  #ownsMetadata: boolean;
  #options: typeof DEFAULTS;
  #forceSubprocess: boolean;
  #watch: boolean;
  #onLog: (plugin: string, level: string, message: string) => void;
  #now: () => number;
  #slots = new Map<string, Slot>();
  #routes = new Map<string, Slot[]>();
  #wildcard: Slot[] = [];
  #commands = new Map<string, Slot>();
  #unsubscribe: () => void;
  #closed = false;
  #commandId = 1;

  /** Opens the plugin tables and subscribes to the bus once. */
  constructor(options: PluginHostOptions) {
    this.#bus = options.bus;
    this.#dataDir = resolve(options.dataDir);
    this.#now = options.now ?? Date.now;
    if (options.db) {
      this.#db = options.db;
      this.#ownsDb = false;
    } else {
      Deno.mkdirSync(this.#dataDir, { recursive: true });
      this.#db = openDatabase(databasePath(this.#dataDir));
      this.#ownsDb = true;
    }
    this.#store = new PluginStore(this.#db, this.#now);
    this.#irc = options.irc;
    this.#ownsMetadata = options.metadata === undefined;
    this.#metadata = options.metadata ?? createMetadataCoalescer(this.#bus);
    this.#options = { ...DEFAULTS };
    for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
      const value = options[key];
      if (value !== undefined) (this.#options as Record<string, unknown>)[key] = value;
    }
    this.#forceSubprocess = options.forceSubprocess ?? false;
    this.#watch = options.watch ?? false;
    this.#onLog = options.onLog ??
      ((plugin, level, message) => console.log(`[plugin:${plugin}] ${level}: ${message}`));
    this.#unsubscribe = this.#bus.subscribe("*", (event) => this.#route(event));
  }

  /**
   * Validates a plugin folder's manifest, caches its whole module graph, and records the
   * grant. Nothing runs. Without `grant`, a new plugin is refused; an upgrade keeps its old
   * grant and reports what awaits consent in `pendingConsent`.
   *
   * @example
   * ```ts ignore
   * const { pendingConsent } = await host.install("./examples/plugins/autoresponder", {
   *   grant: "requested",
   * });
   * ```
   */
  async install(path: string, options: InstallOptions = {}): Promise<InstallResult> {
    this.#checkOpen("install plugin");
    const folder = resolve(path);
    const manifest = await readManifest(folder);
    const entry = join(folder, manifest.entry);
    try {
      if (!(await Deno.stat(entry)).isFile) throw new Error("not a file");
    } catch {
      throw new PluginLoadError(manifest.name, `its entry ${manifest.entry} is not a file`);
    }
    const existing = this.#store.get(manifest.name);
    let grant: PluginGrant;
    if (options.grant === "requested") grant = grantAll(manifest);
    else if (options.grant !== undefined) grant = checkGrant(options.grant);
    else if (existing) grant = existing.grant;
    else {
      this.#store.audit(manifest.name, `install ${manifest.version}`, "denied", "no consent");
      throw new PluginLoadError(manifest.name, "no grant was given, and nothing runs without one");
    }
    await cacheModuleGraph(manifest.name, folder, entry);
    const stored: StoredPlugin = {
      name: manifest.name,
      path: folder,
      manifest,
      grant,
      isolation: options.isolation ?? existing?.isolation ?? null,
      enabled: true,
      disabledReason: null,
      installedAt: new Date(this.#now()).toISOString(),
    };
    this.#store.put(stored);
    const pendingConsent = missingConsent(manifest, grant);
    this.#store.audit(
      manifest.name,
      `install ${manifest.version}`,
      "allowed",
      pendingConsent.length > 0
        ? `old grant applies; awaiting consent for ${pendingConsent.join(", ")}`
        : `granted ${JSON.stringify(effectiveGrant(manifest, grant))}`,
    );
    const slot = this.#slots.get(manifest.name);
    if (slot) slot.stored = stored;
    return { manifest, grant: effectiveGrant(manifest, grant), pendingConsent };
  }

  /**
   * Starts an installed, enabled plugin and waits for its `setup`. Throws a
   * {@linkcode PluginLoadError} when it is unknown, disabled, or fails to start.
   *
   * @example
   * ```ts ignore
   * await host.load("autoresponder");
   * ```
   */
  async load(name: string): Promise<void> {
    this.#checkOpen("load plugin");
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    if (!stored.enabled) {
      throw new PluginLoadError(name, `it is disabled (${stored.disabledReason ?? "by the user"})`);
    }
    const existing = this.#slots.get(name);
    if (existing && existing.state !== "stopped" && existing.state !== "disabled") return;
    const slot = this.#newSlot(stored);
    this.#slots.set(name, slot);
    try {
      await this.#start(slot);
    } catch (error) {
      slot.state = "stopped";
      this.#slots.delete(name);
      this.#store.audit(name, "load", "failed", (error as Error).message);
      throw error;
    }
    this.#store.audit(name, "load", "allowed", `${slot.mode} ${stored.manifest.version}`);
    this.#lifecycle(name, "loaded");
    if (this.#watch) this.#startWatch(slot);
  }

  /**
   * Stops a plugin within the teardown budget, and removes its commands and the metadata it
   * set (each key is published again with `value: null`).
   *
   * @example
   * ```ts ignore
   * await host.unload("autoresponder");
   * ```
   */
  async unload(name: string): Promise<void> {
    const slot = this.#slots.get(name);
    if (!slot) return;
    this.#slots.delete(name);
    slot.watcher?.close();
    await this.#stop(slot, true);
    for (const update of slot.metadataKeys.values()) {
      try {
        this.#metadata.set({ ...update, value: null });
      } catch {
        // The coalescer is closed: the client is shutting down.
      }
    }
    slot.metadataKeys.clear();
    slot.state = "stopped";
    this.#store.audit(name, "unload", "info");
    this.#lifecycle(name, "unloaded");
  }

  /**
   * Stops a plugin and keeps it from loading until {@linkcode PluginHost.prototype.enable}.
   * The flag is persisted.
   *
   * @example
   * ```ts ignore
   * await host.disable("autoresponder", "too chatty");
   * ```
   */
  async disable(name: string, reason = "disabled by the user"): Promise<void> {
    if (!this.#store.get(name)) throw new PluginLoadError(name, "it is not installed");
    await this.unload(name);
    this.#store.setEnabled(name, false, reason);
    this.#store.audit(name, "disable", "info", reason);
  }

  /**
   * Withdraws every grant of a plugin: it stops, its grant becomes empty and it stays
   * disabled; running it again takes a new install with fresh consent. Persisted and audited.
   *
   * @example
   * ```ts ignore
   * await host.revoke("weather-like");
   * ```
   */
  async revoke(name: string): Promise<void> {
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    await this.unload(name);
    this.#store.put({
      ...stored,
      grant: { events: [], permissions: {}, capabilities: [] },
      enabled: false,
      disabledReason: "grant revoked by the user",
    });
    this.#store.audit(name, "revoke", "info", "every grant withdrawn by the user");
  }

  /**
   * Re-enables a disabled plugin (its crash window starts afresh) and loads it. When the
   * load fails, the plugin goes back to disabled with its old reason, and the error is thrown.
   *
   * @example
   * ```ts ignore
   * await host.enable("spin-forever");
   * ```
   */
  async enable(name: string): Promise<void> {
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    this.#store.setEnabled(name, true, null);
    this.#store.audit(name, "enable", "allowed");
    try {
      await this.load(name);
    } catch (error) {
      this.#store.setEnabled(name, stored.enabled, stored.disabledReason);
      this.#store.audit(name, "enable", "failed", `rolled back: ${(error as Error).message}`);
      throw error;
    }
  }

  /**
   * Respawns a plugin, re-reading its manifest and re-caching its modules. A manifest that now
   * asks for more runs with the old grant.
   *
   * @example
   * ```ts ignore
   * await host.reload("autoresponder");
   * ```
   */
  async reload(name: string): Promise<void> {
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    await this.unload(name);
    await this.install(stored.path);
    await this.load(name);
  }

  /**
   * Every installed plugin with its requested and granted powers, isolation, state, crash,
   * overflow and denial counts. Listing never runs a plugin.
   *
   * @example
   * ```ts ignore
   * for (const plugin of host.list()) console.log(plugin.name, plugin.state);
   * ```
   */
  list(): PluginInfo[] {
    return this.#store.all().map((stored) => {
      const slot = this.#slots.get(stored.name);
      return {
        name: stored.name,
        version: stored.manifest.version,
        path: stored.path,
        state: !stored.enabled ? "disabled" : slot?.state ?? "stopped",
        isolation: this.#mode(stored),
        disabledReason: stored.disabledReason,
        requested: grantAll(stored.manifest),
        granted: effectiveGrant(stored.manifest, stored.grant),
        pendingConsent: missingConsent(stored.manifest, stored.grant),
        crashes: this.#store.crashTimes(stored.name).length,
        overflows: this.#store.overflowCount(stored.name) + (slot?.dropped ?? 0),
        denied: this.#store.deniedCount(stored.name),
        commands: slot ? [...slot.commands] : [],
      };
    });
  }

  /**
   * The append-only audit log, oldest first, optionally for one plugin.
   *
   * @example
   * ```ts ignore
   * const denied = host.audit("autoresponder").filter((e) => e.decision === "denied");
   * ```
   */
  audit(plugin?: string): AuditEntry[] {
    return this.#store.auditLog(plugin);
  }

  /**
   * Slash commands registered by running plugins.
   *
   * @example
   * ```ts ignore
   * console.log(host.commands()); // [{ name: "weather", plugin: "weather-like" }]
   * ```
   */
  commands(): { name: string; plugin: string }[] {
    return [...this.#commands].map(([name, slot]) => ({ name, plugin: slot.name }));
  }

  /**
   * Runs a plugin's slash command and resolves when it finishes.
   *
   * @example
   * ```ts ignore
   * await host.runCommand("weather", "Paris");
   * ```
   */
  runCommand(name: string, args: string): Promise<void> {
    const slot = this.#commands.get(name);
    if (!slot || slot.state !== "running" || !slot.endpoint) {
      return Promise.reject(new Error(`Cannot run command: none is registered, got /${name}`));
    }
    const id = this.#commandId++;
    return new Promise((resolve, reject) => {
      slot.commandWaiters.set(id, { resolve, reject });
      slot.endpoint!.post({ kind: "command", id, command: name, args });
    });
  }

  /** Unloads every plugin, unsubscribes from the bus, and releases what the host opened. */
  async [Symbol.asyncDispose](): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#unsubscribe();
    await Promise.all([...this.#slots.keys()].map((name) => this.unload(name)));
    for (const slot of this.#slots.values()) clearTimeout(slot.restartTimer);
    if (this.#ownsMetadata) await this.#metadata.close().catch(() => {});
    if (this.#ownsDb) this.#db.close();
  }

  #checkOpen(action: string): void {
    if (this.#closed) throw new Error(`Cannot ${action}: the host is closed`);
  }

  #mode(stored: StoredPlugin): IsolationMode {
    if (this.#forceSubprocess) return "subprocess";
    return stored.isolation ?? stored.manifest.isolation ?? "worker";
  }

  #newSlot(stored: StoredPlugin): Slot {
    // Crashes before this host started still count toward the window.
    const since = Math.max(
      this.#now() - this.#options.crashWindowMs,
      this.#store.lastEnabled(stored.name),
    );
    const crashTimes = this.#store.crashTimes(stored.name).filter((time) => time > since);
    return {
      name: stored.name,
      stored,
      grant: effectiveGrant(stored.manifest, stored.grant),
      mode: this.#mode(stored),
      state: "stopped",
      generation: 0,
      mailbox: new Mailbox(),
      metaIndex: new Map(),
      dropped: 0,
      inFlight: [],
      seq: 0,
      flushQueued: false,
      crashTimes,
      commands: [],
      metadataKeys: new Map(),
      commandWaiters: new Map(),
      windowStart: 0,
      windowCount: 0,
    };
  }

  /** Resolves a plugin's allow-lists to absolute paths inside its data dir. */
  async #permissions(slot: Slot): Promise<{ permissions: ResolvedPermissions; dataDir: string }> {
    const dataDir = join(this.#dataDir, "plugins", slot.name);
    await Deno.mkdir(dataDir, { recursive: true });
    const inside = (path: string) => {
      const full = resolve(dataDir, path);
      if (full !== dataDir && !full.startsWith(dataDir + sep)) {
        throw new PluginLoadError(slot.name, `path ${path} leaves its data dir`);
      }
      return full;
    };
    const granted = slot.grant.permissions;
    // Its own code (and the SDK it imports) is readable; a subprocess needs that to import it.
    const read = [slot.stored.path, SDK_DIR, ...(granted.read ?? []).map(inside)];
    return {
      dataDir,
      permissions: {
        read,
        write: (granted.write ?? []).map(inside),
        net: [...(granted.net ?? [])],
        env: [...(granted.env ?? [])],
      },
    };
  }

  async #start(slot: Slot): Promise<void> {
    const { permissions, dataDir } = await this.#permissions(slot);
    slot.grant = effectiveGrant(slot.stored.manifest, slot.stored.grant);
    slot.generation++;
    const generation = slot.generation;
    slot.state = "starting";
    slot.mailbox.clear();
    slot.metaIndex.clear();
    slot.inFlight = [];
    slot.dropped = 0;
    let endpoint: PluginEndpoint;
    if (slot.mode === "subprocess") {
      const env: Record<string, string> = {};
      for (const key of [...SUBPROCESS_ENV, ...permissions.env]) {
        const value = Deno.env.get(key);
        if (value !== undefined) env[key] = value;
      }
      endpoint = startSubprocess(permissions, {
        heapMb: this.#options.subprocessHeapMb,
        cwd: slot.stored.path,
        env,
        onStderr: (line) => this.#onLog(slot.name, "stderr", line),
      });
    } else {
      endpoint = startWorker(slot.name, permissions);
    }
    slot.endpoint = endpoint;
    endpoint.onMessage = (raw) => {
      if (slot.generation === generation) this.#onMessage(slot, raw);
    };
    endpoint.onExit = (reason) => {
      if (slot.generation !== generation) return;
      if (slot.ready) slot.ready.reject(new PluginLoadError(slot.name, reason));
      else this.#crash(slot, reason);
    };
    const ready = new Promise<string[]>((resolve, reject) => {
      slot.ready = { resolve, reject };
    });
    const timer = setTimeout(() => {
      slot.ready?.reject(
        new PluginLoadError(
          slot.name,
          `setup did not finish within ${this.#options.setupBudgetMs} ms`,
        ),
      );
    }, this.#options.setupBudgetMs);
    endpoint.post({
      kind: "init",
      name: slot.name,
      entry: pathToFileURL(join(slot.stored.path, slot.stored.manifest.entry)).href,
      dataDir,
      capabilities: slot.grant.capabilities,
    });
    let commands: string[];
    try {
      commands = await ready;
    } catch (error) {
      slot.generation++;
      await endpoint.terminate();
      slot.endpoint = undefined;
      throw error;
    } finally {
      clearTimeout(timer);
      slot.ready = undefined;
    }
    this.#registerCommands(slot, commands);
    slot.state = "running";
    this.#addRoutes(slot);
  }

  async #stop(slot: Slot, gracefully: boolean): Promise<void> {
    this.#removeRoutes(slot);
    for (const [name, owner] of this.#commands) if (owner === slot) this.#commands.delete(name);
    slot.commands = [];
    clearTimeout(slot.watchdog);
    clearTimeout(slot.restartTimer);
    slot.watchdog = slot.restartTimer = undefined;
    const endpoint = slot.endpoint;
    if (endpoint && gracefully && slot.state === "running") {
      slot.state = "stopped";
      let timer: Timer | undefined;
      await new Promise<void>((resolve) => {
        slot.teardownDone = resolve;
        timer = setTimeout(resolve, this.#options.teardownBudgetMs);
        endpoint.post({ kind: "teardown" });
      });
      clearTimeout(timer);
      slot.teardownDone = undefined;
    }
    slot.generation++;
    slot.state = "stopped";
    slot.endpoint = undefined;
    for (const waiter of slot.commandWaiters.values()) {
      waiter.reject(new Error(`Cannot finish command: plugin ${slot.name} stopped`));
    }
    slot.commandWaiters.clear();
    slot.mailbox.clear();
    slot.metaIndex.clear();
    slot.inFlight = [];
    if (endpoint) await endpoint.terminate();
  }

  #registerCommands(slot: Slot, commands: string[]): void {
    if (commands.length === 0) return;
    if (!slot.grant.capabilities.includes("commands")) {
      this.#store.audit(slot.name, `commands ${commands.join(" ")}`, "denied", "not granted");
      return;
    }
    for (const name of commands) {
      const owner = this.#commands.get(name);
      if (owner && owner !== slot) {
        this.#store.audit(slot.name, `command /${name}`, "denied", `owned by ${owner.name}`);
        continue;
      }
      this.#commands.set(name, slot);
      slot.commands.push(name);
    }
  }

  #addRoutes(slot: Slot): void {
    for (const type of slot.grant.events) {
      if (type === "*") this.#wildcard = [...this.#wildcard, slot];
      else this.#routes.set(type, [...(this.#routes.get(type) ?? []), slot]);
    }
  }

  #removeRoutes(slot: Slot): void {
    this.#wildcard = this.#wildcard.filter((s) => s !== slot);
    for (const [type, slots] of this.#routes) {
      const kept = slots.filter((s) => s !== slot);
      if (kept.length === 0) this.#routes.delete(type);
      else this.#routes.set(type, kept);
    }
  }

  /** The one bus subscriber: hands each event to the mailboxes that want it; never waits. */
  #route(event: AnyBusEvent): void {
    const typed = this.#routes.get(event.type);
    const wildcard = this.#wildcard;
    if (!typed && wildcard.length === 0) return;
    const wire: WireEvent = {
      type: event.type,
      data: event.data,
      timestamp: event.timestamp.getTime(),
      source: event.source,
    };
    let json: string;
    try {
      // Serialized once here, not once per plugin by postMessage: cheaper, and shared.
      json = JSON.stringify(wire);
    } catch (error) {
      console.error(`Cannot deliver ${event.type} to plugins: its data is not JSON`, error);
      return;
    }
    const metaKey = event.type === "user.meta"
      ? `${event.data.networkId}\n${event.data.nickname}`
      : undefined;
    if (typed) { for (const slot of typed) this.#enqueue(slot, json, metaKey); }
    for (const slot of wildcard) if (!typed?.includes(slot)) this.#enqueue(slot, json, metaKey);
  }

  #enqueue(slot: Slot, json: string, metaKey: string | undefined): void {
    if (metaKey !== undefined) {
      const pending = slot.metaIndex.get(metaKey);
      if (pending) {
        pending.json = json;
        return;
      }
    }
    if (slot.mailbox.length >= this.#options.mailboxSize) {
      slot.dropped++;
      return;
    }
    const holder: Holder = { json };
    if (metaKey !== undefined) slot.metaIndex.set(metaKey, holder);
    slot.mailbox.push(holder);
    if (slot.mailbox.length >= this.#options.batchSize) this.#flush(slot);
    else if (!slot.flushQueued) {
      slot.flushQueued = true;
      queueMicrotask(() => this.#flush(slot));
    }
  }

  #flush(slot: Slot): void {
    slot.flushQueued = false;
    const endpoint = slot.endpoint;
    if (slot.state !== "running" || !endpoint) return;
    while (slot.inFlight.length < this.#options.maxInFlight) {
      let message: HostMessage;
      if (slot.mailbox.length > 0) {
        const batch = slot.mailbox.take(this.#options.batchSize);
        const parts: string[] = new Array(batch.length);
        for (let i = 0; i < batch.length; i++) parts[i] = batch[i].json;
        if (slot.metaIndex.size > 0) {
          const sent = new Set(batch);
          for (const [key, holder] of slot.metaIndex) {
            if (sent.has(holder)) slot.metaIndex.delete(key);
          }
        }
        message = { kind: "events", seq: ++slot.seq, events: `[${parts.join(",")}]` };
      } else if (slot.dropped > 0) {
        message = { kind: "overflow", seq: ++slot.seq, dropped: slot.dropped };
        this.#store.audit(slot.name, "mailbox overflow", "info", `${slot.dropped} events dropped`);
        slot.dropped = 0;
      } else break;
      slot.inFlight.push({ seq: message.seq, sentAt: this.#now() });
      endpoint.post(message);
      this.#armWatchdog(slot);
    }
  }

  #armWatchdog(slot: Slot): void {
    if (slot.watchdog !== undefined || slot.inFlight.length === 0) return;
    const budget = this.#options.ackBudgetMs;
    const waited = this.#now() - slot.inFlight[0].sentAt;
    slot.watchdog = setTimeout(() => {
      slot.watchdog = undefined;
      const oldest = slot.inFlight[0];
      if (!oldest || slot.state !== "running") return;
      if (this.#now() - oldest.sentAt >= budget) {
        this.#crash(slot, `did not acknowledge a batch within ${budget} ms`);
      } else this.#armWatchdog(slot);
    }, Math.max(0, budget - waited));
  }

  #onMessage(slot: Slot, raw: unknown): void {
    let message: PluginMessage | undefined;
    try {
      message = parsePluginMessage(raw);
    } catch (error) {
      message = undefined;
      if (!this.#withinFloodLimit(slot)) return;
      this.#store.audit(slot.name, "malformed message", "denied", (error as Error).message);
      return;
    }
    // An expected acknowledgement is bounded by what the host sent; anything else counts.
    const expected = message.kind === "ack" && slot.inFlight[0]?.seq === message.seq;
    if (!expected && !this.#withinFloodLimit(slot)) return;
    switch (message.kind) {
      case "ready":
        slot.ready?.resolve(message.commands);
        return;
      case "setup-failed":
        slot.ready?.reject(
          new PluginLoadError(
            slot.name,
            `setup failed: ${message.error.name}: ${message.error.message}`,
          ),
        );
        return;
      case "ack": {
        const oldest = slot.inFlight[0];
        if (!oldest || oldest.seq !== message.seq) {
          this.#store.audit(slot.name, `ack ${message.seq}`, "denied", "out of order");
          return;
        }
        slot.inFlight.shift();
        clearTimeout(slot.watchdog);
        slot.watchdog = undefined;
        this.#armWatchdog(slot);
        this.#flush(slot);
        return;
      }
      case "call":
        this.#call(slot, message.id, message.op, message.args).then(
          (value) => slot.endpoint?.post({ kind: "result", id: message.id, ok: true, value }),
          (error) =>
            slot.endpoint?.post({
              kind: "result",
              id: message.id,
              ok: false,
              error: wireOf(error),
            }),
        );
        return;
      case "command-done": {
        const waiter = slot.commandWaiters.get(message.id);
        if (!waiter) return;
        slot.commandWaiters.delete(message.id);
        if (message.ok) waiter.resolve();
        else {
          waiter.reject(
            new Error(`Cannot run command: ${message.error?.name}: ${message.error?.message}`),
          );
        }
        return;
      }
      case "log":
        this.#onLog(slot.name, message.level, message.message);
        return;
      case "denied":
        this.#store.audit(slot.name, message.what, "denied", message.message);
        return;
      case "uncaught":
        this.#store.audit(
          slot.name,
          "uncaught error",
          "failed",
          `${message.error.name}: ${message.error.message}`,
        );
        this.#onLog(slot.name, "error", `${message.error.name}: ${message.error.message}`);
        return;
      case "teardown-done":
        slot.teardownDone?.();
        return;
    }
  }

  /** Counts an unsolicited message; past the limit per second, the plugin is stopped. */
  #withinFloodLimit(slot: Slot): boolean {
    const now = this.#now();
    if (now - slot.windowStart >= 1000) {
      slot.windowStart = now;
      slot.windowCount = 0;
    }
    if (++slot.windowCount <= this.#options.floodLimit) return true;
    if (slot.windowCount === this.#options.floodLimit + 1) {
      this.#crash(slot, `flooded the host with over ${this.#options.floodLimit} messages/s`);
    }
    return false;
  }

  async #call(slot: Slot, id: number, op: CallOp, args: unknown[]): Promise<unknown> {
    void id;
    const deny = (capability: string, attempt: string): never => {
      this.#store.audit(slot.name, attempt, "denied", `${capability} not granted`);
      throw new CapabilityDeniedError(capability, slot.name);
    };
    const capabilities = slot.grant.capabilities;
    switch (op) {
      case "irc.send": {
        const [networkId, target, text] = args;
        if (!Number.isSafeInteger(networkId) || typeof target !== "string" || target === "") {
          throw new TypeError(
            `Cannot send: networkId must be an integer and target a non-empty string, got ${
              JSON.stringify([networkId, target])
            }`,
          );
        }
        if (typeof text !== "string" || /[\r\n\0]/.test(text) || text.length > 4096) {
          throw new TypeError(
            `Cannot send: text must be one line of at most 4096 characters, got ${
              JSON.stringify(String(text).slice(0, 40))
            }`,
          );
        }
        const attempt = `irc.send ${networkId} ${target}`;
        if (!allowsIrcSend(capabilities, networkId as number, target)) deny("irc.send", attempt);
        if (!this.#irc) throw new Error(`Cannot send: the host has no IRC connection`);
        this.#store.audit(slot.name, attempt, "allowed");
        await this.#irc.send(networkId as number, target, text);
        return undefined;
      }
      case "metadata.set": {
        const [updates] = args;
        if (!Array.isArray(updates) || updates.length > 1000) {
          throw new TypeError(`Cannot set metadata: expected at most 1000 updates`);
        }
        for (const update of updates as MetadataUpdate[]) {
          const type = (update as { type?: unknown })?.type;
          if (!capabilities.includes(`metadata:${String(type)}`)) {
            deny(`metadata:${String(type)}`, `metadata.set ${String(type)}`);
          }
        }
        for (const update of updates as MetadataUpdate[]) {
          this.#metadata.set(update);
          slot.metadataKeys.set(
            JSON.stringify([update.network_id, update.channel, update.type, update.key]),
            update,
          );
        }
        return undefined;
      }
      default: {
        if (!capabilities.includes("storage")) deny("storage", op);
        const key = args[0];
        if (typeof key !== "string" || key.length > 512) {
          throw new TypeError(
            `Cannot use storage: the key must be a string of at most 512 characters`,
          );
        }
        if (op === "storage.get") return this.#store.storageGet(slot.name, key);
        if (op === "storage.delete") return this.#store.storageDelete(slot.name, key);
        if (op === "storage.list") return this.#store.storageList(slot.name, key);
        const text = JSON.stringify(args[1]);
        if (text === undefined || text.length > 1024 * 1024) {
          throw new TypeError(`Cannot use storage: the value must be JSON of at most 1 MiB`);
        }
        this.#store.storageSet(slot.name, key, args[1]);
        return undefined;
      }
    }
  }

  #crash(slot: Slot, reason: string): void {
    if (slot.state !== "running" && slot.state !== "starting") return;
    if (this.#slots.get(slot.name) !== slot) return;
    const now = this.#now();
    slot.crashTimes = [
      ...slot.crashTimes.filter((t) => now - t < this.#options.crashWindowMs),
      now,
    ];
    this.#store.audit(slot.name, "crash", "failed", reason);
    this.#onLog(slot.name, "error", `crashed: ${reason}`);
    this.#lifecycle(slot.name, "crashed");
    const endpoint = slot.endpoint;
    slot.endpoint = undefined;
    slot.state = "restarting";
    this.#stop(slot, false).then(() => endpoint?.terminate());
    if (slot.crashTimes.length >= this.#options.crashLimit) {
      const why = `${slot.crashTimes.length} crashes within ${
        Math.round(this.#options.crashWindowMs / 1000)
      } s (last: ${reason})`;
      slot.state = "disabled";
      slot.watcher?.close();
      this.#slots.delete(slot.name);
      this.#store.setEnabled(slot.name, false, why);
      this.#store.audit(slot.name, "disable", "denied", why);
      this.#lifecycle(slot.name, "disabled");
      return;
    }
    slot.state = "restarting";
    const backoff = this.#options.restartBackoffMs;
    const delay = backoff[Math.min(slot.crashTimes.length - 1, backoff.length - 1)] ?? 1000;
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = undefined;
      if (this.#closed || this.#slots.get(slot.name) !== slot) return;
      this.#start(slot).then(
        () => {
          this.#store.audit(slot.name, "restart", "allowed", `after ${delay} ms`);
          this.#lifecycle(slot.name, "restarted");
        },
        (error) => {
          slot.state = "running";
          this.#crash(slot, `restart failed: ${(error as Error).message}`);
        },
      );
    }, delay);
  }

  #lifecycle(plugin: string, action: PluginLifecycleAction): void {
    this.#bus.emit(createEvent("plugin.lifecycle", { plugin, action }, EventSourceSystem)).catch(
      () => {},
    );
  }

  #startWatch(slot: Slot): void {
    const watcher = Deno.watchFs(slot.stored.path, { recursive: true });
    slot.watcher = watcher;
    let timer: Timer | undefined;
    (async () => {
      for await (const event of watcher) {
        if (event.kind === "access") continue;
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (this.#slots.get(slot.name) !== slot) return;
          this.reload(slot.name).catch((error) =>
            this.#onLog(slot.name, "error", `reload failed: ${(error as Error).message}`)
          );
        }, 100);
      }
      clearTimeout(timer);
    })();
  }
}

function wireOf(error: unknown): WireError {
  if (error instanceof CapabilityDeniedError) {
    return { name: error.name, message: error.message, capability: error.capability };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

function checkGrant(grant: PluginGrant): PluginGrant {
  if (
    typeof grant !== "object" || grant === null || !Array.isArray(grant.events) ||
    !Array.isArray(grant.capabilities) || typeof grant.permissions !== "object"
  ) {
    throw new TypeError(
      `Cannot install plugin: the grant must have events, permissions and capabilities, got ${
        JSON.stringify(grant)
      }`,
    );
  }
  return structuredClone(grant);
}

/** Runs `deno cache` on the entry so the plugin can run under `--cached-only`. */
async function cacheModuleGraph(name: string, folder: string, entry: string): Promise<void> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["cache", "--quiet", entry],
    cwd: folder,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    const stderr = new TextDecoder().decode(output.stderr).trim();
    throw new PluginLoadError(name, `caching its modules failed: ${stderr.slice(0, 2000)}`);
  }
}

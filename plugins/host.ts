import type { DatabaseSync } from "node:sqlite";
import { resolve } from "node:path";
import {
  createEvent,
  createMetadataCoalescer,
  type EventBus,
  EventSourceSystem,
  type MetadataCoalescer,
  type PluginLifecycleAction,
} from "../bus/mod.ts";
import { openClientDatabase } from "../storage/mod.ts";
import { visibleText } from "../core/mod.ts";
import { PluginIdentityError, PluginLoadError } from "./errors.ts";
import { effectiveGrant, grantAll, missingConsent, type PluginGrant } from "./grant.ts";
import { type IsolationMode, readManifest } from "./manifest.ts";
import { describeScope, type GrantScope, parseScope } from "./scope.ts";
import { type AuditEntry, PluginStore, type StoredPlugin } from "./_store.ts";
import {
  type ActivityEntry,
  type ActivityFilter,
  ActivityLedger,
  type ActivityTotal,
} from "./_activity.ts";
import { grantItems, parseGrantItem, withItem, withoutItem } from "./_grant_item.ts";
import { type BoundaryState, boundaryState } from "./_containment.ts";
import { DEFAULT_DISK_QUOTA_BYTES } from "./_disk_quota.ts";
import { answerCall, type CallContext } from "./_capability_calls.ts";
import { CommandRegistry } from "./_commands.ts";
import { Delivery } from "./_delivery.ts";
import { checkEntry, checkGrant, placeCode, stageCode } from "./_install.ts";
import { codePlace } from "./_pinned_copy.ts";
import { holdBrokerThread, settleBrokerDecisions } from "./_broker.ts";
import { type PluginServices, RunningPlugin } from "./_running_plugin.ts";
import type { InstallOptions, InstallResult, IrcSender, PluginInfo } from "./types.ts";

export type { AuditDecision, AuditEntry } from "./_store.ts";
export type { ActivityEntry, ActivityFilter, ActivityTotal } from "./_activity.ts";
export type { BoundaryState } from "./_containment.ts";
export { AUDIT_MAX_ROWS, AUDIT_RATE_PER_MINUTE, AUDIT_RETENTION_MS } from "./_audit_log.ts";

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
  /**
   * Bytes of output (frames, stdout, stderr) a plugin may send per second before it is
   * stopped as flooding. Default 16 MiB.
   */
  floodBytesLimit?: number;
  /** A slash command must finish within this many ms, or the plugin is stopped. Default 10000. */
  commandBudgetMs?: number;
  /** Largest frame accepted from a subprocess plugin, in bytes. Default 4 MiB. */
  maxFrameBytes?: number;
  /**
   * Host time in ms a plugin's messages may take per second before it is stopped as
   * flooding, however few they are. Default 250.
   */
  floodTimeLimitMs?: number;
  /** Runs every plugin in a subprocess, even one the user opted into Worker mode. */
  forceSubprocess?: boolean;
  /** V8 heap limit of subprocess plugins, in MiB. Default 128. */
  subprocessHeapMb?: number;
  /**
   * Resident memory limit of subprocess plugins in MiB, ArrayBuffers and all; a watchdog
   * outside the plugin stops it past this. Default 256.
   */
  subprocessMemoryMb?: number;
  /** How often the memory watchdog reads each subprocess's resident memory, in ms. Default 100. */
  memoryPollMs?: number;
  /**
   * Disk quota of each subprocess plugin in MiB, its data dir, `DENO_DIR` and storage
   * together, unless its grant sets its own. Default 64.
   */
  diskQuotaMb?: number;
  /**
   * CPUs a subprocess plugin may use on average over 10 s; past that it is throttled, and
   * stopped if it stays at the cap. Default 0.5.
   */
  cpuCores?: number;
  /** The window the CPU quota averages over, in ms. Default 10,000. */
  cpuWindowMs?: number;
  /**
   * `false` runs subprocess plugins with Deno's own flags alone: no permission broker (so no
   * activity ledger), no OS boundary, no CPU or disk quota. It exists to measure what those
   * layers cost (`deno task bench`); never run a plugin you do not trust without them.
   * Default `true`.
   */
  outerContainment?: boolean;
  /**
   * Receives plugin log lines and output, attributed by the host and with control characters
   * and newlines escaped; by default they go to the console, prefixed with the plugin's name.
   */
  onLog?: (plugin: string, level: string, message: string) => void;
  /** The clock (ms). Default `Date.now`. */
  now?: () => number;
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
  floodTimeLimitMs: 250,
  floodBytesLimit: 16 * 1024 * 1024,
  commandBudgetMs: 10_000,
  maxFrameBytes: 4 * 1024 * 1024,
  subprocessHeapMb: 128,
  subprocessMemoryMb: 256,
  memoryPollMs: 100,
  diskQuotaMb: DEFAULT_DISK_QUOTA_BYTES / 1024 / 1024,
  cpuCores: 0.5,
  cpuWindowMs: 10_000,
  outerContainment: true,
};

/**
 * Runs each plugin in its own Deno subprocess (or, opted into, a Worker), routes bus events to
 * them, checks and audits every capability call, restarts crashed plugins and disables repeat
 * offenders.
 *
 * @example
 * ```ts
 * import { EventBus } from "../mod.ts";
 * import { PluginHost } from "./mod.ts";
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
  #activity: ActivityLedger;
  #metadata: MetadataCoalescer;
  #ownsMetadata: boolean;
  #options: typeof DEFAULTS;
  #forceSubprocess: boolean;
  #onLog: (plugin: string, level: string, message: string) => void;
  #now: () => number;
  #running = new Map<string, RunningPlugin>();
  #services: PluginServices;
  #delivery: Delivery;
  #commands: CommandRegistry;
  #unsubscribe: () => void;
  #closed = false;
  /** The permission brokers' thread lives from the first subprocess plugin to this host's end. */
  #brokerThread = holdBrokerThread();

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
      this.#db = openClientDatabase(this.#dataDir);
      this.#ownsDb = true;
    }
    this.#store = new PluginStore(this.#db, this.#now);
    this.#activity = new ActivityLedger(this.#db, this.#now);
    this.#ownsMetadata = options.metadata === undefined;
    this.#metadata = options.metadata ?? createMetadataCoalescer(this.#bus);
    this.#options = { ...DEFAULTS };
    for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
      const value = options[key];
      if (value !== undefined) (this.#options as Record<string, unknown>)[key] = value;
    }
    this.#forceSubprocess = options.forceSubprocess ?? false;
    this.#onLog = options.onLog ??
      ((plugin, level, message) => console.log(`[plugin:${plugin}] ${level}: ${message}`));
    this.#delivery = new Delivery({
      mailboxSize: this.#options.mailboxSize,
      batchSize: this.#options.batchSize,
      maxInFlight: this.#options.maxInFlight,
      ackBudgetMs: this.#options.ackBudgetMs,
      store: this.#store,
      now: this.#now,
    });
    this.#commands = new CommandRegistry(this.#store, this.#options.commandBudgetMs);
    const budgets = this.#options;
    const calls: CallContext = {
      store: this.#store,
      irc: options.irc,
      metadata: this.#metadata,
      activity: this.#activity,
    };
    this.#services = {
      hostDataDir: this.#dataDir,
      budgets,
      flood: {
        messages: budgets.floodLimit,
        hostTimeMs: budgets.floodTimeLimitMs,
        bytes: budgets.floodBytesLimit,
      },
      store: this.#store,
      activity: this.#activity,
      delivery: this.#delivery,
      commands: this.#commands,
      answerCall: (plugin, call) => answerCall(plugin, call, calls),
      metadata: this.#metadata,
      onLog: this.#onLog,
      lifecycle: (plugin, action) => this.#lifecycle(plugin, action),
      now: this.#now,
      owns: (plugin) => !this.#closed && this.#running.get(plugin.name) === plugin,
      forget: (plugin) => {
        if (this.#running.get(plugin.name) === plugin) this.#running.delete(plugin.name);
      },
    };
    this.#unsubscribe = this.#bus.subscribe("*", (event) => this.#delivery.route(event));
  }

  /**
   * Validates a plugin folder's manifest, copies its files into the data dir as its pinned
   * copy (a sha256 recorded for each), caches its whole module graph, and records the grant.
   * Nothing runs. Without `grant`, a new plugin is refused; an upgrade (the same source
   * again) keeps its old grant and reports what awaits consent in `pendingConsent`.
   *
   * Refused, with nothing installed: a symbolic link, hard link, FIFO, socket or device in the
   * folder ({@linkcode PluginFileError}), and another source under an installed name unless
   * `replace` is set ({@linkcode PluginIdentityError}).
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
    const folder = await Deno.realPath(resolve(path)).catch(() => resolve(path));
    const manifest = await readManifest(folder);
    const name = manifest.name;
    await checkEntry(folder, manifest);
    const existing = this.#store.get(name);
    const replacing = existing !== undefined && existing.path !== folder;
    const attempt = `install ${manifest.version}`;
    let grant: PluginGrant;
    let staged: Awaited<ReturnType<typeof stageCode>>;
    try {
      if (replacing && !options.replace) {
        throw new PluginIdentityError(name, folder, existing.path);
      }
      if (options.grant === "requested") grant = grantAll(manifest);
      else if (options.grant !== undefined) grant = checkGrant(options.grant);
      else if (existing && !replacing) grant = existing.grant;
      else throw new PluginLoadError(name, "no grant was given, and nothing runs without one");
      staged = await stageCode(
        manifest,
        folder,
        this.#dataDir,
        options.dev ?? false,
        options.lockfile,
      );
    } catch (error) {
      this.#store.auditLifecycle(name, attempt, "denied", (error as Error).message);
      throw error;
    }
    // A replaced plugin goes with its grant, its storage and its data dir.
    if (replacing) await this.unload(name);
    await placeCode(this.#dataDir, name, staged, replacing);
    const stored: StoredPlugin = {
      name,
      path: folder,
      codePath: staged?.codePath ?? null,
      dev: options.dev ?? false,
      manifest,
      grant,
      isolation: options.isolation ?? (replacing ? undefined : existing?.isolation) ?? null,
      enabled: true,
      disabledReason: null,
      installedAt: new Date(this.#now()).toISOString(),
    };
    this.#store.install(stored, staged?.files ?? {}, replacing);
    if (replacing) {
      this.#store.auditLifecycle(
        name,
        "replace",
        "info",
        `${existing.path} replaced by ${folder}: its grant, storage and data dir dropped`,
      );
    }
    const pendingConsent = missingConsent(manifest, grant);
    this.#store.auditLifecycle(
      name,
      attempt,
      "allowed",
      `${options.dev ? `development mode, runs from ${folder}; ` : ""}${
        pendingConsent.length > 0
          ? `old grant applies; awaiting consent for ${pendingConsent.join(", ")}`
          : `granted ${JSON.stringify(effectiveGrant(manifest, grant))}`
      }`,
    );
    const running = this.#running.get(name);
    if (running) running.stored = stored;
    return { manifest, grant: effectiveGrant(manifest, grant), pendingConsent };
  }

  /**
   * Starts an installed, enabled plugin and waits for its `setup`. Throws a
   * {@linkcode PluginLoadError} when it is unknown, disabled, or fails to start, and a
   * `ScopeError` when its stored grant scope is invalid.
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
    if (this.#running.has(name)) return;
    // A grant file edited outside the host is refused here, before anything runs.
    if (stored.grant.scope !== undefined) parseScope(stored.grant.scope);
    const plugin = new RunningPlugin(stored, this.#mode(stored), this.#services);
    this.#running.set(name, plugin);
    try {
      await plugin.start();
    } catch (error) {
      plugin.state = "stopped";
      this.#running.delete(name);
      this.#store.auditLifecycle(name, "load", "failed", (error as Error).message);
      throw error;
    }
    this.#store.auditLifecycle(
      name,
      "load",
      "allowed",
      `${plugin.mode} ${stored.manifest.version}`,
    );
    this.#lifecycle(name, "loaded");
    if (stored.dev) {
      plugin.watch(() => {
        if (this.#running.get(name) !== plugin) return;
        this.reload(name).catch((error) =>
          this.#onLog(name, "error", visibleText(`reload failed: ${(error as Error).message}`))
        );
      });
    }
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
    const plugin = this.#running.get(name);
    if (!plugin) return;
    this.#running.delete(name);
    await plugin[Symbol.asyncDispose]();
    this.#store.auditLifecycle(name, "unload", "info");
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
    this.#store.auditLifecycle(name, "disable", "info", reason);
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
    this.#store.auditLifecycle(name, "revoke", "info", "every grant withdrawn by the user");
  }

  /**
   * Withdraws one permission of a plugin's grant (`read:notes`, `net:api.example.org`,
   * `capability:irc.send:1:#deno`, `event:message.received`), as
   * {@linkcode PluginHost.prototype.grantedItems} names them. The rest of the grant stays; a
   * running plugin is restarted under the narrower grant. Persisted and audited. The manifest
   * still asks for it, so it is listed in `pendingConsent` until the user grants it again
   * with {@linkcode PluginHost.prototype.grantPermission}. A `RangeError` when it is not
   * granted.
   *
   * @example
   * ```ts ignore
   * await host.revokePermission("weather-like", "net:api.example.org");
   * ```
   */
  async revokePermission(name: string, permission: string): Promise<void> {
    this.#checkOpen("revoke permission");
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    const item = parseGrantItem(permission);
    if (!this.grantedItems(name).includes(permission)) {
      throw new RangeError(
        `Cannot revoke ${JSON.stringify(permission)} of plugin ${name}: it is not granted`,
      );
    }
    this.#store.put({ ...stored, grant: withoutItem(stored.grant, item) });
    this.#store.auditLifecycle(
      name,
      `revoke ${permission}`,
      "info",
      "withdrawn by the user; the rest of the grant stays",
    );
    await this.#restartIfRunning(name);
  }

  /**
   * Gives back one permission the plugin's manifest asks for and its grant lacks (one of
   * its `pendingConsent`): the user's re-consent, after a revoke or for what an upgrade
   * added. A running plugin is restarted under the wider grant. Persisted and audited. A
   * `RangeError` when the manifest does not ask for it, or it is granted already.
   *
   * @example
   * ```ts ignore
   * await host.grantPermission("weather-like", "net:api.example.org");
   * ```
   */
  async grantPermission(name: string, permission: string): Promise<void> {
    this.#checkOpen("grant permission");
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    const item = parseGrantItem(permission);
    if (!missingConsent(stored.manifest, stored.grant).includes(permission)) {
      throw new RangeError(
        `Cannot grant ${
          JSON.stringify(permission)
        } to plugin ${name}: its manifest does not ask for it, or it is granted already`,
      );
    }
    this.#store.put({ ...stored, grant: withItem(stored.grant, item, stored.manifest) });
    this.#store.auditLifecycle(name, `grant ${permission}`, "allowed", "consented by the user");
    await this.#restartIfRunning(name);
  }

  /**
   * Each permission that applies to a plugin on its own (`event:...`, `capability:...`,
   * `read:...`, `net:...`): what a single revoke takes.
   *
   * @example
   * ```ts ignore
   * host.grantedItems("weather-like"); // ["event:message.received", "net:api.example.org"]
   * ```
   */
  grantedItems(name: string): string[] {
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    return grantItems(effectiveGrant(stored.manifest, stored.grant));
  }

  async #restartIfRunning(name: string): Promise<void> {
    if (!this.#running.has(name)) return;
    await this.unload(name);
    await this.load(name);
  }

  /**
   * Replaces where an installed plugin's grant applies (see {@linkcode GrantScope}): checked
   * strictly (a {@linkcode ScopeError} changes nothing), persisted and audited. A running
   * plugin is restarted so the new scope applies from its next event.
   *
   * @example
   * ```ts ignore
   * await host.setScope("autoresponder", {
   *   channels: [{ networkId: 1, channel: "#deno" }],
   *   privateMessages: false,
   * });
   * ```
   */
  async setScope(name: string, scope: GrantScope): Promise<void> {
    this.#checkOpen("scope plugin");
    const checked = parseScope(scope);
    const stored = this.#store.get(name);
    if (!stored) throw new PluginLoadError(name, "it is not installed");
    this.#store.put({ ...stored, grant: { ...stored.grant, scope: checked } });
    this.#store.auditLifecycle(name, "scope", "allowed", describeScope(checked));
    await this.#restartIfRunning(name);
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
    this.#store.auditLifecycle(name, "enable", "allowed");
    try {
      await this.load(name);
    } catch (error) {
      this.#store.setEnabled(name, stored.enabled, stored.disabledReason);
      this.#store.auditLifecycle(
        name,
        "enable",
        "failed",
        `rolled back: ${(error as Error).message}`,
      );
      throw error;
    }
  }

  /**
   * Respawns a plugin from its pinned copy: edits to its source folder take effect only
   * through {@linkcode PluginHost.prototype.install}. In development mode it re-reads its
   * manifest and re-caches its modules from its folder; a manifest that now asks for more
   * runs with the old grant.
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
    if (stored.dev) await this.install(stored.path, { dev: true });
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
      const running = this.#running.get(stored.name);
      return {
        name: stored.name,
        version: stored.manifest.version,
        path: stored.path,
        dev: stored.dev,
        runsFrom: codePlace(stored, this.#dataDir).folder,
        state: !stored.enabled ? "disabled" : running?.state ?? "stopped",
        isolation: this.#mode(stored),
        disabledReason: stored.disabledReason,
        requested: grantAll(stored.manifest),
        granted: effectiveGrant(stored.manifest, stored.grant),
        pendingConsent: missingConsent(stored.manifest, stored.grant),
        scopeText: describeScope(stored.grant.scope),
        crashes: this.#store.crashTimes(stored.name).length,
        overflows: this.#store.overflowCount(stored.name) + (running?.dropped ?? 0),
        denied: this.#store.deniedCount(stored.name),
        commands: running ? this.#commands.namesOf(running) : [],
        diskQuotaMb: stored.grant.diskQuotaMb ?? this.#options.diskQuotaMb,
        budget: running?.state === "running" ? running.budget() : null,
        lastStop: this.#store.lastStop(stored.name),
      };
    });
  }

  /**
   * The audit log, oldest first, optionally for one plugin. `last` keeps only the newest
   * entries, read as such; `lastPerPlugin` keeps the newest of each plugin, so that no
   * plugin's flood pushes another's out of view. Rows only grow (by their `repeats`) until
   * their retention ends; each plugin's volume is bounded (see `AUDIT_RATE_PER_MINUTE`).
   *
   * @example
   * ```ts ignore
   * const denied = host.audit("autoresponder").filter((e) => e.decision === "denied");
   * const recent = host.audit(undefined, { last: 200 });
   * const page = host.audit(undefined, { lastPerPlugin: 50 });
   * ```
   */
  audit(plugin?: string, options: { last?: number; lastPerPlugin?: number } = {}): AuditEntry[] {
    settleBrokerDecisions();
    return options.lastPerPlugin === undefined || plugin !== undefined
      ? this.#store.auditLog(plugin, options.last)
      : this.#store.auditPerPlugin(options.lastPerPlugin);
  }

  /**
   * Whether subprocess plugins run inside the OS boundary on this machine, and why not; asked
   * once per process.
   *
   * @example
   * ```ts ignore
   * const state = await host.boundary();
   * if (!state.available) console.log(state.reason);
   * ```
   */
  boundary(): Promise<BoundaryState> {
    return boundaryState();
  }

  /** The disk quota of a plugin whose grant sets none, in MiB. */
  get defaultDiskQuotaMb(): number {
    return this.#options.diskQuotaMb;
  }

  /**
   * A plugin's activity ledger: every permission check its broker decided and every
   * capability call the host ran or refused (messages sent and where, storage written,
   * metadata set), counted by kind and value over a window (the last 24 hours by default),
   * most frequent first. The filter narrows it to a kind, a decision or values containing a
   * text; `limit` keeps the most frequent.
   *
   * @example
   * ```ts ignore
   * for (const e of host.activity("weather-like")) console.log(e.kind, e.value, e.count);
   * host.activity("weather-like", { decision: "denied", kind: "net" });
   * ```
   */
  activity(
    plugin: string,
    filter: Partial<ActivityFilter> & { limit?: number } = {},
  ): ActivityEntry[] {
    const { limit, ...rest } = filter;
    return this.#activity.entries(plugin, this.#activityFilter(plugin, rest), limit);
  }

  /**
   * A plugin's ledger summed per kind and decision (counts, distinct values, bytes) over the
   * same filter as {@linkcode PluginHost.prototype.activity}, however many values it holds.
   *
   * @example
   * ```ts ignore
   * const sent = host.activityTotals("greeter").find((t) => t.kind === "irc.send");
   * ```
   */
  activityTotals(plugin: string, filter: Partial<ActivityFilter> = {}): ActivityTotal[] {
    return this.#activity.totals(plugin, this.#activityFilter(plugin, filter));
  }

  #activityFilter(plugin: string, filter: Partial<ActivityFilter>): ActivityFilter {
    if (!this.#store.get(plugin)) {
      throw new Error(`Cannot show activity: plugin ${JSON.stringify(plugin)} is not installed`);
    }
    settleBrokerDecisions();
    return { ...filter, since: filter.since ?? this.#now() - 24 * 3600 * 1000 };
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
    return this.#commands.list();
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
    return this.#commands.run(name, args);
  }

  /** Unloads every plugin, unsubscribes from the bus, and releases what the host opened. */
  async [Symbol.asyncDispose](): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#unsubscribe();
    await Promise.all([...this.#running.keys()].map((name) => this.unload(name)));
    await this.#brokerThread[Symbol.asyncDispose]();
    this.#activity[Symbol.dispose]();
    if (this.#ownsMetadata) await this.#metadata.close().catch(() => {});
    if (this.#ownsDb) this.#db.close();
  }

  #checkOpen(action: string): void {
    if (this.#closed) throw new Error(`Cannot ${action}: the host is closed`);
  }

  #mode(stored: StoredPlugin): IsolationMode {
    // Worker mode contains less: only the user's explicit choice at install selects it.
    if (this.#forceSubprocess) return "subprocess";
    return stored.isolation ?? "subprocess";
  }

  #lifecycle(plugin: string, action: PluginLifecycleAction): void {
    const event = createEvent("plugin.lifecycle", { plugin, action }, EventSourceSystem);
    if (!this.#bus.tryEmit(event)) this.#bus.emit(event).catch(() => {});
  }
}

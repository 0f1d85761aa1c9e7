/**
 * One running plugin: the object that owns its process (or Worker), its acknowledgement
 * watchdog, mailbox, flood guard, timers and lifecycle, from start to crash, restart and
 * disposal. The host keeps one per loaded plugin and nothing else about it.
 *
 * @module
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { MetadataCoalescer, MetadataUpdate, PluginLifecycleAction } from "../bus/mod.ts";
import { visibleText } from "../core/mod.ts";
import { PluginLoadError } from "./errors.ts";
import { effectiveGrant, type PluginGrant } from "./grant.ts";
import type { IsolationMode } from "./manifest.ts";
import type { PluginEndpoint } from "./_endpoint.ts";
import { type FloodLimits, FloodMeter } from "./_flood.ts";
import { launchEndpoint, resolvePermissions } from "./_launch.ts";
import { type Holder, Mailbox, type Queued } from "./_mailbox.ts";
import { checkCode, codePlace } from "./_pinned_copy.ts";
import { requireSdkIn } from "./_sdk_range.ts";
import {
  type CallOp,
  parsePluginMessage,
  type PluginMessage,
  type WireError,
} from "./_protocol.ts";
import type { PluginStore, StoredPlugin } from "./_store.ts";
import type { ActivityLedger } from "./_activity.ts";
import { watchFolder } from "./_watch.ts";
import type { PluginBudget, PluginState } from "./types.ts";

/** A pending `setTimeout`. */
export type Timer = ReturnType<typeof setTimeout>;

/** The budgets a running plugin lives within. */
export interface PluginBudgets {
  /** `setup` must finish within this many ms. */
  setupBudgetMs: number;
  /** `teardown` gets this many ms before the plugin is terminated. */
  teardownBudgetMs: number;
  /** Restart delays after the 1st, 2nd, ... crash. */
  restartBackoffMs: number[];
  /** Crashes within `crashWindowMs` that disable a plugin. */
  crashLimit: number;
  /** The crash window in ms. */
  crashWindowMs: number;
  /** V8 heap limit of a subprocess, in MiB. */
  subprocessHeapMb: number;
  /** Resident memory limit of a subprocess, in MiB. */
  subprocessMemoryMb: number;
  /** How often a subprocess's resident memory is read, in ms. */
  memoryPollMs: number;
  /** Largest frame accepted from a plugin, in bytes. */
  maxFrameBytes: number;
  /** Disk quota of a subprocess in MiB, unless its grant sets one. */
  diskQuotaMb: number;
  /** CPUs a subprocess may use on average over `cpuWindowMs`. */
  cpuCores: number;
  /** The CPU quota's window in ms. */
  cpuWindowMs: number;
  /** `false` runs subprocesses with Deno's flags alone (for measurements). */
  outerContainment: boolean;
  /** Events waiting per plugin before drops begin (shown against its lag). */
  mailboxSize: number;
  /** A batch must be acknowledged within this many ms (shown against its lag). */
  ackBudgetMs: number;
}

/** What a running plugin asks of the host's event delivery (its `Delivery`). */
export interface DeliveryPort {
  /** Starts routing the events its grant allows to it. */
  addRoutes(plugin: RunningPlugin): void;
  /** Stops routing events to it. */
  removeRoutes(plugin: RunningPlugin): void;
  /** Takes its acknowledgement of every batch up to `seq`. */
  acknowledge(plugin: RunningPlugin, seq: number): void;
}

/** What a running plugin asks of the host's slash commands (its `CommandRegistry`). */
export interface CommandPort {
  /** Registers the commands it declared when ready. */
  register(plugin: RunningPlugin, names: string[]): void;
  /** Releases its commands. */
  unregister(plugin: RunningPlugin): void;
  /** Settles one of its command runs. */
  done(plugin: RunningPlugin, done: { id: number; ok: boolean; error?: WireError }): void;
  /** Rejects every run still awaiting it. */
  abandon(plugin: RunningPlugin): void;
}

/** What the host lends each running plugin. */
export interface PluginServices {
  /** The host's data dir. */
  hostDataDir: string;
  budgets: PluginBudgets;
  flood: FloodLimits;
  store: PluginStore;
  /** The activity ledger its broker's decisions go to. */
  activity: ActivityLedger;
  delivery: DeliveryPort;
  commands: CommandPort;
  /** Runs one of its capability calls and posts the `result` back to it. */
  answerCall: (plugin: RunningPlugin, call: { id: number; op: CallOp; args: unknown[] }) => void;
  metadata: MetadataCoalescer;
  /** Receives log lines, already escaped and attributed by the host. */
  onLog: (plugin: string, level: string, message: string) => void;
  /** Publishes a `plugin.lifecycle` event. */
  lifecycle: (plugin: string, action: PluginLifecycleAction) => void;
  now: () => number;
  /** Whether the host still runs this very plugin object (it is open and has not replaced it). */
  owns: (plugin: RunningPlugin) => boolean;
  /** The plugin disabled itself after too many crashes: the host forgets it. */
  forget: (plugin: RunningPlugin) => void;
}

/** A loaded plugin and everything it holds. */
export class RunningPlugin implements AsyncDisposable {
  /** Its name. */
  readonly name: string;
  /** Its installed record; an install while it runs replaces it. */
  stored: StoredPlugin;
  /** What applies, recomputed at each start. */
  grant: PluginGrant;
  /** Subprocess or Worker. */
  readonly mode: IsolationMode;
  /** Where it is in its lifecycle. */
  state: PluginState = "stopped";
  /** Its process or Worker while it runs. */
  endpoint?: PluginEndpoint;
  /** Events waiting for it (read and written by the delivery flow). */
  readonly mailbox = new Mailbox<Queued>();
  /** Pending `user.meta` snapshots by coalescing key. */
  readonly metaIndex = new Map<string, Holder>();
  /** Events dropped since the last overflow notice. */
  dropped = 0;
  /** Batches sent and not yet acknowledged, oldest first. */
  inFlight: { seq: number; sentAt: number }[] = [];
  /** The last batch number sent. */
  seq = 0;
  /** Whether a flush is queued for the end of this task. */
  flushQueued = false;
  /** The acknowledgement watchdog. */
  watchdog?: Timer;
  /** Metadata it set, cleared when it unloads. */
  readonly metadataKeys = new Map<string, MetadataUpdate>();
  /** Slash command runs awaiting `command-done`. */
  readonly commandWaiters = new Map<
    number,
    { resolve(): void; reject(error: Error): void; timer: Timer }
  >();

  #services: PluginServices;
  #crashTimes: number[];
  #generation = 0;
  #flood: FloodMeter;
  #restartTimer?: Timer;
  #ready?: { resolve(commands: string[]): void; reject(error: Error): void };
  #teardownDone?: () => void;
  #watcher?: Deno.FsWatcher;

  /** A stopped plugin; crashes since `lastEnabled` within the window still count. */
  constructor(stored: StoredPlugin, mode: IsolationMode, services: PluginServices) {
    this.name = stored.name;
    this.stored = stored;
    this.mode = mode;
    this.grant = effectiveGrant(stored.manifest, stored.grant);
    this.#services = services;
    const { store, now, budgets } = services;
    const since = Math.max(now() - budgets.crashWindowMs, store.lastEnabled(stored.name));
    this.#crashTimes = store.crashTimes(stored.name).filter((time) => time > since);
    this.#flood = new FloodMeter(services.flood);
  }

  /** Starts its process and waits for `setup`; throws a {@linkcode PluginLoadError}. */
  async start(): Promise<void> {
    const { budgets, hostDataDir, commands, delivery } = this.#services;
    // An install since the last start (an upgrade, a narrowed grant) applies from here on,
    // to the Deno permissions as much as to events and capabilities.
    this.grant = effectiveGrant(this.stored.manifest, this.stored.grant);
    this.state = "starting";
    this.dropped = 0;
    this.#flood = new FloodMeter(this.#services.flood);
    const generation = ++this.#generation;
    const { permissions, dataDir, folder, codeRoot } = await resolvePermissions(this, hostDataDir);
    const current = () => this.#generation === generation;
    const { store } = this.#services;
    const endpoint = await launchEndpoint(this, permissions, dataDir, {
      // Its code is checked while its containment is made: nothing of it runs before both.
      checks: [
        this.#verifyCopy(),
        requireSdkIn(this.name, codePlace(this.stored, hostDataDir).root),
      ],
      hostDataDir,
      containment: {
        codeRoot,
        diskQuotaBytes: (this.grant.diskQuotaMb ?? budgets.diskQuotaMb) * 1024 * 1024,
        cpuCores: budgets.cpuCores,
        cpuWindowMs: budgets.cpuWindowMs,
        outer: budgets.outerContainment,
        // Once it is stopped, its quota's last counts need no storage (the database may close).
        storageBytes: () => current() ? store.storageBytes(this.name) : 0,
        onThrottled: (reason) => {
          if (current()) store.audit(this.name, "cpu", "denied", `throttled: ${reason}`);
        },
        onDecision: (check, decision) => {
          if (!current()) return;
          const { activity } = this.#services;
          activity.record(this.name, check, decision);
          if (!decision.allow) {
            store.audit(
              this.name,
              `${check.permission} ${check.value ?? "*"}`,
              "denied",
              `${decision.reason} (decided by the host)`,
            );
          }
        },
      },
      heapMb: budgets.subprocessHeapMb,
      memoryMb: budgets.subprocessMemoryMb,
      memoryPollMs: budgets.memoryPollMs,
      maxFrameBytes: budgets.maxFrameBytes,
      onOutput: (stream, line) => {
        if (!current()) return;
        // Each line costs the host work whatever its size: it counts as a message.
        const start = this.#services.now();
        const flooding = this.#flood.count(start);
        if (flooding !== undefined) return this.crash(flooding);
        this.log(stream, line);
        this.#flood.charge(this.#services.now() - start);
      },
      onBytes: (bytes) => {
        const flooding = current()
          ? this.#flood.countBytes(this.#services.now(), bytes)
          : undefined;
        if (flooding !== undefined) this.crash(flooding);
      },
    });
    this.endpoint = endpoint;
    endpoint.onMessage = (raw) => {
      if (current()) this.#onMessage(raw);
    };
    endpoint.onExit = (reason) => {
      if (!current()) return;
      if (this.#ready) this.#ready.reject(new PluginLoadError(this.name, reason));
      else this.crash(reason);
    };
    const ready = new Promise<string[]>((resolve, reject) => {
      this.#ready = { resolve, reject };
    });
    const timer = setTimeout(() => {
      this.#ready?.reject(
        new PluginLoadError(this.name, `setup did not finish within ${budgets.setupBudgetMs} ms`),
      );
    }, budgets.setupBudgetMs);
    endpoint.post({
      kind: "init",
      name: this.name,
      entry: pathToFileURL(join(folder, this.stored.manifest.entry)).href,
      dataDir,
      capabilities: this.grant.capabilities,
    });
    let names: string[];
    try {
      names = await ready;
    } catch (error) {
      this.#generation++;
      this.endpoint = undefined;
      await endpoint.terminate();
      throw error;
    } finally {
      clearTimeout(timer);
      this.#ready = undefined;
    }
    commands.register(this, names);
    this.state = "running";
    delivery.addRoutes(this);
  }

  /**
   * Stops its process: gracefully gives `teardown` its budget first. Its routes, commands,
   * mailbox and timers go with it.
   */
  async stop(gracefully: boolean): Promise<void> {
    const { delivery, commands, budgets } = this.#services;
    delivery.removeRoutes(this);
    commands.unregister(this);
    clearTimeout(this.watchdog);
    clearTimeout(this.#restartTimer);
    this.watchdog = this.#restartTimer = undefined;
    const endpoint = this.endpoint;
    if (endpoint && gracefully && this.state === "running") {
      this.state = "stopped";
      let timer: Timer | undefined;
      const finished = await new Promise<boolean>((resolve) => {
        this.#teardownDone = () => resolve(true);
        timer = setTimeout(() => resolve(false), budgets.teardownBudgetMs);
        endpoint.post({ kind: "teardown" });
      });
      clearTimeout(timer);
      this.#teardownDone = undefined;
      if (!finished) {
        const why = `did not finish teardown within ${budgets.teardownBudgetMs} ms`;
        this.#services.store.auditLifecycle(this.name, "teardown", "failed", why);
        this.log("error", `stopped: ${why}`);
      }
    }
    this.#generation++;
    this.state = "stopped";
    this.endpoint = undefined;
    commands.abandon(this);
    this.mailbox.clear();
    this.metaIndex.clear();
    this.inFlight = [];
    if (endpoint) await endpoint.terminate();
  }

  /**
   * Ends it for `reason`: audited, logged and published as `crashed`; restarted after a
   * backoff, or disabled once it crashed `crashLimit` times within the window.
   */
  crash(reason: string): void {
    if (this.state !== "running" && this.state !== "starting") return;
    if (!this.#services.owns(this)) return;
    // While `setup` runs, the start itself fails (and a restart counts that as its crash).
    if (this.#ready) return this.#ready.reject(new PluginLoadError(this.name, reason));
    const { store, now, budgets, lifecycle } = this.#services;
    const time = now();
    this.#crashTimes = [
      ...this.#crashTimes.filter((t) => time - t < budgets.crashWindowMs),
      time,
    ];
    store.auditLifecycle(this.name, "crash", "failed", reason);
    this.log("error", `crashed: ${reason}`);
    lifecycle(this.name, "crashed");
    void this.stop(false);
    if (this.#crashTimes.length >= budgets.crashLimit) {
      const why = `${this.#crashTimes.length} crashes within ${
        Math.round(budgets.crashWindowMs / 1000)
      } s (last: ${reason})`;
      this.state = "disabled";
      this.#watcher?.close();
      this.#services.forget(this);
      store.setEnabled(this.name, false, why);
      store.auditLifecycle(this.name, "disable", "denied", why);
      lifecycle(this.name, "disabled");
      return;
    }
    this.state = "restarting";
    const backoff = budgets.restartBackoffMs;
    const delay = backoff[Math.min(this.#crashTimes.length - 1, backoff.length - 1)] ?? 1000;
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = undefined;
      if (!this.#services.owns(this)) return;
      this.start().then(
        () => {
          store.auditLifecycle(this.name, "restart", "allowed", `after ${delay} ms`);
          lifecycle(this.name, "restarted");
        },
        (error) => this.crash(`restart failed: ${(error as Error).message}`),
      );
    }, delay);
  }

  /**
   * What it uses against its budgets now: its quotas' last readings (a subprocess's only) and
   * how far behind the bus it is.
   */
  budget(): PluginBudget {
    const reading = this.endpoint?.reading?.();
    const oldest = this.inFlight[0];
    return {
      cpu: reading?.cpu ?? null,
      memory: reading
        ? {
          residentBytes: reading.residentBytes,
          limitBytes: this.#services.budgets.subprocessMemoryMb * 1024 * 1024,
        }
        : null,
      disk: reading?.disk ?? null,
      lag: {
        waiting: this.mailbox.length,
        mailboxSize: this.#services.budgets.mailboxSize,
        inFlight: this.inFlight.length,
        oldestUnackedMs: oldest ? Math.max(0, this.#services.now() - oldest.sentAt) : null,
        ackBudgetMs: this.#services.budgets.ackBudgetMs,
      },
    };
  }

  /** Whether `seq` acknowledges batches in flight: from the oldest up to the newest. */
  awaitsAck(seq: number): boolean {
    const inFlight = this.inFlight;
    return inFlight.length > 0 && seq >= inFlight[0].seq &&
      seq <= inFlight[inFlight.length - 1].seq;
  }

  /** Logs a line under its name, escaped so it stays one line. */
  log(level: string, message: string): void {
    this.#services.onLog(this.name, level, visibleText(message));
  }

  /** Calls `onChange` when a file in its source folder changes (development mode). */
  watch(onChange: () => void): void {
    this.#watcher = watchFolder(this.stored.path, onChange);
  }

  /** Stops it gracefully and withdraws the metadata it set. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.#watcher?.close();
    await this.stop(true);
    for (const update of this.metadataKeys.values()) {
      try {
        this.#services.metadata.set({ ...update, value: null });
      } catch {
        // The coalescer is closed: the client is shutting down.
      }
    }
    this.metadataKeys.clear();
  }

  /** Refuses (and audits) a start from a pinned copy that differs from its install. */
  async #verifyCopy(): Promise<void> {
    const { store, hostDataDir } = this.#services;
    try {
      await checkCode(this.stored, hostDataDir, store.files(this.name));
    } catch (error) {
      store.auditLifecycle(this.name, "verify copy", "denied", (error as Error).message);
      throw error;
    }
  }

  #onMessage(raw: unknown): void {
    const { delivery, store, now } = this.#services;
    let message: PluginMessage | undefined;
    let malformed = "";
    try {
      message = parsePluginMessage(raw);
    } catch (error) {
      malformed = (error as Error).message;
    }
    // An expected acknowledgement is bounded by what the host sent; anything else counts.
    if (message?.kind === "ack" && this.awaitsAck(message.seq)) {
      delivery.acknowledge(this, message.seq);
      return;
    }
    const start = now();
    const flooding = this.#flood.count(start);
    if (flooding !== undefined) return this.crash(flooding);
    if (message) this.#handle(message);
    else store.audit(this.name, "malformed message", "denied", malformed);
    this.#flood.charge(now() - start);
  }

  #handle(message: PluginMessage): void {
    const { delivery, commands, store } = this.#services;
    switch (message.kind) {
      case "ready":
        this.#ready?.resolve(message.commands);
        return;
      case "setup-failed":
        this.#ready?.reject(
          new PluginLoadError(
            this.name,
            `setup failed: ${message.error.name}: ${message.error.message}`,
          ),
        );
        return;
      case "ack":
        delivery.acknowledge(this, message.seq);
        return;
      case "call":
        this.#services.answerCall(this, message);
        return;
      case "command-done":
        commands.done(this, message);
        return;
      case "log": {
        const escaped = visibleText(message.message);
        if (escaped !== message.message) {
          store.audit(this.name, "log control characters", "denied", "escaped in its log line");
        }
        this.#services.onLog(this.name, message.level, escaped);
        return;
      }
      case "denied":
        store.audit(this.name, message.what, "denied", message.message);
        return;
      case "uncaught": {
        const text = `${message.error.name}: ${message.error.message}`;
        store.audit(this.name, "uncaught error", "failed", text);
        this.log("error", text);
        return;
      }
      case "teardown-done":
        this.#teardownDone?.();
        return;
    }
  }
}

/**
 * The types shared inside `plugins/`: what the host, a running plugin and its parts say to one
 * another, and what the host shows of a plugin. Type definitions only, and it imports only
 * the manifest's and the grant's types: every part may import it without a circle.
 *
 * @module
 */
import type { PluginGrant } from "./grant.ts";
import type { IsolationMode, PluginManifest } from "./manifest.ts";

/**
 * Where a plugin's `irc.send` calls go: a small interface the IRC adapter implements.
 *
 * @example
 * ```ts
 * import type { IrcSender } from "./mod.ts";
 * const sent: string[] = [];
 * const irc: IrcSender = { send: (networkId, target, text) => void sent.push(text) };
 * ```
 */
export interface IrcSender {
  /** Sends `text` to a channel or nick on a network. */
  send(networkId: number, target: string, text: string): void | Promise<void>;
}

/**
 * Options of {@linkcode PluginHost.prototype.install}.
 *
 * @example
 * ```ts
 * import type { InstallOptions } from "./mod.ts";
 * const options: InstallOptions = { grant: "requested", isolation: "subprocess" };
 * ```
 */
export interface InstallOptions {
  /**
   * The consent: `"requested"` grants everything the manifest asks for; a
   * {@linkcode PluginGrant} grants a subset. Omitted on an upgrade, the old grant stays.
   */
  grant?: PluginGrant | "requested";
  /**
   * The isolation mode for this plugin; the default is its own subprocess. `"worker"` is an
   * explicit opt-in to a mode that contains less (see {@linkcode WORKER_MODE_GAPS}).
   */
  isolation?: IsolationMode;
  /**
   * Replaces an installed plugin of the same name from another source folder. The old plugin
   * stops; the new one gets fresh consent (a `grant` is needed, the old one is dropped) and
   * fresh, empty storage, data dir, localStorage and Cache API. Without it, another source
   * under an installed name is refused with a {@linkcode PluginIdentityError}.
   */
  replace?: boolean;
  /**
   * Development mode for this folder: the plugin runs from the folder itself, not from a
   * pinned copy, and is reloaded whenever a file there changes. Edits then take effect
   * without a new install or consent.
   */
  dev?: boolean;
  /**
   * A lockfile for the plugin's module graph (a plugin from JSR has one): the remote modules
   * cached at install are checked against it and recorded in it.
   */
  lockfile?: string;
}

/**
 * What {@linkcode PluginHost.prototype.install} did.
 *
 * @example
 * ```ts
 * import type { InstallResult } from "./mod.ts";
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
 * import type { PluginState } from "./mod.ts";
 * const state: PluginState = "running";
 * ```
 */
export type PluginState = "stopped" | "starting" | "running" | "restarting" | "disabled";

/**
 * One installed plugin as {@linkcode PluginHost.prototype.list} shows it.
 *
 * @example
 * ```ts
 * import type { PluginInfo } from "./mod.ts";
 * const line = (info: PluginInfo) => `${info.name} ${info.version} ${info.state}`;
 * ```
 */
export interface PluginInfo {
  /** Its name. */
  name: string;
  /** Installed version. */
  version: string;
  /** Its source folder: with the name, its identity. */
  path: string;
  /** Development mode: it runs from its source folder and reloads on change. */
  dev: boolean;
  /** The folder it runs from: its pinned copy in the data dir, or its source in development mode. */
  runsFrom: string;
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
  /** Where the grant applies, as the consent text shows it (`granted.scope` in full). */
  scopeText: string;
  /** Crashes recorded in the audit log. */
  crashes: number;
  /** Events dropped because its mailbox was full (recorded, plus not yet notified). */
  overflows: number;
  /** Denied attempts in the audit log. */
  denied: number;
  /** Slash commands it registered. */
  commands: string[];
  /** Its disk quota in MiB: its grant's, or the host's default. */
  diskQuotaMb: number;
  /** What it uses against its budgets while it runs (`null` when it does not). */
  budget: PluginBudget | null;
  /** Its last crash or disabling, with the audit's reason (a quota's included). */
  lastStop: { time: string; attempt: string; reason: string } | null;
}

/**
 * What a running plugin uses against its budgets, as last read from outside it. CPU, memory
 * and disk are `null` in Worker mode (and CPU and disk without the outer containment), where
 * nothing watches them.
 *
 * @example
 * ```ts
 * import type { PluginBudget } from "./mod.ts";
 * const throttled = (b: PluginBudget) => b.cpu?.state === "throttled";
 * ```
 */
export interface PluginBudget {
  /**
   * CPUs it used, averaged over the CPU quota's window; its limit; and the quota's state:
   * `throttled` (capped to its limit) or `exceeded` (stopped).
   */
  cpu: { cores: number; limitCores: number; state: CpuQuotaState } | null;
  /** Resident memory of everything it runs, and the limit past which it is stopped. */
  memory: { residentBytes: number; limitBytes: number } | null;
  /** What its data dir, `DENO_DIR` and storage hold, and its disk quota. */
  disk: { usedBytes: number; quotaBytes: number } | null;
  /**
   * How far behind the bus it is: events waiting in its mailbox against its size (a full
   * mailbox drops events, and the plugin is told how many), batches sent and not yet
   * acknowledged, and the age in ms of the oldest of those against the ack budget (past it,
   * the plugin is stopped and restarted).
   */
  lag: {
    waiting: number;
    mailboxSize: number;
    inFlight: number;
    oldestUnackedMs: number | null;
    ackBudgetMs: number;
  };
}

/**
 * Where a {@linkcode PluginBudget}'s CPU quota stands: `idle` before it starts, `watching`,
 * `throttled` (capped to its limit), `exceeded` (stopped), `disposed`.
 *
 * @example
 * ```ts
 * import type { CpuQuotaState } from "./mod.ts";
 * const capped = (state: CpuQuotaState) => state === "throttled" || state === "exceeded";
 * ```
 */
export type CpuQuotaState = "idle" | "watching" | "throttled" | "exceeded" | "disposed";

/** The resolved permission allow-lists of one plugin: absolute paths, hosts, variables. */
export interface ResolvedPermissions {
  read: string[];
  write: string[];
  net: string[];
  env: string[];
}

/**
 * Everything that contains one subprocess plugin from outside its process, owned together:
 * its permission broker, the OS boundary it is started in (when the machine has one), its
 * cgroup (or, without one, its process tree read from `/proc`), and its CPU and disk quotas.
 * The endpoint spawns the command this gives, reports the pid, and disposes it at the end.
 *
 * @module
 */
import { join } from "node:path";
import {
  type DecisionListener,
  PermissionBroker,
  PermissionPolicy,
  settleBrokerDecisions,
} from "./_broker.ts";
import { createPluginCgroup, type PluginCgroup } from "./_cgroup.ts";
import { CpuQuota } from "./_cpu_quota.ts";
import { DiskQuota } from "./_disk_quota.ts";
import { ProcessTree } from "./_process_tree.ts";
import { probeSandbox, sandboxExitReason, sdkPaths } from "./_sandbox.ts";
import type { CpuQuotaState, ResolvedPermissions } from "./types.ts";

/** What a plugin's containment is made from. */
export interface ContainmentOptions {
  /** The plugin's name. */
  name: string;
  /** Its resolved allow-lists. */
  permissions: ResolvedPermissions;
  /** Hosts it may import modules from. */
  importHosts: string[];
  /** Its pinned copy (or, in development mode, its folder). */
  codeRoot: string;
  /** Its data dir. */
  dataDir: string;
  /** Its own `DENO_DIR`. */
  denoDir: string;
  /** Its disk quota in bytes: data dir, `DENO_DIR` and storage together. */
  diskQuotaBytes: number;
  /** CPUs it may use on average over `cpuWindowMs`. */
  cpuCores: number;
  /** The CPU quota's averaging window in ms. */
  cpuWindowMs: number;
  /** Bytes its storage entries take in the host's database. */
  storageBytes: () => number;
  /** Hears every decision its broker makes. */
  onDecision: DecisionListener;
  /** It went over its CPU quota and is throttled for now (the audit hears of it). */
  onThrottled: (reason: string) => void;
  /**
   * `false` leaves out everything outside Deno's own flags (broker, boundary, cgroup,
   * quotas): only to measure what they cost. Default `true`.
   */
  outer?: boolean;
}

/**
 * What a contained plugin uses against its quotas, as last read from outside it. The CPU and
 * disk readings are `null` where nothing watches them (without the outer layers, or before
 * its process started).
 */
export interface ContainmentReading {
  /** CPUs it used averaged over the quota's window, its limit, and the quota's state. */
  cpu: { cores: number; limitCores: number; state: CpuQuotaState } | null;
  /** Resident memory of everything it runs, in bytes, as the watchdog last read it. */
  residentBytes: number;
  /** Bytes its data dir, `DENO_DIR` and storage hold, and its disk quota. */
  disk: { usedBytes: number; quotaBytes: number } | null;
}

/** How a plugin is contained on this machine: whether the OS boundary is there, and why not. */
export type BoundaryState = { available: true } | { available: false; reason: string };

/** Whether plugins on this machine run inside the OS boundary (asked once per process). */
export async function boundaryState(): Promise<BoundaryState> {
  const state = await probeSandbox();
  return state.available ? { available: true } : { available: false, reason: state.reason };
}

/**
 * One subprocess plugin's containment. Made before its process starts (the broker's socket
 * must exist for the boundary to hold it), told its pid once it runs.
 *
 * @example
 * ```ts ignore
 * await using containment = await Containment.open(options);
 * const { command, args } = containment.command(["run", main]);
 * const child = new Deno.Command(command, { args, clearEnv: true, env }).spawn();
 * await containment.started(child.pid);
 * ```
 */
export class Containment implements AsyncDisposable {
  /** The broker's socket, for `DENO_PERMISSION_BROKER_PATH`; none without the outer layers. */
  readonly brokerPath: string | undefined;
  /** Set by whoever runs it: it went over a quota it cannot pass, and must stop (why). */
  onExceeded: (reason: string) => void = () => {};
  #options: ContainmentOptions;
  #broker: PermissionBroker | undefined;
  #wrap: (denoArgs: string[]) => { command: string; args: string[] };
  #boxed: boolean;
  #cgroup?: PluginCgroup;
  #tree?: ProcessTree;
  #cpu?: CpuQuota;
  #disk?: DiskQuota;
  #residentBytes = 0;

  private constructor(
    options: ContainmentOptions,
    broker: PermissionBroker | undefined,
    wrap: (denoArgs: string[]) => { command: string; args: string[] },
    boxed: boolean,
    cgroup: PluginCgroup | undefined,
  ) {
    this.#boxed = boxed;
    this.#options = options;
    this.#broker = broker;
    this.brokerPath = broker?.path;
    this.#wrap = wrap;
    this.#cgroup = cgroup;
  }

  /**
   * Opens its broker, and its cgroup and OS boundary where this machine has them: the broker
   * and the cgroup side by side, as neither needs the other.
   */
  static async open(options: ContainmentOptions): Promise<Containment> {
    if (options.outer === false) {
      const bare = (denoArgs: string[]) => ({ command: Deno.execPath(), args: denoArgs });
      return new Containment(options, undefined, bare, false, undefined);
    }
    const [listened, bounded] = await Promise.allSettled([
      brokerDir().then((dir) =>
        PermissionBroker.listen(
          join(dir, `${crypto.randomUUID()}.sock`),
          new PermissionPolicy({ ...options.permissions, import: options.importHosts }),
          options.onDecision,
        )
      ),
      probeSandbox().then(async (sandbox) => {
        const made = sandbox.available ? await createPluginCgroup(options.name) : undefined;
        return { sandbox, cgroup: made?.ok ? made.cgroup : undefined };
      }),
    ]);
    if (listened.status === "rejected" || bounded.status === "rejected") {
      if (listened.status === "fulfilled") await listened.value[Symbol.asyncDispose]();
      if (bounded.status === "fulfilled") await bounded.value.cgroup?.[Symbol.asyncDispose]();
      throw [listened, bounded].find((result) => result.status === "rejected")?.reason;
    }
    const broker = listened.value;
    const { sandbox, cgroup } = bounded.value;
    const wrap = sandbox.available
      ? (denoArgs: string[]) =>
        sandbox.sandbox.command(denoArgs, {
          codeRoot: options.codeRoot,
          dataDir: options.dataDir,
          denoDir: options.denoDir,
          readOnly: sdkPaths(),
          net: options.permissions.net.length > 0,
          brokerSocket: broker.path,
          limits: { fileBytes: options.diskQuotaBytes },
          join: cgroup,
        })
      : (denoArgs: string[]) => ({ command: Deno.execPath(), args: denoArgs });
    return new Containment(options, broker, wrap, sandbox.available, cgroup);
  }

  /** The command that runs `deno` with `denoArgs` inside its boundary (or bare, without one). */
  command(denoArgs: string[]): { command: string; args: string[] } {
    return this.#wrap(denoArgs);
  }

  /** Its process started as `pid`: the quotas start watching it. */
  async started(pid: number): Promise<void> {
    const o = this.#options;
    this.#tree = new ProcessTree(pid);
    if (o.outer === false) return;
    const meter = this.#cgroup ?? this.#tree;
    const cpu = new CpuQuota(meter, meter, {
      cores: o.cpuCores,
      windowMs: o.cpuWindowMs,
      onThrottled: o.onThrottled,
      onExceeded: (reason) => this.onExceeded(reason),
    });
    const disk = new DiskQuota([o.dataDir, o.denoDir], {
      quotaBytes: o.diskQuotaBytes,
      storageBytes: o.storageBytes,
      freeze: () => meter.freeze(),
      onExceeded: (reason) => this.onExceeded(reason),
    });
    this.#cpu = cpu;
    this.#disk = disk;
    await Promise.all([cpu.start(), disk.start()]);
  }

  /**
   * Kills everything it runs, a frozen or stopped plugin included (its cgroup is thawed after
   * the signal, so the kill takes effect).
   */
  async kill(): Promise<void> {
    await (this.#cgroup ?? this.#tree)?.kill();
  }

  /** The resident memory of everything it runs, in bytes (read now, and kept for `reading`). */
  async residentBytes(): Promise<number> {
    this.#residentBytes = await (this.#tree?.residentBytes() ?? 0);
    return this.#residentBytes;
  }

  /** Its storage entries changed (they live in the host's database): its disk is counted now. */
  storageChanged(): void {
    this.#disk?.check().catch(() => {});
  }

  /** What it uses against its quotas, as last read (nothing is read for this). */
  reading(): ContainmentReading {
    const cpu = this.#cpu;
    const disk = this.#disk;
    return {
      cpu: cpu ? { cores: cpu.averageCores, limitCores: cpu.limitCores, state: cpu.state } : null,
      residentBytes: this.#residentBytes,
      disk: disk ? { usedBytes: disk.usedBytes, quotaBytes: this.#options.diskQuotaBytes } : null,
    };
  }

  /**
   * Brings its broker's decisions made so far to their listener: called before what the
   * plugin sent is handled, so what it did first is recorded first.
   */
  settle(): void {
    if (this.#broker) settleBrokerDecisions();
  }

  /** Why it ended, when its exit code says more than the code (a file past the quota). */
  exitReason(code: number): string | undefined {
    return this.#boxed
      ? sandboxExitReason(code, { fileBytes: this.#options.diskQuotaBytes })
      : undefined;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.#cpu?.[Symbol.asyncDispose]();
    await this.#disk?.[Symbol.asyncDispose]();
    await this.#tree?.[Symbol.asyncDispose]();
    await this.#cgroup?.[Symbol.asyncDispose]();
    await this.#broker?.[Symbol.asyncDispose]();
  }
}

let brokerSockets: Promise<string> | undefined;

/**
 * The folder of this host's broker sockets: private to the host (mode 0700), outside every
 * plugin's grant, and short, since a Unix socket path must fit in 108 bytes.
 */
function brokerDir(): Promise<string> {
  brokerSockets ??= Deno.makeTempDir({ prefix: "ircbus-broker-" }).then(async (dir) => {
    await Deno.chmod(dir, 0o700);
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // Gone already.
      }
    });
    return dir;
  });
  return brokerSockets;
}

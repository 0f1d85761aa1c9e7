/**
 * One plugin's own cgroup (v1 hierarchies): the kernel counts the CPU time of everything the
 * plugin runs (every process, every thread, so nested workers too), caps its CPU share and its
 * number of tasks, and can freeze or kill it all at once.
 *
 * Only cgroup v1 with the `cpu`, `cpuacct`, `pids` and `freezer` controllers mounted and
 * writable is used; anywhere else {@linkcode createPluginCgroup} says why not, and the quotas
 * fall back to reading `/proc` (see `_process_tree.ts`).
 *
 * @module
 */
import { join } from "node:path";
import { schedstatNs } from "./_process_tree.ts";
import type { SandboxJoin } from "./_sandbox.ts";
import { settleAll } from "./_settle_all.ts";

/** Options of {@linkcode createPluginCgroup}. */
export interface PluginCgroupOptions {
  /** Most tasks (processes and threads together) it may hold. Default 256. */
  maxTasks?: number;
}

/** A cgroup made, or why none could be. */
export type PluginCgroupResult =
  | { ok: true; cgroup: PluginCgroup }
  | { ok: false; reason: string };

const CONTROLLERS = ["cpu", "cpuacct", "pids", "freezer"] as const;
type Controller = typeof CONTROLLERS[number];

/** The CFS period set on the plugin's group, in µs. */
const PERIOD_US = 100_000;

/** A running plugin's cgroup; `await using` kills what is left in it and removes it. */
export class PluginCgroup implements SandboxJoin, AsyncDisposable {
  #dirs: Record<Controller, string>;
  /** Where its processes are listed, once per distinct hierarchy. */
  #procsFiles: readonly string[];
  /** Written with `0` by its first process, once per distinct hierarchy (see `_sandbox.ts`). */
  readonly tasksFiles: readonly string[];

  constructor(dirs: Record<Controller, string>) {
    this.#dirs = dirs;
    const distinct = [...new Set(Object.values(dirs))];
    this.#procsFiles = distinct.map((dir) => join(dir, "cgroup.procs"));
    this.tasksFiles = distinct.map((dir) => join(dir, "tasks"));
  }

  /** CPU time used by all its tasks so far, living or gone, in ms. */
  async usageMs(): Promise<number> {
    const ns = await Deno.readTextFile(join(this.#dirs.cpuacct, "cpuacct.usage"));
    return Number(ns.trim()) / 1e6;
  }

  /** Caps it to `cores` CPUs (averaged over 100 ms periods); `undefined` lifts the cap. */
  async limitCpu(cores: number | undefined): Promise<void> {
    const quota = cores === undefined ? -1 : Math.max(1000, Math.round(cores * PERIOD_US));
    await Deno.writeTextFile(join(this.#dirs.cpu, "cpu.cfs_quota_us"), String(quota));
  }

  /** Ms its living threads spent running or ready to run, from their schedstat. */
  async runnableMs(): Promise<number> {
    const tasks = await Deno.readTextFile(join(this.#dirs.cpu, "tasks")).catch(() => "");
    let ns = 0;
    for (const tid of tasks.split("\n")) {
      if (tid !== "") ns += await schedstatNs(`/proc/${tid}/schedstat`);
    }
    return ns / 1e6;
  }

  /** The pids of every process in it (in any of its hierarchies: a join may stop halfway). */
  async pids(): Promise<number[]> {
    const pids = new Set<number>();
    for (const file of this.#procsFiles) {
      const text = await Deno.readTextFile(file).catch(() => "");
      for (const line of text.split("\n")) if (line !== "") pids.add(Number(line));
    }
    return [...pids];
  }

  /** How many times a new task was refused for its cap (`pids.max`). */
  async refusedTasks(): Promise<number> {
    const events = await Deno.readTextFile(join(this.#dirs.pids, "pids.events"));
    return Number(/^max (\d+)/m.exec(events)?.[1] ?? 0);
  }

  /** Stops every task at once, where it stands; nothing in it runs until killed or thawed. */
  async freeze(): Promise<void> {
    await Deno.writeTextFile(join(this.#dirs.freezer, "freezer.state"), "FROZEN");
  }

  /** Lets a frozen group run again. */
  async thaw(): Promise<void> {
    await Deno.writeTextFile(join(this.#dirs.freezer, "freezer.state"), "THAWED");
  }

  /** Kills every process in it (a frozen task dies only once thawed, so it thaws too). */
  async kill(): Promise<void> {
    for (const pid of await this.pids()) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    await this.thaw().catch(() => {});
  }

  /** Kills what is left and removes its directories. */
  async [Symbol.asyncDispose](): Promise<void> {
    const dirs = [...new Set(Object.values(this.#dirs))];
    // Killed tasks leave the group as they exit, which takes a moment; a few tries suffice.
    for (let attempt = 0; attempt < 50 && dirs.length > 0; attempt++) {
      await this.kill();
      for (const dir of [...dirs]) {
        try {
          await Deno.remove(dir);
          dirs.splice(dirs.indexOf(dir), 1);
        } catch (error) {
          if (error instanceof Deno.errors.NotFound) dirs.splice(dirs.indexOf(dir), 1);
        }
      }
      if (dirs.length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/**
 * Makes a new cgroup for the plugin `name` under the host's own, in every controller it needs,
 * with at most `maxTasks` tasks. A value saying why not where cgroup v1 is missing or read-only.
 */
export async function createPluginCgroup(
  name: string,
  options: PluginCgroupOptions = {},
): Promise<PluginCgroupResult> {
  const { mounts, own } = await hierarchies();
  const leaf = `ircbus-${name.replace(/[^A-Za-z0-9_-]/g, "_")}-${crypto.randomUUID().slice(0, 8)}`;
  const place = (controller: Controller) => {
    const mount = mounts.get(controller);
    return mount === undefined ? undefined : join(mount, own.get(controller) ?? "/", leaf);
  };
  const [cpu, cpuacct, pids, freezer] = CONTROLLERS.map(place);
  const missing = CONTROLLERS.find((controller) => place(controller) === undefined);
  if (cpu === undefined || cpuacct === undefined || pids === undefined || !freezer) {
    return { ok: false, reason: `no cgroup v1 ${missing} controller is mounted` };
  }
  const complete = { cpu, cpuacct, pids, freezer };
  const cgroup = new PluginCgroup(complete);
  try {
    // Each step waits on the kernel alone: the hierarchies are made, then set, side by side.
    await settleAll([...new Set(Object.values(complete))].map((dir) => Deno.mkdir(dir)));
    await settleAll([
      Deno.writeTextFile(join(complete.pids, "pids.max"), String(options.maxTasks ?? 256)),
      Deno.writeTextFile(join(complete.cpu, "cpu.cfs_period_us"), String(PERIOD_US)),
    ]);
    return { ok: true, cgroup };
  } catch (error) {
    await cgroup[Symbol.asyncDispose]();
    return { ok: false, reason: `cannot make a cgroup: ${String(error)}` };
  }
}

let found: Promise<{ mounts: Map<string, string>; own: Map<string, string> }> | undefined;

/**
 * Where each v1 controller is mounted and the host's own cgroup in each: read once per
 * process, as neither changes while the host runs (a plugin's start no longer reads both).
 */
function hierarchies(): Promise<{ mounts: Map<string, string>; own: Map<string, string> }> {
  found ??= Promise.all([cgroupMounts(), ownCgroups()]).then(([mounts, own]) => ({ mounts, own }));
  return found;
}

/** Where each v1 controller is mounted, from `/proc/self/mounts`. */
async function cgroupMounts(): Promise<Map<string, string>> {
  const mounts = new Map<string, string>();
  const text = await Deno.readTextFile("/proc/self/mounts").catch(() => "");
  for (const line of text.split("\n")) {
    const [, path, type, flags] = line.split(" ");
    if (type !== "cgroup" || path === undefined || flags === undefined) continue;
    for (const flag of flags.split(",")) {
      if ((CONTROLLERS as readonly string[]).includes(flag)) mounts.set(flag, path);
    }
  }
  return mounts;
}

/** The host's own cgroup in each v1 hierarchy, from `/proc/self/cgroup`. */
async function ownCgroups(): Promise<Map<string, string>> {
  const own = new Map<string, string>();
  const text = await Deno.readTextFile("/proc/self/cgroup").catch(() => "");
  for (const line of text.split("\n")) {
    const [, controllers, path] = line.split(":");
    if (controllers === undefined || path === undefined) continue;
    for (const controller of controllers.split(",")) own.set(controller, path);
  }
  return own;
}

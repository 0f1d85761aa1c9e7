/**
 * A process and everything it started, seen through `/proc`: the CPU meter and control of a
 * plugin where it has no cgroup of its own (no cgroup v1, or not writable by this user).
 *
 * CPU time is each living process's own (all its threads, so nested workers too) plus what its
 * reaped children used, in clock ticks of 10 ms (`USER_HZ` is 100 on every Linux the client
 * runs on). Throttling is a duty cycle of `SIGSTOP` and `SIGCONT` over 100 ms periods: coarser
 * than the kernel's CFS quota, and a process forked between a scan and a signal runs until the
 * next period, but it needs no privilege.
 *
 * @module
 */
import type { CpuControl, CpuMeter } from "./_cpu_quota.ts";

/** The duty-cycle period, in ms. */
const PERIOD_MS = 100;

/** Ms per clock tick in `/proc/<pid>/stat`. */
const TICK_MS = 10;

interface Stat {
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks. */
  ticks: number;
}

/** A process tree rooted at `pid`; `await using` ends its duty cycle (not the processes). */
export class ProcessTree implements CpuMeter, CpuControl, AsyncDisposable {
  #root: number;
  #cycle: ReturnType<typeof setInterval> | undefined;
  #resume: ReturnType<typeof setTimeout> | undefined;
  /** The tree's pids as last looked up, and when, for the memory reads. */
  #known: number[] | undefined;
  #knownAt = 0;

  constructor(root: number) {
    this.#root = root;
  }

  /** The pids of the root and all its living descendants. */
  async pids(): Promise<number[]> {
    return [...(await this.#stats()).keys()];
  }

  /**
   * The resident memory of the whole tree in bytes. Inside the OS boundary the spawned process
   * is the boundary's, not Deno's: this sums Deno's with the (small) ones around it.
   */
  async residentBytes(): Promise<number> {
    // Read every 100 ms per plugin: the tree is looked up again once a second (inside the
    // boundary a plugin cannot start processes, so it changes only as its own start ends).
    if (this.#known === undefined || Date.now() - this.#knownAt > 1000) {
      this.#known = await this.pids();
      this.#knownAt = Date.now();
    }
    let bytes = 0;
    for (const pid of this.#known) {
      const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
      bytes += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    }
    return bytes;
  }

  /** CPU ms used by the tree so far (its reaped members included). */
  async usageMs(): Promise<number> {
    let ticks = 0;
    for (const stat of (await this.#stats()).values()) ticks += stat.ticks;
    return ticks * TICK_MS;
  }

  /** Ms the tree's living threads spent running or ready to run, from their schedstat. */
  async runnableMs(): Promise<number> {
    let ns = 0;
    for (const pid of await this.pids()) {
      const tasks = await Array.fromAsync(Deno.readDir(`/proc/${pid}/task`)).catch(() => []);
      for (const task of tasks) ns += await schedstatNs(`/proc/${pid}/task/${task.name}/schedstat`);
    }
    return ns / 1e6;
  }

  /** Lets it run `cores` of each 100 ms period (at most one core's worth); `undefined` ends it. */
  async limitCpu(cores: number | undefined): Promise<void> {
    this.#stopCycle();
    if (cores === undefined) return await this.#signal("SIGCONT");
    const runMs = Math.max(1, Math.min(PERIOD_MS, Math.round(cores * PERIOD_MS)));
    this.#cycle = setInterval(async () => {
      // One scan per period: the same processes are woken and stopped again runMs later.
      const pids = await this.pids().catch(() => []);
      signal(pids, "SIGCONT");
      this.#resume = setTimeout(() => signal(pids, "SIGSTOP"), runMs);
    }, PERIOD_MS);
    await this.#signal("SIGSTOP");
  }

  /** Stops every process in it where it stands. */
  async freeze(): Promise<void> {
    this.#stopCycle();
    // Twice: a process forked while the first round ran is stopped by the second.
    await this.#signal("SIGSTOP");
    await this.#signal("SIGSTOP");
  }

  /** Kills every process in it. */
  async kill(): Promise<void> {
    this.#stopCycle();
    await this.#signal("SIGKILL");
  }

  /** Ends the duty cycle; the processes are their owner's to kill. */
  [Symbol.asyncDispose](): Promise<void> {
    this.#stopCycle();
    return Promise.resolve();
  }

  #stopCycle(): void {
    clearInterval(this.#cycle);
    clearTimeout(this.#resume);
    this.#cycle = undefined;
  }

  async #signal(name: Deno.Signal): Promise<void> {
    signal(await this.pids(), name);
  }

  /**
   * The stats of the root and its descendants, found from the root down through each task's
   * `children` file: a few reads, where a scan of all of `/proc` reads every process's.
   */
  async #stats(): Promise<Map<number, Stat>> {
    const tree = new Map<number, Stat>();
    const queue = [this.#root];
    for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
      if (tree.has(pid)) continue;
      const stat = await readStat(pid);
      if (!stat) continue;
      tree.set(pid, stat);
      const tasks = await Array.fromAsync(Deno.readDir(`/proc/${pid}/task`)).catch(() => []);
      for (const task of tasks) {
        const children = await Deno.readTextFile(`/proc/${pid}/task/${task.name}/children`)
          .catch(() => "");
        for (const child of children.split(" ")) if (child !== "") queue.push(Number(child));
      }
    }
    return tree;
  }
}

/**
 * A thread's time running plus waiting to run, in ns, from a `schedstat` file; 0 once it is
 * gone. A thread stopped by a signal is not waiting; one held back by a CFS quota is.
 */
export async function schedstatNs(path: string): Promise<number> {
  const text = await Deno.readTextFile(path).catch(() => "");
  const [running = 0, waiting = 0] = text.split(" ").map(Number);
  return running + waiting;
}

/** Sends `name` to each of `pids` that is still there. */
function signal(pids: number[], name: Deno.Signal): void {
  for (const pid of pids) {
    try {
      Deno.kill(pid, name);
    } catch {
      // Gone meanwhile.
    }
  }
}

/** One process's parent and CPU ticks; `undefined` once it is gone. */
async function readStat(pid: number): Promise<Stat | undefined> {
  const text = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => undefined);
  if (text === undefined) return undefined;
  // The command name, in parentheses, may itself hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return { ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime };
}

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
    let bytes = 0;
    for (const pid of await this.pids()) {
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

  /** The stats of the root and its descendants, from one scan of `/proc`. */
  async #stats(): Promise<Map<number, Stat>> {
    const all = new Map<number, Stat>();
    for await (const entry of Deno.readDir("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      const stat = await readStat(Number(entry.name));
      if (stat) all.set(Number(entry.name), stat);
    }
    const tree = new Map<number, Stat>();
    const rootStat = all.get(this.#root);
    if (!rootStat) return tree;
    tree.set(this.#root, rootStat);
    // Parents are found before their children however /proc lists them: repeat until stable.
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, stat] of all) {
        if (!tree.has(pid) && tree.has(stat.ppid)) {
          tree.set(pid, stat);
          grew = true;
        }
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

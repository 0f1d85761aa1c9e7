/**
 * Where the machine's CPU goes over a stretch of a bench, per process and thread, from /proc:
 * this bench's own process (its scripted servers and Playwright), the client it launched, the
 * browser's processes, and everything else on the machine. Two snapshots, before and after,
 * and their difference.
 *
 * @module
 */

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s. */
const TICKS_PER_SECOND = 100;

/** One thread's CPU ticks, with the names it is summed under. */
interface ThreadTicks {
  /** The process, as named by {@linkcode CpuSnapshot}'s `role`. */
  process: string;
  thread: string;
  ticks: number;
}

/** The CPU ticks of every thread below this process, and of the whole machine. */
export interface CpuSnapshot {
  threads: Map<string, ThreadTicks>;
  /** The machine's busy ticks (all cores, user + nice + system + irq + softirq + steal). */
  machine: number;
}

async function read(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return undefined;
  }
}

/** A /proc stat line's fields after the name: state, ppid, … utime and stime the 12th and 13th. */
function fields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** What a process is: the bench, the client (`client`), or a Chromium process by its type. */
async function role(pid: number, client: number): Promise<string> {
  if (pid === Deno.pid) return "bench (deno: servers, Playwright)";
  if (pid === client) return "client (ircbus deno)";
  // Chromium rewrites its children's command lines into one string, spaces between.
  const cmdline = (await read(`/proc/${pid}/cmdline`))?.split(/[\0 ]/) ?? [];
  const type = cmdline.find((a) => a.startsWith("--type="))?.slice(7);
  const utility = cmdline.find((a) => a.startsWith("--utility-sub-type="))?.slice(19);
  const comm = (await read(`/proc/${pid}/comm`))?.trim() ?? "?";
  if (type === undefined) return `${comm} (browser)`;
  return `${comm} (${type}${utility ? ` ${utility.split(".").at(-1)}` : ""} ${pid})`;
}

/**
 * The CPU ticks of every thread of this process and its descendants (the client at pid
 * `client` named apart), and the machine's.
 */
export async function cpuSnapshot(client: number): Promise<CpuSnapshot> {
  const parents = new Map<number, number>();
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const stat = await read(`/proc/${entry.name}/stat`);
    if (stat !== undefined) parents.set(Number(entry.name), Number(fields(stat)[1]));
  }
  const threads = new Map<string, ThreadTicks>();
  for (const pid of parents.keys()) {
    let up: number | undefined = pid;
    while (up !== undefined && up > 1 && up !== Deno.pid) up = parents.get(up);
    if (up !== Deno.pid) continue;
    const process = await role(pid, client);
    try {
      for await (const task of Deno.readDir(`/proc/${pid}/task`)) {
        const stat = await read(`/proc/${pid}/task/${task.name}/stat`);
        if (stat === undefined) continue;
        const f = fields(stat);
        const thread = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        threads.set(`${pid}/${task.name}`, {
          process,
          thread,
          ticks: Number(f[11]) + Number(f[12]),
        });
      }
    } catch { /* ended meanwhile */ }
  }
  const cpu = (await read("/proc/stat"))?.split("\n")[0].split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal: all but idle and iowait.
  const machine = cpu.slice(0, 8).reduce((sum, v, i) => i === 3 || i === 4 ? sum : sum + v, 0);
  return { threads, machine };
}

/**
 * Prints the CPU used between `before` and `after` over `seconds`: per process, its biggest
 * threads, and what the rest of the machine used, in ms of a core per second.
 */
export function printCpuSplit(before: CpuSnapshot, after: CpuSnapshot, seconds: number): void {
  const perS = (ticks: number) => ticks * 1000 / TICKS_PER_SECOND / seconds;
  const processes = new Map<string, { ticks: number; threads: Map<string, number> }>();
  let ours = 0;
  for (const [key, now] of after.threads) {
    const used = now.ticks - (before.threads.get(key)?.ticks ?? 0);
    if (used <= 0) continue;
    ours += used;
    const entry = processes.get(now.process) ?? { ticks: 0, threads: new Map() };
    entry.ticks += used;
    entry.threads.set(now.thread, (entry.threads.get(now.thread) ?? 0) + used);
    processes.set(now.process, entry);
  }
  const machine = after.machine - before.machine;
  const fmt = (ticks: number) => `${perS(ticks).toFixed(0).padStart(5)} ms/s`;
  console.error(
    `CPU over the flood (ms of a core per second): machine ${fmt(machine)}, ` +
      `the bench's processes ${fmt(ours)}, the rest of the machine ${fmt(machine - ours)}`,
  );
  for (const [name, { ticks, threads }] of [...processes].sort((a, b) => b[1].ticks - a[1].ticks)) {
    const top = [...threads].sort((a, b) => b[1] - a[1]).slice(0, 6)
      .map(([thread, t]) => `${thread} ${perS(t).toFixed(0)}`).join(", ");
    console.error(`  ${fmt(ticks)}  ${name}: ${top}`);
  }
}

/**
 * What the client benches do in and around a headless Chromium page, the same way for every
 * client measured: wait for a fresh browser to settle, mark the frame in which a page is
 * usable, time frames, and read a page's heap and DOM size.
 *
 * @module
 */
import type { Page } from "playwright-core";
import type { PeerConn } from "../tests/irc/_peer.ts";

/** CSS selectors that say a client's page is usable. */
export interface Readiness {
  /** The message input, which must be visible. */
  input: string;
  /**
   * Present once the page shows what else usable means. For the peers bench: a network shown
   * registered, the moment its server's registration ends (the end of its MOTD, or 422 when it
   * has none), the same moment for every client whatever it calls "connected".
   */
  marker: string;
}

/** What {@linkcode markUsable} runs in the page: the readiness, and the binding it reports to. */
export interface UsableMark {
  ready: Readiness;
  /** The name of the page binding that receives the epoch ms of the usable frame. */
  binding: string;
}

/**
 * In the page, before its own scripts: reports (as epoch ms, to the binding `binding`) the
 * animation frame that first shows the message input visible and the readiness marker.
 * A binding, not a polled function: polling would run the harness's own script in the page
 * while it loads.
 *
 * @example Armed through Playwright, as {@linkcode whenUsable} does
 * ```ts ignore
 * await page.exposeFunction("usable", (at: number) => console.log("usable at", at));
 * await page.addInitScript(markUsable, {
 *   ready: { input: "#input", marker: "#network-buttons button.connected" },
 *   binding: "usable",
 * });
 * ```
 */
export function markUsable({ ready, binding }: UsableMark): void {
  // The marker first: it is a lookup, while checkVisibility forces a style and layout pass,
  // which would otherwise run on every mutation batch while the page builds itself.
  const shown = () =>
    document.querySelector(ready.marker) !== null &&
    document.querySelector(ready.input)?.checkVisibility() === true;
  new MutationObserver((_, observer) => {
    if (!shown()) return;
    observer.disconnect();
    const report: unknown = Reflect.get(globalThis, binding);
    if (typeof report !== "function") throw new Error(`Cannot mark usable: no binding ${binding}`);
    requestAnimationFrame(() => report(performance.timeOrigin + performance.now()));
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

/**
 * Arms `page` to report when it is usable ({@linkcode markUsable}); `shown` then resolves
 * with the epoch ms of that frame. A page armed twice (another readiness, to time an earlier
 * moment beside it) needs a second `binding` name.
 *
 * @example Time a launch to a usable page
 * ```ts ignore
 * const { shown } = await whenUsable(page, { input: "#input", marker: ".connected" });
 * await page.goto(url);
 * console.log("usable after", (await shown) - performance.timeOrigin, "ms");
 * ```
 */
export async function whenUsable(
  page: Page,
  ready: Readiness,
  options: { binding?: string } = {},
): Promise<{ shown: Promise<number> }> {
  const binding = options.binding ?? "usable";
  const { promise, resolve } = Promise.withResolvers<number>();
  await page.exposeFunction(binding, (at: number) => resolve(at));
  await page.addInitScript(markUsable, { ready, binding });
  return { shown: promise };
}

/**
 * Waits until the browsers this bench started (its descendant processes) use no CPU for
 * 300 ms, at most 20 s. Just launched, headless Chromium still loads its own WebUI pages in
 * another renderer for about half a second; a user's browser that has been running does
 * not. Where there is no `/proc`, it does not wait.
 */
export async function browserSettled(): Promise<void> {
  if (!hasProc()) return;
  const deadline = performance.now() + 20_000;
  let quiet = 0;
  let last = await descendantTicks();
  while (quiet < 3 && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await descendantTicks();
    quiet = now - last <= 1 ? quiet + 1 : 0;
    last = now;
  }
}

function hasProc(): boolean {
  try {
    Deno.statSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
}

/**
 * CPU ticks (user + system, 1/100 s) of the processes below this one, by reading /proc: the
 * browsers a bench started and the clients it launched.
 */
export async function descendantTicks(): Promise<number> {
  const parents = new Map<number, number>();
  const used = new Map<number, number>();
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const stat = await readStat(Number(entry.name));
    if (stat === undefined) continue;
    parents.set(Number(entry.name), stat.ppid);
    used.set(Number(entry.name), stat.ticks);
  }
  let total = 0;
  for (const [pid, cpu] of used) {
    let up = parents.get(pid);
    while (up !== undefined && up > 1 && up !== Deno.pid) up = parents.get(up);
    if (up === Deno.pid) total += cpu;
  }
  return total;
}

/** A process's parent and CPU ticks from /proc, or undefined once it ended. */
async function readStat(pid: number): Promise<{ ppid: number; ticks: number } | undefined> {
  try {
    const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
    // After the name: state, ppid, … with utime and stime the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s. */
const TICKS_PER_SECOND = 100;

/** One process's resident memory (MB) and CPU time so far (s), from /proc. */
export async function processUsage(pid: number): Promise<{ rssMb: number; cpuS: number }> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const rss = status.match(/VmRSS:\s+(\d+) kB/);
  const stat = await readStat(pid);
  if (!rss || stat === undefined) throw new Error(`Cannot read the usage: no process ${pid}`);
  return { rssMb: Number(rss[1]) / 1024, cpuS: stat.ticks / TICKS_PER_SECOND };
}

/**
 * The CPU time (ms) process `pid`'s main thread has used so far, from its schedstat (in ns,
 * finer than the process's ticks of 10 ms): the thread a launch waits on.
 */
export async function mainThreadCpuMs(pid: number): Promise<number> {
  const schedstat = await Deno.readTextFile(`/proc/${pid}/task/${pid}/schedstat`);
  return Number(schedstat.split(" ")[0]) / 1e6;
}

/**
 * Waits until process `pid` uses no CPU for 500 ms (at most `maxMs`): its work on what it
 * was sent is done.
 */
export async function processSettled(pid: number, maxMs = 30_000): Promise<void> {
  const deadline = performance.now() + maxMs;
  let quiet = 0;
  let last = (await readStat(pid))?.ticks ?? 0;
  while (quiet < 5 && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    const now = (await readStat(pid))?.ticks ?? 0;
    quiet = now - last <= 1 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * Frame times (ms) of `page` over `ms`. Headless Chromium ticks frames at the display's
 * 16.7 ms whatever their work, so a frame's time here is its work: from the frame's
 * animation callback to the first task after its rendering (a message posted from that
 * callback), which includes any socket message handled in between.
 */
export function frameTimes(page: Page, ms: number): Promise<number[]> {
  return page.evaluate((duration) =>
    new Promise<number[]>((resolve) => {
      const frames: number[] = [];
      const channel = new MessageChannel();
      let started = 0;
      const end = performance.now() + duration;
      channel.port1.onmessage = () => {
        frames.push(performance.now() - started);
        if (performance.now() < end) requestAnimationFrame(tick);
        else resolve(frames);
      };
      const tick = (now: number) => {
        started = now;
        channel.port2.postMessage(0);
      };
      requestAnimationFrame(tick);
    }), ms);
}

/** The page's used JS heap (MB, after a garbage collection) and DOM node count, by CDP. */
export async function pageHeap(page: Page): Promise<{ heapMb: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("Performance.enable");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  await cdp.detach();
  return {
    heapMb: Math.round(metric("JSHeapUsedSize") / 1024 / 1024 * 10) / 10,
    nodes: metric("Nodes"),
  };
}

/**
 * Sends `total` lines (`line N of the memory run`) into the open `channel` in chunks of
 * 5,000, each shown before the next is sent: a loaded machine then slows the run instead of
 * failing it. Once a chunk is not shown within `timeoutMs`, or `budgetMs` have passed, the
 * rest is sent without waiting, so a client that falls behind bounds the bench and its
 * server still holds every line. Returns how many lines the page was seen to show.
 */
export async function fillOpenBuffer(
  page: Page,
  conn: PeerConn,
  options: { channel: string; total: number; timeoutMs: number; budgetMs?: number },
): Promise<number> {
  const chunk = 5_000;
  const end = performance.now() + (options.budgetMs ?? Infinity);
  let shown = 0;
  let waiting = true;
  for (let sent = 0; sent < options.total; sent += chunk) {
    const lines = Array.from(
      { length: chunk },
      (_, i) =>
        `:user${(sent + i) % 4999}!u@h PRIVMSG ${options.channel} :line ${
          sent + i
        } of the memory run`,
    );
    for (let i = 0; i < chunk; i += 500) await conn.send(...lines.slice(i, i + 500));
    if (!waiting) continue;
    try {
      await page.getByText(`line ${sent + chunk - 1} of the memory run`).first().waitFor({
        timeout: Math.max(1, Math.min(options.timeoutMs, end - performance.now())),
      });
      shown = sent + chunk;
    } catch {
      waiting = false;
    }
  }
  return shown;
}

/** What a flood tick carries besides its 50 messages. */
export interface FloodTickOptions {
  /** A msgid on each message, as a modern server gives them (each line then draws its buttons). */
  msgids?: boolean;
  /**
   * 50 of the channel's users also type and react: 3 typing notices (active, paused, done in
   * turn) and 3 reactions to recent messages (every fifth one taken back) a tick, so 60 of
   * each a second at a tick every 50 ms. Their reactions name the messages' msgids.
   */
  tags?: boolean;
}

/**
 * The lines of one 50 ms tick of a 1,000 msg/s flood into `channel`: messages `tick * 50` to
 * `tick * 50 + 49` from user`n % 4999`, and with `tags` the typing and reactions beside them.
 *
 * @example
 * ```ts
 * const lines = floodTick("#big", 0, { msgids: true, tags: true });
 * console.log(lines.length); // 56
 * ```
 */
export function floodTick(channel: string, tick: number, options: FloodTickOptions = {}): string[] {
  const lines = Array.from({ length: 50 }, (_, i) => {
    const n = tick * 50 + i;
    const tag = options.msgids || options.tags ? `@msgid=f${n} ` : "";
    return `${tag}:user${n % 4999}!u@h PRIVMSG ${channel} :flood ${n} now`;
  });
  if (!options.tags) return lines;
  const last = tick * 50 + 49;
  for (let k = 0; k < 3; k++) {
    const typist = (tick * 3 + k) % 50;
    const state = TYPING_STATES[(Math.floor(tick / 17) + typist) % TYPING_STATES.length];
    lines.push(`@+typing=${state} :user${typist}!u@h TAGMSG ${channel}`);
    const reactor = (tick * 7 + k) % 50;
    const target = `f${Math.max(0, last - k * 13)}`;
    const verb = (tick + k) % 5 === 4 ? "+draft/unreact" : "+draft/react";
    const reaction = REACTIONS[(tick + k) % REACTIONS.length];
    lines.push(
      `@msgid=r${tick}-${k};${verb}=${reaction};+draft/reply=${target} :user${reactor}!u@h TAGMSG ${channel}`,
    );
  }
  return lines;
}

const TYPING_STATES = ["active", "active", "paused", "done"];
const REACTIONS = ["👍", "🎉", "❤️", "😂"];

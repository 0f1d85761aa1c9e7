/**
 * The local client, measured:
 * - time from launching the process (as `deno task run` does) to the first served page, and
 *   to the network connected (seen by a page over the WebSocket), against real InspIRCd;
 * - steady memory with 3 networks, 20 channels and one 5,000-user channel (scripted peers);
 * - time from launching the process to a usable page in headless Chromium (the message
 *   input shown and the network connected);
 * - frame time in headless Chromium while 1,000 messages/s arrive in the 5,000-user
 *   channel, against an idle page in the same run, and with 50 of its users typing and
 *   reacting meanwhile, against the same flood without them (the ratio, over several runs);
 * - the page's JS heap and DOM size after 100,000 received lines in the open buffer.
 *
 * @module
 */
import { runV8Flags } from "./_run_flags.ts";
import { databasePath } from "../storage/data_dir.ts";
import { type BenchRow, percentile, spreadOf } from "./_report.ts";
import { NetworkStore } from "../deeplink/mod.ts";
import { startClient } from "../client/mod.ts";
import { startInspircd } from "../tests/irc/_servers.ts";
import { type PeerConn, ScriptedServer } from "../tests/irc/_peer.ts";
import { launchPage } from "../tests/client/_browser.ts";
import { SocketPage } from "../tests/client/_helpers.ts";
import { isRecord } from "../core/shape.js";
import type { Page } from "playwright-core";
import {
  browserSettled,
  fillOpenBuffer,
  floodTick,
  frameTimes,
  pageHeap,
  whenUsable,
} from "./_page.ts";

const SECTION = "client";
const ROOT = new URL("../", import.meta.url).pathname;

/** Runs every client measurement. */
export async function run(report: (row: BenchRow) => void): Promise<void> {
  await startup(report);
  await memoryAndFrames(report);
}

async function startup(report: (row: BenchRow) => void): Promise<void> {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-bench-" });
  {
    using store = new NetworkStore(databasePath(dataDir));
    store.add({
      name: "Local",
      host: "127.0.0.1",
      port: server.port,
      tls: false,
      nick: "bench",
      autoconnect: true,
    });
  }
  // `deno task run` first runs `deno cache main.ts`: with a warm cache (a first run warms it),
  // this much.
  const cacheTimes: number[] = [];
  for (let run = 0; run <= STARTUP_RUNS; run++) {
    const cacheStart = performance.now();
    const cached = await new Deno.Command(Deno.execPath(), {
      args: ["cache", "main.ts"],
      cwd: ROOT,
      stdout: "null",
      stderr: "null",
    }).output();
    if (!cached.success) throw new Error("Cannot bench startup: deno cache main.ts failed");
    if (run > 0) cacheTimes.push(performance.now() - cacheStart);
  }
  report({
    section: SECTION,
    name: "deno cache main.ts, warm (first part of deno task run), median",
    value: percentile(cacheTimes, 0.5),
    unit: "ms",
    spread: spreadOf(cacheTimes),
  });
  // Launches without a browser: the first served page, and the network connected as a page
  // sees it.
  const firstPages: number[] = [];
  const connects: number[] = [];
  for (let run = 0; run < STARTUP_RUNS; run++) {
    const launch = await launchClient(dataDir);
    const page = await fetch(launch.url);
    await page.text();
    firstPages.push(performance.now() - launch.started);
    {
      await using socket = new SocketPage(launch.url);
      await socket.next((m) => m.kind === "hello");
      // As a page does once it shows the hello: the client then connects its networks.
      socket.send({ kind: "ready" });
      await socket.next((m) => m.kind === "network.state" && m.state === "connected");
      connects.push(performance.now() - launch.started);
    }
    await launch.stop();
  }
  report({
    section: SECTION,
    name: "launch to first served page, median",
    value: percentile(firstPages, 0.5),
    unit: "ms",
    spread: spreadOf(firstPages),
  });
  report({
    section: SECTION,
    name: "launch to connected (InspIRCd), median",
    value: percentile(connects, 0.5),
    unit: "ms",
    spread: spreadOf(connects),
    note: "the page sees the network connected",
  });
  // Then launches as a user's: the browser (already running, so started before the clock)
  // opens the printed address at once, and the page itself notes the frame in which it is
  // usable: the message input shown and the buffers listed.
  const usable: number[] = [];
  for (let run = 0; run < USABLE_RUNS; run++) {
    await using browser = await launchPage();
    await browserSettled();
    const { shown } = await whenUsable(browser.page, USABLE);
    const launch = await launchClient(dataDir);
    await browser.page.goto(launch.url);
    usable.push(await shown - (performance.timeOrigin + launch.started));
    await launch.stop();
  }
  report({
    section: SECTION,
    name: "launch to a usable page (Chromium), median",
    value: percentile(usable, 0.5),
    unit: "ms",
    spread: spreadOf(usable),
    note: `each launch with a fresh browser: ${
      usable.map((x) => Math.round(x)).join(", ")
    } ms; goal < 300`,
  });
  await Deno.remove(dataDir, { recursive: true });
}

/** Runs of each startup figure taken without a browser: odd, so the median is one of them. */
const STARTUP_RUNS = 5;

/** Launches of the client a usable page is timed over. */
const USABLE_RUNS = 7;

/** Usable, for this section: the message input shown and a buffer listed. */
const USABLE = { input: "#input", marker: "#buffer-list li" };

/** `deno task run`'s process on `dataDir`: started (bench clock) once spawned. */
async function launchClient(
  dataDir: string,
): Promise<{ url: string; started: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--no-prompt",
      "--cached-only",
      ...runV8Flags(),
      "main.ts",
      "--data-dir",
      dataDir,
      "--port",
      "0",
      "--no-open",
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  let url: string | undefined;
  while (url === undefined) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`Cannot bench startup: the client exited, got ${out}`);
    out += value;
    url = out.match(/open (http:\/\/\S+)/)?.[1];
  }
  const stop = async () => {
    child.kill("SIGINT");
    await child.status;
    await reader.cancel().catch(() => {});
  };
  return { url, started, stop };
}

/** A scripted network: registers the client, answers every JOIN with NAMES. */
async function scriptedNetwork(
  server: ScriptedServer,
  members: (channel: string) => number,
): Promise<PeerConn> {
  const conn = await server.accept();
  const nick = await conn.register();
  (async () => {
    let from = 0;
    for (;;) {
      const line = await conn.expect(/^JOIN /, from);
      from = conn.received.lastIndexOf(line) + 1;
      for (const channel of line.slice(5).split(" ")[0].split(",")) {
        const lines = [`:${nick}!u@h JOIN ${channel}`];
        const count = members(channel);
        const names = [`@${nick}`, ...Array.from({ length: count - 1 }, (_, i) => `user${i}`)];
        for (let i = 0; i < names.length; i += 40) {
          lines.push(`:peer.test 353 ${nick} = ${channel} :${names.slice(i, i + 40).join(" ")}`);
        }
        lines.push(`:peer.test 366 ${nick} ${channel} :End of NAMES`);
        await conn.send(...lines);
      }
    }
  })();
  return conn;
}

function mb(bytes: number): number {
  return Math.round(bytes / 1024 / 1024 * 10) / 10;
}

async function memoryAndFrames(report: (row: BenchRow) => void): Promise<void> {
  const servers = [new ScriptedServer(), new ScriptedServer(), new ScriptedServer()];
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-bench-" });
  const before = Deno.memoryUsage();
  const client = await startClient({
    dataDir,
    singleInstance: false,
    log: () => {},
    irc: { followUpInterval: 50, messageRate: { burst: 100, interval: 5 } },
  });
  const channelsPer = [8, 6, 6]; // 20 channels; #big on the first network
  const conns: PeerConn[] = [];
  for (const [i, server] of servers.entries()) {
    const network = client.networks.add({
      name: `Net${i + 1}`,
      host: "127.0.0.1",
      port: server.port,
      tls: false,
      nick: "bench",
    });
    const accepted = scriptedNetwork(server, (c) => c === "#big" ? 5000 : 30);
    await Promise.all([client.connect(network.id), accepted.then((c) => conns.push(c))]);
    for (let c = 0; c < channelsPer[i]; c++) {
      await client.perform({
        kind: "join",
        networkId: network.id,
        channel: i === 0 && c === 0 ? "#big" : `#chan${c}`,
      });
    }
  }
  // Wait until every NAMES is in, as a page would see it.
  while ((await uiMembers(client.url!)) < 5000) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 500)); // let the follow-ups settle
  const steady = Deno.memoryUsage();
  report({
    section: SECTION,
    name: "steady heap, 3 networks / 20 channels / 5,000-user channel",
    value: mb(steady.heapUsed),
    unit: "MB",
    spread: "1 run",
    // No GC is forced before either reading: the difference can go either way.
    note: `the empty process before the networks: ${mb(before.heapUsed)} MB`,
  });
  report({
    section: SECTION,
    name: "steady RSS, same",
    value: mb(steady.rss),
    unit: "MB",
    spread: "1 run",
    note: "whole bench process",
  });

  // Frame time: an idle page, then 1,000 messages/s into #big with #big open.
  const browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url!);
  await page.locator('#buffer-list li[data-key="#big"]').click();
  await page.locator('#nicklist li[data-nick="user4998"]').waitFor({ timeout: 30_000 });
  const measure = (ms: number) => frameTimes(page, ms);
  const idle = await measure(2000);
  const big = conns[0];
  // 1,000 messages/s into #big (50 every 50 ms), with msgids as a modern server gives them;
  // with `tags`, 50 of its users also type and react (floodTick). Ticks go on from one flood
  // to the next, so every message has its own msgid.
  let ticks = 0;
  const flood = async (seconds: number, tags: boolean) => {
    for (const end = ticks + seconds * 20; ticks < end; ticks++) {
      await big.send(...floodTick("#big", ticks, { msgids: true, tags }));
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const seconds = 5;
  // The renderer's task time (CDP's TaskDuration) counted in thread CPU time: unlike a
  // frame's wall time it does not grow while other processes hold the CPU, so on a loaded
  // machine it tells the page's own cost apart from the machine's.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  const taskSeconds = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return metrics.find((m) => m.name === "TaskDuration")?.value ?? NaN;
  };
  const busyRun = async (tags: boolean) => {
    const before = await taskSeconds();
    const flooding = flood(seconds, tags);
    const frames = await measure(seconds * 1000);
    await flooding;
    const cpu = (await taskSeconds()) - before;
    return { frames, cpu };
  };
  // The open buffer filled to its line limit first, as it is in use: every later line then
  // also drops the oldest, in every run alike.
  await flood(2, false);
  // Runs alternate which load goes first, so a page warming up (or a buffer filling) does not
  // favour one of them; the ratio is taken within each run.
  const RUNS = 5;
  const plainRuns: number[][] = [];
  const tagRuns: number[][] = [];
  const plainCpu: number[] = [];
  const tagCpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const tags of run % 2 === 0 ? [false, true] : [true, false]) {
      const { frames, cpu } = await busyRun(tags);
      (tags ? tagRuns : plainRuns).push(frames);
      (tags ? tagCpu : plainCpu).push(cpu);
    }
  }
  await cdp.detach();
  const busy = plainRuns[0];
  const heap = await pageMemory(page, big);
  const round = (x: number) => Math.round(x * 10) / 10;
  const median = (xs: number[]) => percentile(xs, 0.5);
  const p95s = (runs: number[][]) => runs.map((frames) => percentile(frames, 0.95));
  const plainP95 = p95s(plainRuns);
  const tagP95 = p95s(tagRuns);
  const ratios = tagP95.map((p, i) => Math.round(p / plainP95[i] * 100) / 100);
  const list = (xs: number[]) => xs.map(round).join(", ");
  report({
    section: SECTION,
    name: "frame time p50, idle page",
    value: round(percentile(idle, 0.5)),
    unit: "ms",
    spread: "1 run",
    note: `${idle.length} frames`,
  });
  report({
    section: SECTION,
    name: "frame time p50, 1,000 msg/s into the 5,000-user channel",
    value: round(percentile(busy, 0.5)),
    unit: "ms",
    spread: "1 run",
    note: `${busy.length} frames of the first run without typing and reactions`,
  });
  report({
    section: SECTION,
    name: "frame time p95, 1,000 msg/s",
    value: round(percentile(busy, 0.95)),
    unit: "ms",
    spread: "1 run",
    note: `same frames; ${
      round(percentile(busy, 0.95) / percentile(idle, 0.95))
    }x the idle p95; max ${round(Math.max(...busy))} ms`,
  });
  report({
    section: SECTION,
    name: "frame time p95, 1,000 msg/s, without typing and reactions (median of runs)",
    value: round(median(plainP95)),
    unit: "ms",
    spread: spreadOf(plainP95),
    note: `per run ${list(plainP95)} ms`,
  });
  report({
    section: SECTION,
    name: "frame time p95, 1,000 msg/s while 50 users type and react (median of runs)",
    value: round(median(tagP95)),
    unit: "ms",
    spread: spreadOf(tagP95),
    note: `per run ${list(tagP95)} ms; 60 typing notices and 60 reactions/s`,
  });
  report({
    section: SECTION,
    name: "frame time p95 ratio, typing and reacting / without (median of runs)",
    value: median(ratios),
    unit: "x",
    spread: spreadOf(ratios),
    note: `goal ≤ 1.2x; per run ${ratios.join(", ")}`,
  });
  const cpuRatios = tagCpu.map((c, i) => Math.round(c / plainCpu[i] * 100) / 100);
  report({
    section: SECTION,
    name: "page task CPU time, typing and reacting / without (median of runs)",
    value: median(cpuRatios),
    unit: "x",
    spread: spreadOf(cpuRatios),
    note: `per run ${cpuRatios.join(", ")}; without: ${
      list(plainCpu.map((c) => c * 1000 / seconds))
    } ms of CPU per s`,
  });
  report({
    section: SECTION,
    name: "page JS heap after 100,000 received lines in the open buffer",
    value: heap.heapMb,
    unit: "MB",
    spread: "1 run",
    note: `${heap.nodes} DOM nodes; goal < 150 MB`,
  });
  await browser[Symbol.asyncDispose]();
  await client.shutdown();
  for (const server of servers) await server.close();
  await Deno.remove(dataDir, { recursive: true });
}

/**
 * Sends 100,000 lines into the open #big, waits until the last one is shown, and reads the
 * page's used JS heap (after a garbage collection) and DOM node count through CDP.
 */
async function pageMemory(
  page: Page,
  conn: PeerConn,
): Promise<{ heapMb: number; nodes: number }> {
  await fillOpenBuffer(page, conn, { channel: "#big", total: 100_000, timeoutMs: 120_000 });
  return await pageHeap(page);
}

/** Members of #big as the backend's UI state reports them to a fresh page (its hello). */
async function uiMembers(url: string): Promise<number> {
  await using page = await SocketPage.greeted(url);
  const hello = await page.next((m) => m.kind === "hello");
  const networks: unknown[] = Array.isArray(hello.networks) ? hello.networks : [];
  for (const network of networks) {
    if (!isRecord(network) || !Array.isArray(network.channels)) continue;
    for (const channel of network.channels) {
      if (isRecord(channel) && channel.name === "#big" && Array.isArray(channel.members)) {
        return channel.members.length;
      }
    }
  }
  return 0;
}

if (import.meta.main) {
  const { table } = await import("./_report.ts");
  const rows: BenchRow[] = [];
  await run((row) => rows.push(row));
  console.log(table(rows));
}

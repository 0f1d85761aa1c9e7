/**
 * ircbus side by side with The Lounge (issue 25), each client in turn in the same run, on
 * the same scripted IRC servers and the same headless Chromium, with one readiness
 * definition: the message input visible and a network shown registered, which both pages
 * show at the end of the server's MOTD (bench/_peer_clients.ts). The Lounge shows a network
 * "connected" earlier, at its TCP connect; that moment is timed too and printed as a note.
 * - launch to the first served page; launch to a usable page (fresh browser, median of 7),
 *   against a scripted server that registers at once, and against a real InspIRCd (whose
 *   registration ends a second after NICK and USER, for any client);
 * - server RSS and CPU seconds with 3 networks, 20 channels and one 5,000-user channel
 *   (1,000 of them away);
 * - frame time p50/p95 while 1,000 msg/s arrive in the open 5,000-user channel;
 * - page heap and DOM nodes after 100,000 lines;
 * - the time to show a buffer's last 200 lines after a restart with 1M stored lines.
 *
 * Each line prints ours, theirs, the ratio and the spread over its runs. The Lounge is
 * installed from npm on first use (bench/_thelounge.ts).
 *
 * Flags (`deno task bench peers --only=memory --runs=3 --against=DIR`):
 * - `--only=memory` runs only the big session (server RSS and CPU, frames, the 100,000 lines);
 * - `--only=launch` runs only the launch lines (first served page, usable page on both servers);
 * - `--runs=N` runs the big session N times, the clients taking turns each time;
 * - `--against=DIR` adds the checkout in DIR (e.g. a worktree of the commit before a change)
 *   to the big session as a third client, so a change is measured beside its base in one run.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { type BenchRow, percentile, spreadOf } from "./_report.ts";
import { startInspircd } from "../tests/irc/_servers.ts";
import { type PeerConn, ScriptedServer } from "../tests/irc/_peer.ts";
import { launchPage } from "../tests/client/_browser.ts";
import {
  browserSettled,
  fillOpenBuffer,
  frameTimes,
  pageHeap,
  processSettled,
  processUsage,
  whenUsable,
} from "./_page.ts";
import {
  fillHistory,
  ircbus,
  ircbusAt,
  type Launched,
  type PeerClient,
  type PeerNetwork,
  stopAll,
  theLounge,
} from "./_peer_clients.ts";

const SECTION = "peers";
/** Launches a usable page is timed over, each with a fresh browser. */
const USABLE_RUNS = 7;
/** Launches against InspIRCd, whose registration lookups add about a second. */
const INSPIRCD_RUNS = 3;
/** Launches timed to the first served page. */
const FIRST_PAGE_RUNS = 5;
const BIG = "#big";
const BIG_MEMBERS = 5000;
const BIG_AWAY = 1000;
const FLOOD_SECONDS = 5;
const MEMORY_LINES = 100_000;
const STORED_LINES = 1_000_000;
/** When the server's RSS is read a second time, after the one right after the 100,000 lines. */
const SETTLED_LATER_MS = 10_000;
/** How long a page gets to show the flood's last line once the flood is over. */
const CATCH_UP_MS = 60_000;
/**
 * Page loads are awaited by the page's own readiness mark, not by its load event; a loaded
 * machine may take longer than Playwright's default to get there.
 */
const NAVIGATE = { waitUntil: "commit", timeout: 60_000 } as const;

/** One measure of both clients: ours and theirs over their runs, or why theirs cannot. */
interface Compared {
  name: string;
  unit: string;
  ours: number[];
  theirs: number[] | string;
  /** How to read it, e.g. the goal it is held to. */
  note?: string;
}

/** What the flags ask of a run. */
interface Options {
  /**
   * Only the big session, whose lines include the server's RSS and CPU (`memory`), or only
   * the launch lines (`launch`); everything when absent.
   */
  only?: "memory" | "launch";
  /** Big sessions per client. */
  runs: number;
  /** Another checkout run beside ours in the big session. */
  against?: string;
}

function options(flags: string[]): Options {
  const { values } = parseArgs({
    args: flags,
    options: {
      only: { type: "string" },
      runs: { type: "string", default: "1" },
      against: { type: "string" },
    },
  });
  const only = values.only;
  if (only !== undefined && only !== "memory" && only !== "launch") {
    throw new Error(`Cannot bench peers: --only takes memory or launch, got ${only}`);
  }
  const runs = Number(values.runs);
  if (!Number.isSafeInteger(runs) || runs < 1 || runs > 20) {
    throw new Error(
      `Cannot bench peers: --runs must be a whole number from 1 to 20, got ${values.runs}`,
    );
  }
  return { only, runs, against: values.against };
}

/** Runs the peers measurements; an interrupt (Ctrl-C) ends the clients it started. */
export async function run(report: (row: BenchRow) => void, flags: string[] = []): Promise<void> {
  const wanted = options(flags);
  const interrupted = () => {
    stopAll();
    Deno.exit(130);
  };
  Deno.addSignalListener("SIGINT", interrupted);
  Deno.addSignalListener("SIGTERM", interrupted);
  try {
    await measure(report, wanted);
  } finally {
    Deno.removeSignalListener("SIGINT", interrupted);
    Deno.removeSignalListener("SIGTERM", interrupted);
  }
}

async function measure(report: (row: BenchRow) => void, wanted: Options): Promise<void> {
  const log = (line: string) => console.error(`  ${line}`);
  const lounge = await theLounge(log);
  const clients = [ircbus, lounge];
  const base = wanted.against === undefined
    ? undefined
    : ircbusAt(wanted.against, `ircbus at ${wanted.against}`);
  const results = new Map<string, Map<string, number[]>>();
  const record = (client: PeerClient, name: string, values: number[]) => {
    const byName = results.get(name) ?? new Map<string, number[]>();
    byName.set(client.name, [...byName.get(client.name) ?? [], ...values]);
    results.set(name, byName);
  };
  const compare = (c: Omit<Compared, "ours" | "theirs">, cannot?: string) => {
    const byName = results.get(c.name);
    // The Lounge's earlier moment, beside the line it explains.
    const earlier = lounge.earlier && results.get(earlierName(c.name))?.get(lounge.name);
    if (earlier?.length && lounge.earlier) {
      const note = `${lounge.earlier.what}: ${fmt(percentile(earlier, 0.5))} ms`;
      c = { ...c, note: c.note ? `${c.note}; ${note}` : note };
    }
    const ours = byName?.get(ircbus.name) ?? [];
    const theirs = cannot ?? byName?.get(lounge.name) ?? [];
    report(row({ ...c, ours, theirs }));
    // The base checkout's figure, set beside The Lounge's as ours is.
    const before = base && byName?.get(base.name);
    if (before) {
      report(row({ ...c, name: `${c.name} (${base.name})`, ours: before, theirs }));
    }
  };

  report({
    section: SECTION,
    name: "The Lounge version",
    value: Number.NaN,
    unit: "",
    spread: "",
    note:
      `${lounge.version} (npm, irc-framework 4.14.0, Node 22, no sqlite); load average ${loadAverage()}`,
  });

  const launch = wanted.only !== "memory";
  const big = wanted.only !== "launch";
  const history = wanted.only === undefined;

  // --- Launch: one network on a scripted server that registers at once. -----------------
  if (launch) {
    await using server = serveNetworks(1, () => 10);
    for (const client of clients) {
      const networks = [{ name: "Net1", port: server.ports[0], channels: ["#bench"] }];
      const place = await client.prepare(networks);
      try {
        record(client, "launch to first served page", await firstPage(client, place));
        log(`${client.name}: first page done`);
        const name = "launch to a usable page (scripted server)";
        const timed = await usable(client, place, USABLE_RUNS);
        record(client, name, timed.usable);
        record(client, earlierName(name), timed.earlier);
        log(`${client.name}: usable done`);
      } finally {
        await client.remove(place);
      }
    }
  }
  if (launch) {
    compare({ name: "launch to first served page", unit: "ms" });
    compare({
      name: "launch to a usable page (scripted server)",
      unit: "ms",
      note: "goal: ≤ 0.5× The Lounge and < 300 ms",
    });
    await using server = await startInspircd();
    for (const client of clients) {
      const networks = [{ name: "Local", port: server.port, channels: ["#bench"] }];
      const place = await client.prepare(networks);
      try {
        const name = "launch to a usable page (InspIRCd)";
        const timed = await usable(client, place, INSPIRCD_RUNS);
        record(client, name, timed.usable);
        record(client, earlierName(name), timed.earlier);
        log(`${client.name}: usable on InspIRCd done`);
      } finally {
        await client.remove(place);
      }
    }
    compare({ name: "launch to a usable page (InspIRCd)", unit: "ms" });
  }

  // --- A big session: 3 networks, 20 channels, one of 5,000 users. -----------------------
  if (big) {
    await using servers = serveNetworks(3, (c) => c === BIG ? BIG_MEMBERS : 30);
    const channels = [8, 6, 6].map((n, i) =>
      Array.from({ length: n }, (_, c) => i === 0 && c === 0 ? BIG : `#chan${c}`)
    );
    const networks: PeerNetwork[] = servers.ports.map((port, i) => ({
      name: `Net${i + 1}`,
      port,
      channels: channels[i],
    }));
    for (let i = 0; i < wanted.runs; i++) {
      for (const client of base ? [...clients, base] : clients) {
        const place = await client.prepare(networks);
        try {
          const figures = await bigSession(client, place, servers, log);
          for (const [name, values] of Object.entries(figures)) record(client, name, values);
        } finally {
          await client.remove(place);
        }
      }
    }
  }
  if (big) {
    compare({ name: "server RSS, 3 networks / 20 channels / 5,000 users", unit: "MB" });
    compare({ name: "server CPU from launch to settled, same", unit: "s" });
    compare({ name: "frame time p50, 1,000 msg/s into the open 5,000-user channel", unit: "ms" });
    compare({
      name: "frame time p95, same",
      unit: "ms",
      note: "goal: below The Lounge and < 8 ms",
    });
    compare({
      name: "last flood line shown, after the flood's end",
      unit: "ms",
      note: "60,000: not shown within a minute",
    });
    compare({
      name: "lines shown of 100,000 (2 minutes at most; all are sent)",
      unit: "lines",
    });
    compare({ name: "page JS heap after 100,000 lines", unit: "MB" });
    compare({ name: "page DOM nodes after 100,000 lines", unit: "nodes" });
    compare({
      name: "server RSS after 100,000 lines",
      unit: "MB",
      note: "goal: below The Lounge; 0.5 s after the server's CPU went quiet",
    });
    compare({ name: "server RSS 10 s after the 100,000 lines", unit: "MB" });
    compare({ name: "server CPU for the 100,000 lines", unit: "s" });
  }

  // --- History: the last 200 lines of a buffer of 1M after a restart (ircbus only). -----
  if (history) {
    await using server = serveNetworks(1, () => 10);
    const place = await ircbus.prepare([{ name: "Net1", port: server.ports[0], channels: [BIG] }]);
    try {
      await fillHistory(place, BIG, STORED_LINES);
      // A failure here is printed and the table still comes out.
      const shown = await lastLines(ircbus, place).catch((error) => {
        log(`ircbus: ${error instanceof Error ? error.message : String(error)}`);
        return Number.NaN;
      });
      record(
        ircbus,
        "buffer of 1M stored lines opened after a restart: last 200 fetched, last line shown",
        [shown],
      );
    } finally {
      await ircbus.remove(place);
    }
  }
  if (history) {
    compare(
      {
        name: "buffer of 1M stored lines opened after a restart: last 200 fetched, last line shown",
        unit: "ms",
      },
      "cannot: no CHATHISTORY, and no history kept without its sqlite module",
    );
  }
  report({
    section: SECTION,
    name: "load average at the end",
    value: Number.NaN,
    unit: "",
    spread: "",
    note: loadAverage(),
  });
}

/** A table row: the median of ours as the value, then theirs, the ratio and both spreads. */
function row(c: Compared): BenchRow {
  const ours = percentile(c.ours, 0.5);
  if (typeof c.theirs === "string") {
    return {
      section: SECTION,
      name: c.name,
      value: ours,
      unit: c.unit,
      peer: c.theirs,
      spread: `ours ${spreadOf(c.ours)}`,
      note: c.note,
    };
  }
  const theirs = percentile(c.theirs, 0.5);
  if (Number.isNaN(theirs)) {
    // A frozen page never answers the heap read (bounded at 60 s): say so, not "NaN".
    return row({ ...c, theirs: "not read: the page did not answer within 60 s" });
  }
  return {
    section: SECTION,
    name: c.name,
    value: ours,
    unit: c.unit,
    peer: theirs,
    ratio: ours / theirs,
    spread: `ours ${spreadOf(c.ours)}; theirs ${spreadOf(c.theirs)}`,
    note: c.note,
  };
}

function fmt(value: number): string {
  return Math.abs(value) >= 100 ? String(Math.round(value)) : value.toFixed(1);
}

function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

/** Launch to the first page served, over {@linkcode FIRST_PAGE_RUNS} launches (ms). */
async function firstPage(client: PeerClient, place: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < FIRST_PAGE_RUNS; i++) {
    const launched = await client.launch(place);
    try {
      const response = await fetchPage(launched.url);
      if (!response.ok) throw new Error(`Cannot bench the first page: got ${response.status}`);
      times.push(performance.now() - launched.started);
    } finally {
      await launched.stop();
    }
  }
  return times;
}

/**
 * GETs a page and its body as a browser does: a redirect that sets a cookie (ircbus trades
 * the token in its address for one) is followed with that cookie.
 */
async function fetchPage(url: string): Promise<Response> {
  let response = await fetch(url, { redirect: "manual" });
  for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 5; hops++) {
    await response.body?.cancel();
    const location = new URL(response.headers.get("location") ?? "/", url);
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    response = await fetch(location, { redirect: "manual", headers: { cookie } });
    url = location.href;
  }
  await response.clone().text();
  return response;
}

/** Where a line's figures for a client's earlier readiness ({@linkcode PeerClient.earlier}) go. */
function earlierName(name: string): string {
  return `${name}, at the client's earlier readiness`;
}

/**
 * Launch to a usable page, `runs` times: a fresh browser (started and settled before the
 * clock) opens the address as soon as the client prints it, and the page itself notes the
 * frame in which it is usable; in the same launches, the frame of the client's earlier
 * readiness, if it has one.
 */
async function usable(
  client: PeerClient,
  place: string,
  runs: number,
): Promise<{ usable: number[]; earlier: number[] }> {
  const times = { usable: [] as number[], earlier: [] as number[] };
  for (let i = 0; i < runs; i++) {
    await using browser = await launchPage();
    await browserSettled();
    await client.preparePage(browser.page);
    const { shown } = await whenUsable(browser.page, client.ready);
    const earlier = client.earlier &&
      (await whenUsable(browser.page, client.earlier.ready, { binding: "usableEarlier" })).shown;
    const launched = await client.launch(place);
    try {
      await browser.page.goto(launched.url, NAVIGATE);
      const start = performance.timeOrigin + launched.started;
      times.usable.push(await within(shown, 60_000, "a usable page") - start);
      if (earlier) times.earlier.push(await within(earlier, 60_000, "earlier readiness") - start);
    } finally {
      await launched.stop();
    }
  }
  return times;
}

/** `promise`, or a clear error after `ms`, so one stuck client bounds the bench. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Cannot bench: no ${what} after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The figures of one client's big session, by measure name. */
async function bigSession(
  client: PeerClient,
  place: string,
  servers: Networks,
  log: (line: string) => void,
): Promise<Record<string, number[]>> {
  servers.reset();
  const launched: Launched = await client.launch(place);
  await using browser = await launchPage();
  try {
    const { page } = browser;
    await client.preparePage(page);
    const { shown } = await whenUsable(page, client.ready);
    await page.goto(launched.url, NAVIGATE);
    await within(shown, 60_000, "usable page");
    // Every channel joined and answered, and the away marks sent, on all three networks.
    await within(servers.settled(20), 60_000, "answered joins");
    await page.locator(client.channel(BIG)).first().click();
    await page.locator(client.member(`user${BIG_MEMBERS - 2}`)).first().waitFor({
      state: "attached",
      timeout: 60_000,
    });
    await processSettled(launched.pid);
    const steady = await processUsage(launched.pid);
    log(`${client.name}: steady ${steady.rssMb.toFixed(1)} MB`);

    // 1,000 msg/s into the open #big for a few seconds, in ticks of 50 lines every 50 ms.
    const big = servers.conn(0);
    const flood = (async () => {
      for (let tick = 0; tick < FLOOD_SECONDS * 20; tick++) {
        const lines = Array.from(
          { length: 50 },
          (_, i) => `:user${(tick * 50 + i) % 4999}!u@h PRIVMSG ${BIG} :flood ${tick * 50 + i} now`,
        );
        await big.send(...lines);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const busy = await frameTimes(page, FLOOD_SECONDS * 1000);
    await flood;
    // How far behind the page is once the flood is over: the time until it shows the last
    // line sent (a page that has not after a minute is counted as a minute).
    const last = FLOOD_SECONDS * 1000 - 1;
    const caughtUpFrom = performance.now();
    await page.getByText(`flood ${last} now`).first().waitFor({ timeout: CATCH_UP_MS }).catch(
      () => {},
    );
    const behind = Math.min(CATCH_UP_MS, performance.now() - caughtUpFrom);
    log(`${client.name}: frames done`);

    // At most two minutes for the 100,000 lines: a client that falls behind is measured
    // with what it showed by then.
    await processSettled(launched.pid);
    const before = await processUsage(launched.pid);
    const shownLines = await fillOpenBuffer(page, big, {
      channel: BIG,
      total: MEMORY_LINES,
      timeoutMs: 60_000,
      budgetMs: 120_000,
    });
    log(`${client.name}: ${shownLines} of ${MEMORY_LINES} lines shown`);
    // The server first, once its work on the lines is done: a page still busy with them (The
    // Lounge's freezes) would otherwise hold the figure back by minutes.
    await processSettled(launched.pid);
    const after = await processUsage(launched.pid);
    log(`${client.name}: after the lines ${after.rssMb.toFixed(1)} MB, load ${loadAverage()}`);
    // And once the runtime has had time to give memory back by itself (V8's memory reducer
    // waits 6-8 s after a burst): what either client holds for good, not its GC headroom.
    await new Promise((resolve) => setTimeout(resolve, SETTLED_LATER_MS));
    const later = await processUsage(launched.pid);
    const memory = await within(pageHeap(page), 60_000, "page heap").catch((error) => {
      log(`${client.name}: ${error instanceof Error ? error.message : String(error)}`);
      return { heapMb: Number.NaN, nodes: Number.NaN };
    });
    return {
      "server RSS, 3 networks / 20 channels / 5,000 users": [steady.rssMb],
      "server CPU from launch to settled, same": [steady.cpuS],
      "frame time p50, 1,000 msg/s into the open 5,000-user channel": [percentile(busy, 0.5)],
      "frame time p95, same": [percentile(busy, 0.95)],
      "last flood line shown, after the flood's end": [behind],
      "lines shown of 100,000 (2 minutes at most; all are sent)": [shownLines],
      "page JS heap after 100,000 lines": [memory.heapMb],
      "page DOM nodes after 100,000 lines": [memory.nodes],
      "server RSS after 100,000 lines": [after.rssMb],
      "server RSS 10 s after the 100,000 lines": [later.rssMb],
      "server CPU for the 100,000 lines": [after.cpuS - before.cpuS],
    };
  } finally {
    await launched.stop();
  }
}

/**
 * After a restart on a history of 1M lines: the time from clicking the buffer to the frame
 * showing its last line, as the page itself sees it. The page fetches the last 200 lines
 * (one history page) and draws the window's worth of them at once, the rest on scrolling.
 */
async function lastLines(client: PeerClient, place: string): Promise<number> {
  await using browser = await launchPage();
  const launched = await client.launch(place);
  try {
    const { page } = browser;
    await client.preparePage(page);
    const { shown } = await whenUsable(page, client.ready);
    await page.goto(launched.url, NAVIGATE);
    await within(shown, 60_000, "usable page");
    // The page opens on the network's own buffer; the click opens the stored one.
    const opened = page.evaluate(({ selector, last }) =>
      new Promise<number>((resolve) => {
        const item = document.querySelector(selector);
        if (!(item instanceof HTMLElement)) throw new Error("Cannot open the buffer: not listed");
        const start = performance.now();
        const done = () => {
          const text = document.getElementById("messages")?.textContent ?? "";
          return text.includes(last);
        };
        new MutationObserver((_, observer) => {
          if (!done()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
        item.click();
      }), {
      selector: client.channel(BIG),
      last: `stored line ${STORED_LINES - 1}`,
    });
    return await within(opened, 60_000, "buffer shown");
  } finally {
    await launched.stop();
  }
}

/** Scripted networks that register a client at once and answer its JOINs with NAMES. */
export interface Networks extends AsyncDisposable {
  ports: number[];
  /** The newest connection to network `index`. */
  conn(index: number): PeerConn;
  /** Resolves once `channels` JOINs were answered in total since the last reset. */
  settled(channels: number): Promise<void>;
  /** Starts counting answered JOINs anew (a new launch). */
  reset(): void;
}

/**
 * `count` scripted networks. Each accepts any number of connections in turn (one per
 * launch), registers each at once, answers every JOIN with NAMES of `members(channel)`
 * users, marks the first 1,000 of #big away (away-notify), and answers PING.
 */
export function serveNetworks(count: number, members: (channel: string) => number): Networks {
  const servers = Array.from({ length: count }, () => new ScriptedServer());
  const latest: (PeerConn | undefined)[] = servers.map(() => undefined);
  let answered = 0;
  let wake = () => {};
  const serve = async (conn: PeerConn) => {
    const nick = await conn.register();
    for (let from = conn.received.length;; from++) {
      // The line at `from` itself: every line matches.
      const line = await conn.expect(/^/, from);
      if (line.startsWith("PING ")) await conn.send(`:peer.test PONG peer.test ${line.slice(5)}`);
      if (!line.startsWith("JOIN ")) continue;
      for (const channel of line.slice(5).split(" ")[0].split(",")) {
        const lines = [`:${nick}!u@h JOIN ${channel}`];
        const names = [
          `@${nick}`,
          ...Array.from({ length: members(channel) - 1 }, (_, i) => `user${i}`),
        ];
        for (let i = 0; i < names.length; i += 40) {
          lines.push(`:peer.test 353 ${nick} = ${channel} :${names.slice(i, i + 40).join(" ")}`);
        }
        lines.push(`:peer.test 366 ${nick} ${channel} :End of NAMES`);
        if (channel === BIG) {
          for (let i = 0; i < BIG_AWAY; i++) lines.push(`:user${i}!u@h AWAY :gone`);
        }
        await conn.send(...lines);
        answered++;
        wake();
      }
    }
  };
  for (const [i, server] of servers.entries()) {
    (async () => {
      for (;;) {
        let conn: PeerConn;
        try {
          conn = await server.accept();
        } catch {
          return; // closed
        }
        latest[i] = conn;
        serve(conn).catch(() => {});
      }
    })();
  }
  return {
    ports: servers.map((s) => s.port),
    conn(index) {
      const conn = latest[index];
      if (!conn) throw new Error(`Cannot flood: network ${index} has no connection`);
      return conn;
    },
    async settled(channels) {
      while (answered < channels) {
        await new Promise<void>((resolve) => wake = resolve);
      }
    },
    reset() {
      answered = 0;
    },
    async [Symbol.asyncDispose]() {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

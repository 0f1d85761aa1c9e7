/**
 * Launch to a usable page for ircbus alone: the `peers` bench's measure without The Lounge,
 * to find where a launch's time goes and to check a change. A fresh browser per run (started
 * and settled before the clock), a scripted server that registers at once, median of 7.
 * Each line also gives the time the browser was opened (ircbus; the address printed for The
 * Lounge) and the time the page's document had arrived whole (after the token's redirect), so
 * server start and page work can be told apart, the CPU time the client's process
 * had used once the page was usable (less noisy than wall time on a shared machine) and its main
 * thread's alone (the thread a launch waits on, in ns from its schedstat), the CPU
 * time the browser's processes used from the launch to then (what is Chromium's), and the
 * load average the runs ran under. Each client is launched once first, not counted: that
 * launch rewrites the V8 code cache that the bench's own process or a test run left.
 *
 * `deno run -A --lock=deno.lock bench/launch_usable.ts [--runs N] [--against DIR] [--lounge]
 * [--inspircd] [--page-only]`
 *
 * `--against DIR` launches the checkout in DIR too (e.g. a worktree of the commit before a
 * change), alternating run by run, so both see the same load on a shared machine. `--lounge`
 * adds The Lounge the same way (installed as the `peers` bench installs it). `--inspircd`
 * launches against a real InspIRCd instead of the scripted server (its registration takes
 * about a second after the client's NICK and USER). `--page-only` measures the page's own part:
 * the browser navigates only once the client has started and the scripted server has sent it the
 * end of the MOTD, and "page sent" and "usable" count from that navigation (the CPU lines still
 * count from the spawn).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { launchPage } from "../tests/client/_browser.ts";
import { ScriptedServer } from "../tests/irc/_peer.ts";
import { startInspircd } from "../tests/irc/_servers.ts";
import {
  browserSettled,
  descendantTicks,
  mainThreadCpuMs,
  processUsage,
  whenUsable,
} from "./_page.ts";
import { ircbusCheckouts, type PeerClient, theLounge } from "./_peer_clients.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "7" },
    against: { type: "string" },
    lounge: { type: "boolean" },
    inspircd: { type: "boolean" },
    "page-only": { type: "boolean" },
  },
});
// The page's own part: the browser navigates only once the client has started and its network
// is registered, and the times count from the navigation.
const pageOnly = values["page-only"] ?? false;
if (pageOnly && values.inspircd) {
  throw new Error("Cannot bench: --page-only needs the scripted server, got --inspircd");
}
const runs = Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) {
  throw new Error(`Cannot bench: --runs must be a whole number above 0, got ${values.runs}`);
}
const clients: PeerClient[] = [
  ...ircbusCheckouts(values.against),
  ...(values.lounge ? [await theLounge(console.error)] : []),
];

const server: IrcServer = values.inspircd ? await startInspircd() : scripted();
/** The IRC server the clients connect to. */
interface IrcServer extends AsyncDisposable {
  port: number;
  /** Resolves once the next client has been sent the end of the MOTD (the scripted one only). */
  nextRegistration?(): Promise<void>;
}
/** A scripted server that registers every client at once. */
function scripted(): IrcServer {
  const server = new ScriptedServer();
  let waiting: (() => void)[] = [];
  (async () => {
    for (;;) {
      const conn = await server.accept().catch(() => undefined);
      if (!conn) return;
      conn.register().then(() => {
        for (const wake of waiting.splice(0)) wake();
      }, () => {});
    }
  })();
  return {
    port: server.port,
    nextRegistration() {
      const { promise, resolve } = Promise.withResolvers<void>();
      waiting.push(resolve);
      return promise;
    },
    [Symbol.asyncDispose]: () => {
      waiting = [];
      return server.close();
    },
  };
}
const places = await Promise.all(
  clients.map((client) => client.prepare([{ name: "Net1", port: server.port, channels: [] }])),
);
const printed = clients.map((): number[] => []);
const served = clients.map((): number[] => []);
const usable = clients.map((): number[] => []);
const cpu = clients.map((): number[] => []);
const mainCpu = clients.map((): number[] => []);
const browserCpu = clients.map((): number[] => []);
/** One launch of client `k` to a usable page; its measures are kept when `counted`. */
async function launchOnce(k: number, counted: boolean): Promise<void> {
  const client = clients[k];
  await using browser = await launchPage();
  await browserSettled();
  await client.preparePage(browser.page);
  const { shown } = await whenUsable(browser.page, client.ready);
  const ticks = await descendantTicks();
  // The page itself arrived whole: its HTML document's response finished (after the
  // token's redirect for ircbus).
  const page = Promise.withResolvers<number>();
  browser.page.on("requestfinished", (request) => {
    if (request.resourceType() !== "document" || request.redirectedTo()) return;
    page.resolve(performance.now());
  });
  const registered = pageOnly ? server.nextRegistration?.() : undefined;
  const launched = await client.launch(places[k]);
  const launchedAt = performance.now() - launched.started;
  try {
    await registered;
    const from = pageOnly ? performance.now() : launched.started;
    await browser.page.goto(launched.url, { waitUntil: "commit", timeout: 60_000 });
    const pageAt = await page.promise - from;
    const usableAt = await shown - (performance.timeOrigin + from);
    const main = await mainThreadCpuMs(launched.pid);
    const ours = (await processUsage(launched.pid)).cpuS * 1000;
    // Everything below the bench but the client: the browser (ticks of 10 ms).
    const theirs = (await descendantTicks() - ticks) * 10 - ours;
    if (!counted) return;
    printed[k].push(launchedAt);
    served[k].push(pageAt);
    usable[k].push(usableAt);
    cpu[k].push(ours);
    mainCpu[k].push(main);
    browserCpu[k].push(theirs);
  } finally {
    await launched.stop();
  }
}
try {
  // One launch of each, not counted, first: the V8 code cache entries of the modules a launch
  // loads were last written by a process with other V8 flags (this bench, which imports some
  // of them, a test run, another tool), and V8 rejects an entry made under other flags, so that
  // launch compiles them all again and rewrites the cache (50-100 ms of a core, measured). Every
  // launch after it finds the cache as the launches before it left it, as a user's does.
  for (const k of clients.keys()) await launchOnce(k, false);
  // Which goes first swaps run by run: launched against itself, the checkout launched first in
  // each pair was the slower (usable +48 ms, main thread +30 ms, medians of 8 pairs), so a fixed
  // order would count that against whichever checkout is named first.
  for (let i = 0; i < runs; i++) {
    const order = [...clients.keys()];
    for (const k of i % 2 === 0 ? order : order.reverse()) await launchOnce(k, true);
  }
} finally {
  for (const [k, client] of clients.entries()) await client.remove(places[k]);
  await server[Symbol.asyncDispose]();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms [${xs.map((x) => x.toFixed(0)).join(", ")}]`;
for (const [k, client] of clients.entries()) {
  console.log(`${client.name}: address printed ${show(printed[k])}`);
  console.log(`${client.name}: page sent       ${show(served[k])}`);
  console.log(`${client.name}: usable          ${show(usable[k])}`);
  console.log(`${client.name}: process CPU    ${show(cpu[k])}`);
  console.log(`${client.name}: main thread CPU ${show(mainCpu[k])}`);
  console.log(`${client.name}: browser CPU    ${show(browserCpu[k])}`);
}
// Beside the checkout in --against, run by run: the median of the paired differences, and in
// how many pairs this checkout used less (each pair ran one after the other, under one load).
const paired = [
  ["usable", usable],
  ["main thread CPU", mainCpu],
  ["browser CPU", browserCpu],
] as const;
for (const [k, client] of clients.entries()) {
  if (k === 0 || !client.name.startsWith("ircbus")) continue;
  for (const [what, xs] of paired) {
    const diffs = xs[0].map((x, i) => x - xs[k][i]);
    const less = diffs.filter((d) => d < 0).length;
    console.log(
      `paired ${what}: ${clients[0].name} - ${client.name} median ${
        median(diffs).toFixed(1)
      } ms, less in ${less} of ${diffs.length}`,
    );
  }
}
const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
console.log(`load average after: ${load}`);

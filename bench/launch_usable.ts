/**
 * Launch to a usable page for ircbus alone: the `peers` bench's measure without The Lounge,
 * to find where a launch's time goes and to check a change. A fresh browser per run (started
 * and settled before the clock), a scripted server that registers at once, median of 7.
 * Each line also gives the time the browser was opened (ircbus; the address printed for The
 * Lounge) and the time the page's document had arrived whole (after the token's redirect), so
 * server start and page work can be told apart, the CPU time the client's process
 * had used once the page was usable (less noisy than wall time on a shared machine), the CPU
 * time the browser's processes used from the launch to then (what is Chromium's), and the
 * load average the runs ran under.
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
import { browserSettled, descendantTicks, processUsage, whenUsable } from "./_page.ts";
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
const browserCpu = clients.map((): number[] => []);
try {
  for (let i = 0; i < runs; i++) {
    for (const [k, client] of clients.entries()) {
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
      printed[k].push(performance.now() - launched.started);
      try {
        await registered;
        const from = pageOnly ? performance.now() : launched.started;
        await browser.page.goto(launched.url, { waitUntil: "commit", timeout: 60_000 });
        served[k].push(await page.promise - from);
        usable[k].push(await shown - (performance.timeOrigin + from));
        const ours = (await processUsage(launched.pid)).cpuS * 1000;
        cpu[k].push(ours);
        // Everything below the bench but the client: the browser (ticks of 10 ms).
        browserCpu[k].push((await descendantTicks() - ticks) * 10 - ours);
      } finally {
        await launched.stop();
      }
    }
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
  console.log(`${client.name}: browser CPU    ${show(browserCpu[k])}`);
}
const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
console.log(`load average after: ${load}`);

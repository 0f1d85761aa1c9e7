/**
 * The page's own part of a launch, apart from the server's start: each checkout's client is
 * started once and left running (its server warm, its network registered), then a fresh
 * browser (started and settled before the clock) opens its address, the checkouts taking
 * turns run by run. Each run gives the time from the navigation to the usable frame (the
 * launch's readiness: the input visible and the network shown connected) and the renderer
 * main thread's task, script, and style and layout time until then (CDP `Performance`
 * metrics, in thread time), which a shared machine skews far less than wall time. In a
 * launch the page mostly waits for the server's start (bench/launch_usable.ts), which hides
 * what a change to the page does; here that wait is gone.
 *
 * `deno run -A --lock=deno.lock bench/page_load.ts [--runs N] [--against DIR] [--trace PATH]`
 *
 * `--against DIR` opens the page of the checkout in DIR too (e.g. a worktree of the commit
 * before a change). `--trace PATH` then opens this checkout's page once more, not counted
 * (tracing slows it), and writes a Chromium trace of it (with a CPU profile) to PATH.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { launchPage } from "../tests/client/_browser.ts";
import { ScriptedServer } from "../tests/irc/_peer.ts";
import { browserSettled, whenUsable } from "./_page.ts";
import { ircbusCheckouts, type Launched } from "./_peer_clients.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "7" },
    against: { type: "string" },
    trace: { type: "string" },
  },
});
const runs = Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) {
  throw new Error(`Cannot bench: --runs must be a whole number above 0, got ${values.runs}`);
}
const clients = ircbusCheckouts(values.against);

/** The renderer metrics read, as CDP's `Performance.getMetrics` names them (seconds). */
const METRICS = ["TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration"];

const server = new ScriptedServer();
(async () => {
  for (;;) {
    const conn = await server.accept().catch(() => undefined);
    if (!conn) return;
    conn.register().catch(() => {});
  }
})();
const places = await Promise.all(
  clients.map((client) => client.prepare([{ name: "Net1", port: server.port, channels: [] }])),
);
const launched: Launched[] = [];
const usable = clients.map((): number[] => []);
const task = clients.map((): number[] => []);
const script = clients.map((): number[] => []);
const layout = clients.map((): number[] => []);
try {
  for (const [k, client] of clients.entries()) launched.push(await client.launch(places[k]));
  // With --trace, one more run of this checkout, traced and not counted.
  for (let i = 0; i < runs + (values.trace === undefined ? 0 : 1); i++) {
    for (const [k, client] of clients.entries()) {
      const tracing = i === runs;
      if (tracing && k > 0) continue;
      await using browser = await launchPage();
      await browserSettled();
      const cdp = await browser.page.context().newCDPSession(browser.page);
      await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
      const { shown } = await whenUsable(browser.page, client.ready);
      const read = async () => {
        const { metrics } = await cdp.send("Performance.getMetrics");
        return METRICS.map((name) => metrics.find((m) => m.name === name)?.value ?? 0);
      };
      if (tracing) {
        await browser.browser.startTracing(browser.page, {
          categories: [
            "devtools.timeline",
            "v8.execute",
            "disabled-by-default-devtools.timeline",
            "disabled-by-default-devtools.timeline.stack",
            "disabled-by-default-v8.cpu_profiler",
          ],
        });
      }
      const before = await read();
      const start = performance.timeOrigin + performance.now();
      await browser.page.goto(launched[k].url, { waitUntil: "commit", timeout: 60_000 });
      const at = await shown - start;
      const [tasks, scripts, layouts, styles] = (await read()).map((v, j) =>
        (v - before[j]) * 1000
      );
      if (tracing && values.trace) {
        await Deno.writeFile(values.trace, await browser.browser.stopTracing());
        continue;
      }
      usable[k].push(at);
      task[k].push(tasks);
      script[k].push(scripts);
      layout[k].push(layouts + styles);
    }
  }
} finally {
  for (const running of launched) await running.stop();
  for (const [k, client] of clients.entries()) await client.remove(places[k]);
  await server.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const show = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} ms [${xs.map((x) => x.toFixed(0)).join(", ")}]`;
for (const [k, client] of clients.entries()) {
  console.log(`${client.name}: open → usable  ${show(usable[k])}`);
  console.log(`${client.name}: main thread    ${show(task[k])}`);
  console.log(`${client.name}: script         ${show(script[k])}`);
  console.log(`${client.name}: style, layout  ${show(layout[k])}`);
}
const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
console.log(`load average after: ${load}`);

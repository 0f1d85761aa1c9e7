/**
 * Where a launch's time goes, for both clients of the peers bench: a Chromium trace of one
 * launch to a usable page (scripted server that registers at once), summed by who did the
 * work. Our scripts (by URL), the client's server-side wait (the page idle between its
 * requests), and Chromium's own work: HTML parse, style, layout, paint, compile, GC. Before
 * the sums, the launch's timeline from the spawn: the address printed, the IRC server's
 * accept and registration, each request's start and end, the page's socket, and the usable
 * mark, to show which waits are the server's and which the page's.
 *
 * `deno run -A --lock=deno.lock bench/trace_launch.ts [ircbus|lounge]`
 *
 * @module
 */
import { launchPage } from "../tests/client/_browser.ts";
import { ScriptedServer } from "../tests/irc/_peer.ts";
import { browserSettled, whenUsable } from "./_page.ts";
import { ircbus, type PeerClient, theLounge } from "./_peer_clients.ts";

/** One trace event, as far as this summary reads it. */
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  ts: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; frame?: string } };
}

const which = Deno.args[0] ?? "ircbus";
const client: PeerClient = which === "lounge" ? await theLounge(console.error) : ircbus;
const server = new ScriptedServer();
/** The launch's timeline: ms from the spawn, and what happened. */
const timeline: [number, string][] = [];
let spawned = 0;
const mark = (what: string) => timeline.push([performance.now() - spawned, what]);
(async () => {
  for (;;) {
    const conn = await server.accept().catch(() => undefined);
    if (!conn) return;
    mark("IRC server: accepted");
    conn.register().then(() => mark("IRC server: registered"), () => {});
  }
})();
const place = await client.prepare([{ name: "Net1", port: server.port, channels: [] }]);
try {
  await using browser = await launchPage();
  await browserSettled();
  await client.preparePage(browser.page);
  const { shown } = await whenUsable(browser.page, client.ready);
  const page = browser.page;
  const path = (url: string) => new URL(url).pathname;
  page.on("request", (request) => mark(`request ${path(request.url())}`));
  page.on("requestfinished", (request) => mark(`finished ${path(request.url())}`));
  page.on("websocket", (socket) => {
    mark("socket opened");
    socket.on(
      "framereceived",
      (frame) => mark(`socket received ${String(frame.payload).slice(0, 40)}`),
    );
  });
  page.on("domcontentloaded", () => mark("DOMContentLoaded"));
  await browser.browser.startTracing(browser.page, {
    categories: ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline"],
  });
  spawned = performance.now();
  const launched = await client.launch(place);
  spawned = launched.started;
  const printed = performance.now() - launched.started;
  mark("address printed");
  await browser.page.goto(launched.url);
  const usableAt = await shown - (performance.timeOrigin + launched.started);
  const buffer = await browser.browser.stopTracing();
  await launched.stop();
  const parsed: unknown = JSON.parse(new TextDecoder().decode(buffer));
  const events = traceEvents(parsed);
  console.log(`${client.name}: address printed after ${printed.toFixed(0)} ms`);
  console.log(`${client.name}: usable after ${usableAt.toFixed(0)} ms`);
  timeline.push([usableAt, "usable"]);
  for (const [at, what] of timeline.sort((a, b) => a[0] - b[0])) {
    console.log(`  ${at.toFixed(0).padStart(6)} ms  ${what}`);
  }
  console.log(`${client.name}: renderer main-thread work by kind`);
  for (const [name, ms] of summarize(events)) {
    console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  }
} finally {
  await client.remove(place);
  await server.close();
}
const load = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
console.log(`load average after: ${load}`);

/** Top-level renderer main-thread work by kind, ours (by script) and Chromium's. */
function summarize(events: TraceEvent[]): [string, number][] {
  const main = events.find((e) =>
    e.name === "thread_name" && JSON.stringify(e).includes("CrRendererMain")
  );
  const totals = new Map<string, number>();
  const add = (key: string, us: number) => totals.set(key, (totals.get(key) ?? 0) + us / 1000);
  for (const e of events) {
    if (e.ph !== "X" || e.dur === undefined) continue;
    if (main && (e.pid !== main.pid || e.tid !== main.tid)) continue;
    switch (e.name) {
      case "EvaluateScript":
      case "v8.evaluateModule":
      case "FunctionCall":
      case "TimerFire":
      case "FireAnimationFrame":
      case "EventDispatch": {
        const url = e.args?.data?.url ?? "";
        add(`script ${e.name} ${url.replace(/^.*\//, "") || "(inline)"}`, e.dur);
        break;
      }
      case "ParseHTML":
      case "UpdateLayoutTree":
      case "Layout":
      case "Paint":
      case "PrePaint":
      case "Layerize":
      case "v8.compile":
      case "v8.compileModule":
      case "MinorGC":
      case "MajorGC":
      case "ParseAuthorStyleSheet":
        add(`chromium ${e.name}`, e.dur);
        break;
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25);
}

/** The trace's events (a bare array, or `{ traceEvents }`), each checked for the fields read. */
function traceEvents(parsed: unknown): TraceEvent[] {
  const list: unknown = Array.isArray(parsed)
    ? parsed
    : typeof parsed === "object" && parsed !== null
    ? Reflect.get(parsed, "traceEvents")
    : [];
  if (!Array.isArray(list)) return [];
  return list.filter((e): e is TraceEvent =>
    typeof e === "object" && e !== null && typeof e.name === "string" &&
    typeof e.ph === "string" && typeof e.ts === "number" && typeof e.pid === "number" &&
    typeof e.tid === "number"
  );
}

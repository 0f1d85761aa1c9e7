import { type BenchRow, percentile, spreadOf } from "./_report.ts";
import { databasePath } from "../storage/data_dir.ts";
import {
  createInProcessTransport,
  DeepLinkHandler,
  FrontendEvents,
  NetworkStore,
  normalizeHost,
  parseIrcUrl,
} from "../deeplink/mod.ts";

const SECTION = "deeplink";

/** Links as users paste them: both forms, keys, nicks, IPv6, ports, escapes. */
const LINKS = [
  "ircs://irc.libera.chat/#deno",
  "irc://irc.oftc.net:6667/#debian,#debian-next",
  "ircs://irc.libera.chat/##chat?key=s3cret",
  "irc://irc.example.org/%23deno,alice,isnick?key=a%2Bb",
  "IRCS://IRC.Example.ORG./#Rust",
  "irc://[2001:db8::1]:7000/#v6",
  "irc://nick@irc.example.net/",
  "ircs://irc.libera.chat/#caf%C3%A9,needkey",
  "irc://192.0.2.7/#lan",
  "ircs://irc.libera.chat",
];

/** Measured runs of each loop, after one unmeasured run of the same size. */
const RUNS = 5;

/** A timed loop: how many calls a run makes, and the call (given its index). */
type Loop = readonly [iterations: number, fn: (i: number) => void];

/**
 * Calls per second of each loop's RUNS runs, after a warm-up run of each. The loops take
 * turns within a round, so run i of one and run i of the next met the same load and their
 * ratio pairs up.
 */
function opsPerSecond(...loops: Loop[]): number[][] {
  const rates = loops.map((): number[] => []);
  for (let round = -1; round < RUNS; round++) {
    loops.forEach(([iterations, fn], j) => {
      const start = performance.now();
      for (let i = 0; i < iterations; i++) fn(i);
      const seconds = (performance.now() - start) / 1000;
      if (round >= 0) rates[j].push(iterations / seconds);
    });
  }
  return rates;
}

const median = (values: readonly number[]) => percentile(values, 0.5);

/** Microseconds per call of each run, from its calls per second. */
const micros = (rates: readonly number[]) => rates.map((rate) => 1e6 / rate);

/** The spread of the ratio of two loops' rates, run by run. */
function pairedSpread(a: readonly number[], b: readonly number[]): string {
  return `${spreadOf(a.map((rate, i) => rate / b[i]))}, paired runs`;
}

/** Runs the deep-link benchmarks and reports one row per measurement. */
export async function run(report: (row: BenchRow) => void): Promise<void> {
  // --- Parsing, with WHATWG `new URL()` on the same inputs as the peer. ------------------
  let sink = 0;
  const [parseRates, urlRates] = opsPerSecond(
    [60_000, (i) => {
      sink += parseIrcUrl(LINKS[i % LINKS.length]).targets.length;
    }],
    [60_000, (i) => {
      sink += new URL(LINKS[i % LINKS.length]).pathname.length;
    }],
  );
  report({
    section: SECTION,
    name: "parseIrcUrl",
    value: Math.round(median(parseRates)),
    unit: "ops/s",
    spread: spreadOf(parseRates),
  });
  report({
    section: SECTION,
    name: "new URL() (peer, same inputs)",
    value: Math.round(median(urlRates)),
    unit: "ops/s",
    spread: spreadOf(urlRates),
  });
  report({
    section: SECTION,
    name: "parseIrcUrl vs new URL()",
    value: Number((median(parseRates) / median(urlRates)).toFixed(2)),
    unit: "x",
    spread: pairedSpread(parseRates, urlRates),
    note: "above 1 means parseIrcUrl is faster; it also validates and decodes targets",
  });

  // --- handle() with 1,000 saved networks in a real SQLite file. --------------------------
  const dir = await Deno.makeTempDir({ prefix: "bench_deeplink_" });
  const store = new NetworkStore(databasePath(dir));
  try {
    for (let i = 0; i < 1_000; i++) {
      store.add({
        name: `Network ${i}`,
        host: `irc.net${i}.example`,
        nick: "bench",
        servers: [
          { host: `eu.net${i}.example`, port: 6697, tls: true },
          { host: `us.net${i}.example`, port: 6697, tls: true },
        ],
      });
    }
    // Two more networks share a host, so disambiguation is measured too.
    store.add({ name: "Shared A", host: "shared.example", nick: "bench" });
    store.add({ name: "Shared B", host: "shared.example", nick: "bench" });

    const transport = createInProcessTransport();
    let frames = 0;
    transport.listen(() => frames++);
    const frontend = new FrontendEvents({ transport });
    const handler = new DeepLinkHandler({ store, frontend });
    handler.ready();
    const handled = [
      "ircs://irc.net500.example/#deno", // join via primary host
      "ircs://US.NET999.example./#deno?key=k", // join via a server list entry
      "irc://unknown.example/#deno", // add-network
      "ircs://shared.example/#deno,alice,isnick", // disambiguate
    ];
    const [handleRates] = opsPerSecond([
      4_000,
      (i) => handler.handle(handled[i % handled.length]),
    ]);
    report({
      section: SECTION,
      name: "handle() with 1,000 saved networks",
      value: Number(median(micros(handleRates)).toFixed(2)),
      unit: "µs/call",
      spread: spreadOf(micros(handleRates)),
      note: "parse + indexed match + JSON frame, mix of join/add-network/disambiguate",
    });

    // Peer: the same matching as a scan over every saved network (what an unindexed store does).
    const networks = store.list();
    const [matchRates, scanRates] = opsPerSecond(
      [4_000, (i) => {
        sink += store.matchHost(i % 2 ? "us.net999.example" : "irc.net500.example").length;
      }],
      [400, (i) => {
        const key = normalizeHost(i % 2 ? "us.net999.example" : "irc.net500.example");
        sink += networks.filter((n) =>
          normalizeHost(n.host) === key || n.servers.some((s) =>
            normalizeHost(s.host) === key
          )
        ).length;
      }],
    );
    report({
      section: SECTION,
      name: "matchHost() with 1,000 networks (indexed)",
      value: Number(median(micros(matchRates)).toFixed(2)),
      unit: "µs/call",
      spread: spreadOf(micros(matchRates)),
    });
    report({
      section: SECTION,
      name: "linear scan of 1,000 networks (peer)",
      value: Number(median(micros(scanRates)).toFixed(2)),
      unit: "µs/call",
      spread: spreadOf(micros(scanRates)),
    });
    report({
      section: SECTION,
      name: "indexed match vs linear scan",
      value: Number((median(matchRates) / median(scanRates)).toFixed(1)),
      unit: "x",
      spread: pairedSpread(matchRates, scanRates),
      note: "speed-up of the index",
    });
    frontend.close();
    if (frames === 0 || sink === 0) {
      throw new Error("Cannot bench deep links: nothing was delivered");
    }
  } finally {
    store.close();
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * The message store (issue 12), on a real SQLite file:
 * - insert rate through the bus (goal >= 50k messages/s), and the longest stall of the
 *   ordered lane while the store commits, against the same flood with no store;
 * - opening a buffer holding 1M lines: the last 200 lines (goal < 100 ms), first call on a
 *   freshly opened file and p95 of later ones, then an older page;
 * - search over those 1M lines (goal p95 < 50 ms), one word and two words;
 * - the queries in rounds, each on a freshly opened file: the median round is reported;
 * - the database size per million lines.
 *
 * @module
 */
import { join } from "node:path";
import { createEvent, EventBus } from "../bus/mod.ts";
import { MessageStore } from "../history/mod.ts";
import { type BenchRow, percentile, spreadOf } from "./_report.ts";

const SECTION = "history";
const FLOOD = 200_000;
const FILL = 1_000_000;
const T0 = Date.UTC(2026, 0, 1);
/**
 * Rounds of the queries over the 1M-line file, each on a freshly opened connection: a few
 * seconds each beside the fill's half minute, and each round's p95 is one run of the spread.
 */
const QUERY_ROUNDS = 5;
/** Calls timed per round for a page (last or older), and queries per round for a search. */
const PAGES = 200;
const SEARCHES = 100;

/** A deterministic word list and sentence maker, so runs compare. */
function words(seed: number) {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const vocabulary = Array.from({ length: 20_000 }, () => {
    const length = 3 + (next() % 8);
    let word = "";
    for (let i = 0; i < length; i++) word += letters[next() % 26];
    return word;
  });
  // Zipf-like: low indexes far more common, as in chat.
  const pick = () => vocabulary[Math.floor(vocabulary.length * (next() / 2 ** 32) ** 3)];
  const sentence = () => {
    const n = 4 + (next() % 12);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(pick());
    return parts.join(" ");
  };
  return { vocabulary, pick, sentence, next };
}

function message(i: number, channel: string, text: string) {
  return createEvent(
    "message.received",
    {
      networkId: 1,
      channel,
      user: `user${i % 500}`,
      message: text,
      timestamp: 0,
      msgid: `id${i}`,
      kind: "message",
    },
    "irc",
    new Date(T0 + i * 10),
  );
}

/** Floods `bus` with `count` messages; returns the wall time and the longest delivery gap. */
async function flood(
  bus: EventBus,
  count: number,
  make: (i: number) => ReturnType<typeof message>,
  done: () => Promise<void>,
): Promise<{ ms: number; stallMs: number }> {
  let last = 0;
  let stall = 0;
  const off = bus.subscribe("message.received", () => {
    const now = performance.now();
    if (last !== 0 && now - last > stall) stall = now - last;
    last = now;
  });
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const event = make(i);
    if (!bus.tryEmit(event)) await bus.emit(event);
  }
  await bus.emitSync(
    createEvent("ui.pane.focused", { networkId: 1, type: "channel", name: "#x" }, "ui"),
  );
  await done();
  const ms = performance.now() - start;
  off();
  return { ms, stallMs: stall };
}

/** The queries a round times, each with its own samples. */
type Query = "last" | "older" | "one word" | "two words" | "filtered";

/** One round's timings (ms) over the 1M-line buffer at `path`, on a freshly opened file. */
function queryRound(path: string, text: ReturnType<typeof words>) {
  const timed = <T>(fn: () => T): [T, number] => {
    const start = performance.now();
    const result = fn();
    return [result, performance.now() - start];
  };
  const openStart = performance.now();
  using store = MessageStore.open(path);
  const openMs = performance.now() - openStart;
  const [first, firstMs] = timed(() => store.page(1, "#big"));
  if (first.length !== 200) throw new Error(`Cannot bench: got ${first.length} lines`);
  const times: Record<Query, number[]> = {
    last: [],
    older: [],
    "one word": [],
    "two words": [],
    filtered: [],
  };
  for (let i = 0; i < PAGES; i++) times.last.push(timed(() => store.page(1, "#big"))[1]);
  let before = first[0].id;
  for (let i = 0; i < PAGES; i++) {
    const [page, ms] = timed(() => store.page(1, "#big", { before }));
    times.older.push(ms);
    before = page[0].id;
  }
  const hits = { "one word": 0, "two words": 0 };
  for (const [query, count] of [["one word", 1], ["two words", 2]] as const) {
    for (let i = 0; i < SEARCHES; i++) {
      const q = Array.from({ length: count }, () => text.pick()).join(" ");
      const [found, ms] = timed(() => store.search({ text: q, limit: 50 }));
      hits[query] += found.length;
      times[query].push(ms);
    }
  }
  for (let i = 0; i < SEARCHES; i++) {
    const filter = { text: text.pick(), sender: `user${i}`, since: T0 + 1_000_000, limit: 50 };
    times.filtered.push(timed(() => store.search(filter))[1]);
  }
  return { openMs, firstMs, times, hits };
}

/** Runs the store measurements. */
export async function run(report: (row: BenchRow) => void): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-bench-history-" });
  try {
    const text = words(7);
    const sentences = Array.from({ length: 50_000 }, () => text.sentence());
    const make = (channel: (i: number) => string) => (i: number) =>
      message(i, channel(i), sentences[i % sentences.length]);

    // --- Insert rate through the bus, and what it costs the ordered lane. -------------
    {
      await using bus = new EventBus();
      const bare = await flood(bus, FLOOD, make((i) => `#c${i % 20}`), () => Promise.resolve());
      report({
        section: SECTION,
        name: `bus alone: ${FLOOD.toLocaleString("en-US")} messages (baseline)`,
        value: FLOOD / (bare.ms / 1000),
        unit: "msg/s",
        spread: "1 run",
        note: `longest gap between deliveries ${bare.stallMs.toFixed(1)} ms`,
      });
    }
    {
      await using bus = new EventBus();
      using store = MessageStore.open(join(dir, "flood.sqlite"));
      store.attach(bus);
      const stored = await flood(bus, FLOOD, make((i) => `#c${i % 20}`), () => store.flush());
      report({
        section: SECTION,
        name: `insert rate through the bus, ${FLOOD.toLocaleString("en-US")} messages committed`,
        value: FLOOD / (stored.ms / 1000),
        unit: "msg/s",
        spread: "1 run",
        note: `goal >= 50,000; longest ordered-lane stall (a batch commit) ${
          stored.stallMs.toFixed(1)
        } ms`,
      });
    }

    // --- A buffer holding 1M lines. ------------------------------------------------------
    const bigPath = join(dir, "big.sqlite");
    {
      await using bus = new EventBus();
      using store = MessageStore.open(bigPath);
      store.attach(bus);
      const filled = await flood(bus, FILL, make(() => "#big"), () => store.flush());
      report({
        section: SECTION,
        name: "insert rate into one buffer, 1,000,000 messages",
        value: FILL / (filled.ms / 1000),
        unit: "msg/s",
        spread: "1 run",
        note: "goal >= 50,000",
      });
    }
    {
      using store = MessageStore.open(bigPath);
      const start = performance.now();
      const waiting = store.index();
      report({
        section: SECTION,
        name: "search index catching up after the flood (in turns of 8 ms while live)",
        value: waiting / ((performance.now() - start) / 1000),
        unit: "lines/s",
        spread: "1 run",
        note: `${waiting.toLocaleString("en-US")} lines were waiting`,
      });
    }
    const size = Deno.statSync(bigPath).size;
    report({
      section: SECTION,
      name: "database size per million lines (FTS5 trigram index included)",
      value: size / (1024 * 1024) / (FILL / 1_000_000),
      unit: "MB",
      spread: "1 run",
      note: `average text ${
        Math.round(sentences.reduce((n, s) => n + s.length, 0) / sentences.length)
      } chars`,
    });
    const rounds = Array.from({ length: QUERY_ROUNDS }, () => queryRound(bigPath, text));
    const median = (values: readonly number[]) => percentile(values, 0.5);
    const first = rounds.map((round) => round.firstMs);
    report({
      section: SECTION,
      name: "open a 1M-line buffer: last 200 lines, first call after opening the file",
      value: median(first),
      unit: "ms",
      spread: spreadOf(first),
      note: `goal < 100; median of ${QUERY_ROUNDS} opens; opening the file took ${
        median(rounds.map((round) => round.openMs)).toFixed(1)
      } ms (median)`,
    });
    const p95Row = (name: string, query: Query, goal?: string, more?: string) => {
      const p95s = rounds.map((round) => percentile(round.times[query], 0.95));
      const p50 = median(rounds.map((round) => percentile(round.times[query], 0.5)));
      const median95 = `median of ${QUERY_ROUNDS} rounds' p95, p50 ${p50.toFixed(2)} ms`;
      report({
        section: SECTION,
        name,
        value: median(p95s),
        unit: "ms",
        spread: spreadOf(p95s),
        note: [goal, median95, more].filter((part) => part !== undefined).join("; "),
      });
    };
    p95Row("open a 1M-line buffer: last 200 lines, p95 of 200", "last", "goal < 100");
    p95Row("scroll up a 1M-line buffer: 200 older pages of 200, p95", "older");
    for (const query of ["one word", "two words"] as const) {
      const hits = rounds.reduce((n, round) => n + round.hits[query], 0) /
        (SEARCHES * QUERY_ROUNDS);
      p95Row(
        `search 1M lines, ${query} (words drawn as the texts are), 50 newest, p95`,
        query,
        "goal p95 < 50",
        `${hits.toFixed(0)} hits per query on average`,
      );
    }
    p95Row(
      "search 1M lines, one word, filtered by sender and date, p95",
      "filtered",
      "goal p95 < 50",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

import assert from "node:assert/strict";
import { forgetReadBack, MAX_LINES, newBuffer, pushLine } from "../../../client/web/page_state.js";
import type { HistoryLine } from "../../../core/protocol.js";
import { lineFromStored, PAGE_SIZE, Scrollback } from "../../../client/web/scrollback.js";

const stored = (id: number, text: string, kind = "message"): HistoryLine => ({
  id,
  networkId: 1,
  buffer: "#deno",
  time: 1000 + id,
  kind,
  sender: "bob",
  text,
  self: false,
});

/** A backend holding `count` lines of #deno (ids 1..count), answering history.page. */
function backend(count: number) {
  const asked: Record<string, unknown>[] = [];
  const request = (action: Record<string, unknown> & { kind: string }) => {
    asked.push(action);
    if (action.kind !== "history.page") return Promise.resolve([]);
    const before = typeof action.before === "number" ? action.before : count + 1;
    const limit = typeof action.limit === "number" ? action.limit : 200;
    const ids = [];
    for (let id = Math.max(1, before - limit); id < before; id++) ids.push(id);
    return Promise.resolve(ids.map((id) => stored(id, `line ${id}`)));
  };
  return { request, asked };
}

Deno.test("open() puts the newest stored lines before the live ones not stored yet, once", async () => {
  const { request, asked } = backend(250);
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  buffer.lines.push(
    { kind: "message", time: 1000 + 250, nick: "bob", text: "line 250" }, // already stored
    { kind: "message", time: 5000, nick: "bob", text: "live, not stored yet" },
  );
  assert.equal(await scrollback.open(1, buffer), true);
  assert.equal(buffer.lines.length, PAGE_SIZE + 1);
  assert.equal(buffer.lines[0].text, "line 51");
  assert.deepEqual(buffer.lines.slice(-2).map((l) => l.text), ["line 250", "live, not stored yet"]);
  assert.equal(await scrollback.open(1, buffer), false, "a second open asks nothing");
  assert.equal(asked.length, 1);
});

Deno.test("open() drops the live lines the store holds or older pages bring; the page's own notes stay", async () => {
  const { request } = backend(3);
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  buffer.lines.push(
    { kind: "message", time: 900, nick: "bob", text: "older than the page" }, // in older pages
    { kind: "error", time: 1001, text: "Cannot send to #deno: not in the channel" }, // never stored
    { kind: "message", time: 1002, nick: "bob", text: "line 2" }, // stored: the same event
    { kind: "message", time: 1003, nick: "carol", text: "line 3" }, // same time, another line
  );
  await scrollback.open(1, buffer);
  assert.deepEqual(buffer.lines.map((l) => `${l.time} ${l.nick ?? "-"} ${l.text}`), [
    "1001 bob line 1",
    "1001 - Cannot send to #deno: not in the channel",
    "1002 bob line 2",
    "1003 carol line 3", // shown after line 2
    "1003 bob line 3",
  ]);
});

/** A flood line as shown live (no id) and as stored, all in one millisecond. */
const flood = (n: number) => ({ kind: "message", time: 7000, nick: "bob", text: `flood ${n}` });
const floodStored = (n: number): HistoryLine => ({
  id: n + 1,
  networkId: 1,
  buffer: "#deno",
  time: 7000,
  kind: "message",
  sender: "bob",
  text: `flood ${n}`,
  self: false,
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const texts = (buffer: { lines: { text: string }[] }) => buffer.lines.map((l) => l.text);

Deno.test("open() mid-flood: live lines of the page's first millisecond but shown before it are left to older pages, in order", async () => {
  // Stored: lines 0..259 (the page is 60..259); shown live: 20..299, all in one millisecond.
  const scrollback = new Scrollback((action) =>
    Promise.resolve(action.kind === "history.page" ? range(60, 260).map(floodStored) : [])
  );
  const buffer = newBuffer("#deno", "channel", "#deno");
  buffer.lines.push(...range(20, 300).map(flood));
  await scrollback.open(1, buffer);
  assert.deepEqual(texts(buffer), range(60, 300).map((n) => `flood ${n}`));
});

Deno.test("open() merges after the events that came before the reply: none is shown twice", async () => {
  // The reply holds lines 0..199 while 150..249 still wait for the page's next frame.
  const buffer = newBuffer("#deno", "channel", "#deno");
  buffer.lines.push(...range(0, 150).map(flood));
  const scrollback = new Scrollback(
    (action) =>
      Promise.resolve(action.kind === "history.page" ? range(0, 200).map(floodStored) : []),
    {
      applied: () => {
        buffer.lines.push(...range(150, 250).map(flood));
        return Promise.resolve();
      },
    },
  );
  await scrollback.open(1, buffer);
  assert.deepEqual(texts(buffer), range(0, 250).map((n) => `flood ${n}`));
});

Deno.test("open() when the store holds none of the live lines yet: they all follow the page", async () => {
  const scrollback = new Scrollback((action) =>
    Promise.resolve(action.kind === "history.page" ? range(0, 10).map(floodStored) : [])
  );
  const buffer = newBuffer("#deno", "channel", "#deno");
  buffer.lines.push(...range(10, 20).map(flood));
  await scrollback.open(1, buffer);
  assert.deepEqual(texts(buffer), range(0, 20).map((n) => `flood ${n}`));
});

Deno.test("older() prepends the page before the oldest line until the start", async () => {
  const { request } = backend(250);
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  await scrollback.open(1, buffer);
  assert.equal(await scrollback.older(1, buffer), 50);
  assert.equal(buffer.lines[0].text, "line 1");
  assert.equal(buffer.lines.length, 250);
  assert.equal(await scrollback.older(1, buffer), 0, "nothing before the first line");
});

Deno.test("open() of a server buffer asks nothing; a bad reply changes nothing", async () => {
  const scrollback = new Scrollback(() => Promise.resolve([{ id: "x" }, null, 3]));
  const server = newBuffer("*", "server", "Local");
  assert.equal(await scrollback.open(1, server), false);
  const buffer = newBuffer("#deno", "channel", "#deno");
  assert.equal(await scrollback.open(1, buffer), false);
  assert.deepEqual(buffer.lines, []);
  const failing = new Scrollback(() => Promise.reject(new Error("socket closed")));
  assert.equal(await failing.open(1, buffer), false);
});

Deno.test("lineFromStored() marks a stored mention as the live line was, never our own", () => {
  const bench = (_networkId: number, text: string) => /\bbench\b/.test(text);
  const mention = stored(1, "bench: are you around?");
  assert.equal(lineFromStored(mention, { highlight: bench }).highlight, true);
  assert.equal(lineFromStored({ ...mention, self: true }, { highlight: bench }).highlight, false);
  assert.equal(lineFromStored(stored(2, "benches"), { highlight: bench }).highlight, false);
  assert.equal(lineFromStored(stored(3, "bench!", "action"), { highlight: bench }).highlight, true);
});

Deno.test("lineFromStored() words stored events as the live page does", () => {
  const texts = [
    lineFromStored(stored(1, "hi")),
    lineFromStored(stored(2, "waves", "action")),
    lineFromStored(stored(3, "", "join")),
    lineFromStored(stored(4, "bye", "part")),
    lineFromStored(stored(5, "carol spam", "kick")),
    lineFromStored(stored(6, "gone", "quit")),
    lineFromStored(stored(7, "bobby", "nick")),
    lineFromStored(stored(8, "new topic", "topic")),
    lineFromStored(stored(9, "+o carol", "mode")),
    lineFromStored(stored(10, "from services", "notice")),
  ].map((l) => `${l.kind} ${l.nick ?? "-"} ${l.text}`);
  assert.deepEqual(texts, [
    "message bob hi",
    "action bob waves",
    "event - → bob joined",
    "event - ← bob left (bye)",
    "event - ← carol was kicked by bob (spam)",
    "event - ← bob quit (gone)",
    "event - bob is now bobby",
    "event - bob changed the topic to: new topic",
    "event - bob sets mode +o carol",
    "notice bob from services",
  ]);
});

/**
 * A backend whose store grows: `holding` lines of #deno stored so far (ids 1..holding),
 * stored line `id` being `lineOf(id)`. `onPage` runs as each page is asked for.
 */
function growingBackend(
  lineOf = (id: number) => stored(id, `line ${id}`),
  onPage = () => {},
) {
  const store = { holding: 0, asked: 0 };
  const request = (action: Record<string, unknown> & { kind: string }) => {
    if (action.kind !== "history.page") return Promise.resolve([]);
    store.asked++;
    onPage();
    const before = typeof action.before === "number" ? action.before : store.holding + 1;
    const limit = typeof action.limit === "number" ? action.limit : 200;
    const ids = [];
    for (let id = Math.max(1, before - limit); id < before; id++) ids.push(id);
    return Promise.resolve(ids.map(lineOf));
  };
  return { store, request };
}

/** Line `id` as it arrived live (not loaded from the store, so without an id). */
const live = (id: number) => ({
  time: 1000 + id,
  kind: "message",
  nick: "bob",
  text: `line ${id}`,
});

Deno.test("older() after a flood pushed out the lines it paged from: found again from the oldest shown, nothing lost", async () => {
  const { store, request } = growingBackend();
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  // Opened before anything was stored, with one note of the page's own.
  buffer.lines.push({ time: 1, kind: "error", text: "Cannot send: not on the channel" });
  assert.equal(await scrollback.open(1, buffer), false);
  // Then 1,500 lines came; the buffer keeps the newest 1,000, and the note went with the rest.
  store.holding = 1500;
  buffer.lines = Array.from({ length: 1000 }, (_, i) => live(501 + i));
  // Scrolling up brings the 200 before the oldest shown, then on to the first line.
  assert.equal(await scrollback.older(1, buffer), 200);
  assert.equal(buffer.lines[0].text, "line 301");
  assert.equal(await scrollback.older(1, buffer), 200);
  assert.equal(await scrollback.older(1, buffer), 100);
  assert.deepEqual(
    buffer.lines.map((l) => l.text),
    Array.from({ length: 1500 }, (_, i) => `line ${i + 1}`),
  );
  const asked = store.asked;
  assert.equal(await scrollback.older(1, buffer), 0, "nothing before the first line");
  assert.equal(store.asked, asked, "and nothing more is asked");
});

Deno.test("older() after a flood: lines shown before the oldest message are not shown twice", async () => {
  const { store, request } = growingBackend();
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  await scrollback.open(1, buffer);
  store.holding = 300;
  // The oldest kept is a note of the page's own, then line 100 (stored with the rest).
  buffer.lines = [
    { time: 1, kind: "error", text: "a note" },
    ...Array.from({ length: 201 }, (_, i) => live(100 + i)),
  ];
  assert.equal(await scrollback.older(1, buffer), 99);
  assert.deepEqual(buffer.lines.slice(0, 3).map((l) => l.text), ["line 1", "line 2", "line 3"]);
  assert.equal(buffer.lines.filter((l) => l.text === "line 100").length, 1);
});

Deno.test("older() after a flood of lines the store does not hold asks again only once more are pushed out", async () => {
  const { store, request } = growingBackend();
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  await scrollback.open(1, buffer);
  store.holding = 5000;
  buffer.lines = [{ time: 7, kind: "message", nick: "eve", text: "never stored" }];
  assert.equal(await scrollback.older(1, buffer), 0);
  assert.ok(store.asked <= 1 + 6, `asked ${store.asked} pages`);
  const asked = store.asked;
  assert.equal(await scrollback.older(1, buffer), 0);
  assert.equal(store.asked, asked, "the same buffer is not searched again");
  // More lines pushed the unknown one out: now the oldest shown is found.
  buffer.lines = Array.from({ length: 1000 }, (_, i) => live(4001 + i));
  assert.equal(await scrollback.older(1, buffer), 200);
  assert.equal(buffer.lines[0].text, "line 3801");
});

Deno.test("older() after a spam flood of identical lines adds each stored line once", async () => {
  const spam = (id: number): HistoryLine => ({ ...stored(id, "BUY NOW"), time: 5000 });
  const { store, request } = growingBackend(spam);
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  await scrollback.open(1, buffer);
  store.holding = 1500;
  buffer.lines = Array.from({ length: 1000 }, () => ({
    time: 5000,
    kind: "message",
    nick: "bob",
    text: "BUY NOW",
  }));
  while (await scrollback.older(1, buffer) > 0) {
    // Scrolled up again and again, to the first line.
  }
  assert.equal(buffer.lines.length, 1500);
  assert.deepEqual(buffer.lines.slice(0, 500).map((l) => l.id), range(1, 501));
});

Deno.test("older() while the flood goes on adds nothing that would leave a gap, and carries on once it stops", async () => {
  let flooding = false;
  let next = 1501;
  const buffer = newBuffer("#deno", "channel", "#deno");
  const { store, request } = growingBackend(undefined, () => {
    if (!flooding) return;
    // 300 more lines came while the page was asked for: the oldest shown were pushed out.
    buffer.lines = [...buffer.lines.slice(300), ...Array.from({ length: 300 }, () => live(next++))];
    store.holding = next - 1;
  });
  const scrollback = new Scrollback(request);
  await scrollback.open(1, buffer);
  flooding = true;
  store.holding = 1500;
  buffer.lines = Array.from({ length: 1000 }, (_, i) => live(501 + i));
  assert.equal(await scrollback.older(1, buffer), 0);
  assert.equal(buffer.lines.length, 1000, "nothing added in front of the lines left");
  flooding = false;
  assert.equal(await scrollback.older(1, buffer), 200);
  const ids = buffer.lines.map((l) => Number(l.text.slice(5)));
  assert.deepEqual(ids, range(ids[0], ids[0] + ids.length), "no gap, no line twice");
});

Deno.test("older() after a flood of two alternating lines, with notes and events the store does not hold, adds each stored message once", async () => {
  // One millisecond of "A", "B", "A", "B"…: only the count of messages can tell them apart.
  const text = (id: number) => id % 2 ? "A" : "B";
  const { store, request } = growingBackend((id) => ({ ...stored(id, text(id)), time: 9000 }));
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  await scrollback.open(1, buffer);
  store.holding = 1500;
  const live = (id: number) => ({ time: 9000, kind: "message", nick: "bob", text: text(id) });
  buffer.lines = [
    ...Array.from({ length: 999 }, (_, i) => live(502 + i)),
    // Shown after them, never stored: a note of the page's own and a topic seen on join.
    { time: 9001, kind: "error", text: "Cannot send: no such nick" },
    { time: 9002, kind: "event", text: "Topic: spam" },
  ];
  while (await scrollback.older(1, buffer) > 0) {
    // Scrolled up again and again, to the first line.
  }
  const messages = buffer.lines.filter((l) => l.nick !== undefined);
  assert.equal(messages.length, 1500);
  assert.deepEqual(messages.slice(0, 501).map((l) => l.id), range(1, 502));
});

Deno.test("lines read back are kept while new ones arrive, and paging goes on from them with one request each", async () => {
  const { store, request } = growingBackend();
  const scrollback = new Scrollback(request);
  const buffer = newBuffer("#deno", "channel", "#deno");
  store.holding = 1500;
  await scrollback.open(1, buffer);
  // Read back past the 1,000 lines a buffer keeps otherwise.
  for (let page = 0; page < 5; page++) assert.equal(await scrollback.older(1, buffer), 200);
  assert.equal(buffer.lines.length, 1200);
  const oldest = buffer.lines[0];
  for (let id = 1501; id <= 1600; id++) pushLine(buffer, live(id));
  assert.equal(buffer.lines[0], oldest, "what the reader loaded is still there");
  const asked = store.asked;
  assert.equal(await scrollback.older(1, buffer), 200);
  assert.equal(store.asked, asked + 1);
  assert.equal(buffer.lines[0].text, "line 101");
  // Left for another buffer, it goes back to its newest lines.
  forgetReadBack(buffer);
  assert.equal(buffer.lines.length, MAX_LINES);
  assert.equal(buffer.lines.at(-1)?.text, "line 1600");
});

Deno.test("lineFromStored() shows a stored standard reply as the live one, marked by its type", () => {
  const reply = { ...stored(1, "PRIVMSG SLOW_DOWN #deno: Slow down", "reply"), sender: "WARN" };
  assert.deepEqual(lineFromStored(reply), {
    id: 1,
    time: 1001,
    kind: "reply",
    reply: "WARN",
    text: "PRIVMSG SLOW_DOWN #deno: Slow down",
  });
  // A sender that is no reply type is only its words.
  assert.equal(lineFromStored({ ...reply, sender: "bob" }).kind, "event");
});

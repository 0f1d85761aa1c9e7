import assert from "node:assert/strict";
import { PageStore, pluginsReply } from "../../../client/web/store.js";
import type { Note } from "../../../client/web/store.js";
import type { Action, UiEvent } from "../../../core/protocol.js";
import { networkView } from "./_network_view.ts";

/** A store holding network 1 (we are "alice" in #room with bob), and what it asked for. */
function setUp(
  options: {
    hidden?: boolean;
    motd?: { networkId: number; lines: string[] }[];
    ignored?: (networkId: number, folded: string) => boolean;
  } = {},
) {
  const sent: Action[] = [];
  const notes: Note[] = [];
  const shown: string[] = [];
  const store = new PageStore({
    send: (action) => sent.push(action),
    toast: () => {},
    hidden: () => options.hidden ?? false,
    onLine: (_, line) => shown.push(line.text),
    notify: (note) => notes.push(note),
    away: () => {},
    recolor: () => {},
    frontend: () => {},
    ...(options.ignored ? { ignored: options.ignored } : {}),
  });
  store.receive({
    kind: "hello",
    version: 1,
    plugins: [],
    roster: [],
    updates: [],
    motd: options.motd ?? [],
    networks: [
      networkView({ channels: [{ name: "#room", topic: "", members: ["@alice", "bob"] }] }),
    ],
  });
  const batch = (...events: UiEvent[]) =>
    store.receive({ kind: "batch", events, roster: [], updates: [] });
  return { store, sent, notes, shown, batch, net: store.state.networks.get(1)! };
}

const at = { time: 1_700_000_000_000, source: "irc" };
const said = (channel: string, user: string, message: string, extra = {}): UiEvent => ({
  type: "message.received",
  data: { networkId: 1, channel, user, message, timestamp: 1_700_000_000, ...extra },
  ...at,
});

Deno.test("a mention in another buffer counts as unread and highlight, and is marked", () => {
  const { store, batch, net } = setUp();
  assert.equal(store.currentBuffer()?.key, "*");
  batch(said("#room", "bob", "hello everyone"), said("#room", "bob", "ALICE: look"));
  const room = net.buffers.get("#room")!;
  assert.deepEqual([room.unread, room.highlights], [2, 1]);
  assert.deepEqual(room.lines.map((l) => Boolean(l.highlight)), [false, true]);
  store.select(1, "#room");
  assert.deepEqual([room.unread, room.highlights], [0, 0]);
});

Deno.test("a private message opens a query and counts as a highlight; a notice does not", () => {
  const { batch, net } = setUp();
  batch(said("", "bob", "psst", { peer: "bob" }));
  const query = net.buffers.get("bob")!;
  assert.equal(query.type, "query");
  assert.deepEqual([query.unread, query.highlights], [1, 1]);
  batch(said("", "NickServ", "This nickname is registered", { peer: "NickServ", kind: "notice" }));
  assert.equal(net.buffers.has("nickserv"), false, "a private notice goes to the server buffer");
  assert.equal(net.buffers.get("*")!.lines.at(-1)?.kind, "notice");
});

Deno.test("a mention or private message while the page is hidden asks for a notification", () => {
  const { store, batch, notes } = setUp({ hidden: true });
  store.select(1, "#room");
  batch(said("#room", "bob", "no one"), said("#room", "bob", "alice, ping"));
  batch(said("", "bob", "\x02psst", { peer: "bob" }));
  assert.deepEqual(notes.map((n) => [n.title, n.body, n.key]), [
    ["bob in #room", "alice, ping", "#room"],
    ["bob (private)", "psst", "bob"],
  ]);
  assert.equal(store.state.networks.get(1)!.buffers.get("#room")!.unread, 2, "hidden: unread");
  store.seen();
  assert.equal(store.state.networks.get(1)!.buffers.get("#room")!.unread, 0);
});

Deno.test("our own lines and history replays never count or notify", () => {
  const { batch, net, notes } = setUp({ hidden: true });
  batch(
    said("#room", "alice", "alice talks to herself"),
    said("#room", "bob", "alice: old news", { history: true }),
    { type: "message.sent", data: { networkId: 1, channel: "#room", message: "hi" }, ...at },
  );
  assert.equal(net.buffers.get("#room")!.unread, 0);
  assert.deepEqual(notes, []);
});

Deno.test("highlight words mark a line like the nick does", () => {
  const { store, batch, net } = setUp();
  store.state.highlightWords = ["deno"];
  batch(said("#room", "bob", "Deno 3 is out"));
  assert.equal(net.buffers.get("#room")!.highlights, 1);
});

Deno.test("a page opened after the network connected shows the MOTD from the hello", () => {
  const { net } = setUp({ motd: [{ networkId: 1, lines: ["- welcome", "- be nice"] }] });
  assert.deepEqual(net.buffers.get("*")!.lines.map((l) => [l.kind, l.text]), [
    ["motd", "- welcome"],
    ["motd", "- be nice"],
  ]);
});

Deno.test("kicks, parts, quits with reasons; topic and mode changes; the MOTD", () => {
  const { batch, net } = setUp();
  const user = { networkId: 1, user: "bob", nickname: "bob" };
  batch(
    { type: "server.motd", data: { networkId: 1, lines: ["- welcome", "- be nice"] }, ...at },
    {
      type: "channel.topic",
      data: { networkId: 1, channel: "#room", topic: "t", setter: "bob" },
      ...at,
    },
    {
      type: "channel.mode",
      data: { networkId: 1, channel: "#room", modes: "+m", setter: "bob" },
      ...at,
    },
    { type: "user.quit", data: { ...user, reason: "Quit: bye", channels: ["#room"] }, ...at },
    {
      type: "user.kicked",
      data: {
        ...user,
        nickname: "alice",
        user: "alice",
        channel: "#room",
        kicker: "bob",
        reason: "off topic",
      },
      ...at,
    },
  );
  assert.deepEqual(net.buffers.get("*")!.lines.map((l) => [l.kind, l.text]), [
    ["motd", "- welcome"],
    ["motd", "- be nice"],
  ]);
  const room = net.buffers.get("#room")!;
  assert.deepEqual(room.lines.map((l) => l.text), [
    "bob changed the topic to: t",
    "bob sets mode +m",
    "← bob quit (Quit: bye)",
    "← You were kicked by bob (off topic)",
  ]);
  assert.equal(room.joined, false);
  assert.equal(room.topic, "t");
});

Deno.test("a server error goes to the buffer it is about", () => {
  const { store, batch, net } = setUp();
  store.select(1, "*");
  batch({
    type: "error",
    data: { networkId: 1, error: "#room: Cannot send to channel", type: "404", target: "#Room" },
    ...at,
  });
  assert.equal(net.buffers.get("#room")!.lines.at(-1)?.kind, "error");
  batch({
    type: "error",
    data: { networkId: 1, error: "nobody: No such nick", type: "401", target: "nobody" },
    ...at,
  });
  assert.equal(net.buffers.get("*")!.lines.at(-1)?.text, "nobody: No such nick");
});

Deno.test("select() tells the backend about focus and the read position", () => {
  const { store, sent, batch } = setUp();
  batch(said("#room", "bob", "hi"));
  sent.length = 0;
  store.select(1, "#room");
  assert.deepEqual(sent.map((a) => a.kind), ["pane.blur", "pane.focus", "buffer.read"]);
});

Deno.test("restoreHistory() brings back conversations and unread counts, a channel's once rejoined", () => {
  const { store, net, batch } = setUp();
  store.restoreHistory([
    { networkId: 1, name: "carol", unread: 3 },
    { networkId: 1, name: "#room", unread: 2 },
    { networkId: 1, name: "#later", unread: 5 },
    { networkId: 9, name: "dave", unread: 1 },
  ]);
  assert.equal(net.buffers.get("carol")?.unread, 3);
  assert.equal(net.buffers.get("#room")?.unread, 2);
  assert.equal(net.buffers.has("#later"), false);
  batch({
    type: "user.joined",
    data: { networkId: 1, user: "alice", nickname: "alice", channel: "#later" },
    ...at,
  });
  assert.equal(net.buffers.get("#later")?.unread, 5);
  // Taken once: leaving and joining again starts from nothing.
  batch({
    type: "user.parted",
    data: { networkId: 1, user: "alice", nickname: "alice", channel: "#later" },
    ...at,
  });
  batch({
    type: "user.joined",
    data: { networkId: 1, user: "alice", nickname: "alice", channel: "#later" },
    ...at,
  });
  assert.equal(net.buffers.get("#later")?.unread, 0);
});

Deno.test("select() lets the page load stored lines, then reads the buffer up to them", () => {
  const sent: Action[] = [];
  const opened: string[] = [];
  const store = new PageStore({
    send: (action) => sent.push(action),
    toast: () => {},
    hidden: () => false,
    onLine: () => {},
    notify: () => {},
    away: () => {},
    recolor: () => {},
    frontend: () => {},
    opened: (networkId, buffer) => opened.push(`${networkId} ${buffer.name}`),
  });
  store.receive({
    kind: "networks",
    networks: [networkView({ channels: [{ name: "#room", topic: "", members: ["alice"] }] })],
  });
  const room = store.state.networks.get(1)!.buffers.get("#room")!;
  store.select(1, "#room");
  assert.deepEqual(opened, ["1 Local", "1 #room"]);
  sent.length = 0;
  room.lines = [{ id: 7, kind: "message", nick: "bob", text: "stored", time: 1_000 }];
  assert.equal(store.historyLoaded(1, room), true);
  assert.deepEqual(sent, [{
    kind: "buffer.read",
    networkId: 1,
    buffer: "#room",
    timestamp: new Date(1_000).toISOString(),
  }]);
  store.select(1, "*");
  assert.equal(store.historyLoaded(1, room), false);
});

Deno.test("pluginsReply() checks the reply's shape", () => {
  assert.equal(
    pluginsReply({ kind: "plugins", plugins: [], audit: [], commands: [] })?.kind,
    "plugins",
  );
  assert.equal(pluginsReply({ kind: "plugins", plugins: 1 }), undefined);
  assert.equal(pluginsReply(null), undefined);
});

Deno.test("whenListed() resolves when the backend lists the network, and at once if it does", async () => {
  const { store } = setUp();
  await store.whenListed(1);
  let listed = false;
  const waiting = store.whenListed(2).then(() => (listed = true));
  store.receive({ kind: "networks", networks: [] });
  await Promise.resolve();
  assert.equal(listed, false, "not listed yet");
  store.receive({
    kind: "networks",
    networks: [networkView({ id: 2, name: "Other", state: "disconnected" })],
  });
  await waiting;
  assert.equal(listed, true);
});

Deno.test("close() and our own part leave the buffer shown for the server buffer, telling the backend its pane lost focus", () => {
  const { store, sent, batch, net } = setUp();
  batch(said("", "bob", "psst", { peer: "bob" }));
  store.select(1, "bob");
  sent.length = 0;
  store.close(1, "bob");
  assert.deepEqual(sent.filter((a) => a.kind === "pane.blur"), [
    { kind: "pane.blur", pane: { networkId: 1, type: "query", name: "bob" } },
  ]);
  assert.equal(net.buffers.has("bob"), false);
  assert.equal(store.currentBuffer()?.key, "*");
  store.select(1, "#room");
  sent.length = 0;
  batch({
    type: "user.parted",
    data: { networkId: 1, channel: "#room", user: "alice", nickname: "alice", reason: "" },
    ...at,
  });
  assert.deepEqual(sent.filter((a) => a.kind === "pane.blur"), [
    { kind: "pane.blur", pane: { networkId: 1, type: "channel", name: "#room" } },
  ]);
  assert.equal(store.currentBuffer()?.key, "*");
});

Deno.test("a standard reply goes to the buffer it concerns, else the server buffer; a FAIL shows once", () => {
  const { batch, net } = setUp();
  const reply = (type: "FAIL" | "WARN" | "NOTE", target?: string): UiEvent => ({
    type: "server.reply",
    data: {
      networkId: 1,
      type,
      command: "PRIVMSG",
      code: "SLOW_DOWN",
      context: target ? [target] : [],
      description: "Slow down",
      ...(target ? { target } : {}),
    },
    ...at,
  });
  batch(
    reply("WARN", "#Room"),
    reply("NOTE"),
    reply("FAIL", "#nowhere"),
    {
      type: "error",
      data: { networkId: 1, error: "PRIVMSG SLOW_DOWN #nowhere: Slow down", type: "FAIL" },
      ...at,
    },
  );
  const lines = (key: string) =>
    net.buffers.get(key)!.lines.filter((l) => l.kind === "reply").map((l) => [l.reply, l.text]);
  assert.deepEqual(lines("#room"), [["WARN", "PRIVMSG SLOW_DOWN #Room: Slow down"]]);
  assert.deepEqual(lines("*"), [
    ["NOTE", "PRIVMSG SLOW_DOWN: Slow down"],
    ["FAIL", "PRIVMSG SLOW_DOWN #nowhere: Slow down"],
  ]);
  assert.equal(net.buffers.get("*")!.lines.filter((l) => l.kind === "error").length, 0);
});

Deno.test("a bot's message is marked, and isBot() reads the roster", () => {
  const { store, batch, net } = setUp();
  batch(said("#room", "robot", "beep", { bot: true }), said("#room", "bob", "hi"));
  assert.deepEqual(net.buffers.get("#room")!.lines.map((l) => l.bot ?? false), [true, false]);
  store.receive({
    kind: "batch",
    events: [],
    roster: [{ networkId: 1, nickname: "Robot", away: false, bot: true }],
    updates: [],
  });
  assert.equal(store.isBot(1, "robot"), true);
  assert.equal(store.isBot(1, "bob"), false);
  assert.equal(store.dirty.nicks, true, "the nick list is drawn again with its mark");
});

Deno.test("a quit and a nick change show in the channels the event names, and a quit in the query", () => {
  const { batch, net } = setUp();
  batch(
    { type: "channels.changed", data: { networkId: 1, channels: ["#room", "#other"] }, ...at },
    { type: "user.joined", data: { ...bob, channel: "#other" }, ...at },
    said("", "bob", "psst", { peer: "bob" }),
    // irc/ is the roster: bob is named in #room only, so #other shows nothing.
    {
      type: "user.nick",
      data: { networkId: 1, old_nickname: "bob", nickname: "rob", channels: ["#room"] },
      ...at,
    },
    { type: "user.quit", data: { ...rob, reason: "bye", channels: ["#room"] }, ...at },
    said("", "carol", "hi", { peer: "carol" }),
    { type: "user.quit", data: { ...carol, reason: "", channels: [] }, ...at },
  );
  const texts = (key: string) => net.buffers.get(key)!.lines.map((l) => l.text);
  assert.deepEqual(texts("#room"), ["bob is now rob", "← rob quit (bye)"]);
  assert.deepEqual(texts("#other"), ["→ bob joined"]);
  assert.deepEqual(texts("bob"), ["psst"]);
  assert.deepEqual(texts("carol"), ["hi", "← carol quit"]);
  assert.equal(net.members.has("#room", "rob"), false);
});

const bob = { networkId: 1, user: "bob", nickname: "bob" };
const rob = { networkId: 1, user: "rob", nickname: "rob" };
const carol = { networkId: 1, user: "carol", nickname: "carol" };

Deno.test("an ignored sender's messages are dropped, asked by the folded nick; ours never are", () => {
  const asked: string[] = [];
  const { store, batch, net, shown } = setUp({
    ignored: (_, folded) => {
      asked.push(folded);
      return folded === "bob" || folded === "alice";
    },
  });
  store.select(1, "#room");
  batch(
    said("#room", "BOB", "hidden"),
    said("#room", "carol", "shown"),
    said("#room", "Alice", "mine"),
  );
  assert.deepEqual(net.buffers.get("#room")!.lines.map((l) => l.text), ["shown", "mine"]);
  assert.deepEqual(shown, ["shown", "mine"]);
  assert.deepEqual(asked, ["bob", "carol"], "our own nick is never asked about");
});

Deno.test("isAway() and isBot() read each network's own roster, by the folded nick", () => {
  const { store } = setUp();
  store.receive({
    kind: "batch",
    events: [],
    roster: [
      { networkId: 1, nickname: "Bob", away: true },
      { networkId: 2, nickname: "bob", away: false, bot: true },
    ],
    updates: [],
  });
  assert.deepEqual([store.isAway(1, "BOB"), store.isBot(1, "bob")], [true, false]);
  assert.deepEqual([store.isAway(2, "bob"), store.isBot(2, "Bob")], [false, true]);
  assert.equal(store.isAway(3, "bob"), false);
  store.receive({
    kind: "batch",
    events: [],
    roster: [{ networkId: 1, nickname: "bob", away: false }],
    updates: [],
  });
  assert.equal(store.isAway(1, "Bob"), false, "the newest snapshot wins");
});

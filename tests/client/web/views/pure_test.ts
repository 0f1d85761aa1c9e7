// The views' DOM-free parts: count text, buffer order, saved highlight words, plugin rows.
import assert from "node:assert/strict";
import { groupMembers, userCount } from "../../../../client/web/views/nick_list.js";
import { bufferOrder, railLabels } from "../../../../client/web/views/buffer_list.js";
import {
  loadFolding,
  loadTheme,
  loadWords,
  saveWords,
  WORDS_KEY,
} from "../../../../client/web/views/settings.js";
import {
  auditByPlugin,
  auditLine,
  readAudit,
  readBudget,
  readPlugin,
} from "../../../../client/web/views/plugins_page.js";
import { newBuffer } from "../../../../client/web/page_state.js";
import { matchBuffers } from "../../../../client/web/views/switcher.js";
import { jsrMentions } from "../../../../client/web/plugins_view.js";

Deno.test("userCount() says 1 user, 2 users, 0 users", () => {
  assert.deepEqual([userCount(0), userCount(1), userCount(2)], ["0 users", "1 user", "2 users"]);
});

Deno.test("groupMembers() groups by highest status in the order given, and filters by nick", () => {
  const members = [
    { nick: "Alice", modes: "ov", prefix: "@" },
    { nick: "dan", modes: "o", prefix: "@" },
    { nick: "bob", modes: "v", prefix: "+" },
    { nick: "carol", modes: "", prefix: "" },
    { nick: "Bobby", modes: "", prefix: "" },
  ];
  const fold = (nick: string) => nick.toLowerCase();
  const names = (groups: ReturnType<typeof groupMembers>) =>
    groups.map((g) => `${g.name}: ${g.members.map((m) => m.nick).join(" ")}`);
  assert.deepEqual(names(groupMembers(members, "", fold)), [
    "Operators: Alice dan",
    "Voiced: bob",
    "Users: carol Bobby",
  ]);
  assert.deepEqual(names(groupMembers(members, "bob", fold)), ["Voiced: bob", "Users: Bobby"]);
  assert.deepEqual(groupMembers(members, "zed", fold), []);
});

Deno.test("railLabels() tells every network apart", () => {
  assert.deepEqual(railLabels(["Net1", "Net2", "Net3"]), ["N1", "N2", "N3"]);
  assert.deepEqual(railLabels(["Libera", "Liberty", "OFTC"]), ["La", "Lt", "OF"]);
  assert.deepEqual(railLabels(["Libera Chat", "libera.chat"]), ["L1", "l2"]);
  assert.deepEqual(railLabels(["Net10", "Net1"]), ["N10", "N1"]);
  assert.deepEqual(railLabels(["Local", "Local"]), ["L1", "L2"]);
  assert.deepEqual(railLabels(["ÉtéNet", "Étoile"]), ["Éé", "Éo"]);
  for (const names of [["a", "A"], ["", " "], ["Net", "Net1", "Net01"]]) {
    const labels = railLabels(names);
    assert.equal(new Set(labels.map((l) => l.toLowerCase())).size, names.length, labels.join());
  }
});

Deno.test("bufferOrder(): the server buffer, channels, then queries, each by name", () => {
  const order = bufferOrder([
    newBuffer("zed", "query", "zed"),
    newBuffer("#b", "channel", "#b"),
    newBuffer("*", "server", "Local"),
    newBuffer("amy", "query", "amy"),
    newBuffer("#a", "channel", "#a"),
  ]);
  assert.deepEqual(order.map((b) => b.key), ["*", "#a", "#b", "amy", "zed"]);
});

Deno.test("highlight words are saved as read, and storage that fails means none", () => {
  const saved = new Map<string, string>();
  const storage = {
    getItem: (k: string) => saved.get(k) ?? null,
    setItem: (k: string, v: string) => void saved.set(k, v),
    removeItem: (k: string) => void saved.delete(k),
  };
  assert.deepEqual(saveWords(storage, " deno,, Deno bus "), ["deno", "bus"]);
  assert.equal(saved.get(WORDS_KEY), "deno, bus");
  assert.deepEqual(loadWords(storage), ["deno", "bus"]);
  const broken = {
    getItem: (): string | null => {
      throw new DOMException("denied", "SecurityError");
    },
  };
  assert.deepEqual(loadWords(broken), []);
  assert.equal(loadFolding(broken), true);
  assert.equal(loadTheme(broken), "system");
});

Deno.test("readPlugin() and readAudit() read untyped rows field by field", () => {
  const row = readPlugin({
    name: "greeter",
    version: "1.0.0",
    state: "running",
    granted: { events: ["user.joined"], capabilities: [], permissions: { net: [] } },
    crashes: 2,
  });
  assert.deepEqual(row && [row.name, row.events, row.permissions, row.crashes, row.denied], [
    "greeter",
    ["user.joined"],
    '{"net":[]}',
    2,
    0,
  ]);
  assert.equal(readPlugin({ version: "1" }), undefined);
  assert.equal(readAudit("x"), undefined);
  assert.equal(readAudit({ plugin: "greeter", decision: "denied" })?.time, "");
  assert.equal(readAudit({ repeats: "7" })?.repeats, 0);
});

Deno.test("readBudget() reads a plugin's budgets as text and marks those it passed", () => {
  assert.deepEqual(readBudget(null), { budget: "", marks: [] });
  const mib = 1024 * 1024;
  assert.deepEqual(
    readBudget({
      cpu: { cores: 0.512, limitCores: 0.5, state: "throttled" },
      memory: { residentBytes: 300 * mib, limitBytes: 256 * mib },
      disk: { usedBytes: 1.5 * mib, quotaBytes: 64 * mib },
      lag: { waiting: 3, inFlight: 1, oldestUnackedMs: 1250 },
    }),
    {
      budget: "CPU 0.51 of 0.5 cores (throttled); memory 300 MiB of 256 MiB; " +
        "disk 1.5 MiB of 64 MiB; lag 3 waiting, 1 in flight, oldest 1.3 s",
      marks: ["throttled", "memory"],
    },
  );
  assert.deepEqual(readBudget({ cpu: { state: "exceeded" }, disk: "x" }).marks, ["stopped"]);
  // With its limits: how far behind against its mailbox and ack budget; a full mailbox marked.
  assert.deepEqual(
    readBudget({
      lag: {
        waiting: 1024,
        mailboxSize: 1024,
        inFlight: 8,
        oldestUnackedMs: 4200,
        ackBudgetMs: 5000,
      },
    }),
    { budget: "lag 1024 of 1024 waiting, 8 in flight, oldest 4.2 s of 5 s", marks: ["lag"] },
  );
});

Deno.test("auditLine() shows a plugin's words as one visible line, with its repeats", () => {
  const entry = readAudit({
    time: "2026-11-27T10:00:00.000Z",
    plugin: "forger",
    attempt: "Deno.readFile",
    decision: "denied",
    detail: "x\n2026-11-27T10:00:01.000Z bystander Deno.readTextFile: allowed \u001b[2K\u202e<b>",
    repeats: 41,
    lastTime: "2026-11-27T10:01:00.000Z",
  });
  assert.equal(
    entry && auditLine(entry),
    "2026-11-27T10:00:00.000Z Deno.readFile: denied x\\n2026-11-27T10:00:01.000Z bystander " +
      "Deno.readTextFile: allowed \\u{1b}[2K\\u{202e}<b> (41 more like this, the last at " +
      "2026-11-27T10:01:00.000Z)",
  );
});

Deno.test("auditByPlugin() lists each plugin's entries apart, newest first", () => {
  const groups = auditByPlugin([
    { plugin: "flooder", detail: "1" },
    { plugin: "bystander", detail: "shadow" },
    { plugin: "flooder", detail: "2" },
    "junk",
  ]);
  assert.deepEqual([...groups.keys()], ["bystander", "flooder"]);
  assert.deepEqual(groups.get("flooder")?.map((e) => e.detail), ["2", "1"]);
});

Deno.test("matchBuffers() ranks names starting with the query, then mentions, then unread", () => {
  const entry = (name: string, unread = 0, highlights = 0) => ({
    networkId: 1,
    network: "Local",
    key: name.toLowerCase(),
    name,
    unread,
    highlights,
  });
  const entries = [
    entry("#ircbus-dev"),
    entry("#Deno"),
    entry("#lounge", 3),
    entry("ircbot", 2, 1),
    entry("#ircbus", 5),
  ];
  const names = (query: string) => matchBuffers(entries, query).map((e) => e.name);
  assert.deepEqual(names("irc"), ["ircbot", "#ircbus", "#ircbus-dev"]);
  assert.deepEqual(names("#DEN"), ["#Deno"]);
  assert.deepEqual(names("un"), ["#lounge"]);
  assert.deepEqual(names(""), entries.map((e) => e.name));
  assert.deepEqual(names("zzz"), []);
});

Deno.test("jsrMentions() finds each jsr: plugin a line names, once, not inside a URL", () => {
  assert.deepEqual(
    jsrMentions("try jsr:@a/b@^1.2 or jsr:@c/d. Again jsr:@a/b@^1.2!"),
    ["jsr:@a/b@^1.2", "jsr:@c/d"],
  );
  assert.deepEqual(jsrMentions("see https://x.test/jsr:@a/b and nojsr:@a/b, jsr:@A/b"), []);
  assert.deepEqual(jsrMentions("\x02jsr:@a/b\x02"), ["jsr:@a/b"]);
  assert.equal(jsrMentions("jsr:@a/a jsr:@a/b jsr:@a/c jsr:@a/d").length, 3);
});

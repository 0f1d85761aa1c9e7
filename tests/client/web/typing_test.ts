// The page's typing: who is typing (with the IRCv3 spec's lapses, on a passed-in clock), the
// indicator's words, and what the input line reports.
import assert from "node:assert/strict";
import {
  ACTIVE_HOLD,
  inputTypingState,
  PAUSE_AFTER,
  PAUSED_HOLD,
  TypingBoard,
  TypingReporter,
  typingText,
} from "../../../client/web/typing.js";
import { PageStore } from "../../../client/web/store.js";
import type { UiEvent } from "../../../core/protocol.js";
import type { TypingState } from "../../../bus/events.ts";
import { networkView } from "./_network_view.ts";

Deno.test("TypingBoard: active lapses after 6 s, paused after 30 s, done and clear end it", () => {
  assert.deepEqual([ACTIVE_HOLD, PAUSED_HOLD], [6000, 30_000]);
  const board = new TypingBoard();
  board.receive("1 #a", "alice", "Alice", "active", 0);
  board.receive("1 #a", "bob", "bob", "active", 1000);
  assert.deepEqual(board.typing("1 #a", 5999), ["Alice", "bob"]);
  assert.equal(board.nextLapse("1 #a"), 6000);
  assert.deepEqual(board.typing("1 #a", 6000), ["bob"], "alice lapsed");
  board.receive("1 #a", "bob", "bob", "paused", 2000);
  assert.deepEqual(board.typing("1 #a", 2001), [], "paused is not typing");
  assert.equal(board.nextLapse("1 #a"), 32_000, "but it is held");
  board.receive("1 #a", "bob", "bob", "active", 3000);
  assert.deepEqual(board.typing("1 #a", 3001), ["bob"]);
  board.receive("1 #a", "bob", "bob", "done", 3002);
  assert.deepEqual(board.typing("1 #a", 3003), []);
  assert.equal(board.nextLapse("1 #a"), undefined);
  board.receive("1 #a", "carol", "carol", "active", 0);
  assert.equal(board.clear("1 #a", "carol"), true);
  assert.equal(board.clear("1 #a", "carol"), false);
  assert.deepEqual(board.typing("1 #b", 0), [], "each buffer apart");
});

Deno.test("typingText() names up to three typists, then counts the others", () => {
  assert.equal(typingText([]), "");
  assert.equal(typingText(["alice"]), "alice is typing");
  assert.equal(typingText(["alice", "bob"]), "alice and bob are typing");
  assert.equal(typingText(["a", "b", "c"]), "a, b and c are typing");
  assert.equal(typingText(["a", "b", "c", "d"]), "a, b and 2 others are typing");
});

Deno.test("inputTypingState(): an empty line or a command is done, text is active", () => {
  assert.equal(inputTypingState(""), "done");
  assert.equal(inputTypingState("   "), "done");
  assert.equal(inputTypingState("/join #x"), "done");
  assert.equal(inputTypingState("//not a command"), "active");
  assert.equal(inputTypingState("hel"), "active");
});

Deno.test("TypingReporter: active at most once a second, paused after 5 s idle, done when cleared or moved", () => {
  let now = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let nextId = 1;
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.callback();
      }
    }
  };
  const sent: string[] = [];
  const reporter = new TypingReporter({
    send: (where, state) => sent.push(`${where.target} ${state}`),
    clock: {
      now: () => now,
      setTimeout: (callback, ms) => {
        timers.set(nextId, { at: now + ms, callback });
        return nextId++;
      },
      clearTimeout: (id) => timers.delete(Number(id)),
    },
  });
  const room = { networkId: 1, target: "#room" };
  reporter.input(room, "h");
  reporter.input(room, "he");
  advance(999);
  reporter.input(room, "hel");
  advance(1);
  reporter.input(room, "hell");
  assert.deepEqual(sent.splice(0), ["#room active", "#room active"]);
  advance(PAUSE_AFTER);
  assert.deepEqual(sent.splice(0), ["#room paused"]);
  reporter.input(room, "hello");
  reporter.input(room, "");
  assert.deepEqual(sent.splice(0), ["#room active", "#room done"]);
  advance(PAUSE_AFTER);
  assert.deepEqual(sent.splice(0), [], "no pause after done");
  reporter.input(room, "x");
  reporter.input({ networkId: 1, target: "bob" }, "x");
  assert.deepEqual(sent.splice(0), ["#room active", "#room done", "bob active"]);
  reporter.sent();
  advance(PAUSE_AFTER);
  reporter.stop();
  assert.deepEqual(sent.splice(0), [], "a sent message ends it with nothing to send");
  reporter.input(undefined, "x");
  assert.deepEqual(sent, [], "the server buffer is told nothing");
});

Deno.test("PageStore shows who types in a buffer, clears them on their message, and lets them lapse", () => {
  let now = 1_000_000;
  const store = new PageStore({
    send: () => {},
    toast: () => {},
    hidden: () => false,
    onLine: () => {},
    notify: () => {},
    away: () => {},
    recolor: () => {},
    frontend: () => {},
    now: () => now,
  });
  store.receive({
    kind: "hello",
    version: 1,
    plugins: [],
    roster: [],
    updates: [],
    motd: [],
    networks: [
      networkView({ channels: [{ name: "#room", topic: "", members: ["@alice", "bob"] }] }),
    ],
  });
  const at = { time: 1_700_000_000_000, source: "irc" };
  const typing = (user: string, state: TypingState, channel = "#room"): UiEvent => ({
    type: "user.typing",
    data: { networkId: 1, channel, user, state, ...(channel === "" ? { peer: user } : {}) },
    ...at,
  });
  const batch = (...events: UiEvent[]) =>
    store.receive({ kind: "batch", events, roster: [], updates: [] });
  store.dirty.typing = false;
  batch(typing("Bob", "active"), typing("alice", "active"), typing("carol", "active", ""));
  assert.equal(store.dirty.typing, true);
  assert.deepEqual(store.typing(1, "#room"), ["Bob"], "not us; no query opened for carol");
  assert.equal(store.state.networks.get(1)!.buffers.has("carol"), false);
  batch({
    type: "message.received",
    data: { networkId: 1, channel: "#room", user: "bob", message: "hi", timestamp: 1 },
    ...at,
  });
  assert.deepEqual(store.typing(1, "#room"), [], "bob's message ended his typing");
  batch(typing("bob", "active"));
  now += ACTIVE_HOLD - 1;
  assert.deepEqual(store.typing(1, "#room"), ["bob"]);
  assert.equal(store.typingLapse(1, "#room"), now + 1);
  now += 1;
  assert.deepEqual(store.typing(1, "#room"), [], "lapsed after 6 s");
});

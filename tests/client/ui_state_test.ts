import assert from "node:assert/strict";
import { createEvent, EventBus } from "../../bus/mod.ts";
import { type UiBatch, UiState } from "../../client/mod.ts";

function setup() {
  const bus = new EventBus();
  const batches: UiBatch[] = [];
  const state = new UiState({ bus, onBatch: (b) => batches.push(b), interval: 60_000 });
  return { bus, batches, state };
}

Deno.test("UiState coalesces a 5,000-user roster flood into one snapshot per user", async () => {
  const { bus, batches, state } = setup();
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < 5000; i++) {
      bus.emitLatest(
        `user.meta:1:u${i}`,
        createEvent("user.meta", { networkId: 1, nickname: `u${i}`, away: round === 1 }, "irc"),
      );
    }
  }
  await bus.emitSync(createEvent("metadata.updated", {
    updates: [
      { type: "nickname_color", key: "u1", value: "#111", network_id: 1 },
      { type: "nickname_color", key: "u1", value: "#222", network_id: 1 },
    ],
  }, "system"));
  // The snapshot lane yields to ordered events: wait until every newest snapshot arrived.
  for (let turn = 0; state.roster().filter((r) => r.away).length < 5000; turn++) {
    assert.ok(turn < 10_000, "the snapshots never all arrived");
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  state.flush();
  assert.equal(batches.length, 1);
  assert.equal(batches[0].roster.length, 5000);
  assert.ok(batches[0].roster.every((r) => r.away), "the newest snapshot wins");
  assert.deepEqual(batches[0].updates, [
    { type: "nickname_color", key: "u1", value: "#222", network_id: 1 },
  ]);
  assert.deepEqual(batches[0].events, [], "roster and metadata are not repeated as events");
  assert.equal(state.roster().length, 5000);
  state.close();
  await bus.close();
});

Deno.test("UiState forwards membership events in order, keeping no roster of its own", async () => {
  const { bus, batches, state } = setup();
  const emit = (e: Parameters<EventBus["emitSync"]>[0]) => bus.emitSync(e);
  const user = (nickname: string) => ({ networkId: 1, user: nickname, nickname });
  await emit(createEvent("channels.changed", { networkId: 1, channels: ["#a", "#b"] }, "irc"));
  await emit(createEvent("channel.names.complete", {
    networkId: 1,
    channel: "#a",
    users: ["@me", "+bob", "carol"],
  }, "irc"));
  await emit(createEvent("user.joined", { ...user("dave"), channel: "#a" }, "irc"));
  await emit(createEvent("user.parted", { ...user("carol"), channel: "#a" }, "irc"));
  await emit(
    createEvent("user.nick", {
      networkId: 1,
      old_nickname: "bob",
      nickname: "rob",
      channels: ["#a"],
    }, "irc"),
  );
  await emit(createEvent("channel.topic", { networkId: 1, channel: "#a", topic: "hi" }, "irc"));
  await emit(createEvent("user.quit", { ...user("dave"), reason: "bye", channels: ["#a"] }, "irc"));
  await emit(createEvent("channels.changed", { networkId: 1, channels: ["#a"] }, "irc"));
  assert.equal("channels" in state, false, "irc/ is the one roster (IrcClient.channels())");
  state.flush();
  assert.deepEqual(
    batches[0].events.map((e) => e.type),
    [
      "channels.changed",
      "channel.names.complete",
      "user.joined",
      "user.parted",
      "user.nick",
      "channel.topic",
      "user.quit",
      "channels.changed",
    ],
  );
  state.close();
  await bus.close();
});

Deno.test("UiState keeps the last MOTD of each network for a page that opens late", async () => {
  const { bus, batches, state } = setup();
  const motd = (networkId: number, lines: string[]) =>
    bus.emitSync(createEvent("server.motd", { networkId, lines }, "irc"));
  await motd(1, ["- old news"]);
  await motd(1, ["- welcome", "- be nice"]);
  await motd(2, []);
  assert.deepEqual(state.motd(), [
    { networkId: 1, lines: ["- welcome", "- be nice"] },
    { networkId: 2, lines: [] },
  ]);
  state.flush();
  assert.equal(batches[0].events.filter((e) => e.type === "server.motd").length, 3);
  state.forget(1);
  assert.deepEqual(state.motd(), [{ networkId: 2, lines: [] }], "forgotten with the network");
  state.close();
  await bus.close();
});

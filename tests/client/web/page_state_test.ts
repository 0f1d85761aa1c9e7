import assert from "node:assert/strict";
import { ensureBuffer, netFrom, pushLine } from "../../../client/web/page_state.js";
import type { NetworkView } from "../../../core/protocol.js";
import { networkView } from "./_network_view.ts";

const view = (channels: NetworkView["channels"]): NetworkView =>
  networkView({ nick: "me", currentNick: "me", channels });

Deno.test("netFrom() opens the server buffer and the joined channels with members and topics", () => {
  const net = netFrom(
    view([{ name: "#Deno", topic: "hi", members: ["+bob", "@me", "ann"] }]),
    undefined,
  );
  assert.deepEqual([...net.buffers.keys()], ["*", "#deno"]);
  assert.equal(net.buffers.get("*")?.name, "Local");
  const channel = net.buffers.get("#deno");
  assert.equal(channel?.joined, true);
  assert.equal(channel?.topic, "hi");
  assert.deepEqual(net.members.members("#DENO")?.map((m) => m.prefix + m.nick), [
    "@me",
    "+bob",
    "ann",
  ]);
  assert.equal("channels" in net, false);
});

Deno.test("netFrom() keeps the buffers, lines and membership of the network it replaces", () => {
  const first = netFrom(view([{ name: "#a", topic: "", members: ["me"] }]), undefined);
  pushLine(ensureBuffer(first, "Bob", "query"), { kind: "message", nick: "bob", text: "yo" });
  const second = netFrom({ ...view([]), state: "disconnected" }, first);
  assert.equal(second.state, "disconnected");
  assert.deepEqual(second.buffers.get("bob")?.lines.map((l) => l.text), ["yo"]);
  assert.equal(second.members, first.members);
  assert.equal(ensureBuffer(second, "BOB", "query"), second.buffers.get("bob"));
});

Deno.test("pushLine() bounds a buffer, dropping the oldest lines", () => {
  const net = netFrom(view([]), undefined);
  const buffer = ensureBuffer(net, "#a", "channel");
  for (let i = 0; i < 5; i++) pushLine(buffer, { kind: "event", text: `${i}`, time: i }, 3);
  assert.deepEqual(buffer.lines.map((l) => l.text), ["2", "3", "4"]);
  assert.equal(pushLine(buffer, { kind: "event", text: "now" }).time > 0, true);
});

Deno.test("pushLine() stores a line that has its time as given, and copies one without", () => {
  const buffer = ensureBuffer(netFrom(view([]), undefined), "#a", "channel");
  const timed = { kind: "message", nick: "bob", text: "hi", time: 5 };
  assert.equal(pushLine(buffer, timed), timed);
  const untimed = { kind: "event", text: "joined" };
  const stored = pushLine(buffer, untimed);
  assert.notEqual(stored, untimed);
  assert.ok(stored.time > 0);
  assert.equal("time" in untimed, false, "the caller's line is left as it was");
});

import assert from "node:assert/strict";
import { CapabilityDeniedError, definePlugin, replayEvents } from "../../plugins/sdk.ts";

const MANIFEST = {
  name: "greeter",
  version: "1.0.0",
  description: "Greets joins, colours nicks, counts",
  entry: "mod.ts",
  events: ["user.joined", "message.received"],
  permissions: {},
  capabilities: ["irc.send:1", "metadata:nickname_color", "storage"],
  reasons: {
    "irc.send:1": "Greets on network 1",
    "metadata:nickname_color": "Colours nicks",
    storage: "Counts greetings",
  },
};

const greeter = definePlugin({
  setup: (ctx) => ctx.log.info("ready"),
  async onEvent(event, ctx) {
    if (event.type === "user.joined") {
      await ctx.irc.send(event.data.networkId, event.data.channel, `hi ${event.data.nickname}`);
      await ctx.metadata.set({ type: "nickname_color", key: event.data.nickname, value: "#f80" });
      await ctx.storage.set("greeted", ((await ctx.storage.get<number>("greeted")) ?? 0) + 1);
    }
    if (event.type === "message.received" && event.data.message === "boom") throw new Error("boom");
  },
  teardown: (ctx) => ctx.log.info("bye"),
});

/** A recording as JSON lines: two joins on two networks, a quit it did not ask for, a boom. */
const RECORDING = [
  {
    type: "user.joined",
    source: "irc",
    timestamp: "2026-05-01T10:00:00.000Z",
    data: { networkId: 1, channel: "#deno", user: "ann", nickname: "ann" },
  },
  {
    type: "user.quit",
    source: "irc",
    timestamp: "2026-05-01T10:00:01.000Z",
    data: { networkId: 1, user: "zed", nickname: "zed", message: "" },
  },
  {
    type: "user.joined",
    source: "irc",
    timestamp: "2026-05-01T10:00:02.000Z",
    data: { networkId: 2, channel: "#other", user: "bob", nickname: "bob" },
  },
  {
    type: "message.received",
    source: "irc",
    timestamp: 1_777_000_000_000,
    data: { networkId: 1, channel: "#deno", user: "ann", message: "boom", timestamp: 0 },
  },
].map((event) => JSON.stringify(event)).join("\n");

Deno.test("replayEvents() replays a recording and captures actions, log, audit and errors", async () => {
  const replay = await replayEvents(greeter, RECORDING, {
    manifest: MANIFEST,
    storage: { greeted: 10 },
  });
  // Only the types its manifest asks for are delivered, with their timestamps as dates.
  assert.deepEqual(replay.delivered.map((event) => event.type), [
    "user.joined",
    "user.joined",
    "message.received",
  ]);
  assert.deepEqual(replay.delivered[0].timestamp, new Date("2026-05-01T10:00:00.000Z"));
  assert.deepEqual(replay.actions, [
    { kind: "irc.send", networkId: 1, target: "#deno", text: "hi ann" },
    { kind: "metadata.set", update: { type: "nickname_color", key: "ann", value: "#f80" } },
    { kind: "storage.set", key: "greeted", value: 11 },
  ]);
  // Network 2 is outside its `irc.send:1`: denied, audited, and the handler stopped there.
  assert.deepEqual(replay.audit, [
    { attempt: "irc.send 1 #deno", decision: "allowed" },
    { attempt: "irc.send 2 #other", decision: "denied", detail: "irc.send not granted" },
  ]);
  assert.deepEqual(replay.errors, [
    {
      during: "onEvent(user.joined)",
      message: new CapabilityDeniedError("irc.send", "greeter").message,
    },
    { during: "onEvent(message.received)", message: "boom" },
  ]);
  assert.deepEqual(replay.log, [
    { level: "info", message: "ready" },
    { level: "info", message: "bye" },
  ]);
  assert.deepEqual(replay.storage, { greeted: 11 });
});

Deno.test("replayEvents() grants only the capabilities given, as a user may narrow them", async () => {
  const replay = await replayEvents(greeter, RECORDING, {
    manifest: MANIFEST,
    capabilities: ["irc.send:1"],
  });
  assert.deepEqual(replay.actions, [
    { kind: "irc.send", networkId: 1, target: "#deno", text: "hi ann" },
  ]);
  assert.deepEqual(replay.audit[1], {
    attempt: "metadata.set nickname_color",
    decision: "denied",
    detail: "metadata:nickname_color not granted",
  });
});

Deno.test("replayEvents() refuses a recording line that is not an event, naming the line", async () => {
  await assert.rejects(
    () => replayEvents(greeter, `${RECORDING}\n{"type":"user.joined"}`, { manifest: MANIFEST }),
    SyntaxError,
    "Cannot replay events: line 5 is not a {type, data, timestamp, source} event",
  );
});

Deno.test("replayEvents() refuses an invalid manifest before running anything", async () => {
  let ran = false;
  const plugin = definePlugin({ setup: () => void (ran = true) });
  await assert.rejects(
    () => replayEvents(plugin, [], { manifest: { ...MANIFEST, name: "Bad Name" } }),
    /Cannot accept plugin manifest: name/,
  );
  assert.equal(ran, false);
});

Deno.test("replayEvents() applies a scope as the client does: events and sends outside it are refused", async () => {
  const pinger = definePlugin({
    async onEvent(event, ctx) {
      if (event.type === "message.received") {
        await ctx.irc.send(event.data.networkId, event.data.channel || event.data.user, "pong");
      }
    },
  });
  const said = (channel: string, user: string) => ({
    type: "message.received" as const,
    source: "irc" as const,
    timestamp: new Date(0),
    data: { networkId: 1, channel, user, message: "!ping", timestamp: 0 },
  });
  const manifest = {
    ...MANIFEST,
    events: ["message.received"],
    capabilities: ["irc.send"],
    reasons: { "irc.send": "Answers !ping" },
  };
  const scoped = await replayEvents(pinger, [said("#deno", "ann"), said("#other", "bob")], {
    manifest,
    scope: { channels: [{ networkId: 1, channel: "#deno" }] },
  });
  assert.deepEqual(scoped.delivered.map((event) => event.type), ["message.received"]);
  assert.deepEqual(scoped.actions, [
    { kind: "irc.send", networkId: 1, target: "#deno", text: "pong" },
  ]);
  // Without a scope every place is open, a private message included.
  const open = await replayEvents(pinger, [said("", "carol")], { manifest });
  assert.deepEqual(open.actions, [{
    kind: "irc.send",
    networkId: 1,
    target: "carol",
    text: "pong",
  }]);
  // A send the scope does not cover is refused with the scope as the reason, and audited.
  const chatty = definePlugin({
    onEvent: (_event, ctx) => ctx.irc.send(1, "#other", "hi"),
  });
  const refused = await replayEvents(chatty, [said("#deno", "ann")], {
    manifest,
    scope: { channels: [{ networkId: 1, channel: "#deno" }] },
  });
  assert.equal(refused.actions.length, 0);
  assert.equal(refused.audit[0].decision, "denied");
  assert.match(refused.audit[0].detail ?? "", /outside the grant's scope/);
  assert.match(refused.errors[0].message, /irc\.send/);
});

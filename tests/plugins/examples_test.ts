import assert from "node:assert/strict";
import { createEvent } from "../../bus/events.ts";
import { colorFor } from "../../examples/plugins/nickname-colors/mod.ts";
import { EXAMPLES, harness, waitUntil } from "./_helpers.ts";

Deno.test("nickname-colors publishes a stable colour per nick on join, message, names and nick", async () => {
  await using h = await harness();
  await h.host.install(`${EXAMPLES}nickname-colors`, { grant: "requested" });
  await h.host.load("nickname-colors");
  await h.bus.emit(createEvent("user.joined", {
    networkId: 1,
    channel: "#deno",
    user: "alice",
    nickname: "alice",
  }, "irc"));
  await h.bus.emit(createEvent("message.received", {
    networkId: 1,
    channel: "#deno",
    user: "bob",
    message: "hi",
    timestamp: 1,
  }, "irc"));
  await h.bus.emit(createEvent("channel.names.complete", {
    networkId: 1,
    channel: "#deno",
    users: ["@carol", "+dave"],
  }, "irc"));
  await h.bus.emit(createEvent("user.nick", {
    networkId: 1,
    old_nickname: "alice",
    nickname: "alice_",
    channels: [],
  }, "irc"));
  const colours = new Map<string, unknown>();
  await waitUntil(() => {
    for (const event of h.events) {
      if (event.type !== "metadata.updated") continue;
      const updates = "updates" in event.data ? event.data.updates : [event.data];
      for (const update of updates) colours.set(update.key, update.value);
    }
    return colours.size === 5;
  }, "five colours");
  for (const nick of ["alice", "bob", "carol", "dave", "alice_"]) {
    assert.equal(colours.get(nick), colorFor(nick));
  }
  assert.equal(colorFor("Alice"), colorFor("alice"));
});

Deno.test("autoresponder replies to its keyword, and /autoreply changes it", async () => {
  await using h = await harness();
  await h.host.install(`${EXAMPLES}autoresponder`, { grant: "requested" });
  await h.host.load("autoresponder");
  await h.host.runCommand("autoreply", "!deno the best runtime");
  await h.bus.emit(createEvent("message.received", {
    networkId: 2,
    channel: "#js",
    user: "erin",
    message: "what about !deno",
    timestamp: 1,
  }, "irc"));
  await waitUntil(() => h.sent.length === 1, "the reply");
  assert.deepEqual(h.sent, [{ networkId: 2, target: "#js", text: "erin: the best runtime" }]);
});

Deno.test("weather-like fetches from its one granted host and replies", async () => {
  await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const city = new URL(req.url).searchParams.get("city");
    return Response.json({ city, summary: "sunny, 21°C" });
  });
  await using h = await harness();
  await Deno.mkdir(`${h.dataDir}/plugins/weather-like`, { recursive: true });
  await Deno.writeTextFile(
    `${h.dataDir}/plugins/weather-like/config.json`,
    JSON.stringify({ service: `http://127.0.0.1:${server.addr.port}` }),
  );
  await h.host.install(`${EXAMPLES}weather-like`, { grant: "requested" });
  await h.host.load("weather-like");
  await h.bus.emit(createEvent("message.received", {
    networkId: 1,
    channel: "#deno",
    user: "frank",
    message: "!weather Paris",
    timestamp: 1,
  }, "irc"));
  await waitUntil(() => h.sent.length === 1, "the forecast");
  assert.deepEqual(h.sent, [{ networkId: 1, target: "#deno", text: "Paris: sunny, 21°C" }]);
});

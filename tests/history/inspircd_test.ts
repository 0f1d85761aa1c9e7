// The running client keeps history against a real InspIRCd and the real SQLite file: lines
// received and sent, joins, actions, topic, part and quit, still there after a restart.
import assert from "node:assert/strict";
import { startClient } from "../../client/mod.ts";
import { historyPath, MessageStore } from "../../history/mod.ts";
import { FAST_IRC, Peer, Recorder, startInspircd } from "../client/_helpers.ts";

Deno.test("the client stores received and sent lines of a real InspIRCd, kept across a restart", async () => {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-history-ircd-" });
  try {
    const client = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    try {
      const events = new Recorder(client.bus);
      await client.perform({
        kind: "network.add",
        network: { name: "Local", host: "127.0.0.1", port: server.port, tls: false, nick: "alice" },
        connect: true,
      });
      await client.perform({ kind: "join", networkId: 1, channel: "#room" });
      await events.waitFor("channel.names.complete", (d) => d.channel === "#room");

      await using bob = new Peer(server.port, "bob");
      await bob.irc.connect();
      bob.irc.join("#room");
      await events.waitFor("user.joined", (d) => d.nickname === "bob");
      bob.irc.say("#room", "hello from bob");
      bob.irc.action("#room", "waves");
      bob.irc.say("alice", "a private word");
      await events.waitFor("message.received", (d) => d.message === "a private word");
      await client.perform({ kind: "say", networkId: 1, target: "#room", text: "hi bob" });
      await client.perform({ kind: "me", networkId: 1, target: "bob", text: "nods" });
      await events.waitFor("message.sent", (d) => d.message === "nods");
      client.irc(1)!.quote("TOPIC #room :history works");
      await events.waitFor("channel.topic", (d) => d.topic === "history works");
      await bob.irc.disconnect("off to bed");
      await events.waitFor("user.quit", (d) => d.nickname === "bob");
      events[Symbol.dispose]();

      await client.history!.flush();
      const room = client.history!.page(1, "#room").map((l) => [l.kind, l.sender, l.text, l.self]);
      assert.deepEqual(room.filter(([kind]) => kind !== "join").slice(-5), [
        ["message", "bob", "hello from bob", false],
        ["action", "bob", "waves", false],
        ["message", "alice", "hi bob", true],
        ["topic", "alice", "history works", true],
        ["quit", "bob", "Quit: off to bed", false],
      ]);
      assert.ok(room.some(([kind, sender]) => kind === "join" && sender === "bob"));
      const time = client.history!.page(1, "#room").at(-1)!.time;
      assert.ok(Math.abs(time - Date.now()) < 60_000, "stored with the server's time");
    } finally {
      await client.shutdown();
    }
    assert.equal(Deno.statSync(historyPath(dataDir)).mode! & 0o777, 0o600);
    // After the client stopped: the file alone holds it all.
    using store = MessageStore.open(historyPath(dataDir));
    assert.deepEqual(
      store.page(1, "bob").map((l) => [l.kind, l.sender, l.text]),
      [["message", "bob", "a private word"], ["action", "alice", "nods"], [
        "quit",
        "bob",
        "Quit: off to bed",
      ]],
    );
    assert.deepEqual(store.search({ text: "from bob" }).map((l) => l.buffer), ["#room"]);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

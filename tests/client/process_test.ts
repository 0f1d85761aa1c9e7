import { databasePath } from "../../storage/data_dir.ts";
import assert from "node:assert/strict";
import { NetworkStore } from "../../deeplink/mod.ts";
import { startClient } from "../../client/mod.ts";
import { FAST_IRC, Peer, Recorder, SocketPage, startInspircd } from "./_helpers.ts";

Deno.test("the client autoconnects, joins, sends and receives, then shuts down in order", async () => {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-" });
  {
    using store = new NetworkStore(databasePath(dataDir));
    store.add({
      name: "Local",
      host: "127.0.0.1",
      port: server.port,
      tls: false,
      nick: "alice",
      autoconnect: true,
    });
    store.add({
      name: "Idle",
      host: "127.0.0.1",
      port: server.port,
      tls: false,
      nick: "idle",
      autoconnect: false,
    });
  }
  const client = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
  const events = new Recorder(client.bus);
  await using page = new SocketPage(client.url!);
  await page.next((m) => m.kind === "hello");

  await events.waitFor("connection.established", (d) => d.networkId === 1);
  await page.next((m) =>
    m.kind === "network.state" && m.networkId === 1 && m.state === "connected"
  );
  assert.equal(client.irc(2), undefined, "a network without autoconnect stays offline");

  // Disconnect and connect again from the page.
  assert.equal((await page.request({ kind: "disconnect", networkId: 1 }, 100)).kind, "reply");
  await page.next((m) =>
    m.kind === "network.state" && m.networkId === 1 && m.state === "disconnected"
  );
  assert.equal((await page.request({ kind: "connect", networkId: 1 }, 101)).kind, "reply");
  assert.equal(client.irc(1)?.state, "connected");

  await client.perform({ kind: "join", networkId: 1, channel: "#room" });
  await events.waitFor("user.joined", (d) => d.nickname === "alice" && d.channel === "#room");

  await using bob = new Peer(server.port, "bob");
  await bob.irc.connect();
  bob.irc.join("#room");
  await events.waitFor("user.joined", (d) => d.nickname === "bob");
  bob.irc.say("#room", "hello alice");
  await events.waitFor("message.received", (d) => d.message === "hello alice" && d.user === "bob");
  await page.next(() => page.events("message.received").some((d) => d.message === "hello alice"));

  page.send({ kind: "say", networkId: 1, target: "#room", text: "hi bob", id: 1 });
  await page.next((m) => m.kind === "reply" && m.id === 1);
  await bob.events.waitFor("message.received", (d) => d.message === "hi bob" && d.user === "alice");

  page.send({ kind: "pane.focus", pane: { networkId: 1, type: "channel", name: "#room" } });
  const focused = await events.waitFor("ui.pane.focused");
  assert.equal(focused.source, "ui");
  assert.deepEqual(focused.data, { networkId: 1, type: "channel", name: "#room" });

  const report = await client.shutdown();
  assert.deepEqual(report.steps, ["front", "networks", "plugins", "bus", "storage"]);
  assert.equal(report.quitTimedOut, false);
  assert.deepEqual(report.errors, []);
  const quit = await bob.events.waitFor("user.quit", (d) => d.nickname === "alice");
  assert.match(quit.data.reason, /Client quit/);
  // The last events before the QUIT all reached subscribers: the bus drained.
  assert.ok(events.of("connection.lost", 1).length >= 1);
  events[Symbol.dispose]();
  // The data survived: a second start sees the same networks.
  {
    using store = new NetworkStore(databasePath(dataDir));
    assert.deepEqual(store.list().map((n) => n.name), ["Local", "Idle"]);
  }
  await Deno.remove(dataDir, { recursive: true });
});

// Picking up where it was, against a real InspIRCd and the real SQLite file: connect on
// start, saved channels (with keys) rejoined after a restart, a part forgets, a kick keeps.
import assert from "node:assert/strict";
import { NetworkStore } from "../../deeplink/mod.ts";
import { startClient } from "../../client/mod.ts";
import { databasePath } from "../../storage/data_dir.ts";
import { FAST_IRC, Peer, Recorder, startInspircd } from "./_helpers.ts";
import { freePort } from "../irc/_servers.ts";
import { PeerConn } from "../irc/_peer.ts";

Deno.test("a restarted client reconnects on its own and rejoins its channels with their keys; a part forgets one, a kick does not", async () => {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-autojoin-" });
  try {
    await using bob = new Peer(server.port, "bob");
    await bob.irc.connect();
    bob.irc.join("#kicked");
    await bob.events.waitFor("user.joined", (d) => d.nickname === "bob" && d.channel === "#kicked");

    const first = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    const events = new Recorder(first.bus);
    // Added as the page does: no autoconnect field, so connect on start is on.
    const added = await first.perform({
      kind: "network.add",
      network: { name: "Local", host: "127.0.0.1", port: server.port, tls: false, nick: "alice" },
      connect: true,
    });
    assert.deepEqual(added, { networkId: 1 });
    assert.equal(first.networks.get(1)?.autoconnect, true);
    const joined = (channel: string, recorder = events) =>
      recorder.waitFor("user.joined", (d) => d.nickname === "alice" && d.channel === channel);

    await first.perform({ kind: "join", networkId: 1, channel: "#keyed", key: "sekrit" });
    await joined("#keyed");
    first.irc(1)!.quote("MODE #keyed +k sekrit");
    await events.waitFor("channel.mode", (d) => d.channel === "#keyed" && d.modes.includes("k"));
    bob.irc.join("#keyed", "sekrit");
    await events.waitFor("user.joined", (d) => d.nickname === "bob" && d.channel === "#keyed");
    await first.perform({ kind: "join", networkId: 1, channel: "#plain" });
    await joined("#plain");
    await first.perform({ kind: "join", networkId: 1, channel: "#kicked" });
    await joined("#kicked");
    bob.irc.quote("KICK #kicked alice :out");
    await events.waitFor("user.kicked", (d) => d.nickname === "alice");
    await first.perform({ kind: "join", networkId: 1, channel: "#gone" });
    await joined("#gone");
    await first.perform({ kind: "part", networkId: 1, channel: "#gone" });
    await events.waitFor("user.parted", (d) => d.nickname === "alice" && d.channel === "#gone");
    events[Symbol.dispose]();
    await first.shutdown();

    {
      using store = new NetworkStore(databasePath(dataDir));
      assert.deepEqual(store.channels(1), [
        { name: "#keyed", key: "sekrit" },
        { name: "#plain" },
        { name: "#kicked" },
      ]);
    }

    // Restarted on the same data dir: nobody clicks anything.
    const second = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    try {
      const again = new Recorder(second.bus);
      await again.waitFor("connection.established", (d) => d.networkId === 1);
      // #keyed is +k with bob still in it: only the saved key gets alice back in.
      await Promise.all(["#keyed", "#plain", "#kicked"].map((c) => joined(c, again)));
      const names = await again.waitFor("channel.names.complete", (d) => d.channel === "#keyed");
      assert.deepEqual(names.data.users.map((u) => u.replace(/^[@+]/, "")).sort(), [
        "alice",
        "bob",
      ]);
      assert.equal(
        again.of("user.joined", 1).some((d) => d.channel === "#gone"),
        false,
        "a parted channel is not rejoined",
      );
      assert.deepEqual(again.of("error", 1), []);
      again[Symbol.dispose]();
    } finally {
      await second.shutdown();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("with connect on start turned off, a restarted client stays offline; a part while offline still forgets", async () => {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-autojoin-" });
  try {
    const first = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    const network = { name: "Local", host: "127.0.0.1", port: server.port, tls: false, nick: "al" };
    await first.perform({ kind: "network.add", network, connect: true });
    const events = new Recorder(first.bus);
    await first.perform({ kind: "join", networkId: 1, channel: "#stay" });
    await events.waitFor("user.joined", (d) => d.nickname === "al" && d.channel === "#stay");
    await first.perform({
      kind: "network.update",
      networkId: 1,
      network: { ...network, autoconnect: false },
    });
    events[Symbol.dispose]();
    await first.shutdown();

    const second = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    try {
      assert.equal(second.irc(1), undefined, "no connection is started");
      assert.equal(second.networks.get(1)?.autoconnect, false);
      assert.deepEqual(second.networks.channels(1), [{ name: "#stay" }]);
      await second.perform({ kind: "part", networkId: 1, channel: "#stay" });
      assert.deepEqual(second.networks.channels(1), []);
    } finally {
      await second.shutdown();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a network whose server is down at launch keeps trying, with backoff, and connects once it is up", async () => {
  const port = freePort();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-autojoin-" });
  const logged: string[] = [];
  let failures!: () => void;
  const failedTwice = new Promise<void>((resolve) => failures = resolve);
  try {
    {
      using store = new NetworkStore(databasePath(dataDir));
      store.add({ name: "Down", host: "127.0.0.1", port, tls: false, nick: "alice" });
      store.saveChannel(1, { name: "#back" });
    }
    const client = await startClient({
      dataDir,
      irc: { ...FAST_IRC, reconnect: { initialDelay: 10, maxDelay: 40, jitter: 0 } },
      log: (line) => {
        logged.push(line);
        if (logged.filter((l) => l.startsWith("Cannot connect to Down:")).length === 2) failures();
      },
    });
    try {
      await failedTwice;
      using listener = Deno.listen({ hostname: "127.0.0.1", port });
      const peer = new PeerConn(await listener.accept());
      try {
        await peer.register();
        await peer.expect(/^JOIN #back$/);
        assert.equal(client.irc(1)?.state, "connected");
      } finally {
        const stopped = client.shutdown();
        await peer.expect(/^QUIT/);
        await peer.close();
        await stopped;
      }
    } finally {
      await client.shutdown();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

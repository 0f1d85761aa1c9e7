// The store keys buffers by the network's own CASEMAPPING, the fold irc/ and the page use:
// against a real InspIRCd (rfc1459) `bob[m]` and `BOB{M}` are one conversation; against a
// scripted ascii server `#Ä` and `#ä` are two channels, and so are `#[m]` and `#{m}`.
import assert from "node:assert/strict";
import { startClient } from "../../client/mod.ts";
import { FAST_IRC, Peer, Recorder, startInspircd } from "../client/_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";

async function tempDataDir(): Promise<AsyncDisposable & { path: string }> {
  const path = await Deno.makeTempDir({ prefix: "ircbus-casefold-" });
  return { path, [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }) };
}

Deno.test("the store keeps bob[m] and BOB{M} as one query on a real InspIRCd (rfc1459)", async () => {
  await using server = await startInspircd();
  await using dir = await tempDataDir();
  const client = await startClient({ dataDir: dir.path, irc: FAST_IRC, log: () => {} });
  try {
    using events = new Recorder(client.bus);
    await client.perform({
      kind: "network.add",
      network: { name: "Local", host: "127.0.0.1", port: server.port, tls: false, nick: "alice" },
      connect: true,
    });
    assert.equal(client.irc(1)!.casemapping, "rfc1459");
    await using bob = new Peer(server.port, "bob[m]");
    await bob.irc.connect();
    bob.irc.say("alice", "one");
    await events.waitFor("message.received", (d) => d.message === "one");
    await client.perform({ kind: "say", networkId: 1, target: "BOB{M}", text: "two" });
    await events.waitFor("message.sent", (d) => d.message === "two");
    await client.history!.flush();
    const history = client.history!;
    assert.deepEqual(history.page(1, "bob[m]").map((l) => l.text), ["one", "two"]);
    assert.deepEqual(history.page(1, "BOB{M}").map((l) => l.text), ["one", "two"]);
    assert.deepEqual(history.buffers(1).map((b) => b.name), ["bob[m]"]);
  } finally {
    await client.shutdown();
  }
});

Deno.test("the store keeps #Ä and #ä, #[m] and #{m}, as four channels on an ascii server", async () => {
  await using server = new ScriptedServer();
  await using dir = await tempDataDir();
  const client = await startClient({ dataDir: dir.path, irc: FAST_IRC, log: () => {} });
  try {
    using events = new Recorder(client.bus);
    const accepted = server.accept();
    const adding = client.perform({
      kind: "network.add",
      network: { name: "Ascii", host: "127.0.0.1", port: server.port, tls: false, nick: "alice" },
      connect: true,
    });
    const peer = await accepted;
    const nick = await peer.register({ isupport: "CASEMAPPING=ascii CHANTYPES=# PREFIX=(ov)@+" });
    await adding;
    assert.equal(client.irc(1)!.casemapping, "ascii");
    const channels = ["#Ä", "#ä", "#[m]", "#{m}"];
    for (const channel of channels) {
      await peer.send(
        `:${nick}!u@h JOIN ${channel}`,
        `:bob!b@h PRIVMSG ${channel} :in ${channel}`,
      );
    }
    await events.waitFor("message.received", (d) => d.message === "in #{m}");
    await client.history!.flush();
    for (const channel of channels) {
      assert.deepEqual(
        client.history!.page(1, channel).filter((l) => l.kind === "message").map((l) => l.text),
        [`in ${channel}`],
        channel,
      );
    }
    await peer.close();
  } finally {
    await client.shutdown();
  }
});

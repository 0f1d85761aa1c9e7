// Client tags through the running client, a real InspIRCd (ircv3_ctctags, ircv3_msgid) and
// the real SQLite file: a reply quoted by msgid both ways, still there after a restart; and a
// server without client tags, where a reply falls back to a `nick: ` prefix.
import assert from "node:assert/strict";
import { startClient } from "../../client/mod.ts";
import { historyPath, MessageStore } from "../../history/mod.ts";
import { FAST_IRC, Peer, Recorder, startInspircd } from "../client/_helpers.ts";
import { connectToScriptedPeer } from "../irc/_connected.ts";

Deno.test("against InspIRCd: replies carry +draft/reply both ways and are stored with it, across a restart", async () => {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-tags-" });
  try {
    const client = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    let original: string;
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

      bob.irc.say("#room", "what time is it?");
      const asked = await events.waitFor("message.received", (d) => d.user === "bob");
      original = asked.data.msgid!;
      assert.ok(original, "InspIRCd gives every message a msgid (ircv3_msgid)");
      await client.perform({
        kind: "say",
        networkId: 1,
        target: "#room",
        text: "noon",
        reply: { msgid: original, nick: "bob" },
      });
      const sent = await events.waitFor("message.sent", (d) => d.message === "noon");
      assert.equal(sent.data.replyTo, original);
      // bob's client reads the tag alice's sent.
      const got = await bob.events.waitFor("message.received", (d) => d.message === "noon");
      assert.equal(got.data.replyTo, original);
      // And bob answering alice's answer arrives with its tag.
      bob.irc.say("#room", "thanks", { reply: { msgid: got.data.msgid!, nick: "alice" } });
      const thanks = await events.waitFor("message.received", (d) => d.message === "thanks");
      assert.equal(thanks.data.replyTo, got.data.msgid);

      await client.history!.flush();
      assert.equal(client.history!.message(1, "#room", original)?.text, "what time is it?");
      events[Symbol.dispose]();
    } finally {
      await client.shutdown();
    }
    using store = MessageStore.open(historyPath(dataDir));
    const lines = store.page(1, "#room").filter((l) => l.kind === "message");
    assert.deepEqual(lines.map((l) => [l.sender, l.text, l.replyTo !== undefined]), [
      ["bob", "what time is it?", false],
      ["alice", "noon", true],
      ["bob", "thanks", true],
    ]);
    assert.equal(lines[1].replyTo, original);
    assert.equal(store.message(1, "#ROOM", original)?.sender, "bob", "found by msgid");
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("without message-tags a reply goes as 'nick: text', untagged", async () => {
  await using c = await connectToScriptedPeer({ register: { caps: "batch server-time" } });
  c.client.say("#t", "noon", { reply: { msgid: "m1", nick: "bob" } });
  const line = await c.peer.expect(/PRIVMSG #t/);
  assert.equal(line, "PRIVMSG #t :bob: noon");
  const sent = await c.rec.waitFor("message.sent");
  assert.deepEqual([sent.data.message, sent.data.replyTo], ["bob: noon", undefined]);
});

Deno.test("with message-tags a reply is tagged, and a received one is read from its tag", async () => {
  await using c = await connectToScriptedPeer();
  c.client.say("#t", "noon", { reply: { msgid: "m;1 x", nick: "bob" } });
  assert.equal(await c.peer.expect(/PRIVMSG #t/), "@+draft/reply=m\\:1\\sx PRIVMSG #t :noon");
  await c.peer.send("@msgid=m2;+draft/reply=m\\:1\\sx :bob!b@h PRIVMSG #t :ok");
  const got = await c.rec.waitFor("message.received");
  assert.deepEqual([got.data.msgid, got.data.replyTo], ["m2", "m;1 x"]);
  assert.throws(
    () => c.client.say("#t", "x", { reply: { msgid: "", nick: "bob" } }),
    TypeError,
  );
});

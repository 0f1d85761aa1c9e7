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
    let ours: string;
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
      // InspIRCd offers echo-message: our line came back with the msgid bob saw.
      ours = got.data.msgid!;
      assert.equal(sent.data.msgid, ours);
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
    assert.equal(lines[1].msgid, ours, "our own line is stored with its msgid");
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

Deno.test("against InspIRCd: reactions counted with who reacted, our own taken back, across a restart", async () => {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-react-" });
  try {
    const client = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    let msgid: string;
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
      await using carol = new Peer(server.port, "carol");
      await Promise.all([bob.irc.connect(), carol.irc.connect()]);
      bob.irc.join("#room");
      carol.irc.join("#room");
      await events.waitFor("user.joined", (d) => d.nickname === "carol");

      bob.irc.say("#room", "lunch?");
      msgid = (await events.waitFor("message.received", (d) => d.message === "lunch?")).data
        .msgid!;
      const carolSaw = await carol.events.waitFor(
        "message.received",
        (d) => d.message === "lunch?",
      );
      assert.equal(carolSaw.data.msgid, msgid);
      carol.irc.react("#room", { msgid, reaction: "👍" });
      const fromCarol = await events.waitFor("message.reacted", (d) => d.user === "carol");
      assert.deepEqual(
        [fromCarol.data.channel, fromCarol.data.replyTo, fromCarol.data.reaction],
        ["#room", msgid, "👍"],
      );
      assert.equal(fromCarol.data.removed, false);
      await client.perform({
        kind: "react",
        networkId: 1,
        target: "#room",
        msgid,
        reaction: "🎉",
        remove: false,
      });
      await events.waitFor("message.reacted", (d) => d.user === "alice" && !d.removed);
      const bobSaw = await bob.events.waitFor("message.reacted", (d) => d.user === "alice");
      assert.equal(bobSaw.data.reaction, "🎉");
      await client.history!.flush();
      assert.deepEqual(
        client.history!.page(1, "#room").find((l) => l.msgid === msgid)?.reactions,
        [{ reaction: "👍", senders: ["carol"] }, { reaction: "🎉", senders: ["alice"] }],
      );
      // Taken back: sent as +draft/unreact, and gone from the store.
      await client.perform({
        kind: "react",
        networkId: 1,
        target: "#room",
        msgid,
        reaction: "🎉",
        remove: true,
      });
      const undone = await bob.events.waitFor("message.reacted", (d) => d.removed);
      assert.deepEqual([undone.data.user, undone.data.reaction], ["alice", "🎉"]);
      await events.waitFor("message.reacted", (d) => d.user === "alice" && d.removed);
      events[Symbol.dispose]();
    } finally {
      await client.shutdown();
    }
    using store = MessageStore.open(historyPath(dataDir));
    assert.deepEqual(store.page(1, "#room").find((l) => l.msgid === msgid)?.reactions, [
      { reaction: "👍", senders: ["carol"] },
    ]);
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("reactions go as TAGMSG with +draft/react and +draft/reply; without message-tags nothing is sent", async () => {
  {
    await using c = await connectToScriptedPeer();
    c.client.react("#t", { msgid: "m1", reaction: "👍" });
    assert.equal(await c.peer.expect(/TAGMSG/), "@+draft/react=👍;+draft/reply=m1 TAGMSG #t");
    c.client.react("#t", { msgid: "m1", reaction: "👍", remove: true });
    assert.equal(await c.peer.expect(/unreact/), "@+draft/unreact=👍;+draft/reply=m1 TAGMSG #t");
    await c.peer.send("@+draft/react=x;+draft/reply=m1 :bob!b@h TAGMSG me");
    const got = await c.rec.waitFor("message.reacted", (d) => d.user === "bob");
    assert.deepEqual([got.data.channel, got.data.peer, got.data.removed], ["", "bob", false]);
    assert.throws(() => c.client.react("#t", { msgid: "m1", reaction: "" }), TypeError);
  }
  {
    await using c = await connectToScriptedPeer({ register: { caps: "batch server-time" } });
    c.client.react("#t", { msgid: "m1", reaction: "👍" });
    c.client.say("#t", "after");
    await c.peer.expect(/PRIVMSG #t :after/);
    assert.equal(c.peer.received.some((l) => l.includes("TAGMSG")), false);
    assert.equal(c.rec.of("message.reacted").length, 0);
  }
});

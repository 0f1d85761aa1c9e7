// echo-message against a scripted server: our message is `message.sent` once, when the server
// echoes it, with the msgid the server gave it; without the capability, once, on the send.
import assert from "node:assert/strict";
import { MessageStore } from "../../history/mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";

const CAPS = "batch server-time message-tags echo-message";

Deno.test("with echo-message our message is message.sent once, from its echo, with the server's msgid and time", async () => {
  await using c = await connectToScriptedPeer({ register: { caps: CAPS } });
  assert.match(c.peer.received.find((l) => l.startsWith("CAP REQ")) ?? "", /\becho-message\b/);
  using store = MessageStore.open(":memory:");
  store.attach(c.bus, { ownNick: () => c.nick });
  c.client.say("#t", "hello");
  c.client.action("#t", "waves");
  c.client.say("bob", "psst", { reply: { msgid: "b1", nick: "bob" } });
  await c.peer.expect(/PRIVMSG bob/);
  // Sent, not yet echoed: nothing to show yet.
  c.client.quote("PING sync");
  await c.peer.expect(/^PING sync$/);
  assert.deepEqual(c.rec.of("message.sent"), []);
  await c.peer.send(
    "@msgid=e1;time=2026-01-01T00:00:01.000Z :me!me@h PRIVMSG #t :hello",
    "@msgid=e2;time=2026-01-01T00:00:02.000Z :me!me@h PRIVMSG #t :\u0001ACTION waves\u0001",
    "@msgid=e3;time=2026-01-01T00:00:03.000Z;+draft/reply=b1 :me!me@h PRIVMSG bob :psst",
    // Replayed later (CHATHISTORY after a reconnect, say): seen, so not shown again.
    ":peer.test BATCH +h chathistory #t",
    "@batch=h;msgid=e1;time=2026-01-01T00:00:01.000Z :me!me@h PRIVMSG #t :hello",
    ":peer.test BATCH -h",
    "@msgid=x;time=2026-01-01T00:00:04.000Z :bob!b@h PRIVMSG #t :done",
  );
  await c.rec.waitFor("message.received", (d) => d.msgid === "x");
  assert.deepEqual(c.rec.of("message.sent"), [
    { networkId: 1, channel: "#t", message: "hello", msgid: "e1" },
    { networkId: 1, channel: "#t", message: "waves", kind: "action", msgid: "e2" },
    { networkId: 1, channel: "", message: "psst", target: "bob", replyTo: "b1", msgid: "e3" },
  ]);
  const sent = c.rec.events.find((e) => e.type === "message.sent");
  assert.equal(sent?.timestamp.toISOString(), "2026-01-01T00:00:01.000Z");
  assert.deepEqual(c.rec.of("message.received").map((d) => d.msgid), ["x"]);
  await store.flush();
  assert.deepEqual(
    store.page(1, "#t").map((l) => [l.sender, l.kind, l.text, l.msgid, l.self]),
    [
      ["me", "message", "hello", "e1", true],
      ["me", "action", "waves", "e2", true],
      ["bob", "message", "done", "x", false],
    ],
  );
  assert.equal(store.page(1, "bob")[0].msgid, "e3");
});

Deno.test("without echo-message our message is message.sent once, on the send, with no msgid", async () => {
  await using c = await connectToScriptedPeer({
    register: { caps: "batch server-time message-tags" },
  });
  assert.doesNotMatch(
    c.peer.received.find((l) => l.startsWith("CAP REQ")) ?? "",
    /echo-message/,
  );
  c.client.say("#t", "hello");
  const sent = await c.rec.waitFor("message.sent");
  assert.deepEqual(sent.data, { networkId: 1, channel: "#t", message: "hello" });
  // The same line coming back anyway (a bouncer's other client) is a received one, as before.
  await c.peer.send("@msgid=e1 :me!me@h PRIVMSG #t :hello");
  await c.rec.waitFor("message.received", (d) => d.msgid === "e1");
  assert.equal(c.rec.of("message.sent").length, 1);
});

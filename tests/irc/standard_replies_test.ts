// IRCv3 standard replies against a scripted server: FAIL, WARN and NOTE become server.reply
// with the buffer their context names (a FAIL is also the error it always was), and the
// history store keeps them in that buffer, or the network's.
import assert from "node:assert/strict";
import { MessageStore } from "../../history/mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";

Deno.test("FAIL, WARN and NOTE are server.reply events naming the buffer they concern", async () => {
  await using c = await connectToScriptedPeer({ register: { caps: "batch standard-replies" } });
  await c.peer.send(
    ":peer.test FAIL JOIN CHANNEL_FULL #t :Cannot join #t: it is full",
    ":peer.test WARN REHASH CERTS_EXPIRED :Certificate [xyz] has expired",
    ":peer.test NOTE * OPER_MESSAGE :The server is about to restart",
    ":peer.test FAIL REDACT UNKNOWN_MSGID bob m3 :No such message",
    ":peer.test NOTE",
  );
  await c.rec.waitFor("server.reply", (d) => d.command === "");
  assert.deepEqual(c.rec.of("server.reply"), [
    {
      networkId: 1,
      type: "FAIL",
      command: "JOIN",
      code: "CHANNEL_FULL",
      context: ["#t"],
      description: "Cannot join #t: it is full",
      target: "#t",
    },
    {
      networkId: 1,
      type: "WARN",
      command: "REHASH",
      code: "CERTS_EXPIRED",
      context: [],
      description: "Certificate [xyz] has expired",
    },
    {
      networkId: 1,
      type: "NOTE",
      command: "*",
      code: "OPER_MESSAGE",
      context: [],
      description: "The server is about to restart",
    },
    {
      networkId: 1,
      type: "FAIL",
      command: "REDACT",
      code: "UNKNOWN_MSGID",
      context: ["bob", "m3"],
      description: "No such message",
      target: "bob",
    },
    { networkId: 1, type: "NOTE", command: "", code: "", context: [], description: "" },
  ]);
  // A FAIL is still the error callers wait for, now with its buffer.
  assert.deepEqual(c.rec.of("error").map((e) => [e.type, e.target, e.error]), [
    ["FAIL", "#t", "JOIN CHANNEL_FULL #t: Cannot join #t: it is full"],
    ["FAIL", "bob", "REDACT UNKNOWN_MSGID bob m3: No such message"],
  ]);
});

Deno.test("the store keeps a standard reply in its buffer, or the network's", async () => {
  await using c = await connectToScriptedPeer({ register: { caps: "batch standard-replies" } });
  using store = MessageStore.open(":memory:");
  store.attach(c.bus, { ownNick: () => c.nick });
  await c.peer.send(
    ":peer.test WARN PRIVMSG SLOW_DOWN #t :You are sending too fast",
    ":peer.test NOTE * OPER_MESSAGE :Restarting soon",
  );
  await c.rec.waitFor("server.reply", (d) => d.type === "NOTE");
  await store.flush();
  assert.deepEqual(store.page(1, "#t").map((l) => [l.kind, l.sender, l.text]), [
    ["reply", "WARN", "PRIVMSG SLOW_DOWN #t: You are sending too fast"],
  ]);
  assert.deepEqual(store.page(1, "*").map((l) => [l.kind, l.sender, l.text]), [
    ["reply", "NOTE", "* OPER_MESSAGE: Restarting soon"],
  ]);
});

// Typing notifications (IRCv3 `+typing`): the sender's pacing on an injected clock, and two
// real clients on InspIRCd with ircv3_ctctags, one seeing the other type, pause and stop.
import assert from "node:assert/strict";
import { EventBus, IrcClient, type IrcClientOptions } from "../../mod.ts";
import { TypingPacer } from "../../irc/_typing.ts";
import { Recorder } from "./_recorder.ts";
import { startInspircd } from "./_servers.ts";
import { connectToScriptedPeer } from "./_connected.ts";

Deno.test("TypingPacer sends active at most once every 3 s, paused and done only after an active", () => {
  let now = 1_000_000;
  const pacer = new TypingPacer(() => now);
  assert.equal(pacer.next("#a", "paused"), undefined, "nothing to pause yet");
  assert.equal(pacer.next("#a", "done"), undefined, "nothing to end yet");
  assert.equal(pacer.next("#a", "active"), "active");
  now += 2999;
  assert.equal(pacer.next("#a", "active"), undefined, "too soon");
  assert.equal(pacer.next("#b", "active"), "active", "each conversation has its own pace");
  now += 1;
  assert.equal(pacer.next("#a", "active"), "active", "3 s later");
  assert.equal(pacer.next("#a", "paused"), "paused");
  assert.equal(pacer.next("#a", "paused"), undefined, "paused once");
  assert.equal(pacer.next("#a", "active"), "active", "typing again after a pause goes out now");
  assert.equal(pacer.next("#a", "done"), "done");
  assert.equal(pacer.next("#a", "done"), undefined, "done once");
  assert.equal(pacer.next("#b", "active"), undefined);
  pacer.sent("#b");
  assert.equal(pacer.next("#b", "done"), undefined, "a sent message ended it");
  assert.equal(pacer.next("#b", "active"), "active", "a new message starts afresh");
});

Deno.test("against InspIRCd: bob sees alice type, pause and stop; the pace holds on the wire", async () => {
  await using server = await startInspircd();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  let now = 5_000_000;
  const base = (networkId: number, nick: string): IrcClientOptions => ({
    bus,
    networkId,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick,
    followUpInterval: 50,
    messageRate: { burst: 20, interval: 50 },
    clock: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (id) => clearTimeout(typeof id === "number" ? id : undefined),
      currentTime: () => now,
    },
  });
  const alice = new IrcClient(base(1, "alice"));
  const bob = new IrcClient(base(2, "bob"));
  try {
    await Promise.all([alice.connect(), bob.connect()]);
    alice.join("#t");
    await rec.waitFor("channel.names.complete", (d) => d.networkId === 1);
    bob.join("#t");
    await rec.waitFor("user.joined", (d) => d.networkId === 1 && d.nickname === "bob");

    alice.typing("#t", "active");
    alice.typing("#t", "active"); // within 3 s: not sent
    now += 3000;
    alice.typing("#t", "active");
    alice.typing("#t", "paused");
    alice.typing("#t", "done");
    // A private one too, then a line: it follows the typing lines in order, so every
    // notification that went out has arrived once bob sees it.
    alice.typing("bob", "active");
    alice.say("#t", "hello");
    await rec.waitFor("message.received", (d) => d.networkId === 2 && d.message === "hello");
    const seen = rec.of("user.typing", 2);
    assert.deepEqual(seen.map((d) => [d.channel, d.user, d.state, d.peer]), [
      ["#t", "alice", "active", undefined],
      ["#t", "alice", "active", undefined],
      ["#t", "alice", "paused", undefined],
      ["#t", "alice", "done", undefined],
      ["", "alice", "active", "alice"],
    ]);
    assert.equal(rec.of("user.typing", 1).length, 0, "our own typing is not an event");
  } finally {
    await Promise.all([alice.disconnect("bye"), bob.disconnect("bye")]);
    await bus.close();
  }
});

Deno.test("a server without message-tags is sent no typing at all", async () => {
  await using c = await connectToScriptedPeer({ register: { caps: "batch server-time" } });
  c.client.typing("#t", "active");
  c.client.say("#t", "plain");
  await c.peer.expect(/^PRIVMSG #t :plain/);
  assert.equal(c.peer.received.some((l) => l.includes("TAGMSG")), false);
});

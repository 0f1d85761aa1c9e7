// Connection loss, reconnects, ERROR and error replies, against the scripted peer.
import assert from "node:assert/strict";
import { EventBus, IrcClient } from "../../mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";
import { ScriptedServer } from "./_peer.ts";
import { Recorder } from "./_recorder.ts";

function options(bus: EventBus, port: number) {
  return { bus, networkId: 4, host: "127.0.0.1", port, tls: false, nick: "me" } as const;
}

Deno.test("a server killed mid-line is connection.lost; the client reconnects and rejoins with keys", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 4,
    reconnect: { initialDelay: 20, maxDelay: 100, jitter: 0.5 },
    messageRate: { burst: 10, interval: 10 },
  });
  const { server, client, rec, peer: first } = link;
  client.join("#k", "sekrit");
  client.join("#open");
  await first.expect(/^JOIN #open$/);
  assert.ok(first.received.includes("JOIN #k sekrit"));
  await first.send(":me!me@h JOIN #k", ":me!me@h JOIN #open");
  await rec.waitFor("channels.changed", (d) => d.channels.length === 2);
  await first.write(":bob!b@h PRIVMSG #k :half a li");
  await first.close();
  const lost = await rec.waitFor("connection.lost");
  assert.deepEqual(lost.data, { networkId: 4, error: "Connection closed by the server" });
  const cleared = await rec.waitFor("channels.changed", (d) => d.channels.length === 0);
  assert.ok(rec.events.indexOf(cleared as never) < rec.events.indexOf(lost as never));
  assert.equal(rec.of("message.received").length, 0, "a partial line is never an event");
  const second = await server.accept();
  await second.register();
  await second.expect(/^JOIN #open$/);
  assert.ok(second.received.includes("JOIN #k sekrit"), second.received.join("\n"));
  await rec.waitFor("connection.established", () => rec.of("connection.established").length === 2);
  assert.equal(client.state, "connected");
  const done = client.disconnect("later");
  await second.expect(/^QUIT :?later/);
  await second.close();
  await done;
  assert.equal(client.state, "disconnected");
  assert.equal(rec.of("connection.lost").at(-1)?.error, "Disconnected: later");
});

Deno.test("server ERROR is an error event and the reason of connection.lost", async () => {
  await using link = await connectToScriptedPeer({ networkId: 4 });
  const { client, peer, rec } = link;
  await peer.send("ERROR :Closing link: (me@h) [K-Lined]");
  await peer.close();
  const lost = await rec.waitFor("connection.lost");
  assert.deepEqual(rec.of("error"), [{
    networkId: 4,
    error: "Closing link: (me@h) [K-Lined]",
    type: "ERROR",
  }]);
  assert.equal(lost.data.error, "Closing link: (me@h) [K-Lined]");
  await client.disconnect();
  assert.equal(client.state, "disconnected");
});

Deno.test("join failures, 482, 442, 401 and FAIL are error events typed by numeric or command", async () => {
  await using link = await connectToScriptedPeer({ networkId: 4 });
  const { peer, rec } = link;
  const codes = ["403", "405", "471", "473", "474", "475", "476", "477", "482", "442", "401"];
  await peer.send(
    ...codes.map((c) => `:peer.test ${c} me #x :Reason ${c}`),
    ":peer.test FAIL CHATHISTORY INVALID_TARGET #x :No such target",
    ":peer.test FAIL REGISTER WEAK_PASSWORD :Too weak",
  );
  await rec.waitFor("error", (d) => d.error.startsWith("REGISTER"));
  assert.deepEqual(rec.of("error"), [
    ...codes.map((c) => ({ networkId: 4, error: `#x: Reason ${c}`, type: c, target: "#x" })),
    {
      networkId: 4,
      error: "CHATHISTORY INVALID_TARGET #x: No such target",
      type: "FAIL",
      target: "#x",
    },
    { networkId: 4, error: "REGISTER WEAK_PASSWORD: Too weak", type: "FAIL" },
  ]);
});

Deno.test("rosters and self-detection fold by the server's CASEMAPPING", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 4,
    nick: "Me[x]",
    register: { isupport: "CASEMAPPING=rfc1459 CHANTYPES=#" },
  });
  const { peer, rec } = link;
  await peer.send(":Me[x]!u@h JOIN #Chan[1]", ":me{x}!u@h PART #chan{1} :bye");
  await rec.waitFor("channels.changed", (d) => d.channels.length === 0);
  assert.deepEqual(rec.of("channels.changed").map((d) => d.channels), [["#Chan[1]"], []]);
  await peer.send(":peer.test 305 me{x} :back", ":other!o@h PRIVMSG ME{X} :hi");
  const pm = await rec.waitFor("message.received");
  assert.deepEqual(pm.data, {
    networkId: 4,
    channel: "",
    user: "other",
    message: "hi",
    timestamp: pm.data.timestamp,
    peer: "other",
    kind: "message",
  });
});

Deno.test("quote() refuses CR, LF and NUL; say() emits message.sent in order", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const client = new IrcClient(options(bus, server.port));
  assert.throws(() => client.quote("PING x"), /not connected/);
  const connecting = client.connect();
  const peer = await server.accept();
  await peer.register();
  await connecting;
  for (const bad of ["PRIVMSG #a :x\r\nQUIT", "A\nB", "nul\0", ""]) {
    assert.throws(() => client.quote(bad), TypeError);
  }
  assert.throws(() => client.join("#a b"), TypeError);
  client.say("#a", "one\ntwo");
  client.say("bob", "pm");
  await peer.expect(/^PRIVMSG bob :pm$/);
  await rec.waitFor("message.sent", (d) => d.message === "pm");
  assert.deepEqual(rec.of("message.sent"), [
    { networkId: 4, channel: "#a", message: "one" },
    { networkId: 4, channel: "#a", message: "two" },
    { networkId: 4, channel: "", message: "pm", target: "bob" },
  ]);
  const done = client.disconnect();
  await peer.expect(/^QUIT/);
  await peer.close();
  await done;
  await bus.close();
});

Deno.test("disconnect() during a pending reconnect stops it and leaves nothing running", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 4,
    reconnect: { initialDelay: 60_000, maxDelay: 60_000 },
  });
  const { client, peer, rec } = link;
  await peer.close();
  await rec.waitFor("connection.lost");
  assert.equal(client.state, "reconnecting");
  await client.disconnect();
  assert.equal(client.state, "disconnected");
  assert.equal(rec.of("error").length, 0, "an intentional stop is not a give-up");
});

Deno.test("reconnects give up after maxAttempts with an error event typed reconnect", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 4,
    reconnect: { initialDelay: 5, maxDelay: 10, maxAttempts: 2 },
  });
  const { server, client, rec } = link;
  await server.close(); // no listener any more: every attempt is refused
  const gaveUp = await rec.waitFor("error", (d) => d.type === "reconnect");
  assert.match(gaveUp.data.error, /gave up, got 2 failed attempts/);
  assert.equal(rec.of("error").filter((d) => d.type === "connect").length, 2);
  assert.equal(client.state, "disconnected");
});

Deno.test("a silent server is a ping timeout: connection.lost says so", async () => {
  await using link = await connectToScriptedPeer({ networkId: 4, pingTimeout: 2000 });
  const lost = await link.rec.waitFor("connection.lost");
  assert.match(lost.data.error, /^Ping timeout/);
});

Deno.test("disconnect() drops unsent follow-ups: a queued WHO never goes out", async () => {
  await using link = await connectToScriptedPeer({ networkId: 4, followUpInterval: 60_000 });
  const { peer, rec } = link;
  await peer.send(
    ":me!me@h JOIN #a",
    ":peer.test 366 me #a :End",
    ":me!me@h JOIN #b",
    ":peer.test 366 me #b :End",
  );
  await peer.expect(/^WHO #a$/);
  await rec.waitFor("channel.names.complete", (d) => d.channel === "#b");
  await link.hangUp();
  assert.equal(peer.received.filter((l) => l.startsWith("WHO #b")).length, 0);
});

Deno.test("SASL EXTERNAL sends an empty response and succeeds once on 900 and 903", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 4,
    sasl: { mechanism: "EXTERNAL", account: "me" },
    register: {
      caps: "sasl=EXTERNAL",
      sasl: async (p) => {
        await p.expect(/^AUTHENTICATE EXTERNAL$/);
        await p.send("AUTHENTICATE +");
        await p.expect(/^AUTHENTICATE \+$/);
        await p.send(
          ":peer.test 900 me me!me@h certuser :You are now logged in as certuser",
          ":peer.test 903 me :SASL authentication successful",
        );
      },
    },
  });
  assert.deepEqual(link.rec.of("sasl.started"), [{ networkId: 4, mechanism: "EXTERNAL" }]);
  assert.deepEqual(link.rec.of("sasl.success"), [{ networkId: 4 }]);
});

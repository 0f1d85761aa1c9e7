// CTCP answers, message kinds and errors routed to their buffer, against a real InspIRCd with
// a second client.
import assert from "node:assert/strict";
import { EventBus, IrcClient } from "../../mod.ts";
import { Recorder } from "./_recorder.ts";
import { startInspircd } from "./_servers.ts";
import { localClientOptions } from "./_connected.ts";

Deno.test("against InspIRCd: CTCP VERSION answered, kinds seen by the other client, 404 after a kick", async () => {
  await using server = await startInspircd();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const alice = new IrcClient(
    localClientOptions(server.port, { bus, networkId: 1, nick: "alice" }),
  );
  const bob = new IrcClient(localClientOptions(server.port, { bus, networkId: 2, nick: "bob" }));
  try {
    await Promise.all([alice.connect(), bob.connect()]);

    // bob asks alice's client its version; alice's client answers by itself.
    bob.say("alice", "\x01VERSION\x01");
    const reply = await rec.waitFor("message.received", (d) => d.networkId === 2);
    assert.equal(reply.data.kind, "ctcp");
    assert.match(reply.data.message, /^VERSION ircbus \S+ \(Deno [\d.]+\)$/);
    assert.equal(reply.data.user, "alice");
    const request = await rec.waitFor("message.received", (d) => d.networkId === 1);
    assert.deepEqual([request.data.kind, request.data.message], ["ctcp", "VERSION"]);

    alice.join("#k");
    await rec.waitFor("channel.names.complete", (d) => d.networkId === 1);
    bob.join("#k");
    await rec.waitFor("user.joined", (d) => d.networkId === 1 && d.nickname === "bob");
    alice.action("#k", "waves");
    alice.quote("NOTICE #k :heads up");
    await rec.waitFor("message.received", (d) => d.networkId === 2 && d.kind === "notice");
    assert.deepEqual(
      rec.of("message.received", 2).slice(1).map((d) => [d.kind, d.message]),
      [["action", "waves"], ["notice", "heads up"]],
    );

    // Kicked, bob's next line to #k is refused, and the error names #k.
    alice.quote("KICK #k bob :out");
    await rec.waitFor("user.kicked", (d) => d.networkId === 2);
    bob.say("#k", "still here?");
    const refused = await rec.waitFor("error", (d) => d.networkId === 2 && d.type === "404");
    assert.equal(refused.data.target, "#k");
    // And asking about a nick nobody has is routed to that nick.
    bob.quote("PRIVMSG nobody :hello?");
    const missing = await rec.waitFor("error", (d) => d.networkId === 2 && d.type === "401");
    assert.equal(missing.data.target, "nobody");
  } finally {
    await Promise.all([alice.disconnect("bye"), bob.disconnect("bye")]);
    await bus.close();
  }
});

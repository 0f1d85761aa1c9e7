// Bot mode and labeled-response on a real InspIRCd 3.15 (botmode, ircv3_labeledresponse):
// a bot's messages carry `bot`, WHO and WHOIS mark it in user.meta, and a labeled WHOIS
// ends its wait as soon as the server's answer ends.
import assert from "node:assert/strict";
import { EventBus, IrcClient } from "../../mod.ts";
import { Recorder } from "./_recorder.ts";
import { startInspircd } from "./_servers.ts";
import { connectToScriptedPeer, localClientOptions } from "./_connected.ts";

Deno.test("against InspIRCd: a +B user's messages are bot, and WHO and WHOIS mark it in user.meta", async () => {
  await using server = await startInspircd();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const robot = new IrcClient(
    localClientOptions(server.port, { bus, networkId: 1, nick: "robot" }),
  );
  const human = new IrcClient(
    localClientOptions(server.port, { bus, networkId: 2, nick: "human" }),
  );
  try {
    await Promise.all([robot.connect(), human.connect()]);
    robot.quote("MODE robot +B");
    robot.join("#t");
    await rec.waitFor("channel.names.complete", (d) => d.networkId === 1);
    human.join("#t");
    // human's WHO of the channel sees robot's B flag.
    const seen = await rec.waitFor(
      "user.meta",
      (d) => d.networkId === 2 && d.nickname === "robot" && d.bot === true,
    );
    assert.equal(seen.data.bot, true);
    robot.say("#t", "beep");
    human.say("#t", "hello");
    const beep = await rec.waitFor("message.received", (d) => d.networkId === 2);
    assert.deepEqual([beep.data.user, beep.data.message, beep.data.bot], ["robot", "beep", true]);
    const hello = await rec.waitFor("message.received", (d) => d.networkId === 1);
    assert.equal(hello.data.bot, undefined, "a person's message is not marked");
    const whois = await human.whois("robot");
    assert.equal(whois.bot, true);
    assert.equal((await human.whois("human")).bot, false);
    // Labeled: the answer about a missing nick ends the wait with the 401, not a timeout.
    await assert.rejects(human.whois("nobody", { timeoutMs: 60_000 }), /no such nick/);
  } finally {
    await Promise.all([robot.disconnect(), human.disconnect()]);
    await bus.close();
  }
});

Deno.test("whois() is labeled where the server offers labeled-response; an ACK ends the wait", async () => {
  await using c = await connectToScriptedPeer({
    register: { caps: "batch server-time message-tags labeled-response" },
  });
  const asking = c.client.whois("ghost", { timeoutMs: 60_000 });
  const line = await c.peer.expect(/WHOIS ghost/);
  const label = /^@label=(\S+) WHOIS ghost$/.exec(line)?.[1];
  assert.ok(label, line);
  await c.peer.send(`@label=${label} :peer.test ACK`);
  await assert.rejects(asking, /Cannot get WHOIS: the server's answer held no reply, got ghost/);
  // A labeled batch with the reply resolves as before.
  const again = c.client.whois("bob", { timeoutMs: 60_000 });
  const second = /^@label=(\S+) /.exec(await c.peer.expect(/WHOIS bob/))?.[1];
  await c.peer.send(
    `@label=${second} :peer.test BATCH +w labeled-response`,
    `@batch=w :peer.test 311 ${c.nick} bob b h * :Bob`,
    `@batch=w :peer.test 335 ${c.nick} bob :is a bot`,
    `@batch=w :peer.test 318 ${c.nick} bob :End of /WHOIS list.`,
    ":peer.test BATCH -w",
  );
  const info = await again;
  assert.deepEqual([info.nickname, info.realname, info.bot], ["bob", "Bob", true]);
});

Deno.test("a labeled answer ends only its own WHOIS: the next one of the same nick, sent before it closed, waits for its own", async () => {
  await using c = await connectToScriptedPeer({
    register: { caps: "batch server-time message-tags labeled-response" },
  });
  const first = c.client.whois("bob", { timeoutMs: 60_000 });
  const l1 = /^@label=(\S+) /.exec(await c.peer.expect(/WHOIS bob/))?.[1];
  await c.peer.send(
    `@label=${l1} :peer.test BATCH +a labeled-response`,
    `@batch=a :peer.test 311 ${c.nick} bob b h * :Bob`,
    `@batch=a :peer.test 318 ${c.nick} bob :End of /WHOIS list.`,
  );
  assert.equal((await first).nickname, "bob");
  // Asked again as soon as the first resolved, before its batch has closed.
  const second = c.client.whois("bob", { timeoutMs: 60_000 });
  const from = c.peer.received.length;
  const l2 = /^@label=(\S+) /.exec(await c.peer.expect(/WHOIS bob/, from))?.[1];
  await c.peer.send(":peer.test BATCH -a");
  await c.peer.send(
    `@label=${l2} :peer.test BATCH +b labeled-response`,
    `@batch=b :peer.test 311 ${c.nick} bob b h * :Bob again`,
    `@batch=b :peer.test 318 ${c.nick} bob :End of /WHOIS list.`,
    ":peer.test BATCH -b",
  );
  assert.equal((await second).realname, "Bob again");
});

Deno.test("without labeled-response, whois() sends a plain WHOIS", async () => {
  await using c = await connectToScriptedPeer();
  const asking = c.client.whois("bob", { timeoutMs: 60_000 });
  assert.equal(await c.peer.expect(/WHOIS/), "WHOIS bob");
  await c.peer.send(`:peer.test 318 ${c.nick} bob :End of /WHOIS list.`);
  assert.equal((await asking).nickname, "bob");
});

// Nickname fallback at registration (bounded, no repeats, a clear error) and taking the
// configured nickname back: MONITOR where offered, else a paced retry on an injected clock.
import assert from "node:assert/strict";
import FakeTimers from "@sinonjs/fake-timers";
import { EventBus, IrcClient, IrcConnectError } from "../../mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";
import { type PeerConn, ScriptedServer } from "./_peer.ts";
import { Recorder } from "./_recorder.ts";
import { nickFallbacks } from "../../irc/_registration_reader.ts";

/**
 * Answers CAP, then refuses every NICK with 433, naming it cut to `nicklen` as a server
 * that truncates would; resolves with the NICKs sent once the client QUITs.
 */
async function refuseEveryNick(peer: PeerConn, nicklen = Infinity): Promise<string[]> {
  await peer.expect(/^CAP LS/);
  await peer.send(":peer.test CAP * LS :");
  const nicks: string[] = [];
  let from = 0;
  for (;;) {
    const line = await peer.expect(/^(NICK|QUIT)\b/, from);
    from = peer.received.lastIndexOf(line) + 1;
    if (line.startsWith("QUIT")) return nicks;
    const nick = line.slice(5);
    nicks.push(nick);
    await peer.send(`:peer.test 433 * ${nick.slice(0, nicklen)} :Nickname is already in use`);
  }
}

Deno.test("nickFallbacks() is nick_, nick__, nick1... after altNicks, cut to the length, no repeats", () => {
  assert.deepEqual(nickFallbacks("me", []), [
    "me_",
    "me__",
    "me1",
    "me2",
    "me3",
    "me4",
    "me5",
    "me6",
    "me7",
    "me8",
  ]);
  assert.deepEqual(nickFallbacks("me", ["Me", "alt", "ALT"]).slice(0, 4), [
    "alt",
    "me_",
    "me__",
    "me1",
  ]);
  const cut = nickFallbacks("ninechars", [], 9);
  assert.deepEqual(cut.slice(0, 4), ["ninechar_", "ninecha__", "ninechar1", "ninechar2"]);
  assert.ok(cut.every((n) => n.length <= 9));
  assert.equal(new Set(cut).size, cut.length);
});

Deno.test("a nick fallback that never finds a free nick is bounded, never repeats, and rejects connect() with code nick", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const client = new IrcClient({
    bus,
    networkId: 1,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "carol",
    altNicks: ["carol2"],
  });
  const connecting = client.connect().catch((e: unknown) => e);
  const peer = await server.accept();
  const sent = await refuseEveryNick(peer);
  const error = await connecting;
  assert.ok(error instanceof IrcConnectError);
  assert.equal(error.code, "nick");
  assert.match(error.message, /^Cannot connect to 127\.0\.0\.1:\d+: every nickname tried is taken/);
  assert.deepEqual(sent, [
    "carol",
    "carol2",
    "carol_",
    "carol__",
    "carol1",
    "carol3", // carol2 was an altNick, tried already
    "carol4",
    "carol5",
    "carol6",
    "carol7",
    "carol8",
  ]);
  assert.equal(rec.of("error").at(-1)?.type, "connect");
  await peer.close();
  await bus.close();
});

Deno.test("a server that cuts nicknames to its NICKLEN never sees the same nick twice", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  const client = new IrcClient({
    bus,
    networkId: 1,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "ninechars",
  });
  const connecting = client.connect().catch((e: unknown) => e);
  const peer = await server.accept();
  const sent = await refuseEveryNick(peer, 9);
  assert.ok((await connecting) instanceof IrcConnectError);
  const seen = sent.map((n) => n.slice(0, 9).toLowerCase());
  // The first fallback (ninechars_) is cut to the nick itself; from then on each fits.
  assert.deepEqual(seen.slice(0, 3), ["ninechars", "ninechars", "ninechar_"]);
  assert.equal(new Set(seen.slice(1)).size, seen.length - 1, sent.join(" "));
  assert.ok(sent.length <= 11);
  await peer.close();
  await bus.close();
});

Deno.test("under a fallback nick, MONITOR takes the configured nick back as soon as it is offline", async () => {
  await using link = await connectToScriptedPeer({
    nick: "carol",
    register: { nickInUse: ["carol"], isupport: "CASEMAPPING=rfc1459 CHANTYPES=# MONITOR=100" },
  });
  const { peer, client, rec } = link;
  assert.equal(client.nickname, "carol_");
  await peer.expect(/^MONITOR \+ carol$/);
  await peer.send(":peer.test 730 carol_ :carol!c@ghost");
  await peer.send(":peer.test 731 carol_ :carol");
  await peer.expect(/^NICK carol$/);
  await peer.send(":carol_!c@h NICK :carol");
  await peer.expect(/^MONITOR - carol$/);
  await rec.waitFor("user.nick", (d) => d.nickname === "carol");
  assert.equal(client.nickname, "carol");
  assert.deepEqual(rec.of("error"), []);
});

Deno.test("without MONITOR, the configured nick is retried at a pace on the injected clock", async () => {
  const clock = FakeTimers.createClock(0);
  await using link = await connectToScriptedPeer({
    nick: "carol",
    nickRegainInterval: 60_000,
    clock,
    messageRate: { burst: 50, interval: 1 },
    register: { nickInUse: ["carol"] },
  });
  const { peer, client, rec } = link;
  assert.equal(client.nickname, "carol_");
  /** Lines the client sent up to a marker that goes out after everything written so far. */
  let marks = 0;
  const sentUntilMark = async (): Promise<string[]> => {
    const mark = `PING :mark${++marks}`;
    client.quote(mark);
    await peer.expect(new RegExp(`^${mark}$`));
    return peer.received.slice(0, peer.received.indexOf(mark));
  };
  // Attempts after the registration, which ended on NICK carol_.
  const attempts = async () => {
    const sent = await sentUntilMark();
    return sent.slice(sent.indexOf("NICK carol_")).filter((l) => l === "NICK carol").length;
  };
  clock.tick(59_999);
  assert.equal(await attempts(), 0);
  clock.tick(1);
  assert.equal(await attempts(), 1);
  await peer.send(":peer.test 433 carol_ carol :Nickname is already in use");
  clock.tick(60_000);
  assert.equal(await attempts(), 2);
  await peer.send(":carol_!c@h NICK :carol");
  await rec.waitFor("user.nick", (d) => d.nickname === "carol");
  clock.tick(600_000);
  assert.equal(await attempts(), 2, "no attempt once the nick is back");
  assert.equal(client.nickname, "carol");
  assert.deepEqual(rec.of("error"), [], "our own refused attempt is not an error event");
});

// Wire order and the read path, against the scripted peer: a held subscriber never stops
// PING answers, a 5,000-user NAMES flood, CHATHISTORY with nested batches and msgid dedupe.
import assert from "node:assert/strict";
import { EventBus } from "../../mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";

function gate(): { wait: Promise<void>; open: () => void; opened: boolean } {
  let open!: () => void;
  const g = {
    opened: false,
    wait: new Promise<void>((resolve) => open = resolve),
    open: () => {
      g.opened = true;
      open();
    },
  };
  return g;
}

Deno.test("the client answers PING while a subscriber is held and the bus is full", async () => {
  const bus = new EventBus({ capacity: 16 });
  const held = gate();
  const seen: number[] = [];
  bus.subscribe("message.received", async (event) => {
    if (seen.length === 0) await held.wait;
    seen.push(Number(event.data.message));
  });
  await using link = await connectToScriptedPeer({ bus });
  const { peer } = link;
  const flood: string[] = [];
  for (let i = 0; i < 5000; i++) flood.push(`:bob!b@h PRIVMSG #c :${i}`);
  await peer.send(...flood, "PING :still-there");
  await peer.expect(/^PONG :?still-there$/);
  assert.equal(held.opened, false, "the subscriber is still held when PONG goes out");
  assert.ok(bus.stats().queued >= 16, "the bus is full while the client keeps reading");
  held.open();
  const last = new Promise<void>((resolve) => {
    bus.subscribe("message.received", (e) => {
      if (e.data.message === "4999") resolve();
    });
  });
  await last;
  assert.deepEqual(seen, flood.map((_, i) => i));
});

Deno.test("a 5,000-user NAMES and 1,000 away changes with a slow subscriber: complete roster, coalesced user.meta, no stall", async () => {
  const bus = new EventBus({ capacity: 64 });
  const held = gate();
  let metaDeliveries = 0;
  const lastMeta = new Map<string, { away: boolean; away_message?: string }>();
  bus.subscribe("user.meta", async (event) => {
    metaDeliveries++;
    lastMeta.set(event.data.nickname, event.data);
    if (!held.opened) await held.wait;
  });
  await using link = await connectToScriptedPeer({
    bus,
    followUpInterval: 10,
    register: { caps: "away-notify userhost-in-names multi-prefix" },
  });
  const { client, peer, rec } = link;
  client.join("#big");
  await peer.expect(/^JOIN #big$/);
  const lines = [":me!me@h JOIN #big"];
  const users: string[] = [];
  for (let i = 0; i < 5000; i++) users.push(`u${i}`);
  for (let i = 0; i < 5000; i += 20) {
    const chunk = users.slice(i, i + 20).map((u, j) =>
      `${(i + j) % 7 === 0 ? "@" : ""}${u}!id@host${i + j}`
    );
    lines.push(`:peer.test 353 me = #big :${chunk.join(" ")}`);
  }
  lines.push(":peer.test 366 me #big :End of /NAMES list.");
  for (let i = 0; i < 1000; i++) lines.push(`:u${i}!id@host${i} AWAY :gone ${i}`);
  lines.push("PING :flood-done");
  await peer.send(...lines);
  await peer.expect(/^PONG :?flood-done$/);
  const who = await peer.expect(/^WHO #big/);
  assert.equal(who, "WHO #big", "enrichment starts after NAMES completed");
  held.open();
  const names = await rec.waitFor("channel.names.complete");
  assert.equal(names.data.users.length, 5000);
  assert.deepEqual(names.data.users, users);
  const marker = peer.send(":x!x@h PRIVMSG #big :marker");
  await marker;
  await rec.waitFor("message.received", (d) => d.message === "marker");
  await rec.waitFor("user.meta", (d) => d.nickname === "u999" && d.away);
  assert.ok(metaDeliveries < 6000, `user.meta coalesced: ${metaDeliveries} deliveries`);
  assert.deepEqual(lastMeta.get("u999"), {
    networkId: 1,
    nickname: "u999",
    away: true,
    away_message: "gone 999",
    host: "id@host999",
  });
});

Deno.test("CHATHISTORY replays keep wire order, nested multiline batches survive, msgids dedupe", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 3,
    followUpInterval: 5,
    historyLimit: 20,
    register: { caps: "batch server-time message-tags draft/chathistory draft/multiline" },
  });
  const { client, peer, rec } = link;
  client.join("#h");
  await peer.expect(/^JOIN #h$/);
  await peer.send(":me!me@h JOIN #h", ":peer.test 353 me = #h :me a", ":peer.test 366 me #h :End");
  await peer.expect(/^WHO #h$/);
  await peer.expect(/^CHATHISTORY LATEST #h \* 20$/);
  const t = (s: number) => `time=2024-01-01T00:00:0${s}.000Z`;
  await peer.send(
    `@msgid=m3;${t(3)} :a!a@h PRIVMSG #h :three`,
    ":peer.test BATCH +hist chathistory #h",
    `@batch=hist;msgid=m1;${t(1)} :a!a@h PRIVMSG #h :one`,
    `@msgid=m9 :b!b@h PRIVMSG #h :live during replay`,
    `@batch=hist;msgid=m2;${t(2)} :peer.test BATCH +ml draft/multiline #h`,
    "@batch=ml :a!a@h PRIVMSG #h :two-a",
    "@batch=ml;draft/multiline-concat :a!a@h PRIVMSG #h :+tail",
    "@batch=ml :a!a@h PRIVMSG #h :two-b",
    ":peer.test BATCH -ml",
    `@batch=hist;msgid=m3;${t(3)} :a!a@h PRIVMSG #h :three`,
    "@batch=hist :z!z@h JOIN #h",
    ":peer.test BATCH -hist",
    "@msgid=m1 :a!a@h PRIVMSG #h :one",
    "@msgid=m10 :a!a@h PRIVMSG #h :after",
  );
  await rec.waitFor("message.received", (d) => d.msgid === "m10");
  const messages = rec.of("message.received").map((d) => [d.msgid, d.message, d.history ?? false]);
  assert.deepEqual(messages, [
    ["m3", "three", false],
    ["m1", "one", true],
    ["m9", "live during replay", false],
    ["m2", "two-a+tail\ntwo-b", true],
    ["m10", "after", false],
  ]);
  const replayed = rec.of("message.received")[1];
  assert.equal(replayed.timestamp, Date.parse("2024-01-01T00:00:01Z") / 1000);
  assert.equal(replayed.channel, "#h");
  assert.equal(rec.of("user.joined").filter((d) => d.nickname === "z").length, 0);
});

Deno.test("without implicit NAMES the client asks for it, paced, and enriches only after it completes", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 5,
    followUpInterval: 20,
    register: {
      caps: "draft/no-implicit-names account-notify account-tag chghost setname extended-join",
      isupport: "CASEMAPPING=ascii CHANTYPES=# WHOX PREFIX=(ov)@+",
    },
  });
  const { client, peer, rec } = link;
  client.join("#q");
  await peer.expect(/^JOIN #q$/);
  await peer.send(":me!me@h JOIN #q * :Me Myself");
  await peer.expect(/^NAMES #q$/);
  const before = peer.received.length;
  await peer.send(":peer.test 353 me = #q :me @ann", ":peer.test 366 me #q :End");
  const who = await peer.expect(/^WHO #q/, before);
  assert.equal(who, "WHO #q %tcuhnfar,152");
  const names = await rec.waitFor("channel.names.complete");
  assert.deepEqual(names.data, {
    networkId: 5,
    channel: "#q",
    users: ["me", "ann"],
    members: ["me", "@ann"],
    prefix: "(ov)@+",
    casemapping: "ascii",
  });
  const meta = (
    nick: string,
    match: (d: { account?: string; host?: string; realname?: string }) => boolean,
  ) => rec.waitFor("user.meta", (d) => d.nickname === nick && match(d));
  // user.meta is last-write-wins: step one change at a time to see each snapshot.
  await peer.send(":peer.test 354 me 152 #q annid ann.host ann H@ annacct :Ann Real");
  await meta("ann", (d) => d.account === "annacct" && d.realname === "Ann Real");
  await peer.send(":ann!annid@ann.host CHGHOST newid new.host");
  await meta("ann", (d) => d.host === "newid@new.host");
  await peer.send(":ann!newid@new.host SETNAME :Ann Renamed");
  await meta("ann", (d) => d.realname === "Ann Renamed");
  await peer.send(":ann!newid@new.host ACCOUNT *");
  await meta("ann", (d) => d.account === undefined && d.realname === "Ann Renamed");
  await peer.send("@account=tagacct :ann!newid@new.host PRIVMSG #q :tagged");
  const last = await meta("ann", (d) => d.account === "tagacct");
  assert.deepEqual(last.data, {
    networkId: 5,
    nickname: "ann",
    away: false,
    account: "tagacct",
    host: "newid@new.host",
    realname: "Ann Renamed",
  });
});

Deno.test("user.meta is keyed by the casefolded nick: case variants coalesce into one snapshot", async () => {
  const bus = new EventBus();
  const held = gate();
  type Meta = { nickname: string; away_message?: string };
  let firstMeta!: (data: Meta) => void;
  const first = new Promise<Meta>((resolve) => firstMeta = resolve);
  bus.subscribe("message.received", async () => {
    if (!held.opened) await held.wait;
  });
  bus.subscribe("user.meta", (e) => {
    if (e.data.nickname.toLowerCase().startsWith("nick")) firstMeta(e.data);
  });
  await using link = await connectToScriptedPeer({
    bus,
    networkId: 6,
    register: { caps: "away-notify", isupport: "CASEMAPPING=rfc1459" },
  });
  const { peer } = link;
  // The held subscriber keeps the dispatcher busy, so the snapshot lane coalesces by key.
  await peer.send(
    ":x!x@h PRIVMSG me :hold",
    ":Nick[1]!u@h AWAY :first",
    ":nick{1}!u@h AWAY :second",
    "PING :sent",
  );
  await peer.expect(/^PONG :?sent$/);
  held.open();
  // With one key the first delivery is already the latest state; with two keys it would be
  // Nick[1]'s "first" (the snapshot lane keeps the position of the first write).
  const meta = await first;
  assert.deepEqual([meta.nickname, meta.away_message], ["nick{1}", "second"]);
});

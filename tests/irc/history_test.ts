// Backfill (draft/chathistory) and read markers (draft/read-marker) against the scripted peer.
import assert from "node:assert/strict";
import { createEvent, EventBus, EventSourceUI } from "../../mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";
import type { PeerConn } from "./_peer.ts";

const HISTORY_CAPS = "batch server-time message-tags draft/chathistory";
const at = (s: number) => `2024-01-01T00:00:${String(s).padStart(2, "0")}.000Z`;

/** Our JOIN echoed, with a NAMES reply holding only us. */
function joined(peer: PeerConn, channel: string): Promise<void> {
  return peer.send(
    `:me!me@h JOIN ${channel}`,
    `:peer.test 353 me = ${channel} :me`,
    `:peer.test 366 me ${channel} :End`,
  );
}

/** Every line the client sends after `from` that matches. */
function sent(peer: PeerConn, match: RegExp, from = 0): string[] {
  return peer.received.slice(from).filter((line) => match.test(line));
}

/** Resolves once every line the client wrote before this call reached the peer. */
async function flushed(peer: PeerConn, client: { quote(line: string): void }): Promise<void> {
  const token = crypto.randomUUID();
  client.quote(`PING ${token}`);
  await peer.expect(new RegExp(`^PING ${token}$`));
}

Deno.test("IrcClient backfills on join: AFTER the stored time from the lookup, LATEST when none, one request at a time", async () => {
  const lookups: string[] = [];
  await using link = await connectToScriptedPeer({
    networkId: 4,
    followUpInterval: 0,
    historyLimit: 100,
    lastStored: (networkId, buffer) => {
      lookups.push(`${networkId} ${buffer}`);
      return buffer === "#a" ? new Date(at(5)) : undefined;
    },
    register: {
      caps: HISTORY_CAPS,
      isupport: "CASEMAPPING=rfc1459 CHANTYPES=# CHATHISTORY=30 PREFIX=(ov)@+",
    },
  });
  const { client, peer, rec } = link;
  client.join("#a");
  client.join("#b");
  await joined(peer, "#a");
  await joined(peer, "#b");
  // ISUPPORT CHATHISTORY=30 caps the limit of 100.
  await peer.expect(/^CHATHISTORY AFTER #a timestamp=2024-01-01T00:00:05\.000Z 30$/);
  await rec.waitFor("channel.names.complete", (d) => d.channel === "#b");
  await flushed(peer, client);
  assert.deepEqual(sent(peer, /^CHATHISTORY/), [
    "CHATHISTORY AFTER #a timestamp=2024-01-01T00:00:05.000Z 30",
  ], "the request for #b waits while the reply for #a is open");
  assert.deepEqual(lookups, ["4 #a", "4 #b"]);

  await peer.send(
    ":peer.test BATCH +h1 chathistory #a",
    `@batch=h1;msgid=a6;time=${at(6)} :ann!a@h PRIVMSG #a :missed six`,
    `@batch=h1;msgid=a7;time=${at(7)} :ann!a@h NOTICE #a :missed seven`,
  );
  await rec.waitFor("message.received", (d) => d.msgid === "a7");
  await flushed(peer, client);
  assert.equal(sent(peer, /^CHATHISTORY LATEST/).length, 0, "not before the batch ends");
  await peer.send(":peer.test BATCH -h1");
  await peer.expect(/^CHATHISTORY LATEST #b \* 30$/);
  await peer.send(
    ":peer.test BATCH +h2 chathistory #b",
    `@batch=h2;msgid=b1;time=${at(1)} :bob!b@h PRIVMSG #b :latest`,
    ":peer.test BATCH -h2",
  );
  await rec.waitFor("message.received", (d) => d.msgid === "b1");
  const history = rec.of("message.received", 4).map((d) => ({
    channel: d.channel,
    msgid: d.msgid,
    timestamp: d.timestamp,
    history: d.history,
  }));
  assert.deepEqual(history, [
    { channel: "#a", msgid: "a6", timestamp: Date.parse(at(6)) / 1000, history: true },
    { channel: "#a", msgid: "a7", timestamp: Date.parse(at(7)) / 1000, history: true },
    { channel: "#b", msgid: "b1", timestamp: Date.parse(at(1)) / 1000, history: true },
  ]);
  const event = rec.events.find((e) => e.type === "message.received");
  assert.equal(event?.timestamp.toISOString(), at(6), "the event carries the server time");
});

Deno.test("IrcClient asks for the next AFTER page while a reply comes back full, and goes on after a FAIL", async () => {
  await using link = await connectToScriptedPeer({
    followUpInterval: 0,
    historyLimit: 2,
    lastStored: () => new Date(at(1)),
    register: { caps: HISTORY_CAPS },
  });
  const { client, peer } = link;
  client.join("#p");
  client.join("#q");
  await joined(peer, "#p");
  await joined(peer, "#q");
  await peer.expect(/^CHATHISTORY AFTER #p timestamp=2024-01-01T00:00:01\.000Z 2$/);
  await peer.send(
    ":peer.test BATCH +x chathistory #p",
    `@batch=x;msgid=p2;time=${at(2)} :ann!a@h PRIVMSG #p :two`,
    `@batch=x;msgid=p3;time=${at(3)} :ann!a@h PRIVMSG #p :three`,
    ":peer.test BATCH -x",
  );
  await peer.expect(/^CHATHISTORY AFTER #p timestamp=2024-01-01T00:00:03\.000Z 2$/);
  await peer.send(
    ":peer.test BATCH +y chathistory #p",
    `@batch=y;msgid=p4;time=${at(4)} :ann!a@h PRIVMSG #p :four`,
    ":peer.test BATCH -y",
  );
  await peer.expect(/^CHATHISTORY AFTER #q /);
  await peer.send(
    ":peer.test FAIL CHATHISTORY MESSAGE_ERROR AFTER #q :Messages could not be retrieved",
  );
  await flushed(peer, client);
  assert.equal(sent(peer, /^CHATHISTORY/).length, 3, "a reply that is not full ends the paging");
});

Deno.test("IrcClient labels CHATHISTORY where it can: an answer without history (an ACK) ends the request at once", async () => {
  await using link = await connectToScriptedPeer({
    followUpInterval: 0,
    historyLimit: 2,
    lastStored: () => new Date(at(1)),
    register: { caps: `${HISTORY_CAPS} labeled-response` },
  });
  const { client, peer } = link;
  client.join("#p");
  client.join("#q");
  client.join("#r");
  await joined(peer, "#p");
  await joined(peer, "#q");
  await joined(peer, "#r");
  const first = await peer.expect(/CHATHISTORY AFTER #p /);
  const label = /^@label=(\S+) CHATHISTORY AFTER #p timestamp=\S+ 2$/.exec(first)?.[1];
  assert.ok(label, first);
  // A full page, in a labeled-response batch around the chathistory one: the next page.
  await peer.send(
    `@label=${label} :peer.test BATCH +w labeled-response`,
    "@batch=w :peer.test BATCH +x chathistory #p",
    `@batch=x;msgid=p2;time=${at(2)} :ann!a@h PRIVMSG #p :two`,
    `@batch=x;msgid=p3;time=${at(3)} :ann!a@h PRIVMSG #p :three`,
    ":peer.test BATCH -x",
    ":peer.test BATCH -w",
  );
  const second = await peer.expect(/CHATHISTORY AFTER #p timestamp=2024-01-01T00:00:03\.000Z/);
  const label2 = /^@label=(\S+) /.exec(second)?.[1];
  assert.ok(label2 && label2 !== label, second);
  // No history left: the server answers with a bare ACK, and #q is asked for at once.
  await peer.send(`@label=${label2} :peer.test ACK`);
  const q = await peer.expect(/CHATHISTORY AFTER #q /);
  const label3 = /^@label=(\S+) /.exec(q)?.[1];
  // A labeled FAIL ends #q too, and #r follows.
  await peer.send(
    `@label=${label3} :peer.test FAIL CHATHISTORY MESSAGE_ERROR AFTER #q :Messages could not be retrieved`,
  );
  await peer.expect(/CHATHISTORY AFTER #r /);
  await flushed(peer, client);
  assert.equal(sent(peer, /CHATHISTORY/).length, 4);
});

Deno.test("IrcClient backfills after a reconnect from the last stored line, and emits a line seen live and replayed once", async () => {
  const bus = new EventBus();
  const stored = new Map<string, Date>();
  bus.subscribe("message.received", (event) => {
    const key = `${event.data.networkId} ${event.data.channel}`;
    const last = stored.get(key);
    if (last === undefined || event.timestamp > last) stored.set(key, event.timestamp);
  });
  await using link = await connectToScriptedPeer({
    bus,
    networkId: 7,
    followUpInterval: 0,
    reconnect: { initialDelay: 10, jitter: 0 },
    lastStored: (networkId, buffer) => stored.get(`${networkId} ${buffer}`),
    register: { caps: HISTORY_CAPS },
  });
  const { client, peer, rec, server } = link;
  client.join("#r");
  await joined(peer, "#r");
  await peer.expect(/^CHATHISTORY LATEST #r \* 50$/);
  await peer.send(":peer.test BATCH +e chathistory #r", ":peer.test BATCH -e");
  await peer.send(`@msgid=r1;time=${at(11)} :ann!a@h PRIVMSG #r :live before the drop`);
  await rec.waitFor("message.received", (d) => d.msgid === "r1");
  await peer.close();
  await rec.waitFor("connection.lost");

  const second = await server.accept();
  await second.register({ caps: HISTORY_CAPS });
  await second.expect(/^JOIN #r$/);
  await joined(second, "#r");
  await second.expect(/^CHATHISTORY AFTER #r timestamp=2024-01-01T00:00:11\.000Z 50$/);
  await second.send(
    `@msgid=r3;time=${at(13)} :ann!a@h PRIVMSG #r :live after the rejoin`,
    ":peer.test BATCH +z chathistory #r",
    `@batch=z;msgid=r1;time=${at(11)} :ann!a@h PRIVMSG #r :live before the drop`,
    `@batch=z;msgid=r2;time=${at(12)} :ann!a@h PRIVMSG #r :missed while away`,
    `@batch=z;msgid=r3;time=${at(13)} :ann!a@h PRIVMSG #r :live after the rejoin`,
    ":peer.test BATCH -z",
    `@msgid=r4;time=${at(14)} :ann!a@h PRIVMSG #r :end`,
  );
  await rec.waitFor("message.received", (d) => d.msgid === "r4");
  const lines = rec.of("message.received", 7).map((d) => [d.msgid, d.history ?? false]);
  assert.deepEqual(lines, [["r1", false], ["r3", false], ["r2", true], ["r4", false]]);
  const quit = client.disconnect();
  await second.expect(/^QUIT/);
  await second.close();
  await quit;
});

Deno.test("IrcClient syncs read markers both ways: MARKREAD in as buffer.read, buffer.read out as MARKREAD", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 2,
    register: { caps: "server-time draft/read-marker" },
  });
  const { client, peer, rec, bus } = link;
  client.join("#m");
  await peer.send(":me!me@h JOIN #m", `:peer.test MARKREAD #m timestamp=${at(3)}`);
  const marker = await rec.waitFor("buffer.read");
  assert.deepEqual(marker.data, { networkId: 2, buffer: "#m", timestamp: at(3) });
  assert.equal(marker.source, "irc");
  await peer.send(":peer.test MARKREAD alice *");
  await flushed(peer, client);
  assert.equal(sent(peer, /^MARKREAD/).length, 0, "a marker from the server is not sent back");
  assert.equal(rec.of("buffer.read").length, 1, "no marker stored yet is no event");

  const read = (buffer: string, timestamp: string, networkId = 2) =>
    bus.emit(createEvent("buffer.read", { networkId, buffer, timestamp }, EventSourceUI));
  await read("#m", at(9));
  await peer.expect(/^MARKREAD #m timestamp=2024-01-01T00:00:09\.000Z$/);
  await read("#M", at(8)); // older than what the server knows: not sent
  await read("#m", at(10), 3); // another network's buffer
  await read("alice", "not a time");
  await read("alice", at(20));
  await peer.expect(/^MARKREAD alice timestamp=2024-01-01T00:00:20\.000Z$/);
  assert.deepEqual(sent(peer, /^MARKREAD/), [
    "MARKREAD #m timestamp=2024-01-01T00:00:09.000Z",
    "MARKREAD alice timestamp=2024-01-01T00:00:20.000Z",
  ]);
});

Deno.test("IrcClient sends no MARKREAD to a server without draft/read-marker", async () => {
  await using link = await connectToScriptedPeer({ register: { caps: "server-time" } });
  const { client, peer, bus } = link;
  await bus.emit(
    createEvent("buffer.read", { networkId: 1, buffer: "#x", timestamp: at(1) }, EventSourceUI),
  );
  await flushed(peer, client);
  assert.equal(sent(peer, /^MARKREAD/).length, 0);
  assert.ok(!sent(peer, /^CAP REQ/)[0].includes("draft/read-marker"));
});

Deno.test("IrcClient asks for no history when the server offers chathistory without batch and server-time", async () => {
  await using link = await connectToScriptedPeer({
    followUpInterval: 0,
    register: { caps: "draft/chathistory message-tags" },
  });
  const { client, peer, rec } = link;
  client.join("#n");
  await joined(peer, "#n");
  await peer.expect(/^WHO #n$/);
  await rec.waitFor("channel.names.complete");
  await flushed(peer, client);
  assert.deepEqual(sent(peer, /^CHATHISTORY/), []);
});

Deno.test("IrcClient takes ZNC's playback batch as replayed history: its own times, no answer to a replayed CTCP", async () => {
  await using link = await connectToScriptedPeer({
    followUpInterval: 0,
    register: { caps: "batch server-time znc.in/server-time-iso" },
  });
  const { client, peer, rec } = link;
  client.join("#z");
  await joined(peer, "#z");
  await peer.send(
    ":znc.in BATCH +p1 znc.in/playback #z",
    `@batch=p1;time=${at(1)} :bob!b@h PRIVMSG #z :said while away`,
    `@batch=p1;time=${at(2)} :bob!b@h PRIVMSG #z :\x01VERSION\x01`,
    ":znc.in BATCH -p1",
    ":bob!b@h PRIVMSG #z :live again",
  );
  await rec.waitFor("message.received", (d) => d.message === "live again");
  await flushed(peer, client);
  assert.deepEqual(
    rec.of("message.received", 1).map((d) => [d.message, d.history ?? false]),
    [["said while away", true], ["VERSION", true], ["live again", false]],
  );
  assert.deepEqual(
    rec.events.filter((e) => e.type === "message.received").slice(0, 2).map((e) =>
      e.timestamp.toISOString()
    ),
    [at(1), at(2)],
    "each replayed line at its own time",
  );
  assert.deepEqual(sent(peer, /^NOTICE bob /), [], "a CTCP from the buffer is not answered");
});

// A misbehaving server on demand (scripted peer): floods without a newline, over-long lines,
// ERROR with the socket left open, odd tags; long lines are read or dropped in their place,
// and a connection that must end ends cleanly and says why.
import assert from "node:assert/strict";
import { EventBus, IrcClient, IrcConnectError } from "../../mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";
import { ScriptedServer } from "./_peer.ts";
import { MAX_DROPPED_BYTES, MAX_REST_BYTES, MAX_TAGS_BYTES } from "../../irc/_line_splitter.ts";

Deno.test("a server sending 64 MB without a newline is cut off at 64 KiB while another network keeps receiving", async () => {
  const bus = new EventBus();
  await using calm = await connectToScriptedPeer({ networkId: 2, bus });
  await using hostile = await connectToScriptedPeer({ networkId: 1, bus });
  const rec = calm.rec;
  const rssBefore = Deno.memoryUsage().rss;
  const chunk = new Uint8Array(64 * 1024).fill(0x41); // "AAAA...", never a newline
  let written = 0;
  const flooding = (async () => {
    try {
      while (written < 64 * 2 ** 20) written += await hostile.peer.conn.write(chunk);
    } catch { /* the client hung up: the flood is over */ }
  })();
  // Meanwhile the other network answers: a message sent now arrives.
  await calm.peer.send(":bob!b@h PRIVMSG #calm :still here");
  await rec.waitFor("message.received", (d) => d.networkId === 2 && d.message === "still here");
  const lost = await rec.waitFor("connection.lost", (d) => d.networkId === 1);
  assert.match(
    lost.data.error,
    /^Cannot read from the server: a line had no end within 65536 bytes/,
  );
  assert.match(lost.data.error, /bytes without a line end$/);
  await flooding;
  assert.ok(written < 64 * 2 ** 20, `the client kept reading: ${written} bytes went out`);
  const grown = (Deno.memoryUsage().rss - rssBefore) / 2 ** 20;
  assert.ok(grown < 48, `memory grew by ${grown.toFixed(0)} MB`);
  // The calm network never noticed.
  await calm.peer.send(":bob!b@h PRIVMSG #calm :after");
  await rec.waitFor("message.received", (d) => d.networkId === 2 && d.message === "after");
  assert.equal(calm.client.state, "connected");
  assert.equal(hostile.client.state, "disconnected");
  assert.deepEqual(rec.of("connection.lost", 2), []);
});

Deno.test("a 650-byte line is a message and a line at the length limit is read", async () => {
  await using link = await connectToScriptedPeer({ networkId: 3 });
  const { peer, rec } = link;
  const head = ":bob!b@h PRIVMSG #x :";
  const unwrapped = "u".repeat(650 - 2 - head.length);
  await peer.send(head + unwrapped);
  const tags = `@msgid=full;+pad=${"p".repeat(MAX_TAGS_BYTES - 18)} `;
  assert.equal(tags.length, MAX_TAGS_BYTES);
  const full = "t".repeat(MAX_REST_BYTES - 2 - head.length);
  await peer.send(tags + head + full);
  await rec.waitFor("message.received", (d) => d.message === full);
  const got = rec.of("message.received");
  assert.deepEqual(got.map((d) => d.message.length), [unwrapped.length, full.length]);
  assert.equal(got[1].msgid, "full");
  assert.deepEqual(rec.of("error"), []);
  assert.equal(link.client.state, "connected");
});

Deno.test("a 10 KB line is dropped with an error event in its place, and reading goes on in order", async () => {
  await using link = await connectToScriptedPeer({ networkId: 9 });
  const { peer, rec, bus } = link;
  const order: string[] = [];
  bus.subscribe("message.received", (e) => void order.push(e.data.message));
  bus.subscribe("error", (e) => void order.push(`error ${e.data.type}`));
  const long = `:bob!b@h PRIVMSG #x :${"z".repeat(10 * 1024)}`;
  await peer.send(":bob!b@h PRIVMSG #x :before", long, ":bob!b@h PRIVMSG #x :after");
  await rec.waitFor("message.received", (d) => d.message === "after");
  assert.deepEqual(order, ["before", "error malformed", "after"]);
  assert.deepEqual(rec.of("error"), [{
    networkId: 9,
    error:
      `Cannot read a line from the server: it exceeded the length limit (8191 bytes of tags plus 4096 for the rest) and was dropped, got a line of ${long.length} bytes`,
    type: "malformed",
  }]);
  assert.equal(link.client.state, "connected");
  assert.deepEqual(rec.of("connection.lost"), []);
});

Deno.test("a line with no end within the bound ends the connection with the reason; nothing after it is read", async () => {
  await using link = await connectToScriptedPeer({ networkId: 10 });
  const { peer, rec } = link;
  await peer.write(`:bob!b@h PRIVMSG #x :${"n".repeat(MAX_DROPPED_BYTES)}`);
  await peer.send(":bob!b@h PRIVMSG #x :never read");
  const lost = await rec.waitFor("connection.lost");
  assert.match(lost.data.error, /^Cannot read from the server: a line had no end within 65536/);
  assert.deepEqual(rec.of("message.received"), []);
  await peer.ended;
});

Deno.test("a server ERROR ends the connection within a second even if the socket stays open", async () => {
  await using link = await connectToScriptedPeer({ networkId: 4 });
  const { peer, rec, client } = link;
  await peer.send("ERROR :Closing link: (me@h) [Killed (oper (go away))]");
  // The peer keeps its socket open: the client must close its side on its own.
  const lost = await rec.waitFor("connection.lost", () => true, 1000);
  assert.equal(lost.data.error, "Closing link: (me@h) [Killed (oper (go away))]");
  await peer.ended;
  assert.equal(client.state, "disconnected");
  assert.equal(rec.events.at(-1)?.type, "connection.lost");
});

Deno.test("connection.lost is the last event of a connection: the emptied channel list comes before it", async () => {
  await using link = await connectToScriptedPeer({ networkId: 5 });
  const { peer, rec, client } = link;
  await peer.send(":me!me@h JOIN #a", ":me!me@h JOIN #b");
  await rec.waitFor("channels.changed", (d) => d.channels.length === 2);
  client.say("#a", "queued just before the end");
  await peer.send(":bob!b@h PRIVMSG #a :last words");
  await peer.close();
  await rec.waitFor("connection.lost");
  await client.disconnect();
  const types = rec.events.map((e) => e.type);
  assert.equal(types.at(-1), "connection.lost", types.join(" "));
  assert.ok(types.lastIndexOf("channels.changed") < types.indexOf("connection.lost"));
  assert.deepEqual(rec.of("channels.changed").at(-1)?.channels, []);
});

Deno.test("tags reach the bus as sent: escapes undone, an empty msgid is no id, server-time leap second kept", async () => {
  await using link = await connectToScriptedPeer({ networkId: 6 });
  const { peer, rec } = link;
  await peer.send(
    "@msgid=;time=2012-06-30T23:59:60.419Z :bob!b@h PRIVMSG #x :one",
    "@msgid= :bob!b@h PRIVMSG #x :two",
    "@msgid=a\\sb\\:c :bob!b@h PRIVMSG #x :three",
    "@msgid=a\\sb\\:c :bob!b@h PRIVMSG #x :three again",
    "@time=2023-02-30T00:00:00.000Z :bob!b@h PRIVMSG #x :bad time",
    ":bob!b@h PRIVMSG #x :end",
  );
  await link.rec.waitFor("message.received", (d) => d.message === "end");
  const got = rec.of("message.received");
  assert.deepEqual(got.map((d) => d.message), ["one", "two", "three", "bad time", "end"]);
  assert.equal(got[0].msgid, undefined);
  assert.equal(got[1].msgid, undefined);
  assert.equal(got[2].msgid, "a b;c");
  const leap = rec.events.find((e) => e.type === "message.received");
  assert.equal(leap?.timestamp.toISOString(), "2012-06-30T23:59:59.999Z");
  assert.deepEqual(rec.of("error").filter((e) => e.type === "malformed"), [{
    networkId: 6,
    error: 'Cannot parse server-time: the day is out of range, got "2023-02-30T00:00:00.000Z"',
    type: "malformed",
  }]);
});

Deno.test("a flood of valid lines behind a held subscriber pauses reading and then loses nothing, in order", async () => {
  const bus = new EventBus({ capacity: 16 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => release = resolve);
  const seen: number[] = [];
  let done!: () => void;
  const all = new Promise<void>((resolve) => done = resolve);
  const total = 60_000;
  let first!: () => void;
  const firstSeen = new Promise<void>((resolve) => first = resolve);
  bus.subscribe("message.received", async (event) => {
    if (seen.length === 0) {
      first();
      await held;
    }
    seen.push(Number(event.data.message));
    if (seen.length === total) done();
  });
  await using link = await connectToScriptedPeer({ networkId: 7, bus });
  const lines: string[] = [];
  for (let i = 0; i < total; i++) lines.push(`:bob!b@h PRIVMSG #c :${i}`);
  const writing = link.peer.send(...lines);
  await firstSeen;
  // Held while the flood arrives: the worker falls behind and the socket is paused.
  await link.peer.send("PING :flood-sent");
  release();
  await Promise.all([writing, all]);
  assert.equal(seen.length, total);
  assert.ok(seen.every((n, i) => n === i), "wire order kept across the pause");
  assert.equal(link.client.state, "connected");
});

Deno.test("a line with no end during registration rejects connect() and says why", async () => {
  await using server = new ScriptedServer();
  const bus = new EventBus();
  const client = new IrcClient({
    bus,
    networkId: 8,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "me",
  });
  const connecting = client.connect().catch((e: unknown) => e);
  const peer = await server.accept();
  await peer.expect(/^CAP LS/);
  // A 10 KB line is dropped and registration goes on; the endless one ends it.
  await peer.send(`:peer.test NOTICE * :${"x".repeat(10_000)}`);
  await peer.write(`:peer.test NOTICE * :${"x".repeat(MAX_DROPPED_BYTES)}`);
  const error = await connecting;
  assert.ok(error instanceof IrcConnectError);
  assert.equal(error.code, "closed");
  assert.match(error.message, /the server sent a line over the length limit/);
  assert.match(error.message, /a line had no end within 65536 bytes/);
  assert.equal(client.state, "disconnected");
  await peer.close();
  await bus.close();
});

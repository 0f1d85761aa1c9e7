import assert from "node:assert/strict";
import { connectToScriptedPeer } from "./_connected.ts";
import { ChannelListRequests, MAX_LISTED } from "../../irc/_channel_list_requests.ts";

const FAST = { followUpInterval: 0, messageRate: { burst: 50, interval: 1 } };

Deno.test("listChannels() sends LIST with its filter and resolves with the 322 lines at 323", async () => {
  await using c = await connectToScriptedPeer(FAST);
  const listing = c.client.listChannels(">2");
  await c.peer.expect(/^LIST >2$/);
  await c.peer.send(
    ":irc.test 321 me Channel :Users  Name",
    ":irc.test 322 me #deno 42 :[+nt] Deno talk",
    ":irc.test 322 me #empty 3 :",
    ":irc.test 323 me :End of channel list.",
  );
  assert.deepEqual(await listing, {
    channels: [
      { name: "#deno", users: 42, topic: "[+nt] Deno talk" },
      { name: "#empty", users: 3, topic: "" },
    ],
    more: 0,
  });
});

Deno.test("listChannels() refuses a second listing while one runs, and fails when the link goes", async () => {
  await using c = await connectToScriptedPeer(FAST);
  const first = c.client.listChannels();
  await assert.rejects(c.client.listChannels(), /a listing is under way/);
  await c.peer.expect(/^LIST$/);
  assert.equal(c.peer.received.filter((l) => l.startsWith("LIST")).length, 1);
  const failed = assert.rejects(first, /Cannot list channels/);
  await c.peer.close();
  await failed;
  await assert.rejects(c.client.listChannels("a\r\nQUIT"), TypeError);
});

Deno.test("listChannels() fails at once with the server's words on 263, and answers with what came on 416", async () => {
  await using c = await connectToScriptedPeer(FAST);
  const refused = c.client.listChannels();
  await c.peer.expect(/^LIST$/);
  const next = c.peer.received.lastIndexOf("LIST") + 1;
  await c.peer.send(":irc.test 263 me LIST :Server load is temporarily too heavy");
  await assert.rejects(refused, /Cannot list channels: Server load is temporarily too heavy/);
  const cut = c.client.listChannels();
  await c.peer.expect(/^LIST$/, next);
  await c.peer.send(
    ":irc.test 322 me #deno 42 :Deno talk",
    ":irc.test 416 me LIST :Output too long (try locally)",
  );
  assert.deepEqual(await cut, {
    channels: [{ name: "#deno", users: 42, topic: "Deno talk" }],
    more: 0,
  });
});

Deno.test("ChannelListRequests keeps at most MAX_LISTED channels and counts the rest", async () => {
  const requests = new ChannelListRequests();
  const listing = requests.wait(60_000);
  for (let i = 0; i < MAX_LISTED + 5; i++) requests.add(`#c${i}`, i, "");
  requests.end();
  const { channels, more } = await listing;
  assert.equal(channels.length, MAX_LISTED);
  assert.equal(more, 5);
  // Lines outside a listing are dropped, not kept for the next one.
  requests.add("#stray", 1, "");
  requests.end();
  const next = requests.wait(60_000);
  requests.end();
  assert.deepEqual(await next, { channels: [], more: 0 });
});

// CHATHISTORY backfill merged into the store: a scripted peer offering draft/chathistory, the
// store feeding `lastStored`, an overlapping page stored once.
import assert from "node:assert/strict";
import { EventBus } from "../../bus/mod.ts";
import { MessageStore } from "../../history/mod.ts";
import { connectToScriptedPeer } from "../irc/_connected.ts";

const at = (s: number) => `2024-01-01T00:00:${String(s).padStart(2, "0")}.000Z`;

Deno.test("backfill asks AFTER the newest stored line and an overlapping page is stored once", async () => {
  using store = MessageStore.open(":memory:");
  const bus = new EventBus();
  store.attach(bus, { ownNick: () => "me" });
  await using link = await connectToScriptedPeer({
    bus,
    followUpInterval: 0,
    historyLimit: 50,
    lastStored: (networkId, buffer) => store.lastStored(networkId, buffer),
    register: { caps: "batch server-time message-tags draft/chathistory" },
  });
  const { client, peer, rec } = link;
  const join = async (time: string) => {
    client.join("#a");
    await peer.send(
      `@time=${time} :me!me@h JOIN #a`,
      ":peer.test 353 me = #a :me",
      ":peer.test 366 me #a :End",
    );
  };
  await join(at(0));
  await peer.expect(/^CHATHISTORY LATEST #a \* 50$/);
  await peer.send(
    ":peer.test BATCH +h1 chathistory #a",
    `@batch=h1;msgid=m1;time=${at(1)} :ann!a@h PRIVMSG #a :one`,
    `@batch=h1;msgid=m2;time=${at(2)} :ann!a@h PRIVMSG #a :two`,
    ":peer.test BATCH -h1",
  );
  await rec.waitFor("message.received", (d) => d.msgid === "m2");

  client.part("#a");
  await peer.expect(/^PART #a/);
  await peer.send(`@time=${at(3)} :me!me@h PART #a`);
  await rec.waitFor("user.parted", (d) => d.nickname === "me");
  await join(at(5));
  // Our PART is the newest stored line.
  await peer.expect(
    new RegExp(`^CHATHISTORY AFTER #a timestamp=${at(3).replace(/\./g, "\\.")} 50$`),
  );
  await peer.send(
    ":peer.test BATCH +h2 chathistory #a",
    // A server may repeat the line at the boundary; a bouncer may drop the msgid.
    `@batch=h2;time=${at(2)} :ann!a@h PRIVMSG #a :two`,
    `@batch=h2;msgid=m4;time=${at(4)} :ann!a@h PRIVMSG #a :four`,
    `@batch=h2;msgid=m2;time=${at(2)} :ann!a@h PRIVMSG #a :two`,
    ":peer.test BATCH -h2",
  );
  await rec.waitFor("message.received", (d) => d.msgid === "m4");
  await store.flush();
  assert.deepEqual(
    store.page(1, "#a").filter((l) => l.kind === "message").map((l) => l.text),
    ["one", "two", "four"],
  );
});

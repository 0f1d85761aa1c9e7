// Bad input from the wire never crashes the client or stops it from reading.
import assert from "node:assert/strict";
import fc from "fast-check";
import { connectToScriptedPeer } from "./_connected.ts";

const MALFORMED = [
  "PRIVMSG",
  ":a!b@c PRIVMSG",
  ":a!b@c PRIVMSG #x",
  ":peer.test 353",
  ":peer.test 353 me = ",
  ":peer.test 366",
  ":peer.test 354 me 152",
  "BATCH",
  "BATCH -nonexistent",
  "@batch=ghost :a!b@c PRIVMSG #x :inside a batch nobody opened",
  ":peer.test BATCH +ml draft/multiline",
  ":peer.test BATCH -ml",
  ":a!b@c JOIN",
  ":a!b@c KICK",
  ":a!b@c NICK",
  ":a!b@c MODE",
  ":peer.test 005",
  ":peer.test 005 me PREFIX=(ov :x",
  ":peer.test 311",
  ":peer.test 318",
  "FAIL",
  "@time=not-a-date :a!b@c PRIVMSG #x :bad time",
  "@=;;== :a!b@c PRIVMSG #x :odd tags",
  ":!@ PRIVMSG #x :empty prefix parts",
  "   ",
  ":",
  "@",
  "CAP",
  ":peer.test CAP * ACK",
  "AUTHENTICATE",
];

Deno.test("malformed and random lines never stop the client: later lines still become events", async () => {
  await using link = await connectToScriptedPeer({
    networkId: 9,
    register: { caps: "batch message-tags server-time draft/multiline" },
  });
  const { client, peer, rec } = link;
  await peer.send(...MALFORMED, ":a!b@c PRIVMSG #x :marker 0");
  await rec.waitFor("message.received", (d) => d.message === "marker 0");
  const line = fc.string({ unit: "binary", maxLength: 120 }).map((s) => s.replace(/[\r\n\0]/g, ""));
  let round = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(line, { maxLength: 8 }), async (lines) => {
      round++;
      await peer.send(
        ...lines.filter((l) => !/^\s*(QUIT|ERROR|PING|KILL)\b/i.test(l)),
        `:a!b@c PRIVMSG #x :marker ${round}`,
      );
      await rec.waitFor("message.received", (d) => d.message === `marker ${round}`);
    }),
    { numRuns: 60 },
  );
  assert.equal(client.state, "connected");
});

Deno.test("a line irc-framework cannot handle is an error event typed malformed", async () => {
  await using link = await connectToScriptedPeer({ networkId: 9 });
  const { peer, rec } = link;
  await peer.send(":peer.test 353", ":a!b@c PRIVMSG #x :after");
  await rec.waitFor("message.received", (d) => d.message === "after");
  const error = rec.of("error").find((e) => e.type === "malformed");
  assert.ok(error, "an error event for the malformed 353");
  assert.match(error.error, /^Cannot handle a line from the server: .*, got "353"$/);
});

// The MOTD reaches the bus whole, before connection.established, and again after /MOTD.
import assert from "node:assert/strict";
import { connectToScriptedPeer } from "./_connected.ts";
import { MAX_MOTD_LINES } from "../../irc/_motd.ts";

Deno.test("server.motd carries the MOTD's lines before connection.established", async () => {
  await using c = await connectToScriptedPeer();
  const types = c.rec.events.map((e) => e.type);
  assert.ok(types.indexOf("server.motd") < types.indexOf("connection.established"));
  assert.deepEqual(c.rec.of("server.motd"), [{ networkId: 1, lines: ["hello"] }]);
});

Deno.test("a /MOTD later publishes it again; an overlong one is cut", async () => {
  await using c = await connectToScriptedPeer();
  const many = Array.from({ length: MAX_MOTD_LINES + 50 }, (_, i) => `:peer.test 372 me :- ${i}`);
  await c.peer.send(":peer.test 375 me :- MOTD -", ...many, ":peer.test 376 me :End");
  const { data: motd } = await c.rec.waitFor("server.motd", (d) => d.lines.length > 1);
  assert.equal(motd.lines.length, MAX_MOTD_LINES + 1);
  assert.equal(motd.lines[0], "- 0");
  assert.equal(motd.lines.at(-1), "(the rest is cut)");
  assert.equal(c.rec.of("connection.established").length, 1);
});

Deno.test("no MOTD (422) is an empty server.motd", async () => {
  await using c = await connectToScriptedPeer();
  await c.peer.send(":peer.test 422 me :MOTD File is missing");
  await c.rec.waitFor("server.motd", (d) => d.lines.length === 0);
});

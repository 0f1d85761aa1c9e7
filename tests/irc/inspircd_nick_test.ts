// Taking the configured nick back from a ghost on a real InspIRCd (MONITOR).
import assert from "node:assert/strict";
import { EventBus, IrcClient } from "../../mod.ts";
import { Recorder } from "./_recorder.ts";
import { startInspircd } from "./_servers.ts";

/** A bare registered connection holding `nick`: the ghost of a session lost in a partition. */
async function ghost(port: number, nick: string): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(`NICK ${nick}\r\nUSER ${nick} 0 * :ghost\r\n`));
  const buf = new Uint8Array(16384);
  let text = "";
  while (!/ 376 | 422 /.test(text)) {
    const n = await conn.read(buf);
    if (n === null) throw new Error(`Cannot register the ghost: closed, got ${text.slice(-300)}`);
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  return conn;
}

Deno.test("after a partition the client runs as carol_ and regains carol once the ghost is killed (InspIRCd, MONITOR)", async () => {
  await using server = await startInspircd();
  const bus = new EventBus();
  using rec = new Recorder(bus);
  const held = await ghost(server.port, "carol");
  const client = new IrcClient({
    bus,
    networkId: 1,
    host: "127.0.0.1",
    port: server.port,
    tls: false,
    nick: "carol",
  });
  try {
    await client.connect();
    assert.equal(client.nickname, "carol_");
    // The ghost dies (its link is gone): the server tells the monitor, the client takes the nick.
    held.close();
    const changed = await rec.waitFor("user.nick", (d) => d.nickname === "carol");
    assert.equal(changed.data.old_nickname, "carol_");
    assert.equal(client.nickname, "carol");
    assert.deepEqual(rec.of("error"), []);
  } finally {
    await client.disconnect();
    await bus.close();
  }
});

// The transport's socket: Nagle's algorithm off, so that each line goes out as it is written.
// With it on, a second small write (USER after NICK) waited for the server's delayed ACK of
// the first: about 40 ms of each registration on the loopback, on a launch's critical path.
import assert from "node:assert/strict";
import { Socket } from "node:net";
import { LineTransport } from "../../irc/_transport.ts";
import { ScriptedServer } from "./_peer.ts";
import { TEST_CERT_PATH, TEST_KEY_PATH } from "./_servers.ts";

/**
 * Records each socket's `setNoDelay` calls while `body` runs: `node:net`'s sockets (and
 * `node:tls`'s, which extend them) share the prototype's method.
 */
async function recordingNoDelay(
  body: (calls: Map<Socket, boolean[]>) => Promise<void>,
): Promise<void> {
  const original = Socket.prototype.setNoDelay;
  const calls = new Map<Socket, boolean[]>();
  Socket.prototype.setNoDelay = function (this: Socket, noDelay?: boolean): Socket {
    calls.set(this, [...calls.get(this) ?? [], noDelay ?? true]);
    return original.call(this, noDelay);
  };
  try {
    await body(calls);
  } finally {
    Socket.prototype.setNoDelay = original;
  }
}

/** Connects a transport to `server`, waits for it to open and for the server's accept. */
async function opened(server: ScriptedServer, tls: boolean): Promise<LineTransport> {
  const transport = new LineTransport({
    host: "127.0.0.1",
    port: server.port,
    tls,
    rejectUnauthorized: false,
    onDropped: () => {},
  });
  const open = new Promise<void>((resolve) => transport.once("open", () => resolve()));
  const accepted = server.accept();
  transport.connect();
  await Promise.all([open, accepted]);
  return transport;
}

/** Closes `transport` and waits for its `close` event. */
async function closed(transport: LineTransport): Promise<void> {
  const done = new Promise<void>((resolve) => transport.once("close", () => resolve()));
  transport.close(true);
  await done;
}

Deno.test("LineTransport turns Nagle's algorithm off on a TCP socket", async () => {
  await using server = new ScriptedServer();
  await recordingNoDelay(async (calls) => {
    const transport = await opened(server, false);
    assert.deepEqual([...calls.values()], [[true]]);
    await closed(transport);
  });
});

Deno.test("LineTransport turns Nagle's algorithm off on a TLS socket", async () => {
  await using server = new ScriptedServer({
    tls: {
      cert: await Deno.readTextFile(TEST_CERT_PATH),
      key: await Deno.readTextFile(TEST_KEY_PATH),
    },
  });
  await recordingNoDelay(async (calls) => {
    const transport = await opened(server, true);
    assert.deepEqual([...calls.values()].flat().filter((on) => on), [true]);
    assert.equal([...calls.values()].flat().includes(false), false);
    await closed(transport);
  });
});

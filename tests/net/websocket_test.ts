import assert from "node:assert/strict";
import { isWebSocketUpgrade, serve, upgradeWebSocket } from "../../net/mod.ts";
import { clientFrame, closeCode, rawSocket, within } from "./_raw.ts";
import { fileServer } from "./_servers.ts";

/** Sends `text` over a real (Deno) WebSocket to the echoing `/ws` and returns the echo. */
async function echo(port: number, text: string): Promise<string> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    socket.send(text);
    return await new Promise<string>((resolve) => {
      socket.onmessage = (event) => resolve(String(event.data));
    });
  } finally {
    const closed = new Promise((resolve) => socket.onclose = resolve);
    socket.close();
    await closed;
  }
}

Deno.test("a message sent as 2,000 fragments of 60 KB is refused with 1009 before they are all sent", async () => {
  await using server = fileServer();
  const conn = await rawSocket(server.addr.port);
  const code = closeCode(conn);
  let refused = false;
  code.then(() => refused = true);
  const fragment = new Uint8Array(60_000).fill(0x61);
  let sent = 0;
  try {
    for (; sent < 2000 && !refused; sent++) {
      await conn.write(clientFrame(sent === 0 ? 0x1 : 0x0, false, fragment));
    }
  } catch {
    // The server ended the connection while we were still sending.
  }
  assert.equal(await code, 1009);
  assert.ok(sent < 2000, `all ${sent} fragments went out before the refusal`);
  conn.close();
  // The server keeps serving sockets.
  assert.equal(await echo(server.addr.port, "still here"), "still here");
});

Deno.test("one frame over the limit is refused with 1009 at its header; text within it works", async () => {
  await using server = fileServer({ maxMessageBytes: 1024 });
  const conn = await rawSocket(server.addr.port);
  const code = closeCode(conn);
  // The header announces 1 MiB; not one byte of the payload is sent.
  const header = clientFrame(0x1, true, new Uint8Array(1 << 20)).subarray(0, 14);
  await conn.write(header);
  assert.equal(await code, 1009);
  conn.close();
  assert.equal(await echo(server.addr.port, "é".repeat(512)), "é".repeat(512));
});

Deno.test("binary, unmasked and non-UTF-8 messages close the socket with 1003, 1002 and 1007", async () => {
  await using server = fileServer();
  const cases: [Uint8Array, number][] = [
    [clientFrame(0x2, true, new Uint8Array([1, 2])), 1003],
    // Unmasked: the mask bit is clear (its header is still read whole first).
    [new Uint8Array([0x81, 0x05, 0x61, 0x62, 0x63, 0x64, 0x65]), 1002],
    [clientFrame(0x1, true, new Uint8Array([0xff])), 1007],
  ];
  for (const [frame, expected] of cases) {
    const conn = await rawSocket(server.addr.port);
    await conn.write(frame);
    assert.equal(await closeCode(conn), expected);
    conn.close();
  }
});

Deno.test("upgradeWebSocket() refuses a request that is not an upgrade", () => {
  const plain = new Request("http://127.0.0.1/ws");
  assert.equal(isWebSocketUpgrade(plain), false);
  assert.throws(
    () => upgradeWebSocket(plain, { maxMessageBytes: 1, maxQueuedBytes: 1 }),
    TypeError,
  );
});

Deno.test("a peer that leaves more than maxQueuedBytes unsent is closed with 1008, and onOpen comes first", async () => {
  const events: string[] = [];
  const closed = Promise.withResolvers<void>();
  await using server = serve({ port: 0 }, (request) => {
    const { socket, response } = upgradeWebSocket(request, {
      maxMessageBytes: 1024,
      maxQueuedBytes: 64 * 1024,
    });
    socket.onOpen(() => {
      events.push("open");
      // All sent in one turn: nothing is written yet, so each one waits in the queue.
      let sent = 0;
      for (; socket.isOpen && sent < 1_000; sent++) socket.send("a".repeat(1024));
      events.push(`sent ${sent}`);
    });
    socket.onClose((code) => {
      events.push(`closed ${code}`);
      closed.resolve();
    });
    return response;
  });
  const conn = await rawSocket(server.addr.port);
  assert.equal(await within(closeCode(conn), 10_000, "the close frame"), 1008);
  conn.close();
  await closed.promise;
  // 64 frames of 1,028 bytes pass 64 KiB: the 64th send closes the socket.
  assert.deepEqual(events, ["open", "sent 64", "closed 1008"]);
});

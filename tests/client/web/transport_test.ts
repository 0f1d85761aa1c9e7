import assert from "node:assert/strict";
import { MAX_PENDING, Transport } from "../../../client/web/transport.js";
import { MAX_PASTE_LINES } from "../../../client/web/input.js";
import type { ServerMessage } from "../../../core/protocol.js";

/** A real WebSocket server answering each action with `answer(action)` frames. */
async function withServer(
  answer: (action: { kind: string; id?: number }) => string[],
  body: (socket: WebSocket) => Promise<void>,
): Promise<void> {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    const { socket, response } = Deno.upgradeWebSocket(req);
    socket.onmessage = (event) => {
      for (const frame of answer(JSON.parse(event.data))) socket.send(frame);
    };
    return response;
  });
  const socket = new WebSocket(`ws://127.0.0.1:${server.addr.port}/`);
  const closed = new Promise((resolve) => socket.addEventListener("close", resolve));
  await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
  try {
    await body(socket);
  } finally {
    socket.close();
    await closed;
    await server.shutdown();
  }
}

Deno.test("Transport matches replies and errors to their requests and passes the rest on", async () => {
  const seen: string[] = [];
  const malformed: string[] = [];
  await withServer((action) => {
    if (action.kind === "whois") {
      return [
        "not json",
        JSON.stringify({ kind: "network.state", networkId: 1, state: "connected", nick: 7 }),
        JSON.stringify({ kind: "networks", networks: [] }),
        JSON.stringify({ kind: "reply", id: action.id, result: { nickname: "bob" } }),
      ];
    }
    return [
      JSON.stringify({ kind: "error", code: "failed", message: "Cannot join: no", id: action.id }),
    ];
  }, async (socket) => {
    const transport = new Transport(socket, {
      onMessage: (message: ServerMessage) => seen.push(message.kind),
      onMalformed: (_frame, error) => malformed.push(error.message),
    });
    assert.deepEqual(await transport.request({ kind: "whois", networkId: 1, nick: "bob" }), {
      nickname: "bob",
    });
    await assert.rejects(
      transport.request({ kind: "join", networkId: 1, channel: "#a" }),
      { message: "Cannot join: no" },
    );
    assert.equal(transport.pending, 0);
  });
  assert.deepEqual(seen, ["networks"]);
  // Each bad frame is dropped with its reason, and the frames after it still arrive.
  assert.deepEqual(malformed, [
    'Cannot read message: the frame is not JSON, got "not json"',
    "Cannot read network.state message: nick must be a string, got 7",
  ]);
});

Deno.test("Transport fails waiting requests when the socket closes", async () => {
  await withServer(() => [], async (socket) => {
    const transport = new Transport(socket, { onMessage: () => {} });
    const waiting = transport.request({ kind: "ready" });
    socket.close();
    await assert.rejects(waiting, { message: "Cannot finish the request: the connection closed" });
  });
});

Deno.test("a paste of the most lines the page sends at once fits beside other requests, none refused", async () => {
  // The backend has not answered any of them yet.
  await withServer(() => [], async (socket) => {
    const transport = new Transport(socket, { onMessage: () => {} });
    const others = 32; // history pages, a whois, a list… under way at the same time
    const requests: Promise<unknown>[] = [];
    for (let i = 0; i < others; i++) {
      requests.push(transport.request({ kind: "history.page", networkId: 1, buffer: "#a" }));
    }
    for (let i = 0; i < MAX_PASTE_LINES; i++) {
      requests.push(
        transport.request({ kind: "say", networkId: 1, target: "#a", text: `line ${i}` }),
      );
    }
    const refused: string[] = [];
    for (const request of requests) request.catch((error: Error) => refused.push(error.message));
    await Promise.resolve();
    assert.deepEqual(refused.filter((m) => !m.includes("connection closed")), []);
    assert.equal(transport.pending, others + MAX_PASTE_LINES);
    assert.ok(MAX_PASTE_LINES + others <= MAX_PENDING);
  });
});

Deno.test("Transport handles the frames its socket received before it listened first, in order", async () => {
  const seen: string[] = [];
  const malformed: unknown[] = [];
  await withServer(
    (action) => [JSON.stringify({ kind: "reply", id: action.id, result: 1 })],
    async (socket) => {
      const transport = new Transport(socket, {
        // As socket.js hands them over: raw frames, oldest first.
        early: [
          JSON.stringify({ kind: "networks", networks: [] }),
          "not json",
          JSON.stringify({ kind: "network.state", networkId: 1, state: "connected", nick: "me" }),
        ],
        onMessage: (message: ServerMessage) => seen.push(message.kind),
        onMalformed: (frame) => malformed.push(frame),
      });
      // Before any frame that comes later, and live frames still arrive after them.
      assert.deepEqual(seen, ["networks", "network.state"]);
      assert.deepEqual(malformed, ["not json"]);
      assert.equal(await transport.request({ kind: "ready" }), 1);
    },
  );
});

Deno.test("Transport over a socket that closed before it listened fails requests at once", async () => {
  let closed!: WebSocket;
  await withServer(() => [], async (socket) => {
    closed = socket;
    socket.close();
    await new Promise((resolve) => socket.addEventListener("close", resolve, { once: true }));
  });
  const transport = new Transport(closed, { onMessage: () => {} });
  await assert.rejects(transport.request({ kind: "ready" }), {
    message: "Cannot send ready: the connection closed",
  });
  assert.equal(transport.pending, 0);
});

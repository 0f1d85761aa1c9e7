import assert from "node:assert/strict";
import {
  encodeFrame,
  parseHostMessage,
  parsePluginMessage,
  ProtocolError,
  readFrames,
} from "../../plugins/_protocol.ts";

Deno.test("parsePluginMessage() accepts each kind and refuses anything malformed", () => {
  assert.deepEqual(parsePluginMessage({ kind: "ack", seq: 3 }), { kind: "ack", seq: 3 });
  assert.deepEqual(parsePluginMessage({ kind: "log", level: "info", message: "hi" }), {
    kind: "log",
    level: "info",
    message: "hi",
  });
  for (
    const bad of [
      null,
      "ack",
      { kind: "nope" },
      { kind: "ack", seq: -1 },
      { kind: "ack", seq: "1" },
      { kind: "call", id: 1, op: "fs.read", args: [] },
      { kind: "call", id: 1, op: "irc.send", args: "x" },
      { kind: "log", level: "loud", message: "x" },
      { kind: "ready", commands: [1] },
      { kind: "uncaught", error: "x" },
    ]
  ) {
    assert.throws(() => parsePluginMessage(bad), ProtocolError, JSON.stringify(bad));
  }
});

Deno.test("parseHostMessage() checks host messages in the runtime too", () => {
  assert.equal(parseHostMessage({ kind: "teardown" }).kind, "teardown");
  assert.throws(() => parseHostMessage({ kind: "events", seq: 1, events: {} }), ProtocolError);
  assert.throws(() => parseHostMessage({ kind: "init" }), ProtocolError);
});

Deno.test("readFrames() reassembles frames over 64 KiB split at any byte", async () => {
  const big = { kind: "events", text: "x".repeat(200_000) };
  const small = { kind: "ack", seq: 1 };
  const bytes = new Uint8Array([...encodeFrame(big), ...encodeFrame(small)]);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 7_777) controller.enqueue(bytes.slice(i, i + 7_777));
      controller.close();
    },
  });
  const out: unknown[] = [];
  for await (const message of readFrames(stream)) out.push(message);
  assert.deepEqual(out, [big, small]);
});

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  EMPTY_BATCH,
  encodeFrame,
  FrameTooComplexError,
  FrameTooLargeError,
  MAX_FRAME_DEPTH,
  MAX_FRAME_ITEMS,
  parseHostMessage,
  parsePluginMessage,
  parseWireBatch,
  ProtocolError,
  readFrameGroups,
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

function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

Deno.test("readFrames() refuses a frame over its limit from the length alone, counting bytes", async () => {
  const header = new Uint8Array(4);
  new DataView(header.buffer).setUint32(0, 60 * 1024 * 1024);
  let bytes = 0;
  const frames = readFrames(
    streamOf(encodeFrame({ kind: "ack", seq: 1 }), header, new Uint8Array(10)),
    1024,
    (n) => void (bytes += n),
  );
  assert.deepEqual((await frames.next()).value, { kind: "ack", seq: 1 });
  await assert.rejects(
    () => frames.next(),
    (error: unknown) =>
      error instanceof FrameTooLargeError && error.length === 62914560 && error.limit === 1024 &&
      error.message ===
        "Cannot accept plugin message: a frame must be at most 1024 bytes, got 62914560",
  );
  assert.equal(bytes, encodeFrame({ kind: "ack", seq: 1 }).length + 4);
});

Deno.test("encodeFrame() splices a batch's JSON text, and the runtime reads it parsed", async () => {
  const events = JSON.stringify([["user.quit", "irc"], 1, [0], [0], [{ q: '"\\n' }]]);
  const frames = readFrames(streamOf(encodeFrame({ kind: "events", seq: 2, events })));
  const message = parseHostMessage((await frames.next()).value);
  assert.ok(message.kind === "events" && Array.isArray(message.events));
  const batch = parseWireBatch(message.events);
  assert.deepEqual(batch, {
    pairs: ["user.quit", "irc"],
    base: 1,
    pairIndexes: [0],
    offsets: [0],
    data: [{ q: '"\\n' }],
  });
});

Deno.test("parseWireBatch() refuses a batch not made of pairs, a base, then a pair index, an offset and data an event", () => {
  for (
    const bad of [
      [["user.quit", 1, "irc", {}]],
      [{ type: "user.quit", timestamp: 1, source: "irc", data: {} }],
      [["user.quit", "irc"], 0, 1, {}],
      [["user.quit"], 0, [0], [0], [{}]],
      [["user.quit", 1], 0, [0], [0], [{}]],
      [["user.quit", "irc"], "0", [0], [0], [{}]],
      [["user.quit", "irc"], 0, [0], [0], [{}, {}]],
      [["user.quit", "irc"], 0, [0, 0], [0], [{}, {}]],
      [["user.quit", "irc"], 0, [1], [0], [{}]],
      [["user.quit", "irc"], 0, [-1], [0], [{}]],
      [["user.quit", "irc"], 0, [0.5], [0], [{}]],
      [["user.quit", "irc"], 0, ["0"], [0], [{}]],
      [["user.quit", "irc"], 0, [0], ["1"], [{}]],
      [["user.quit", "irc"], 0, [0], [0], {}],
      [["user.quit", "irc"], 0, [0], [0], [{}], []],
      {},
    ]
  ) {
    assert.throws(() => parseWireBatch(JSON.stringify(bad)), ProtocolError);
  }
  assert.deepEqual(parseWireBatch("[[],0,[],[],[]]"), EMPTY_BATCH);
});

Deno.test("readFrames() reads any frames split at any bytes, whole or across chunks", () => {
  const message = fc.oneof(
    fc.record({ kind: fc.constant("ack"), seq: fc.nat() }),
    fc.record({ kind: fc.constant("log"), level: fc.constant("info"), message: fc.string() }),
    fc.record({
      kind: fc.constant("log"),
      level: fc.constant("warn"),
      message: fc.string({ minLength: 2000, maxLength: 5000 }),
    }),
  );
  return fc.assert(
    fc.asyncProperty(
      fc.array(message.map((m) => ({ ...m })), { maxLength: 12 }),
      fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 20 }),
      async (messages, cuts) => {
        const bytes = new Uint8Array(messages.flatMap((m) => [...encodeFrame(m)]));
        const chunks: Uint8Array[] = [];
        for (let i = 0, c = 0; i < bytes.length; c++) {
          const size = cuts[c % cuts.length];
          chunks.push(bytes.slice(i, i + size));
          i += size;
        }
        const out: unknown[] = [];
        for await (const m of readFrames(streamOf(...chunks))) out.push(m);
        assert.deepEqual(out, messages);
      },
    ),
    { numRuns: 200 },
  );
});

/** A frame whose `args` nest `depth` arrays deep, as raw bytes (no parser builds it). */
function nestedFrame(depth: number): Uint8Array {
  const body = new TextEncoder().encode(
    `{"kind":"call","id":1,"op":"storage.set","args":${"[".repeat(depth)}${"]".repeat(depth)}}`,
  );
  const frame = new Uint8Array(4 + body.length);
  new DataView(frame.buffer).setUint32(0, body.length);
  frame.set(body, 4);
  return frame;
}

Deno.test("readFrames() refuses a frame nested deeper than MAX_FRAME_DEPTH before parsing it", async () => {
  // Within the limit: the message object is one level, its args the rest.
  const ok = readFrames(streamOf(nestedFrame(MAX_FRAME_DEPTH - 1)));
  assert.equal(((await ok.next()).value as { kind: string }).kind, "call");
  for (const split of [false, true]) {
    const deep = nestedFrame(1_000_000);
    // Whole in one chunk, and split across two (read through the body buffer).
    const chunks = split ? [deep.subarray(0, 1000), deep.subarray(1000)] : [deep];
    const frames = readFrames(streamOf(encodeFrame({ kind: "ack", seq: 1 }), ...chunks));
    assert.deepEqual((await frames.next()).value, { kind: "ack", seq: 1 });
    await assert.rejects(
      () => frames.next(),
      (error: unknown) =>
        error instanceof FrameTooComplexError && error instanceof SyntaxError &&
        error.message.startsWith(
          `Cannot parse plugin frame: it nests deeper than 64 levels at byte 111, got "{\\"kind\\"`,
        ) && error.message.length < 400,
    );
  }
});

Deno.test("readFrames() refuses a frame of more than MAX_FRAME_ITEMS items before parsing it", async () => {
  const frame = (items: number) =>
    encodeFrame({ kind: "call", id: 1, op: "storage.set", args: ["k", new Array(items).fill(0)] });
  // The message's own 11 items ({ and 4 colons, 3 commas, [ "k" , [), then its zeros' commas.
  const ok = readFrames(streamOf(frame(MAX_FRAME_ITEMS - 10)));
  assert.equal(((await ok.next()).value as { kind: string }).kind, "call");
  const refused = readFrames(streamOf(frame(MAX_FRAME_ITEMS - 9)));
  await assert.rejects(
    () => refused.next(),
    (error: unknown) =>
      error instanceof FrameTooComplexError &&
      error.message.startsWith(
        `Cannot parse plugin frame: it holds more than ${MAX_FRAME_ITEMS} items at byte`,
      ),
  );
});

Deno.test("readFrames() lets other work run between runs of many small frames", async () => {
  const ack = encodeFrame({ kind: "ack", seq: 1 });
  const chunk = new Uint8Array(ack.length * 1000);
  for (let i = 0; i < 1000; i++) chunk.set(ack, i * ack.length);
  let read = 0;
  let readWhenTimerRan = -1;
  setTimeout(() => void (readWhenTimerRan = read), 0);
  for await (const _ of readFrames(streamOf(chunk))) read++;
  assert.equal(read, 1000);
  // All 1000 frames came in one chunk, yet the timer did not wait for the last of them.
  assert.ok(readWhenTimerRan > 0 && readWhenTimerRan <= 256, `${readWhenTimerRan}`);
});

Deno.test("readFrames() counts brackets inside strings as text, escaped quotes included", async () => {
  const text = `${"[".repeat(100)}\\"${"{".repeat(100)}`;
  const frames = readFrames(streamOf(encodeFrame({ kind: "log", level: "info", message: text })));
  assert.equal(((await frames.next()).value as { message: string }).message, text);
});

Deno.test("readFrameGroups() takes the host's frames at any depth", async () => {
  const groups = readFrameGroups(streamOf(nestedFrame(200)));
  assert.equal(((await groups.next()).value?.[0] as { kind: string }).kind, "call");
});

Deno.test("readFrames() reads a byte stream into one buffer of its own, handed back from read to read", async () => {
  const frames = [
    encodeFrame({ kind: "ack", seq: 1 }),
    encodeFrame({ kind: "log", level: "info", message: "é".repeat(50_000) }),
    encodeFrame({ kind: "ack", seq: 2 }),
  ];
  const all = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const frame of frames) {
    all.set(frame, at);
    at += frame.length;
  }
  // Like a pipe: each read gives what the reader's buffer holds, up to 7,000 bytes.
  const offered: number[] = [];
  let sent = 0;
  const stream = new ReadableStream({
    type: "bytes",
    pull(controller: ReadableByteStreamController) {
      const request = controller.byobRequest;
      const view = request?.view;
      if (!request || !view) throw new Error("expected a BYOB read");
      if (sent === all.length) {
        controller.close();
        request.respond(0);
        return;
      }
      offered.push(view.buffer.byteLength);
      const n = Math.min(view.byteLength, 7_000, all.length - sent);
      new Uint8Array(view.buffer, view.byteOffset, n).set(all.subarray(sent, sent + n));
      sent += n;
      request.respond(n);
    },
  });
  const messages: unknown[] = [];
  for await (const message of readFrames(stream)) messages.push(message);
  assert.deepEqual(messages, [
    { kind: "ack", seq: 1 },
    { kind: "log", level: "info", message: "é".repeat(50_000) },
    { kind: "ack", seq: 2 },
  ]);
  // Every read was offered the reader's 64 KiB buffer (the stream allocates none of its own).
  assert.ok(offered.length > 10);
  assert.ok(offered.every((bytes) => bytes === 64 * 1024));
});

Deno.test("readFrames() cancels a byte stream it stops reading at a bad frame", async () => {
  let cancelled = false;
  const bad = new Uint8Array([0xff, 0xff, 0xff, 0xff]);
  const stream = new ReadableStream({
    type: "bytes",
    pull(controller: ReadableByteStreamController) {
      const request = controller.byobRequest;
      if (!request?.view) throw new Error("expected a BYOB read");
      new Uint8Array(request.view.buffer, request.view.byteOffset, 4).set(bad);
      request.respond(4);
    },
    cancel() {
      cancelled = true;
    },
  });
  await assert.rejects(async () => {
    for await (const _ of readFrames(stream, 1024)) { /* none */ }
  }, FrameTooLargeError);
  assert.equal(cancelled, true);
});

/** A connection whose reads hand out `chunks` one by one, noting which kind of read took each. */
function scriptedConnection(chunks: Uint8Array[]) {
  const reads: ("async" | "sync")[] = [];
  const next = (kind: "async" | "sync", buffer: Uint8Array): number | null => {
    const chunk = chunks.shift();
    if (chunk === undefined) return null;
    reads.push(kind);
    buffer.set(chunk);
    return chunk.length;
  };
  return {
    reads,
    read: (buffer: Uint8Array) => Promise.resolve(next("async", buffer)),
    readSync: (buffer: Uint8Array) => next("sync", buffer),
  };
}

Deno.test("readFrameGroups() reads the rest of a frame begun synchronously, and waits for a new one", async () => {
  const one = encodeFrame({ kind: "ack", seq: 1 });
  const two = encodeFrame({ kind: "log", level: "info", message: "x".repeat(100) });
  const connection = scriptedConnection([
    one.subarray(0, 2), // half a header: the rest is on its way
    one.subarray(2, 10), // the header's rest and part of the body
    one.subarray(10), // the body's rest: the frame is whole, nothing is known to come
    two.subarray(0, 50),
    two.subarray(50),
  ]);
  const messages: unknown[] = [];
  for await (const group of readFrameGroups(connection)) messages.push(...group);
  assert.deepEqual(messages, [
    { kind: "ack", seq: 1 },
    { kind: "log", level: "info", message: "x".repeat(100) },
  ]);
  assert.deepEqual(connection.reads, ["async", "sync", "sync", "async", "sync"]);
});

Deno.test("readFrameGroups() reads asynchronously when a synchronous read would block", async () => {
  const frame = encodeFrame({ kind: "ack", seq: 7 });
  const chunks = [frame.subarray(0, 6), frame.subarray(6)];
  let blocked = 0;
  const connection = {
    read(buffer: Uint8Array) {
      const chunk = chunks.shift();
      if (chunk === undefined) return Promise.resolve(null);
      buffer.set(chunk);
      return Promise.resolve(chunk.length);
    },
    readSync(): number | null {
      blocked++;
      throw new Deno.errors.WouldBlock("would block");
    },
  };
  const messages: unknown[] = [];
  for await (const group of readFrameGroups(connection)) messages.push(...group);
  assert.deepEqual(messages, [{ kind: "ack", seq: 7 }]);
  assert.equal(blocked, 1);
});

Deno.test("a refused message's preview is short however large or deep the message", () => {
  let deep: unknown[] = [];
  for (let i = 0; i < 1_000_000; i++) deep = [deep];
  for (const value of [{ kind: "nope", deep }, { kind: 7, text: "x".repeat(10_000_000) }]) {
    assert.throws(
      () => parsePluginMessage(value),
      (error: unknown) => error instanceof ProtocolError && error.message.length < 250,
    );
  }
});

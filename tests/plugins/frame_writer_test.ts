import assert from "node:assert/strict";
import fc from "fast-check";
import { FrameWriter, syncWriterSink } from "../../plugins/_frame_writer.ts";
import { encodeFrame, readFrames } from "../../plugins/_protocol.ts";

/** A sink that holds each write until the test lets it finish. */
function heldSink() {
  const writes: Uint8Array[] = [];
  const waiting: (() => void)[] = [];
  return {
    writes,
    sink: (bytes: Uint8Array) =>
      new Promise<void>((resolve) => {
        // The writer may reuse the buffer once the write finishes: keep a copy.
        writes.push(bytes.slice());
        waiting.push(resolve);
      }),
    release() {
      for (const resolve of waiting.splice(0)) resolve();
    },
  };
}

function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function decode(...chunks: Uint8Array[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const message of readFrames(streamOf(...chunks))) out.push(message);
  return out;
}

Deno.test("FrameWriter writes the first frame at once and the rest together, in order", async () => {
  const { writes, sink, release } = heldSink();
  const writer = new FrameWriter(sink);
  writer.write({ kind: "ack", seq: 1 });
  assert.equal(writes.length, 1);
  writer.write({ kind: "ack", seq: 2 });
  writer.write({ kind: "log", level: "info", message: "héllo ✓ 𝄞" });
  assert.equal(writes.length, 1);
  assert.ok(writer.pendingBytes > 0);
  release();
  await Promise.resolve();
  await Promise.resolve();
  assert.equal(writes.length, 2);
  release();
  await writer.flushed();
  assert.deepEqual(await decode(...writes), [
    { kind: "ack", seq: 1 },
    { kind: "ack", seq: 2 },
    { kind: "log", level: "info", message: "héllo ✓ 𝄞" },
  ]);
  // The same bytes as one frame each.
  assert.deepEqual(
    new Uint8Array(writes.flatMap((w) => [...w])),
    new Uint8Array([
      ...encodeFrame({ kind: "ack", seq: 1 }),
      ...encodeFrame({ kind: "ack", seq: 2 }),
      ...encodeFrame({ kind: "log", level: "info", message: "héllo ✓ 𝄞" }),
    ]),
  );
});

Deno.test("FrameWriter splices a batch's JSON and grows past its first buffer", async () => {
  const { writes, sink, release } = heldSink();
  const writer = new FrameWriter(sink);
  const events = JSON.stringify([{
    type: "t",
    data: "é".repeat(100_000),
    timestamp: 1,
    source: "irc",
  }]);
  writer.write({ kind: "ack", seq: 1 });
  writer.write({ kind: "events", seq: 7, events });
  writer.write({ kind: "events", seq: 8, events });
  release();
  await Promise.resolve();
  await Promise.resolve();
  release();
  await writer.flushed();
  assert.deepEqual(await decode(...writes), [
    { kind: "ack", seq: 1 },
    { kind: "events", seq: 7, events: JSON.parse(events) },
    { kind: "events", seq: 8, events: JSON.parse(events) },
  ]);
});

Deno.test("FrameWriter drops frames once its sink failed, and flushed() still settles", async () => {
  let calls = 0;
  const writer = new FrameWriter(() => {
    calls++;
    return Promise.reject(new Error("Broken pipe"));
  });
  writer.write({ kind: "ack", seq: 1 });
  await writer.flushed();
  writer.write({ kind: "ack", seq: 2 });
  await writer.flushed();
  assert.equal(calls, 1);
  assert.equal(writer.pendingBytes, 0);
});

Deno.test("FrameWriter keeps any text intact, however its frames share writes", () =>
  fc.assert(
    fc.asyncProperty(
      fc.array(fc.string({ unit: "binary", maxLength: 40_000 }), { maxLength: 8 }),
      fc.array(fc.boolean(), { minLength: 1 }),
      async (texts, releases) => {
        const { writes, sink, release } = heldSink();
        const writer = new FrameWriter(sink);
        const messages = texts.map((message) => ({ kind: "log", level: "info", message }));
        messages.forEach((message, i) => {
          writer.write(message);
          if (releases[i % releases.length]) release();
        });
        while (writer.pendingBytes > 0 || writes.length === 0 && messages.length > 0) {
          release();
          await Promise.resolve();
        }
        release();
        await writer.flushed();
        assert.deepEqual(await decode(...writes), messages);
      },
    ),
    { numRuns: 60 },
  ));

Deno.test("FrameWriter gives up once too much waits behind a write, and says how much", async () => {
  const { writes, sink, release } = heldSink();
  const full: number[] = [];
  const writer = new FrameWriter(sink, { maxPendingBytes: 100, onFull: (n) => full.push(n) });
  writer.write({ kind: "ack", seq: 1 });
  writer.write({ kind: "log", level: "info", message: "x".repeat(30) });
  assert.deepEqual(full, []);
  writer.write({ kind: "log", level: "info", message: "y".repeat(30) });
  assert.equal(full.length, 1);
  assert.ok(full[0] > 100);
  writer.write({ kind: "ack", seq: 2 });
  release();
  await writer.flushed();
  assert.equal(writes.length, 1);
  assert.equal(full.length, 1);
});

Deno.test("syncWriterSink() writes synchronously, partial writes included, and waits only when the descriptor would block", async () => {
  const written: number[] = [];
  let syncCalls = 0;
  let asyncCalls = 0;
  // A descriptor that takes 3 bytes a call, and would block on every third synchronous one.
  const descriptor = {
    writeSync(bytes: Uint8Array): number {
      if (++syncCalls % 3 === 0) throw new Deno.errors.WouldBlock("would block");
      const n = Math.min(3, bytes.length);
      written.push(...bytes.subarray(0, n));
      return n;
    },
    write(bytes: Uint8Array): Promise<number> {
      asyncCalls++;
      const n = Math.min(3, bytes.length);
      written.push(...bytes.subarray(0, n));
      return Promise.resolve(n);
    },
  };
  const sink = syncWriterSink(descriptor);
  const bytes = Uint8Array.from({ length: 20 }, (_, i) => i);
  const done = sink(bytes);
  // Two synchronous writes, a would-block, then the asynchronous write the sink waits for.
  assert.deepEqual(written, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual([syncCalls, asyncCalls], [3, 1]);
  await done;
  assert.deepEqual(written, Array.from(bytes));
  assert.ok(asyncCalls > 0 && asyncCalls < syncCalls);
});

Deno.test("syncWriterSink() fails on any other error, and the writer then drops frames", async () => {
  const sink = syncWriterSink({
    writeSync: () => {
      throw new Deno.errors.BrokenPipe("gone");
    },
    write: () => Promise.resolve(0),
  });
  await assert.rejects(sink(new Uint8Array(4)), Deno.errors.BrokenPipe);
  const writer = new FrameWriter(sink);
  writer.write({ kind: "ack", seq: 1 });
  await writer.flushed();
  writer.write({ kind: "ack", seq: 2 });
  assert.equal(writer.pendingBytes, 0);
});

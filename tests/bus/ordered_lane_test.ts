import assert from "node:assert/strict";
import { BusClosedError, EmitAbortedError, EventBus } from "../../bus/mod.ts";
import { gate, heldBus, label, message, settle } from "./_helpers.ts";

Deno.test("emit() delivers events in emission order", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  bus.subscribe("message.received", (event) => {
    seen.push(event.data.message);
  });
  const texts = Array.from({ length: 5000 }, (_, i) => `m${i}`);
  for (const text of texts) await bus.emit(message(text));
  await bus.close();
  assert.deepEqual(seen, texts);
});

Deno.test("emit() calls the type's subscribers in subscription order, then the wildcard ones", async () => {
  const bus = new EventBus();
  const calls: string[] = [];
  bus.subscribe("*", () => {
    calls.push("wildcard-1");
  });
  bus.subscribe("message.received", () => {
    calls.push("typed-1");
  });
  bus.subscribe("*", () => {
    calls.push("wildcard-2");
  });
  bus.subscribe("message.received", {
    onEvent() {
      calls.push("typed-2");
    },
  });
  bus.subscribe("user.meta", () => {
    calls.push("other-type");
  });
  await bus.emitSync(message("x"));
  assert.deepEqual(calls, ["typed-1", "typed-2", "wildcard-1", "wildcard-2"]);
  await bus.close();
});

Deno.test("emit() is asynchronous to the emitter: it resolves on acceptance", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  bus.subscribe("*", (event) => {
    seen.push(label(event));
  });
  const accepted = bus.emit(message("a"));
  assert.deepEqual(seen, [], "no subscriber runs inside emit()");
  await accepted;
  await bus.close();
  assert.deepEqual(seen, ["a"]);
});

Deno.test("an async subscriber is awaited before the next delivery", async () => {
  const bus = new EventBus();
  const held = gate();
  const started = gate();
  const log: string[] = [];
  bus.subscribe("message.received", async (event) => {
    log.push(`start ${event.data.message}`);
    if (event.data.message === "first") {
      started.open();
      await held.promise;
    }
    log.push(`end ${event.data.message}`);
  });
  bus.emit(message("first"));
  bus.emit(message("second"));
  await started.promise;
  await settle();
  assert.deepEqual(log, ["start first"], "the second event waits for the slow subscriber");
  assert.equal(bus.stats().queued, 1);
  held.open();
  await bus.close();
  assert.deepEqual(log, ["start first", "end first", "start second", "end second"]);
});

/** A bus whose dispatcher is held inside a subscriber, with its lane filled to capacity. */
async function fullBus(capacity: number) {
  const held = await heldBus({ capacity });
  for (let i = 0; i < capacity; i++) await held.bus.emit(message(`fill${i}`));
  assert.equal(held.bus.stats().queued, capacity);
  return held;
}

Deno.test("emit() waits while the lane is full, and waiting emitters are admitted in call order", async () => {
  const { bus, seen, release } = await fullBus(4);
  let acceptedA = false;
  const a = bus.emit(message("waitA")).then(() => {
    acceptedA = true;
  });
  const b = bus.emit(message("waitB"));
  const c = bus.emit(message("waitC"));
  await settle();
  assert.equal(acceptedA, false, "a full lane holds the emitter");
  assert.equal(bus.stats().waitingEmitters, 3);
  release();
  await Promise.all([a, b, c]);
  await bus.close();
  assert.deepEqual(seen, [
    "hold",
    "fill0",
    "fill1",
    "fill2",
    "fill3",
    "waitA",
    "waitB",
    "waitC",
  ]);
  assert.equal(bus.stats().waitingEmitters, 0);
});

Deno.test("emit() with an aborted signal rejects, and the event is never delivered", async () => {
  const { bus, seen, release } = await fullBus(2);
  const controller = new AbortController();
  const aborted = bus.emit(message("aborted"), { signal: controller.signal });
  const kept = bus.emit(message("kept"));
  controller.abort(new Error("user gave up"));
  await assert.rejects(aborted, (error: unknown) => {
    assert.ok(error instanceof EmitAbortedError);
    assert.equal(error.event.type, "message.received");
    assert.match(error.message, /aborted/);
    assert.equal((error.cause as Error).message, "user gave up");
    return true;
  });
  assert.equal(bus.stats().waitingEmitters, 1);
  release();
  await kept;
  await bus.close();
  assert.deepEqual(seen, ["hold", "fill0", "fill1", "kept"]);
});

Deno.test("emit() with an already aborted signal rejects without enqueueing", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  bus.subscribe("*", (event) => {
    seen.push(label(event));
  });
  await assert.rejects(
    bus.emit(message("never"), { signal: AbortSignal.abort() }),
    EmitAbortedError,
  );
  await bus.close();
  assert.deepEqual(seen, []);
});

Deno.test("emitSync() resolves once every subscriber has processed the event, in order with emit()", async () => {
  const bus = new EventBus();
  const log: string[] = [];
  bus.subscribe("message.received", async (event) => {
    await settle();
    log.push(`typed ${event.data.message}`);
  });
  bus.subscribe("*", (event) => {
    log.push(`all ${label(event)}`);
  });
  bus.emit(message("before"));
  await bus.emitSync(message("sync"));
  assert.deepEqual(log, ["typed before", "all before", "typed sync", "all sync"]);
  await bus.close();
});

Deno.test("emitSync() called synchronously inside a subscriber rejects instead of deadlocking", async () => {
  const bus = new EventBus();
  let inner: Promise<void> | undefined;
  bus.subscribe("message.received", (event) => {
    if (event.data.message === "outer") inner = bus.emitSync(message("inner"));
  });
  await bus.emitSync(message("outer"));
  await assert.rejects(inner!, /inside a subscriber/);
  await bus.close();
});

Deno.test("close() rejects a waiting emitSync() with BusClosedError", async () => {
  const { bus, release } = await fullBus(1);
  const waiting = bus.emitSync(message("late"));
  const closed = bus.close();
  await assert.rejects(waiting, BusClosedError);
  release();
  await closed;
});

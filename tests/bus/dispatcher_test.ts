import assert from "node:assert/strict";
import { BusClosedError, EventBus } from "../../bus/mod.ts";
import { heldBus, label, message, meta, settle } from "./_helpers.ts";

Deno.test("a 100k-event flood lets a timer fire while it is being delivered", async () => {
  const bus = new EventBus({ capacity: 200_000 });
  let delivered = 0;
  let deliveredWhenTimerFired = -1;
  let work = 0;
  bus.subscribe("message.received", (event) => {
    // A little real work per event, so the flood outlasts the dispatcher's time slice.
    for (let i = 0; i < 200; i++) work += event.data.message.charCodeAt(i % 5);
    delivered++;
  });
  const total = 100_000;
  // Emitted without awaiting, the whole flood is queued before the dispatcher starts.
  for (let i = 0; i < total; i++) bus.emit(message("flood"));
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      deliveredWhenTimerFired = delivered;
      resolve();
    }, 0)
  );
  await bus.close();
  await timer;
  assert.equal(delivered, total);
  assert.ok(work > 0);
  assert.ok(
    deliveredWhenTimerFired >= 0 && deliveredWhenTimerFired < total,
    `the timer fired only after the flood (${deliveredWhenTimerFired} of ${total})`,
  );
});

Deno.test("a producer awaiting each emit() lets a timer fire before it is done", async () => {
  const bus = new EventBus();
  let delivered = 0;
  let work = 0;
  bus.subscribe("message.received", (event) => {
    for (let i = 0; i < 200; i++) work += event.data.message.charCodeAt(i % 5);
    delivered++;
  });
  let emittedWhenTimerFired = -1;
  let emitted = 0;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      emittedWhenTimerFired = emitted;
      resolve();
    }, 0)
  );
  const total = 100_000;
  // Each emit has room and resolves at once: the loop itself never waits for a timer or I/O.
  for (; emitted < total; emitted++) await bus.emit(message("flood"));
  await bus.close();
  await timer;
  assert.equal(delivered, total);
  assert.ok(work > 0);
  assert.ok(
    emittedWhenTimerFired >= 0 && emittedWhenTimerFired < total,
    `the timer fired only after the producer stopped (${emittedWhenTimerFired} of ${total})`,
  );
});

Deno.test("close() delivers everything accepted, drops snapshots and rejects waiting emitters", async () => {
  const { bus, seen, release } = await heldBus({ capacity: 2 });
  await bus.emit(message("a"));
  await bus.emit(message("b"));
  const waiting = bus.emit(message("waiting"));
  bus.emitLatest("k", meta("alice", true));
  const closed = bus.close();
  await assert.rejects(waiting, (error: unknown) => {
    assert.ok(error instanceof BusClosedError);
    assert.equal(label(error.event), "waiting");
    return true;
  });
  assert.equal(bus.stats().snapshotsPending, 0);
  release();
  await closed;
  assert.deepEqual(seen, ["hold", "a", "b"]);
  assert.equal(bus.stats().queued, 0);
});

Deno.test("after close(), emit() and emitSync() reject with BusClosedError holding the event", async () => {
  const bus = new EventBus();
  await bus.close();
  const event = message("late");
  await assert.rejects(bus.emit(event), (error: unknown) => {
    assert.ok(error instanceof BusClosedError);
    assert.equal(error.event, event);
    return true;
  });
  await assert.rejects(bus.emitSync(event), BusClosedError);
});

Deno.test("close() is idempotent and can be awaited by several callers", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  bus.subscribe("*", async (event) => {
    await Promise.resolve();
    seen.push(label(event));
  });
  await bus.emit(message("a"));
  const first = bus.close();
  const second = bus.close();
  assert.equal(first, second);
  await Promise.all([first, second]);
  await bus.close();
  assert.deepEqual(seen, ["a"]);
});

Deno.test("await using closes the bus at the end of the scope", async () => {
  const seen: string[] = [];
  {
    await using bus = new EventBus();
    bus.subscribe("*", (event) => {
      seen.push(label(event));
    });
    await bus.emit(message("a"));
  }
  assert.deepEqual(seen, ["a"]);
});

Deno.test('emitting the type "*" or an event with no type is a TypeError', async () => {
  const bus = new EventBus();
  const star = { type: "*", data: {}, timestamp: new Date(), source: "system" };
  const untyped = { data: {}, timestamp: new Date(), source: "system" };
  // @ts-expect-error: "*" is not an event type
  await assert.rejects(bus.emit(star), TypeError);
  // @ts-expect-error: "*" is not an event type
  await assert.rejects(bus.emitSync(star), TypeError);
  // @ts-expect-error: an event needs a type
  await assert.rejects(bus.emit(untyped), TypeError);
  // @ts-expect-error: an event needs a type
  assert.throws(() => bus.emitLatest("k", untyped), TypeError);
  // @ts-expect-error: "*" is not an event type
  assert.throws(() => bus.emitLatest("k", star), TypeError);
  await bus.close();
});

Deno.test("new EventBus() refuses a capacity that is not a positive integer", () => {
  assert.throws(() => new EventBus({ capacity: 0 }), TypeError);
  assert.throws(() => new EventBus({ capacity: 1.5 }), TypeError);
  assert.throws(() => new EventBus({ snapshotEvery: -1 }), TypeError);
});

Deno.test("new EventBus() refuses a clock or an error handler that is not a function", () => {
  // @ts-expect-error: a plain-JavaScript caller's mistake
  assert.throws(() => new EventBus({ now: 5 }), TypeError, "now must be a function, got number");
  assert.throws(
    // @ts-expect-error: a plain-JavaScript caller's mistake
    () => new EventBus({ onSubscriberError: "log" }),
    TypeError,
    "onSubscriberError must be a function, got string",
  );
});

Deno.test("stats() counts queued, pending snapshots, delivered and waiting emitters", async () => {
  const { bus, release } = await heldBus({ capacity: 1 });
  await bus.emit(message("queued"));
  const waiting = bus.emit(message("waiting"));
  bus.emitLatest("k", meta("alice", true));
  assert.deepEqual(bus.stats(), {
    queued: 1,
    snapshotsPending: 1,
    delivered: 1,
    subscriberErrors: 0,
    waitingEmitters: 1,
  });
  release();
  await waiting;
  await settle();
  assert.deepEqual(bus.stats(), {
    queued: 0,
    snapshotsPending: 0,
    delivered: 4,
    subscriberErrors: 0,
    waitingEmitters: 0,
  });
  await bus.close();
});

/**
 * Floods a bus whose clock is the test's: each delivery takes 0.1 µs, then, after the first
 * `cheap`, 1 ms. Returns how many dear ones were delivered when the event loop had its first
 * turn (an immediate set before the flood runs then: a timer's due time is the real clock's).
 */
async function dearBeforeTurn(cheap: number): Promise<number> {
  let now = 0;
  const bus = new EventBus({ capacity: 20_000, now: () => now });
  let delivered = 0;
  bus.subscribe("message.received", () => {
    delivered++;
    now += delivered > cheap ? 1 : 0.0001;
  });
  for (let i = 0; i < 10_000; i++) bus.emit(message("flood"));
  const turn = new Promise<number>((resolve) => setImmediate(() => resolve(delivered)));
  await bus.close();
  assert.equal(delivered, 10_000);
  return await turn - cheap;
}

Deno.test("deliveries that turn dear mid-flood give the event loop a turn within 256 of them, on the bus's clock", async () => {
  // The cheap ones fit in one 4 ms slice, and the stride grew meanwhile, up to its cap: however
  // the change falls between two looks at the clock, the next look comes within the cap.
  for (let cheap = 2000; cheap < 3100; cheap += 37) {
    const dear = await dearBeforeTurn(cheap);
    assert.ok(
      dear > 0 && dear <= 256,
      `a turn came after ${dear} dear deliveries (${cheap} cheap)`,
    );
  }
});

Deno.test("a flood of cheap deliveries looks at the bus's clock at most every 64 and mostly every 256", async () => {
  let now = 0;
  let looks = 0;
  const bus = new EventBus({
    capacity: 100_000,
    now: () => {
      looks++;
      return now;
    },
  });
  let delivered = 0;
  bus.subscribe("message.received", () => {
    delivered++;
    now += 0.001;
  });
  for (let i = 0; i < 100_000; i++) bus.emit(message("flood"));
  await bus.close();
  assert.equal(delivered, 100_000);
  // 100 ms of deliveries, 25 slices of 4 ms: each slice starts at a stride of 64, doubles to 256.
  assert.ok(looks > 100_000 / 256 && looks < 100_000 / 128, `${looks} looks at the clock`);
});

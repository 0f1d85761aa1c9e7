import assert from "node:assert/strict";
import { EventBus } from "../../bus/mod.ts";
import { gate, heldBus, label, message, meta, settle } from "./_helpers.ts";

Deno.test("emitLatest() never blocks and returns nothing", async () => {
  const { bus, release } = await heldBus({ capacity: 1 });
  await bus.emit(message("fill"));
  for (let i = 0; i < 10_000; i++) {
    assert.equal(bus.emitLatest(`k${i % 7}`, meta(`n${i % 7}`, i % 2 === 0)), undefined);
  }
  assert.equal(bus.stats().snapshotsPending, 7);
  release();
  await bus.close();
});

Deno.test("emitLatest() coalesces by key while the dispatcher is busy: last write wins", async () => {
  const { bus, seen, release } = await heldBus();
  bus.emitLatest("user.meta:1:alice", meta("alice", true));
  bus.emitLatest("user.meta:1:alice", meta("alice", false));
  bus.emitLatest("user.meta:1:alice", meta("alice", true));
  release();
  await settle();
  assert.deepEqual(seen, ["hold", "alice:true"]);
  assert.equal(bus.stats().delivered, 2);
  await bus.close();
});

Deno.test("emitLatest() keeps each key at the position of its first pending write", async () => {
  const { bus, seen, release } = await heldBus();
  bus.emitLatest("a", meta("alice", true));
  bus.emitLatest("b", meta("bob", true));
  bus.emitLatest("a", meta("alice", false));
  bus.emitLatest("c", meta("carol", true));
  release();
  await settle();
  assert.deepEqual(seen, ["hold", "alice:false", "bob:true", "carol:true"]);
  await bus.close();
});

Deno.test("ordered events take priority over pending snapshots", async () => {
  const { bus, seen, release } = await heldBus();
  bus.emitLatest("a", meta("alice", true));
  await bus.emit(message("m1"));
  await bus.emit(message("m2"));
  release();
  await settle();
  assert.deepEqual(seen, ["hold", "m1", "m2", "alice:true"]);
  await bus.close();
});

Deno.test("a pending snapshot is delivered at least every snapshotEvery ordered events", async () => {
  const { bus, seen, release } = await heldBus({ snapshotEvery: 8, capacity: 100 });
  for (let i = 0; i < 30; i++) await bus.emit(message(`m${i}`));
  bus.emitLatest("a", meta("alice", true));
  bus.emitLatest("b", meta("bob", true));
  release();
  await bus.emitSync(message("end"));
  const positions = ["alice:true", "bob:true"].map((name) => seen.indexOf(name));
  // The snapshots became pending while "hold" was being delivered: eight ordered events
  // (m0-m7) pass, then a snapshot, eight more, then the other snapshot.
  assert.deepEqual(positions, [9, 18]);
  await bus.close();
});

Deno.test("an endless ordered flood does not starve the snapshot lane", async () => {
  const bus = new EventBus({ snapshotEvery: 64 });
  let sinceSnapshot = 0;
  let worstGap = 0;
  let snapshots = 0;
  let flooding = true;
  const done = gate();
  // Each ordered event emits the next: the ordered queue is never empty while flooding.
  bus.subscribe("message.received", () => {
    sinceSnapshot++;
    if (flooding) bus.emit(message("flood"));
  });
  bus.subscribe("user.meta", (event) => {
    worstGap = Math.max(worstGap, sinceSnapshot);
    sinceSnapshot = 0;
    snapshots++;
    if (snapshots < 50) bus.emitLatest("k", meta("alice", !event.data.away));
    else {
      flooding = false;
      done.open();
    }
  });
  await bus.emit(message("flood"));
  await bus.emit(message("flood"));
  bus.emitLatest("k", meta("alice", true));
  sinceSnapshot = 0;
  await done.promise;
  await bus.close();
  assert.equal(snapshots, 50);
  assert.ok(worstGap <= 64, `a snapshot waited behind ${worstGap} ordered events`);
});

Deno.test("emitLatest() with an empty key is a TypeError", async () => {
  const bus = new EventBus();
  assert.throws(() => bus.emitLatest("", meta("alice", true)), TypeError);
  await bus.close();
});

Deno.test("emitLatest() after close() is a no-op", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  bus.subscribe("*", (event) => {
    seen.push(label(event));
  });
  await bus.close();
  bus.emitLatest("a", meta("alice", true));
  await settle();
  assert.deepEqual(seen, []);
  assert.equal(bus.stats().snapshotsPending, 0);
});

Deno.test("emitLatest() from a snapshot subscriber replaces a pending key and queues a delivered one", async () => {
  const { bus, seen, release } = await heldBus();
  let rewrote = false;
  bus.subscribe("user.meta", (event) => {
    if (event.data.nickname !== "alice" || rewrote) return;
    rewrote = true;
    bus.emitLatest("b", meta("bob", false)); // still pending: replaces bob:true in place
    bus.emitLatest("a", meta("alice", false)); // just delivered: pending again, at the end
  });
  bus.emitLatest("a", meta("alice", true));
  bus.emitLatest("b", meta("bob", true));
  bus.emitLatest("c", meta("carol", true));
  release();
  await settle();
  assert.deepEqual(seen, ["hold", "alice:true", "bob:false", "carol:true", "alice:false"]);
  await bus.close();
});

Deno.test("stats().snapshotsPending counts only the keys not delivered yet", async () => {
  const { bus, release } = await heldBus();
  const pendingAtDelivery: number[] = [];
  bus.subscribe("user.meta", () => {
    pendingAtDelivery.push(bus.stats().snapshotsPending);
  });
  bus.emitLatest("a", meta("alice", true));
  bus.emitLatest("b", meta("bob", true));
  bus.emitLatest("c", meta("carol", true));
  assert.equal(bus.stats().snapshotsPending, 3);
  release();
  await settle();
  assert.deepEqual(pendingAtDelivery, [2, 1, 0]);
  await bus.close();
});

Deno.test("a snapshot emitted while the dispatcher gives timers a turn is delivered without waiting for that turn", async () => {
  const bus = new EventBus({ capacity: 200_000 });
  const total = 100_000;
  let ordered = 0;
  let work = 0;
  bus.subscribe("message.received", (event) => {
    // A little real work per event, so the flood outlasts the dispatcher's time slice.
    for (let i = 0; i < 200; i++) work += event.data.message.charCodeAt(i % 5);
    ordered++;
  });
  const snapshots: string[] = [];
  bus.subscribe("user.meta", (event) => {
    snapshots.push(label(event));
  });
  for (let i = 0; i < total; i++) bus.emit(message("flood"));
  // The timer fires in the turn the dispatcher gives away mid-flood.
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.ok(ordered < total, "the flood was delivered before the timer fired");
  // A producer running in microtasks only: the turn given away is not over before it goes on.
  bus.emitLatest("user.meta:1:alice", meta("alice", true));
  await Promise.resolve();
  assert.deepEqual(snapshots, ["alice:true"]);
  await bus.close();
  assert.equal(ordered, total);
  assert.ok(work > 0);
});

import assert from "node:assert/strict";
import { BusClosedError, EventBus } from "../../bus/mod.ts";
import { heldBus, label, message, settle } from "./_helpers.ts";

/** A bus logging every delivery by label. */
function loggedBus(capacity: number) {
  const bus = new EventBus({ capacity });
  const seen: string[] = [];
  bus.subscribe("*", (event) => {
    seen.push(label(event));
  });
  return { bus, seen };
}

Deno.test("tryEmit() accepts while the lane has room, and delivers later, in order", async () => {
  const { bus, seen } = loggedBus(3);
  assert.equal(bus.tryEmit(message("a")), true);
  assert.equal(bus.tryEmit(message("b")), true);
  assert.equal(bus.tryEmit(message("c")), true);
  assert.deepEqual(seen, [], "no subscriber runs inside tryEmit()");
  assert.equal(bus.stats().queued, 3);
  await bus.close();
  assert.deepEqual(seen, ["a", "b", "c"]);
});

Deno.test("tryEmit() returns false when the lane is full, and the event is not queued", async () => {
  const { bus, seen, release } = await heldBus({ capacity: 2 });
  assert.equal(bus.tryEmit(message("fill0")), true);
  assert.equal(bus.tryEmit(message("fill1")), true);
  assert.equal(bus.tryEmit(message("refused")), false);
  assert.equal(bus.stats().queued, 2);
  release();
  await bus.close();
  assert.deepEqual(seen, ["hold", "fill0", "fill1"]);
});

Deno.test("tryEmit() returns false while emit() calls wait, so it never overtakes them", async () => {
  const { bus, seen, release } = await heldBus({ capacity: 1 });
  await bus.emit(message("fill"));
  const waiting = bus.emit(message("waiting"));
  await settle();
  assert.equal(bus.stats().waitingEmitters, 1);
  const later = message("later");
  assert.equal(bus.tryEmit(later), false);
  const fallback = bus.emit(later);
  release();
  await Promise.all([waiting, fallback]);
  await bus.close();
  assert.deepEqual(seen, ["hold", "fill", "waiting", "later"]);
});

Deno.test("tryEmit(), emit() and emitSync() mixed keep emission order", async () => {
  const { bus, seen } = loggedBus(4);
  const sent: string[] = [];
  for (let i = 0; i < 300; i++) {
    const text = `m${i}`;
    sent.push(text);
    if (i % 50 === 49) await bus.emitSync(message(text));
    else if (i % 3 === 0) await bus.emit(message(text));
    else if (!bus.tryEmit(message(text))) await bus.emit(message(text));
  }
  await bus.close();
  assert.deepEqual(seen, sent);
});

Deno.test("tryEmit() on a closed bus returns false, and emit() then says why", async () => {
  const { bus, seen } = loggedBus(8);
  await bus.close();
  const late = message("late");
  assert.equal(bus.tryEmit(late), false);
  await assert.rejects(bus.emit(late), (error: unknown) => {
    assert.ok(error instanceof BusClosedError);
    assert.equal(error.event, late);
    return true;
  });
  await settle();
  assert.deepEqual(seen, []);
  assert.equal(bus.stats().queued, 0);
});

Deno.test('tryEmit() with the type "*" or no type throws a TypeError', async () => {
  const bus = new EventBus();
  const star = { type: "*", data: {}, timestamp: new Date(), source: "system" };
  const untyped = { data: {}, timestamp: new Date(), source: "system" };
  // @ts-expect-error: "*" is not an event type
  assert.throws(() => bus.tryEmit(star), TypeError);
  // @ts-expect-error: an event needs a type
  assert.throws(() => bus.tryEmit(untyped), TypeError);
  assert.equal(bus.stats().queued, 0);
  await bus.close();
});

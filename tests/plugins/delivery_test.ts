import assert from "node:assert/strict";
import fc from "fast-check";
import type { AnyBusEvent } from "../../bus/mod.ts";
import { batchJson, WireItem } from "../../plugins/_delivery.ts";
import type { Queued } from "../../plugins/_mailbox.ts";
import { parseWireBatch } from "../../plugins/_protocol.ts";

/** An event only this plugin gets (serialized with its batch) or one shared (its JSON cached). */
function item(n: number, shared: boolean, data: unknown = { n }, type = "message.received") {
  const event = { type, timestamp: new Date(n), source: "irc", data } as AnyBusEvent;
  const queued: Queued = shared ? new WireItem(event) : event;
  return queued;
}

/** A batch's events as `[type, timestamp, source, data]`, after the runtime's checks. */
function tuples(json: string): unknown[][] {
  const { pairs, base, pairIndexes, offsets, data } = parseWireBatch(json);
  return data.map((
    item,
    i,
  ) => [pairs[pairIndexes[i] * 2], base + offsets[i], pairs[pairIndexes[i] * 2 + 1], item]);
}

Deno.test("batchJson() keeps order across runs of own events and shared ones", () => {
  const pattern = [false, false, true, false, true, true, false];
  const batch = pattern.map((shared, n) => item(n, shared));
  const events = tuples(batchJson(batch));
  assert.deepEqual(events.map((event) => event[1]), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(events[3], ["message.received", 3, "irc", { n: 3 }]);
});

Deno.test("batchJson() of a batch only its plugin gets is five columns naming each type once", () => {
  const json = batchJson([item(1, false), item(2, false)]);
  assert.equal(json, '[["message.received","irc"],1,[0,0],[0,1],[{"n":1},{"n":2}]]');
  assert.deepEqual(tuples(json), [
    ["message.received", 1, "irc", { n: 1 }],
    ["message.received", 2, "irc", { n: 2 }],
  ]);
});

Deno.test("batchJson() names each [type, source] pair once, in own and shared events alike", () => {
  const batch = [
    item(1, false, 1, "user.joined"),
    item(2, true, 2, "message.received"),
    item(3, false, 3, "user.joined"),
    item(4, true, 4, "user.joined"),
    item(5, false, 5, "message.received"),
  ];
  const json = batchJson(batch);
  assert.equal(
    json,
    '[["user.joined","irc","message.received","irc"],1,[0,1,0,0,1],[0,1,2,3,4],[1,2,3,4,5]]',
  );
  assert.deepEqual(tuples(json).map((event) => event[0]), [
    "user.joined",
    "message.received",
    "user.joined",
    "user.joined",
    "message.received",
  ]);
});

Deno.test("batchJson() leaves out an event that is not JSON, and only that one", () => {
  const original = console.error;
  const said: unknown[] = [];
  console.error = (...args: unknown[]) => said.push(args[0]);
  try {
    const batch = [item(1, false), item(2, false, { big: 1n }), item(3, true), item(4, false)];
    const events = tuples(batchJson(batch));
    assert.deepEqual(events.map((event) => event[1]), [1, 3, 4]);
    assert.deepEqual(said, ["Cannot deliver message.received to plugins: its data is not JSON"]);
  } finally {
    console.error = original;
  }
});

Deno.test("batchJson() hands the runtime every event as it was, whatever its timestamp and pair", () => {
  const event = fc.record({
    type: fc.constantFrom("message.received", "user.joined", "user.quit"),
    source: fc.constantFrom("irc", "system"),
    // Dates before and after the batch's first, far apart.
    timestamp: fc.integer({ min: -8.64e15, max: 8.64e15 }),
    data: fc.jsonValue(),
    shared: fc.boolean(),
  });
  fc.assert(fc.property(fc.array(event, { maxLength: 40 }), (events) => {
    const batch = events.map(({ type, source, timestamp, data, shared }) => {
      const busEvent = { type, source, timestamp: new Date(timestamp), data } as AnyBusEvent;
      const queued: Queued = shared ? new WireItem(busEvent) : busEvent;
      return queued;
    });
    assert.deepEqual(
      tuples(batchJson(batch)),
      // Through JSON, as the runtime gets it: -0 is 0.
      events.map((e) => [e.type, e.timestamp, e.source, JSON.parse(JSON.stringify([e.data]))[0]]),
    );
  }));
});

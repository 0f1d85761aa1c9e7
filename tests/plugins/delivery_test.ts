import assert from "node:assert/strict";
import type { AnyBusEvent } from "../../bus/mod.ts";
import { batchJson } from "../../plugins/_delivery.ts";
import type { Outgoing } from "../../plugins/_mailbox.ts";
import { parseWireBatch, WIRE_ITEMS_PER_EVENT } from "../../plugins/_protocol.ts";

/** An event only this plugin gets (serialized with its batch) or one shared (its JSON cached). */
function item(n: number, shared: boolean, data: unknown = { n }, type = "message.received") {
  const event = { type, timestamp: new Date(n), source: "irc", data } as AnyBusEvent;
  const outgoing: Outgoing = {
    event,
    own: () => shared ? undefined : event,
    json: () => {
      try {
        return JSON.stringify([n, data]).slice(1, -1);
      } catch {
        return undefined;
      }
    },
  };
  return outgoing;
}

/** A batch's events as `[type, timestamp, source, data]`, after the runtime's checks. */
function tuples(json: string): unknown[][] {
  const { pairs, items } = parseWireBatch(json);
  const events: unknown[][] = [];
  for (let i = 1; i < items.length; i += WIRE_ITEMS_PER_EVENT) {
    const pair = Number(items[i]) * 2;
    events.push([pairs[pair], items[i + 1], pairs[pair + 1], items[i + 2]]);
  }
  return events;
}

Deno.test("batchJson() keeps order across runs of own events and shared ones", () => {
  const pattern = [false, false, true, false, true, true, false];
  const batch = pattern.map((shared, n) => item(n, shared));
  const events = tuples(batchJson(batch));
  assert.deepEqual(events.map((event) => event[1]), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(events[3], ["message.received", 3, "irc", { n: 3 }]);
});

Deno.test("batchJson() of a batch only its plugin gets is one array naming each type once", () => {
  const json = batchJson([item(1, false), item(2, false)]);
  assert.equal(json, '[["message.received","irc"],0,1,{"n":1},0,2,{"n":2}]');
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
    '[["user.joined","irc","message.received","irc"],0,1,1,1,2,2,0,3,3,0,4,4,1,5,5]',
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

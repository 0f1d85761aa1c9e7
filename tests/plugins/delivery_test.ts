import assert from "node:assert/strict";
import { batchJson } from "../../plugins/_delivery.ts";
import type { Outgoing } from "../../plugins/_mailbox.ts";
import { parseWireEvents, type WireEvent } from "../../plugins/_protocol.ts";

/** An event only this plugin gets (serialized with its batch) or one shared (its JSON cached). */
function item(n: number, shared: boolean, data: unknown = { n }): Outgoing {
  const tuple: WireEvent = ["message.received", n, "irc", data];
  return {
    own: () => shared ? undefined : tuple,
    json: () => {
      try {
        return JSON.stringify(tuple);
      } catch {
        return undefined;
      }
    },
  };
}

Deno.test("batchJson() keeps order across runs of own events and shared ones", () => {
  const pattern = [false, false, true, false, true, true, false];
  const batch = pattern.map((shared, n) => item(n, shared));
  const events = parseWireEvents(batchJson(batch));
  assert.deepEqual(events.map((event) => event[1]), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(events[3], ["message.received", 3, "irc", { n: 3 }]);
});

Deno.test("batchJson() of a batch only its plugin gets is one JSON array", () => {
  const events = parseWireEvents(batchJson([item(1, false), item(2, false)]));
  assert.deepEqual(events, [["message.received", 1, "irc", { n: 1 }], [
    "message.received",
    2,
    "irc",
    { n: 2 },
  ]]);
});

Deno.test("batchJson() leaves out an event that is not JSON, and only that one", () => {
  const original = console.error;
  const said: unknown[] = [];
  console.error = (...args: unknown[]) => said.push(args[0]);
  try {
    const batch = [item(1, false), item(2, false, { big: 1n }), item(3, true), item(4, false)];
    const events = parseWireEvents(batchJson(batch));
    assert.deepEqual(events.map((event) => event[1]), [1, 3, 4]);
    assert.deepEqual(said, ["Cannot deliver message.received to plugins: its data is not JSON"]);
  } finally {
    console.error = original;
  }
});

import assert from "node:assert/strict";
import {
  type BusEvent,
  createMetadataCoalescer,
  EventBus,
  type MetadataUpdatedData,
} from "../../bus/mod.ts";
import { fakeTime } from "../_fake_time.ts";

function recordingBus() {
  const bus = new EventBus();
  const events: BusEvent<"metadata.updated">[] = [];
  bus.subscribe("metadata.updated", (event) => {
    events.push(event);
  });
  return { bus, events, data: (): MetadataUpdatedData[] => events.map((e) => e.data) };
}

const color = (key: string, value: string, network_id?: number) =>
  network_id === undefined
    ? { type: "nickname_color", key, value }
    : { type: "nickname_color", key, value, network_id };

Deno.test("the coalescer publishes wait ms after the last write, last write winning per key", async () => {
  using clock = fakeTime();
  const { bus, events, data } = recordingBus();
  const metadata = createMetadataCoalescer(bus, { wait: 10, maxWait: 100 });
  metadata.set(color("alice", "red", 1));
  clock.tick(5);
  metadata.set(color("alice", "blue", 1));
  clock.tick(9);
  await bus.emitSync({
    type: "sasl.aborted",
    data: { networkId: 1 },
    timestamp: new Date(),
    source: "irc",
  });
  assert.equal(events.length, 0, "nothing before wait ms of quiet");
  clock.tick(1);
  await bus.close();
  assert.deepEqual(data(), [color("alice", "blue", 1)]);
  assert.equal(events[0].source, "system");
});

Deno.test("two or more pending updates become { updates } in first-write order", async () => {
  using clock = fakeTime();
  const { bus, data } = recordingBus();
  const metadata = createMetadataCoalescer(bus);
  metadata.set(color("alice", "red", 1));
  metadata.set(color("bob", "green", 1));
  metadata.set(color("alice", "blue", 1));
  metadata.set(color("alice", "pink", 2)); // another network: another key
  metadata.set({ ...color("alice", "teal", 1), channel: "#deno" }); // and another channel
  assert.equal(metadata.pending, 4);
  clock.tick(10);
  await bus.close();
  assert.deepEqual(data(), [{
    updates: [
      color("alice", "blue", 1),
      color("bob", "green", 1),
      color("alice", "pink", 2),
      { ...color("alice", "teal", 1), channel: "#deno" },
    ],
  }]);
});

Deno.test("a steady stream of writes is published every maxWait ms, never deferred forever", async () => {
  using clock = fakeTime();
  const { bus, data } = recordingBus();
  const metadata = createMetadataCoalescer(bus, { wait: 10, maxWait: 100 });
  for (let i = 0; i < 50; i++) {
    metadata.set(color("alice", `shade${i}`));
    clock.tick(5);
  }
  await bus.close();
  // 250 ms of writes every 5 ms: published at 100 ms and 200 ms, the rest still pending.
  assert.deepEqual(data(), [color("alice", "shade19"), color("alice", "shade39")]);
  assert.equal(metadata.pending, 1);
});

Deno.test("flush() publishes at once, and close() flushes so nothing is lost", async () => {
  using _clock = fakeTime();
  const { bus, data } = recordingBus();
  const metadata = createMetadataCoalescer(bus);
  metadata.set(color("alice", "red"));
  await metadata.flush();
  await metadata.flush(); // nothing pending: no event
  metadata.set(color("bob", "green"));
  await metadata.close();
  await metadata.close();
  assert.throws(() => metadata.set(color("carol", "blue")), /closed/);
  await bus.close();
  assert.deepEqual(data(), [color("alice", "red"), color("bob", "green")]);
});

Deno.test("invalid updates are a TypeError and leave nothing pending", async () => {
  const bus = new EventBus();
  const metadata = createMetadataCoalescer(bus);
  const bad: unknown[] = [
    null,
    "nickname_color",
    { key: "alice", value: 1 },
    { type: 7, key: "alice", value: 1 },
    { type: "nickname_color", value: 1 },
    { type: "nickname_color", key: ["alice"], value: 1 },
    { type: "nickname_color", key: "alice", value: 1, network_id: 0 },
    { type: "nickname_color", key: "alice", value: 1, network_id: 1.5 },
    { type: "nickname_color", key: "alice", value: 1, network_id: "1" },
    { type: "nickname_color", key: "alice", value: 1, channel: 5 },
  ];
  for (const update of bad) {
    // @ts-expect-error: each is deliberately malformed
    assert.throws(() => metadata.set(update), TypeError, JSON.stringify(update));
  }
  assert.equal(metadata.pending, 0);
  await metadata.close();
  await bus.close();
});

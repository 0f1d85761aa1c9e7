import assert from "node:assert/strict";
import { createEvent, EventBus } from "../../bus/mod.ts";
import { shutdownInOrder } from "../../client/mod.ts";

Deno.test("shutdownInOrder() stops front, networks, plugins, bus, storage in that order", async () => {
  const order: string[] = [];
  const bus = new EventBus();
  const report = await shutdownInOrder({
    front: [{ close: () => void order.push("web") }],
    networks: [
      { disconnect: (reason) => Promise.resolve(void order.push(`quit a: ${reason}`)) },
      { disconnect: () => Promise.resolve(void order.push("quit b")) },
    ],
    plugins: { [Symbol.asyncDispose]: () => Promise.resolve(void order.push("plugins")) },
    bus: { close: () => bus.close().then(() => void order.push("bus")) },
    storage: { close: () => void order.push("storage") },
  }, { reason: "Bye" });
  assert.deepEqual(order, ["web", "quit a: Bye", "quit b", "plugins", "bus", "storage"]);
  assert.deepEqual(report.steps, ["front", "networks", "plugins", "bus", "storage"]);
  assert.equal(report.quitTimedOut, false);
  assert.deepEqual(report.errors, []);
});

Deno.test("shutdownInOrder() bounds the QUIT wait and goes on after failures", async () => {
  const order: string[] = [];
  const { promise: never } = Promise.withResolvers<void>();
  const report = await shutdownInOrder({
    networks: [
      { disconnect: () => never },
      { disconnect: () => Promise.reject(new Error("socket gone")) },
    ],
    plugins: {
      [Symbol.asyncDispose]: () => {
        order.push("plugins");
        return Promise.reject(new Error("plugin stuck"));
      },
    },
    bus: { close: () => Promise.resolve(void order.push("bus")) },
    storage: { close: () => void order.push("storage") },
  }, { quitTimeoutMs: 50 });
  assert.equal(report.quitTimedOut, true);
  assert.deepEqual(order, ["plugins", "bus", "storage"]);
  assert.deepEqual(report.errors.map((e) => e.message).sort(), ["plugin stuck", "socket gone"]);
});

Deno.test("shutdownInOrder() loses nothing accepted on the ordered lane", async () => {
  const bus = new EventBus({ capacity: 8 });
  const seen: number[] = [];
  bus.subscribe("message.received", async (event) => {
    await Promise.resolve();
    seen.push(event.data.timestamp);
  });
  const accepted: Promise<void>[] = [];
  for (let i = 0; i < 100; i++) {
    accepted.push(bus.emit(createEvent("message.received", {
      networkId: 1,
      channel: "#a",
      user: "bob",
      message: `m${i}`,
      timestamp: i,
    }, "irc")));
  }
  // The producer stops at the QUIT step; the bus drains every accepted event.
  await shutdownInOrder({
    networks: [{ disconnect: () => Promise.all(accepted).then(() => {}) }],
    bus,
    storage: { close() {} },
  });
  assert.deepEqual(seen, Array.from({ length: 100 }, (_, i) => i));
});

import assert from "node:assert/strict";
import { type AnyBusEvent, EventBus, type SubscriberLike } from "../../bus/mod.ts";
import { label, message } from "./_helpers.ts";

Deno.test("a throwing or rejecting subscriber does not stop delivery to the others", async () => {
  const reports: { error: unknown; event: AnyBusEvent; subscriber: SubscriberLike<never> }[] = [];
  const bus = new EventBus({
    onSubscriberError: (error, event, subscriber) => reports.push({ error, event, subscriber }),
  });
  const seen: string[] = [];
  function throwing(): void {
    throw new Error("sync boom");
  }
  const rejecting = {
    name: "rejecting-plugin",
    onEvent(): Promise<void> {
      return Promise.reject(new Error("async boom"));
    },
  };
  bus.subscribe("message.received", throwing);
  bus.subscribe("message.received", rejecting);
  bus.subscribe("*", (event) => {
    seen.push(label(event));
  });
  await bus.emit(message("a"));
  await bus.emitSync(message("b"));
  assert.deepEqual(seen, ["a", "b"]);
  assert.equal(reports.length, 4);
  assert.equal((reports[0].error as Error).message, "sync boom");
  assert.equal(reports[0].subscriber, throwing);
  assert.equal(label(reports[0].event), "a");
  assert.equal((reports[1].error as Error).message, "async boom");
  assert.equal(reports[1].subscriber, rejecting);
  assert.equal(bus.stats().subscriberErrors, 4);
  await bus.close();
});

Deno.test("the default error handler logs the event type and the subscriber's name", async () => {
  const logged: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const bus = new EventBus();
    bus.subscribe("message.received", function nicknameColors() {
      throw new Error("boom");
    });
    bus.subscribe("message.received", { name: "weather", onEvent: () => Promise.reject("no") });
    await bus.emitSync(message("x"));
    await bus.close();
  } finally {
    console.error = original;
  }
  assert.equal(logged.length, 2);
  assert.match(String(logged[0][0]), /nicknameColors.*message\.received/);
  assert.match(String(logged[1][0]), /weather.*message\.received/);
});

Deno.test("an onSubscriberError handler that throws does not stop the dispatcher", async () => {
  const original = console.error;
  console.error = () => {};
  try {
    const bus = new EventBus({
      onSubscriberError: () => {
        throw new Error("handler broke");
      },
    });
    const seen: string[] = [];
    bus.subscribe("message.received", () => {
      throw new Error("boom");
    });
    bus.subscribe("*", (event) => {
      seen.push(label(event));
    });
    await bus.emitSync(message("x"));
    await bus.emitSync(message("y"));
    assert.deepEqual(seen, ["x", "y"]);
    await bus.close();
  } finally {
    console.error = original;
  }
});

import assert from "node:assert/strict";
import { type AnyBusEvent, EventBus, type SubscriberFunction } from "../../bus/mod.ts";
import { label, message } from "./_helpers.ts";

Deno.test("subscribe() returns an unsubscribe function that is also disposable", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  const off = bus.subscribe("message.received", (event) => {
    seen.push(`fn ${event.data.message}`);
  });
  {
    using _scoped = bus.subscribe("*", (event) => {
      seen.push(`scoped ${label(event)}`);
    });
    await bus.emitSync(message("one"));
  }
  off();
  off(); // a second call is harmless
  await bus.emitSync(message("two"));
  assert.deepEqual(seen, ["fn one", "scoped one"]);
  await bus.close();
});

Deno.test("unsubscribe() removes a subscriber and is a no-op when it is not subscribed", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  const onMessage: SubscriberFunction<"message.received"> = (event) => {
    seen.push(event.data.message);
  };
  bus.unsubscribe("message.received", onMessage);
  bus.subscribe("message.received", onMessage);
  await bus.emitSync(message("one"));
  bus.unsubscribe("message.received", onMessage);
  bus.unsubscribe("user.quit", () => {});
  await bus.emitSync(message("two"));
  assert.deepEqual(seen, ["one"]);
  await bus.close();
});

Deno.test("a subscriber added during a delivery does not get that event, but gets the next", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  let added = false;
  bus.subscribe("message.received", () => {
    if (added) return;
    added = true;
    bus.subscribe("message.received", (event) => {
      seen.push(event.data.message);
    });
  });
  await bus.emitSync(message("during"));
  await bus.emitSync(message("after"));
  assert.deepEqual(seen, ["after"]);
  await bus.close();
});

Deno.test("a subscriber removed during a delivery is not called for it, if not yet called", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  let offLater = () => {};
  const offFirst = bus.subscribe("message.received", () => {
    seen.push("first");
    offFirst(); // removing itself after being called is fine too
    offLater();
  });
  offLater = bus.subscribe("message.received", () => {
    seen.push("later");
  });
  bus.subscribe("*", () => {
    seen.push("wildcard");
  });
  await bus.emitSync(message("x"));
  await bus.emitSync(message("y"));
  assert.deepEqual(seen, ["first", "wildcard", "wildcard"]);
  await bus.close();
});

Deno.test("a subscriber object's onEvent keeps its this", async () => {
  const bus = new EventBus();
  class Counter {
    count = 0;
    onEvent() {
      this.count++;
    }
  }
  const counter = new Counter();
  bus.subscribe("*", counter);
  await bus.emitSync(message("x"));
  assert.equal(counter.count, 1);
  await bus.close();
});

Deno.test("a subscriber object's onEvent is called as a method, looked up at each delivery", async () => {
  const bus = new EventBus();
  const seen: string[] = [];
  const subscriber = {
    onEvent(event: AnyBusEvent) {
      seen.push(`first ${label(event)}`);
    },
  };
  bus.subscribe("*", subscriber);
  await bus.emitSync(message("one"));
  subscriber.onEvent = (event) => {
    seen.push(`second ${label(event)}`);
  };
  await bus.emitSync(message("two"));
  assert.deepEqual(seen, ["first one", "second two"]);
  await bus.close();
});

Deno.test("subscribe() refuses a subscriber that is neither a function nor has onEvent", async () => {
  const bus = new EventBus();
  // @ts-expect-error: not a subscriber
  assert.throws(() => bus.subscribe("*", { handle() {} }), TypeError);
  // @ts-expect-error: not an event type
  assert.throws(() => bus.subscribe("", () => {}), TypeError);
  await bus.close();
});

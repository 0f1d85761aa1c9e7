import assert from "node:assert/strict";
import { Parts } from "../../client/_parts.ts";

Deno.test("Parts.stop() stops the parts in reverse order of start, naming each step once", async () => {
  const order: string[] = [];
  const parts = new Parts<"front" | "bus" | "storage">();
  const db = await parts.start("storage", () => "db", (db) => void order.push(`close ${db}`));
  await parts.start(
    "storage",
    () => Promise.resolve("store"),
    (s) => void order.push(`close ${s}`),
  );
  parts.defer("bus", () => Promise.resolve(void order.push("drain bus")));
  await parts.start("front", () => "web", (web) => void order.push(`close ${web}`));
  assert.equal(db, "db", "start() returns what the part's start returned");
  const stopped = await parts.stop();
  assert.deepEqual(order, ["close web", "drain bus", "close store", "close db"]);
  assert.deepEqual(stopped, { steps: ["front", "bus", "storage"], errors: [] });
});

Deno.test("Parts.start() registers nothing for a part whose start throws, and stop() still stops those before it", async () => {
  const order: string[] = [];
  const parts = new Parts<"storage" | "front">();
  await parts.start("storage", () => "db", () => void order.push("close db"));
  await assert.rejects(
    parts.start("front", () => Promise.reject(new Error("port taken")), () => {
      order.push("close web");
    }),
    /port taken/,
  );
  const stopped = await parts.stop();
  assert.deepEqual(order, ["close db"]);
  assert.deepEqual(stopped.steps, ["storage"]);
});

Deno.test("Parts.stop() goes on past a stop that throws and returns its error", async () => {
  const order: string[] = [];
  const parts = new Parts<"a" | "b" | "c">();
  parts.defer("a", () => void order.push("a"));
  parts.defer("b", () => {
    throw new Error("b is stuck");
  });
  parts.defer("c", () => Promise.reject("c failed"));
  const stopped = await parts.stop();
  assert.deepEqual(order, ["a"]);
  assert.deepEqual(stopped.steps, ["c", "b", "a"]);
  assert.deepEqual(stopped.errors.map((error) => error.message), ["c failed", "b is stuck"]);
});

Deno.test("Parts.stop() stops each part once, however often it is called", async () => {
  let closed = 0;
  const parts = new Parts<"storage">();
  parts.defer("storage", () => void closed++);
  const first = parts.stop();
  assert.equal(parts.stop(), first);
  await parts[Symbol.asyncDispose]();
  assert.equal(closed, 1);
  assert.throws(
    () => parts.defer("storage", () => {}),
    /Cannot defer a storage part: the parts are stopping/,
  );
  await assert.rejects(
    parts.start("storage", () => "late", () => {}),
    /Cannot start a storage part: the parts are stopping/,
  );
});

Deno.test("Parts.start() stops a part whose start ended after stop() began", async () => {
  const order: string[] = [];
  const parts = new Parts<"front">();
  const { promise: listening, resolve: listen } = Promise.withResolvers<string>();
  const starting = parts.start(
    "front",
    () => listening,
    (door) => void order.push(`close ${door}`),
  );
  const stopped = await parts.stop();
  listen("link door");
  await assert.rejects(starting, /Cannot start a front part: the parts are stopping/);
  assert.deepEqual(order, ["close link door"]);
  assert.deepEqual(stopped.steps, []);
});

import assert from "node:assert/strict";
import { preview } from "../../plugins/_preview.ts";

Deno.test("preview() quotes a small value as JSON", () => {
  assert.equal(preview({ a: [1, "two", null, true], b: {} }), '{"a":[1,"two",null,true],"b":{}}');
  assert.equal(preview(undefined), "undefined");
});

Deno.test("preview() stops at its length however large or deep the value", () => {
  assert.equal(preview("x".repeat(10_000_000), 10), '"xxxxxx...');
  let deep: unknown[] = [];
  for (let i = 0; i < 1_000_000; i++) deep = [deep];
  assert.equal(preview(deep, 8), "[[[[[...");
  const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
  assert.equal(preview(wide, 20), '{"k0":0,"k1":1,"k...');
});

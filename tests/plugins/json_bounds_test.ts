import assert from "node:assert/strict";
import { breaksBounds } from "../../plugins/_json_bounds.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const roomy = { maxDepth: 100, maxItems: 100 };

Deno.test("breaksBounds() finds the first bracket past the depth, arrays and objects alike", () => {
  assert.equal(breaksBounds(bytes('{"a":[{"b":[]}]}'), { ...roomy, maxDepth: 4 }), undefined);
  assert.deepEqual(breaksBounds(bytes('{"a":[{"b":[]}]}'), { ...roomy, maxDepth: 3 }), {
    at: 11,
    reason: "it nests deeper than 3 levels",
  });
  assert.equal(breaksBounds(bytes("[][][][]"), { ...roomy, maxDepth: 1 }), undefined);
});

Deno.test("breaksBounds() counts items: brackets, commas and colons", () => {
  // [ , , , : {  -> 1 + 3 commas + "{" + ":" = 6 items.
  const text = '[1,2,3,{"a":4}]';
  assert.equal(breaksBounds(bytes(text), { ...roomy, maxItems: 6 }), undefined);
  assert.deepEqual(breaksBounds(bytes(text), { ...roomy, maxItems: 5 }), {
    at: 11,
    reason: "it holds more than 5 items",
  });
});

Deno.test("breaksBounds() skips what is inside strings, escaped quotes and multi-byte text too", () => {
  const strict = { maxDepth: 1, maxItems: 3 };
  assert.equal(breaksBounds(bytes('["[[[\\",,:", "é{{{"]'), strict), undefined);
  assert.deepEqual(breaksBounds(bytes('["\\\\", [[]]]'), { ...roomy, maxDepth: 2 }), {
    at: 8,
    reason: "it nests deeper than 2 levels",
  });
});

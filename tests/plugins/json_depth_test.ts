import assert from "node:assert/strict";
import { tooDeepAt } from "../../plugins/_json_depth.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("tooDeepAt() finds the first bracket past the limit, arrays and objects alike", () => {
  assert.equal(tooDeepAt(bytes('{"a":[{"b":[]}]}'), 4), -1);
  assert.equal(tooDeepAt(bytes('{"a":[{"b":[]}]}'), 3), 11);
  assert.equal(tooDeepAt(bytes("[][][][]"), 1), -1);
});

Deno.test("tooDeepAt() skips brackets in strings, escaped quotes and multi-byte text included", () => {
  assert.equal(tooDeepAt(bytes('["[[[\\"[[[", "é{{{"]'), 1), -1);
  assert.equal(tooDeepAt(bytes('["\\\\", [[]]]'), 2), 8);
});

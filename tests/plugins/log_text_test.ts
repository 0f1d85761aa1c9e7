import assert from "node:assert/strict";
import { escapeLogText } from "../../plugins/_log_text.ts";

Deno.test("escapeLogText() keeps a line one line: newlines and control characters escaped", () => {
  assert.equal(
    escapeLogText("a\nb\r\tc\u001b[2K\u0000\u2028é\\"),
    "a\\nb\\r\\tc\\u001b[2K\\u0000\\u2028é\\",
  );
  assert.equal(escapeLogText("plain text"), "plain text");
});

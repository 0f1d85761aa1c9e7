import assert from "node:assert/strict";
import { visibleText } from "../../core/visible_text.js";

Deno.test("visibleText() keeps a line one line: newlines and control characters escaped", () => {
  assert.equal(
    visibleText("a\nb\r\tc\u001b[2K\u0000\u2028\u0085\u007fé\\"),
    "a\\nb\\r\\tc\\u{1b}[2K\\u{0}\\u{2028}\\u{85}\\u{7f}é\\",
  );
  assert.equal(visibleText("plain text, ünïcode and emoji 🦕"), "plain text, ünïcode and emoji 🦕");
});

Deno.test("visibleText() shows bidirectional overrides and isolates instead of obeying them", () => {
  const bidi = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c";
  assert.equal(
    visibleText(`x${bidi}y`),
    "x\\u{202a}\\u{202b}\\u{202c}\\u{202d}\\u{202e}\\u{2066}\\u{2067}\\u{2068}\\u{2069}" +
      "\\u{200e}\\u{200f}\\u{61c}y",
  );
});

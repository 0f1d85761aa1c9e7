import assert from "node:assert/strict";
import { randomToken, sameToken } from "../../net/mod.ts";

Deno.test("sameToken() accepts only the token itself, whatever is given", () => {
  const token = randomToken();
  assert.match(token, /^[0-9a-f]{64}$/);
  assert.notEqual(randomToken(), token);
  assert.equal(sameToken(token, token), true);
  // One byte off anywhere, shorter, longer, empty, or the same length in characters but not
  // in bytes: each a plain mismatch.
  const flipped = (at: number) =>
    token.slice(0, at) + (token[at] === "0" ? "1" : "0") + token.slice(at + 1);
  for (
    const given of [
      flipped(0),
      flipped(31),
      flipped(63),
      token.slice(1),
      `${token}0`,
      "",
      "é".repeat(64),
    ]
  ) {
    assert.equal(sameToken(given, token), false, given);
  }
});

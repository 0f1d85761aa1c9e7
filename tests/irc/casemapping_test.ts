import assert from "node:assert/strict";
import fc from "fast-check";
import { casefold } from "../../mod.ts";

Deno.test("casefold() follows rfc1459, strict-rfc1459 and ascii", () => {
  assert.equal(casefold("Nick[Away]\\~", "rfc1459"), "nick{away}|^");
  assert.equal(casefold("Nick[Away]\\~", "strict-rfc1459"), "nick{away}|~");
  assert.equal(casefold("Nick[Away]\\~", "ascii"), "nick[away]\\~");
  assert.equal(casefold("ÄÖ", "ascii"), "ÄÖ");
});

Deno.test("casefold() is idempotent and makes case variants equal", () => {
  for (const mapping of ["rfc1459", "strict-rfc1459", "ascii"]) {
    fc.assert(fc.property(fc.string(), (s) => {
      const once = casefold(s, mapping);
      assert.equal(casefold(once, mapping), once);
      assert.equal(casefold(s.toUpperCase(), mapping), casefold(s.toLowerCase(), mapping));
    }));
  }
});

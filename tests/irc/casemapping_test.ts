import assert from "node:assert/strict";
import fc from "fast-check";
import { casefold } from "../../mod.ts";

Deno.test("casefold() follows rfc1459, strict-rfc1459 and ascii", () => {
  assert.equal(casefold("Nick[Away]\\~", "rfc1459"), "nick{away}|^");
  assert.equal(casefold("Nick[Away]\\~", "strict-rfc1459"), "nick{away}|~");
  assert.equal(casefold("Nick[Away]\\~", "ascii"), "nick[away]\\~");
  assert.equal(casefold("ÄÖ", "ascii"), "ÄÖ");
});

Deno.test("casefold() takes both spellings of strict RFC 1459, in any case", () => {
  // RFC 1459 section 2.2 folds {}| and []\; the strict mapping leaves ~ and ^ apart.
  for (const mapping of ["strict-rfc1459", "rfc1459-strict", "RFC1459-STRICT", "Strict-RFC1459"]) {
    assert.equal(casefold("Nick[Away]\\~^", mapping), "nick{away}|~^", mapping);
    assert.notEqual(casefold("a~", mapping), casefold("a^", mapping));
  }
  assert.equal(casefold("a~", "rfc1459"), casefold("a^", "rfc1459"));
  assert.equal(casefold("A[", "ASCII"), "a[");
});

Deno.test("casefold() is idempotent and makes case variants equal", () => {
  for (const mapping of ["rfc1459", "strict-rfc1459", "rfc1459-strict", "ascii"]) {
    fc.assert(fc.property(fc.string(), (s) => {
      const once = casefold(s, mapping);
      assert.equal(casefold(once, mapping), once);
      assert.equal(casefold(s.toUpperCase(), mapping), casefold(s.toLowerCase(), mapping));
    }));
  }
});

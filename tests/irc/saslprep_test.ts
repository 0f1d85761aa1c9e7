// SASLprep (RFC 4013 over RFC 3454): the RFC's own examples, then one vector per table.
import assert from "node:assert/strict";
import { saslprep, SaslprepError } from "../../irc/mod.ts";

Deno.test("saslprep() maps, normalizes and refuses as in the RFC 4013 section 3 examples", () => {
  assert.equal(saslprep("I\u00ADX"), "IX"); // SOFT HYPHEN mapped to nothing
  assert.equal(saslprep("user"), "user"); // no transformation
  assert.equal(saslprep("USER"), "USER"); // case preserved, will not match #2
  assert.equal(saslprep("\u00AA"), "a"); // output is NFKC, input in ISO 8859-1
  assert.equal(saslprep("\u2168"), "IX"); // output is NFKC, will match #1
  assert.throws(() => saslprep("\u0007"), { name: "SaslprepError", code: "prohibited" });
  assert.throws(() => saslprep("\u0627\u0031"), { name: "SaslprepError", code: "bidi" });
});

Deno.test("saslprep() maps table B.1 to nothing and table C.1.2 to SPACE", () => {
  for (const nothing of ["\u034F", "\u1806", "\u180B", "\u200B", "\u2060", "\uFE0F", "\uFEFF"]) {
    assert.equal(saslprep(`a${nothing}b`), "ab", `U+${nothing.codePointAt(0)!.toString(16)}`);
  }
  for (const space of ["\u00A0", "\u1680", "\u2000", "\u200A", "\u202F", "\u205F", "\u3000"]) {
    assert.equal(saslprep(`a${space}b`), "a b", `U+${space.codePointAt(0)!.toString(16)}`);
  }
  assert.equal(saslprep("pass word"), "pass word");
  assert.equal(saslprep(""), "");
});

Deno.test("saslprep() refuses each prohibited table of RFC 4013 section 2.3", () => {
  const vectors: [string, string][] = [
    ["C.2.1 ASCII control", "\u001F"],
    ["C.2.1 DEL", "\u007F"],
    ["C.2.2 non-ASCII control", "\u0085"],
    ["C.2.2 non-ASCII control", "\u206A"],
    ["C.3 private use", "\uE000"],
    ["C.3 private use, plane 15", "\u{F0000}"],
    ["C.4 non-character", "\uFDD0"],
    ["C.4 non-character", "\u{1FFFE}"],
    ["C.5 surrogate", "\uD800"],
    ["C.6 inappropriate for plain text", "\uFFFD"],
    ["C.7 inappropriate for canonical representation", "\u2FF0"],
    ["C.8 change display properties", "\u200E"],
    ["C.8 change display properties", "\u202E"],
    ["C.9 tagging character", "\u{E0001}"],
  ];
  for (const [table, char] of vectors) {
    assert.throws(
      () => saslprep(`ok${char}ok`),
      (error) =>
        error instanceof SaslprepError && error.code === "prohibited" &&
        /^Cannot prepare a string with SASLprep: it contains a prohibited character, got U\+[0-9A-F]{4,}$/
          .test(error.message),
      table,
    );
  }
});

Deno.test("saslprep() applies the RFC 3454 section 6 bidi rules", () => {
  assert.equal(saslprep("\u0627\u0628"), "\u0627\u0628"); // RandALCat only
  assert.equal(saslprep("\u0627\u0031\u0628"), "\u0627\u0031\u0628"); // digits inside
  assert.equal(saslprep("\u05D0"), "\u05D0");
  // Mixed RandALCat and LCat, and RandALCat text that does not start or end with one.
  for (const text of ["\u0627a\u0628", "a\u0627", "\u0031\u0627", "\u0627\u0031"]) {
    assert.throws(() => saslprep(text), { name: "SaslprepError", code: "bidi" }, text);
  }
  assert.throws(
    () => saslprep("\u0627\u0031"),
    {
      message:
        "Cannot prepare a string with SASLprep: right-to-left text must start and end with a right-to-left character, got U+0031",
    },
  );
});

Deno.test("saslprep() refuses unassigned code points in stored strings, not in queries", () => {
  // U+0221 and U+1F600 were unassigned in Unicode 3.2 (RFC 3454 table A.1).
  for (const char of ["\u0221", "\u{1F600}"]) {
    assert.throws(() => saslprep(`x${char}`), { name: "SaslprepError", code: "unassigned" });
    assert.equal(saslprep(`x${char}`, { allowUnassigned: true }), `x${char}`);
  }
  assert.throws(() => saslprep("\u0221"), {
    message:
      "Cannot prepare a string with SASLprep: it contains a code point unassigned in Unicode 3.2, got U+0221",
  });
});

Deno.test("saslprep() refuses what is not a string with a TypeError", () => {
  // @ts-expect-error: the wrong type on purpose
  assert.throws(() => saslprep(42), TypeError);
});

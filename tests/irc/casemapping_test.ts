import assert from "node:assert/strict";
import fc from "fast-check";
import { casefold } from "../../irc/mod.ts";
import { connectToScriptedPeer } from "./_connected.ts";

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

Deno.test("IrcClient folds channel names by the server's CASEMAPPING, both strict spellings included", async () => {
  // "#A^" is "#a~" under rfc1459, another channel under strict RFC 1459.
  const expected = {
    "rfc1459": ["#b"],
    "strict-rfc1459": ["#a~", "#b"],
    "rfc1459-strict": ["#a~", "#b"],
  };
  for (const [mapping, channels] of Object.entries(expected)) {
    await using link = await connectToScriptedPeer({
      register: { isupport: `CASEMAPPING=${mapping} CHANTYPES=# PREFIX=(ov)@+` },
    });
    const { peer, rec, nick } = link;
    await peer.send(
      `:${nick}!u@h JOIN #a~`,
      `:peer.test 366 ${nick} #a~ :End of /NAMES list.`,
      `:${nick}!u@h PART #A^`,
      `:${nick}!u@h JOIN #b`,
      `:peer.test 366 ${nick} #b :End of /NAMES list.`,
    );
    const changed = await rec.waitFor("channels.changed", (d) => d.channels.includes("#b"));
    assert.deepEqual(changed.data.channels.toSorted(), channels, mapping);
  }
});

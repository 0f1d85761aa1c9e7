import assert from "node:assert/strict";
import fc from "fast-check";
import {
  formatIrcUrl,
  type IrcLink,
  IrcUrlError,
  parseIrcUrl,
  type Target,
} from "../../deeplink/mod.ts";

/** Never throws anything but IrcUrlError; a returned link is well-formed. */
function parseOrRefuse(input: string): void {
  try {
    const link = parseIrcUrl(input);
    assert.ok(link.scheme === "irc" || link.scheme === "ircs");
    assert.equal(link.tls, link.scheme === "ircs");
    assert.ok(Number.isInteger(link.port) && link.port >= 1 && link.port <= 65535);
    assert.ok(link.host.length > 0 && link.host === link.host.toLowerCase());
    for (const target of link.targets) {
      assert.doesNotMatch(target.name, /[\s\p{Cc},]/u);
      assert.doesNotMatch(target.key, /[\s\p{Cc},]/u);
      if (target.isNick) assert.equal(target.key, "");
    }
  } catch (error) {
    if (!(error instanceof IrcUrlError)) throw error;
  }
}

Deno.test("parseIrcUrl() never throws anything but IrcUrlError on arbitrary strings", () => {
  fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), parseOrRefuse), {
    numRuns: 3000,
  });
});

Deno.test("parseIrcUrl() never throws anything but IrcUrlError on link-shaped strings", () => {
  const piece = fc.oneof(
    fc.constantFrom(
      "irc://",
      "ircs://",
      "IRC://",
      "[",
      "]",
      ":",
      "@",
      "/",
      "#",
      "?",
      "key=",
      "&",
      ",",
      "%",
      "%2",
      "%23",
      "%2C",
      "%0D%0A",
      "%C3",
      "isnick",
      "needkey",
      "::1",
      "6697",
      "65536",
      ".",
      " ",
      "\r\n",
      "\u0000",
      "\ud800",
    ),
    fc.string({ unit: "grapheme", maxLength: 6 }),
  );
  const linkish = fc.tuple(
    fc.constantFrom("irc://", "ircs://", "IrC://"),
    fc.array(piece, { maxLength: 14 }),
  ).map(([scheme, parts]) => scheme + parts.join(""));
  fc.assert(fc.property(linkish, parseOrRefuse), { numRuns: 5000 });
});

const ALLOWED = /^[^\s\p{Cc},]+$/u;
const textArb = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).filter((s) =>
  ALLOWED.test(s)
);

// RFC 1123 labels: letters, digits and inner hyphens; the last label starts with a letter.
const labelArb = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const domainArb = fc.tuple(
  fc.array(labelArb, { maxLength: 3 }),
  fc.stringMatching(/^[a-z]([a-z0-9-]{0,7}[a-z0-9])?$/),
)
  .map(([labels, last]) => [...labels, last].join("."));
const ipv4Arb = fc.ipV4();
const ipv6Arb = fc.ipV6().map((address) => new URL(`http://[${address}]/`).hostname.slice(1, -1));
const hostArb = fc.oneof(domainArb, ipv4Arb, ipv6Arb);

const channelArb = fc.tuple(fc.constantFrom("#", "&", "+", "!"), textArb).map(([p, rest]) =>
  p + rest
).filter((name) => new TextEncoder().encode(name).length <= 200);
const nickArb = textArb.filter((name) => !"#&+!".includes(name[0]));

const linkArb: fc.Arbitrary<IrcLink> = fc.record({
  scheme: fc.constantFrom("irc" as const, "ircs" as const),
  host: hostArb,
  port: fc.integer({ min: 1, max: 65535 }),
  key: fc.oneof(fc.constant(""), textArb),
  targets: fc.array(
    fc.oneof(
      channelArb.map((name) => ({ name, isNick: false })),
      nickArb.map((name) => ({ name, isNick: true })),
    ),
    { maxLength: 5 },
  ),
}).map(({ scheme, host, port, key, targets }) => ({
  scheme,
  host,
  port,
  tls: scheme === "ircs",
  targets: targets.map((t): Target => ({ ...t, key: t.isNick ? "" : key })),
}));

Deno.test("parseIrcUrl(formatIrcUrl(link)) equals the link for generated valid links", () => {
  fc.assert(
    fc.property(linkArb, (link) => {
      assert.deepEqual(parseIrcUrl(formatIrcUrl(link)), link);
    }),
    { numRuns: 3000 },
  );
});

Deno.test("formatIrcUrl(parseIrcUrl(text)) is a fixed point after one round", () => {
  fc.assert(
    fc.property(linkArb, (link) => {
      const text = formatIrcUrl(link);
      assert.equal(formatIrcUrl(parseIrcUrl(text)), text);
    }),
    { numRuns: 1000 },
  );
});

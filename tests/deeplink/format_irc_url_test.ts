import assert from "node:assert/strict";
import { formatIrcUrl, type IrcLink, parseIrcUrl } from "../../deeplink/mod.ts";

const base: IrcLink = {
  scheme: "ircs",
  host: "irc.libera.chat",
  port: 6697,
  tls: true,
  targets: [],
};

Deno.test("formatIrcUrl() writes the readable fragment form", () => {
  assert.equal(
    formatIrcUrl({ ...base, targets: [{ name: "#deno", isNick: false, key: "" }] }),
    "ircs://irc.libera.chat/#deno",
  );
});

Deno.test("formatIrcUrl() leaves out the default port and keeps others", () => {
  assert.equal(formatIrcUrl(base), "ircs://irc.libera.chat");
  assert.equal(formatIrcUrl({ ...base, port: 6667 }), "ircs://irc.libera.chat:6667");
  assert.equal(
    formatIrcUrl({ ...base, scheme: "irc", tls: false, port: 6667 }),
    "irc://irc.libera.chat",
  );
});

Deno.test("formatIrcUrl() brackets IPv6 hosts", () => {
  assert.equal(formatIrcUrl({ ...base, host: "2001:db8::1" }), "ircs://[2001:db8::1]");
});

Deno.test("formatIrcUrl() writes nicks with isnick and one key for all channels", () => {
  const link: IrcLink = {
    ...base,
    targets: [
      { name: "#a", isNick: false, key: "k&+" },
      { name: "bob", isNick: true, key: "" },
      { name: "&b", isNick: false, key: "k&+" },
    ],
  };
  const text = formatIrcUrl(link);
  assert.equal(text, "ircs://irc.libera.chat/#a,bob,isnick,&b?key=k%26%2B");
  assert.deepEqual(parseIrcUrl(text), link);
});

Deno.test("formatIrcUrl() escapes a nick spelled like a flag", () => {
  const link: IrcLink = { ...base, targets: [{ name: "IsNick", isNick: true, key: "" }] };
  const text = formatIrcUrl(link);
  assert.equal(text, "ircs://irc.libera.chat/%49sNick,isnick");
  assert.deepEqual(parseIrcUrl(text), link);
});

Deno.test("formatIrcUrl() refuses links that cannot round-trip", () => {
  const bad: [string, IrcLink][] = [
    ["channel without prefix", { ...base, targets: [{ name: "deno", isNick: false, key: "" }] }],
    ["keys differ", {
      ...base,
      targets: [{ name: "#a", isNick: false, key: "x" }, { name: "#b", isNick: false, key: "y" }],
    }],
    ["key on a nick", { ...base, targets: [{ name: "bob", isNick: true, key: "x" }] }],
    ["space in a name", { ...base, targets: [{ name: "#a b", isNick: false, key: "" }] }],
    ["CRLF in a key", { ...base, targets: [{ name: "#a", isNick: false, key: "a\r\nQUIT" }] }],
    ["tls disagrees with the scheme", { ...base, tls: false }],
    ["port 0", { ...base, port: 0 }],
    ["bad host", { ...base, host: "exa mple" }],
    ["channel nick", { ...base, targets: [{ name: "#bob", isNick: true, key: "" }] }],
  ];
  for (const [what, link] of bad) {
    assert.throws(() => formatIrcUrl(link), TypeError, what);
  }
});

Deno.test('formatIrcUrl() escapes a "#" that would end the link, so it is not read as a fragment', () => {
  const link = {
    scheme: "irc" as const,
    host: "a",
    port: 1,
    tls: false,
    targets: [{ name: "!#", isNick: false, key: "" }],
  };
  const text = formatIrcUrl(link);
  assert.equal(text, "irc://a:1/!%23");
  assert.deepEqual(parseIrcUrl(text).targets, link.targets);
});

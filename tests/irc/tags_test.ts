// Message tags and server-time, case by case from the IRCv3 message-tags and server-time specs.
import assert from "node:assert/strict";
import { escapeTagValue, parseServerTime, parseTags, unescapeTagValue } from "../../irc/_tags.ts";

Deno.test("unescapeTagValue() follows the message-tags escaping table", () => {
  const vectors: [string, string][] = [
    ["a\\:b", "a;b"],
    ["a\\sb", "a b"],
    ["a\\\\b", "a\\b"],
    ["a\\rb", "a\rb"],
    ["a\\nb", "a\nb"],
    ["\\\\s", "\\s"], // an escaped backslash, then a plain s
    ["a\\bc", "abc"], // an unknown escape keeps the character
    ["\\S\\N", "SN"], // escapes are case-sensitive
    ["trailing\\", "trailing"], // a trailing backslash is dropped
    ["x\\\\", "x\\"],
    ["plain", "plain"],
  ];
  for (const [raw, want] of vectors) assert.equal(unescapeTagValue(raw), want, raw);
});

Deno.test("parseTags() keeps key case and client prefixes, empty values equal missing ones, the last duplicate wins", () => {
  const tags = parseTags(
    "@msgid=Ab\\sC;Account=Bob;+example.com/Reply=x\\:y;empty=;bare;dup=1;dup=2;;=v :n!u@h PRIVMSG #x :hi",
  );
  assert.deepEqual({ ...tags }, {
    msgid: "Ab C",
    Account: "Bob",
    "+example.com/Reply": "x;y",
    empty: "",
    bare: "",
    dup: "2",
  });
  assert.equal(tags.account, undefined, "keys are not lower-cased");
  assert.deepEqual({ ...parseTags(":n!u@h PRIVMSG #x :no tags") }, {});
  assert.deepEqual({ ...parseTags("@__proto__=x PING") }, { ["__proto__"]: "x" });
});

Deno.test("parseTags() drops the backslash of an unknown escape and keeps keys that differ in case apart", () => {
  assert.deepEqual({ ...parseTags("@a=x\\Sy\\Nz\\R PING") }, { a: "xSyNzR" });
  assert.deepEqual({ ...parseTags("@a=1;A=2 PING") }, { a: "1", A: "2" });
});

Deno.test("escapeTagValue() escapes by the same table, and unescapeTagValue() undoes it", () => {
  assert.equal(escapeTagValue("a;b c\\d\re\nf"), "a\\:b\\sc\\\\d\\re\\nf");
  assert.equal(escapeTagValue("plain"), "plain");
  for (const value of ["", "\\s", ";;", " \r\n\\", "x\\", "é 😀;"]) {
    assert.equal(unescapeTagValue(escapeTagValue(value)), value, JSON.stringify(value));
  }
});

Deno.test("parseServerTime() reads RFC 3339 UTC with milliseconds, and a leap second as the minute's last ms", () => {
  assert.equal(
    parseServerTime("2011-10-19T16:40:51.620Z").toISOString(),
    "2011-10-19T16:40:51.620Z",
  );
  assert.equal(parseServerTime("2011-10-19T16:40:51Z").toISOString(), "2011-10-19T16:40:51.000Z");
  assert.equal(
    parseServerTime("2011-10-19T18:40:51.620123+02:00").toISOString(),
    "2011-10-19T16:40:51.620Z",
  );
  // The spec's own example: a JOIN during the leap second of June 2012.
  assert.equal(
    parseServerTime("2012-06-30T23:59:60.419Z").toISOString(),
    "2012-06-30T23:59:59.999Z",
  );
  assert.equal(parseServerTime("2016-12-31T23:59:60Z").toISOString(), "2016-12-31T23:59:59.999Z");
  assert.equal(parseServerTime("2024-02-29T00:00:00.000Z").getUTCDate(), 29);
  assert.equal(parseServerTime("0050-01-01T00:00:00.000Z").getUTCFullYear(), 50);
});

Deno.test("parseServerTime() rejects bad values with a TypeError naming the value", () => {
  const bad = [
    "",
    "now",
    "1700000000",
    "2023-13-01T00:00:00.000Z",
    "2023-02-29T00:00:00.000Z",
    "2023-04-31T00:00:00.000Z",
    "2023-01-01T24:00:00.000Z",
    "2023-01-01T12:60:00.000Z",
    "2023-01-01T12:30:60.000Z", // a leap second only ends a UTC day
    "2023-01-01T12:30:61.000Z",
    "2023-01-01 12:30:00.000Z",
    "2023-01-01T12:30:00.000",
    "2023-01-01T12:30:00.000+25:00",
    "2023-01-01T12:30:00.Z",
  ];
  for (const value of bad) {
    assert.throws(
      () => parseServerTime(value),
      (e: unknown) =>
        e instanceof TypeError && e.message.startsWith("Cannot parse server-time: ") &&
        e.message.endsWith(`got ${JSON.stringify(value)}`),
      value,
    );
  }
});

// The Lounge's parseIrcUri cases (tests/_data/thelounge-irc-url/), every one through
// parseIrcUrl(). The Lounge keeps the channel list as typed and adds `#` to a name without a
// channel prefix (#, &, !, +) when it joins; parseIrcUrl() does that at once, so the expected
// targets are the list after that same step.
import assert from "node:assert/strict";
import { type IrcLink, IrcUrlError, parseIrcUrl } from "../../deeplink/mod.ts";

interface Expected {
  tls: boolean;
  /** The Lounge's network name: the host. */
  name: string;
  host: string;
  /** As typed or defaulted, in decimal. */
  port: string;
  /** The channel list as typed, comma-separated. */
  join: string;
}

interface Case {
  it: string;
  input: string;
  /** `undefined` where The Lounge refuses the link (`{}`). */
  expected: Expected | undefined;
}

const DATA = new URL("../_data/thelounge-irc-url/parse-irc-uri.json", import.meta.url);

function fail(why: string, value: unknown): never {
  throw new TypeError(`Cannot read the IRC URL cases: ${why}, got ${JSON.stringify(value)}`);
}

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === "string" ? value : fail(`"${key}" is not a string`, record);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The cases in the vendored file, checked field by field. */
function readCases(): Case[] {
  const data: unknown = JSON.parse(Deno.readTextFileSync(DATA));
  if (!isRecord(data) || !Array.isArray(data.cases)) fail("no cases list", data);
  return data.cases.map((entry: unknown): Case => {
    if (!isRecord(entry) || !isRecord(entry.expected)) fail("a case is not an object", entry);
    const e = entry.expected;
    if (Object.keys(e).length === 0) {
      return { it: text(entry, "it"), input: text(entry, "input"), expected: undefined };
    }
    if (typeof e.tls !== "boolean") fail('"tls" is not a boolean', e);
    const expected = {
      tls: e.tls,
      name: text(e, "name"),
      host: text(e, "host"),
      port: text(e, "port"),
      join: text(e, "join"),
    };
    return { it: text(entry, "it"), input: text(entry, "input"), expected };
  });
}

/** The link The Lounge's expectation describes, in parseIrcUrl()'s terms. */
function linkOf(expected: Expected): IrcLink {
  const scheme = expected.tls ? "ircs" : "irc";
  const names = expected.join.split(",").filter((name) => name !== "");
  return {
    scheme,
    host: expected.host,
    port: Number(expected.port),
    tls: expected.tls,
    targets: names.map((name) => ({
      name: /^[#&!+]/.test(name) ? name : `#${name}`,
      isNick: false,
      key: "",
    })),
  };
}

const cases = readCases();

Deno.test("the vendored IRC URL cases are all there", () => {
  assert.equal(cases.length, 15);
  assert.equal(cases.filter((c) => c.expected === undefined).length, 2);
});

for (const { it, input, expected } of cases) {
  Deno.test(`parseIrcUrl() passes The Lounge's "${it}": ${input}`, () => {
    if (expected === undefined) {
      assert.throws(() => parseIrcUrl(input), IrcUrlError);
      return;
    }
    assert.equal(expected.name, expected.host, "the network is named for its host");
    assert.deepEqual(parseIrcUrl(input), linkOf(expected));
  });
}

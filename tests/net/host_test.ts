// The ircdocs validate-hostname cases (tests/_data/ircdocs-parser-tests/), every one through
// isIrcHostname(), with what sets it apart from a link's host.
import assert from "node:assert/strict";
import { parse } from "yaml";
import { isIrcHostname, normalizeHost } from "../../net/mod.ts";

const DATA = new URL("../_data/ircdocs-parser-tests/validate-hostname.yaml", import.meta.url);

/** The vendored cases, checked field by field. */
function readCases(): { host: string; valid: boolean }[] {
  const data: unknown = parse(Deno.readTextFileSync(DATA));
  if (
    typeof data !== "object" || data === null || !("tests" in data) || !Array.isArray(data.tests)
  ) {
    throw new TypeError("Cannot read validate-hostname.yaml: no list of tests in it");
  }
  return data.tests.map((entry: unknown) => {
    if (
      typeof entry !== "object" || entry === null || !("host" in entry) || !("valid" in entry) ||
      typeof entry.host !== "string" || typeof entry.valid !== "boolean"
    ) {
      throw new TypeError(`Cannot read a hostname case, got ${JSON.stringify(entry)}`);
    }
    return { host: entry.host, valid: entry.valid };
  });
}

const cases = readCases();

Deno.test("validate-hostname: the vendored cases are all there", () => {
  assert.equal(cases.length, 19);
});

for (const { host, valid } of cases) {
  Deno.test(`isIrcHostname(${JSON.stringify(host)}) is ${valid}, as ircdocs says`, () => {
    assert.equal(isIrcHostname(host), valid);
  });
}

Deno.test("isIrcHostname() refuses single labels a link may name, and IPv6, but takes dotted IPv4", () => {
  assert.equal(normalizeHost("localhost"), "localhost");
  assert.equal(isIrcHostname("localhost"), false);
  assert.equal(isIrcHostname("127.0.0.1"), true);
  assert.equal(isIrcHostname("2001:db8::1"), false);
  assert.equal(isIrcHostname("bücher.example"), true);
});

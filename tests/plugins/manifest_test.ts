import assert from "node:assert/strict";
import { ManifestError, parseManifest, readManifest } from "../../plugins/mod.ts";
import { EXAMPLES, FIXTURES } from "./_helpers.ts";

const VALID = {
  name: "hello",
  version: "1.2.3",
  description: "Says hello",
  entry: "mod.ts",
  events: ["user.joined"],
  permissions: { net: ["api.example.org:443"], read: ["cache"], env: ["TZ"] },
  capabilities: ["irc.send:1:#deno", "metadata:nickname_color", "storage", "commands"],
  reasons: {
    net: "Fetches greetings",
    read: "Reads its cache",
    env: "Reads the time zone",
    "irc.send:1:#deno": "Greets people in #deno",
    "metadata:nickname_color": "Colours nicks",
    storage: "Remembers who it greeted",
    commands: "Adds /hello",
  },
};

function refused(change: Record<string, unknown>, field: string, reason: RegExp) {
  let error: unknown;
  try {
    parseManifest({ ...structuredClone(VALID), ...change });
  } catch (caught) {
    error = caught;
  }
  assert.ok(error instanceof ManifestError, `expected a ManifestError for ${field}`);
  assert.equal(error.field, field);
  assert.match(error.reason, reason);
  assert.match(error.message, /^Cannot accept plugin manifest: /);
}

Deno.test("parseManifest() accepts a full valid manifest and copies it", () => {
  const manifest = parseManifest(VALID);
  assert.deepEqual(manifest, VALID);
});

Deno.test("parseManifest() refuses run, ffi and sys by name with the reason", () => {
  for (const kind of ["run", "ffi", "sys"]) {
    refused(
      { permissions: { [kind]: ["x"] }, reasons: {} },
      `permissions.${kind}`,
      /is refused: plugins may not/,
    );
  }
});

Deno.test("parseManifest() names the field and why for each kind of mistake", () => {
  refused({ name: "Bad Name" }, "name", /must match/);
  refused({ version: "1.0" }, "version", /semantic version/);
  refused({ description: "" }, "description", /non-empty string/);
  refused({ entry: "/etc/passwd.ts" }, "entry", /relative path/);
  refused({ entry: "../up.ts" }, "entry", /must not leave its folder/);
  refused({ entry: "mod.py" }, "entry", /module/);
  refused({ events: ["user.joind"] }, "events[0]", /not a known event type/);
  refused({ events: "user.joined" }, "events", /array of strings/);
  refused({ events: ["user.joined", "user.joined"] }, "events", /must not repeat/);
  refused({ extra: true }, "extra", /not a known field/);
  refused(
    { permissions: { import: ["x"] }, reasons: {} },
    "permissions.import",
    /not a permission/,
  );
  refused(
    { permissions: { net: ["http://x"] }, reasons: { net: "x" } },
    "permissions.net[0]",
    /host or host:port/,
  );
  refused(
    { permissions: { read: ["../../etc"] }, reasons: { read: "x" } },
    "permissions.read[0]",
    /must not leave/,
  );
  refused(
    { permissions: { env: ["A-B"] }, reasons: { env: "x" } },
    "permissions.env[0]",
    /environment variable/,
  );
  refused({ capabilities: ["irc.sendall"] }, "capabilities[0]", /not a capability/);
  refused({ reasons: { ...VALID.reasons, storage: "" } }, "reasons.storage", /human sentence/);
  refused({ reasons: { ...VALID.reasons, bogus: "x" } }, "reasons.bogus", /explains nothing/);
  refused({ isolation: "vm" }, "isolation", /worker/);
});

Deno.test('parseManifest() lets "*" through only with a reason', () => {
  refused({ events: ["*"] }, "reasons.events:*", /human sentence/);
  const manifest = parseManifest({
    ...VALID,
    events: ["*"],
    reasons: { ...VALID.reasons, "events:*": "Logs everything" },
  });
  assert.deepEqual(manifest.events, ["*"]);
});

Deno.test("parseManifest() rejects non-objects without throwing anything else", () => {
  for (const input of [null, 42, "x", [], undefined]) {
    assert.throws(() => parseManifest(input), ManifestError);
  }
});

Deno.test("readManifest() reads every example and fixture, and explains bad JSON", async () => {
  for (const dir of ["autoresponder", "nickname-colors", "weather-like"]) {
    assert.equal((await readManifest(`${EXAMPLES}${dir}`)).name, dir);
  }
  assert.equal((await readManifest(`${FIXTURES}recorder`)).name, "recorder");
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/plugin.json`, "{ nope");
  await assert.rejects(() => readManifest(dir), /\(file\) is not valid JSON/);
  await assert.rejects(() => readManifest(`${dir}/missing`), /\(file\) cannot be read/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("parseManifest() takes a changelog only as an http(s) URL the page can link to", () => {
  const url = "https://example.org/hello/CHANGELOG.md";
  assert.equal(parseManifest({ ...structuredClone(VALID), changelog: url }).changelog, url);
  assert.equal(parseManifest(structuredClone(VALID)).changelog, undefined);
  const reason = /must be an http\(s\) URL of at most 500 characters/;
  refused({ changelog: "javascript:alert(1)" }, "changelog", reason);
  refused({ changelog: "data:text/html,<b>x</b>" }, "changelog", reason);
  refused({ changelog: "CHANGELOG.md" }, "changelog", reason);
  refused({ changelog: `https://example.org/${"x".repeat(500)}` }, "changelog", reason);
  refused({ changelog: 42 }, "changelog", /must be a non-empty string/);
});

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ACTION_KINDS,
  isDeepLinkPayload,
  MAX_ACTION_BYTES,
  parseAction,
  parseServerMessage,
  readDeepLink,
} from "../../client/web/protocol.js";

const network = {
  name: "Local",
  host: "127.0.0.1",
  port: 6667,
  tls: false,
  nick: "alice",
  autoconnect: true,
};

Deno.test("parseAction() accepts every well-formed action and echoes its id", () => {
  const valid = [
    { kind: "ready" },
    { kind: "connect", networkId: 1 },
    { kind: "disconnect", networkId: 1 },
    { kind: "join", networkId: 1, channel: "#deno", key: "s3cret" },
    { kind: "part", networkId: 1, channel: "#deno", reason: "later" },
    { kind: "say", networkId: 1, target: "#deno", text: "hello there" },
    { kind: "me", networkId: 1, target: "bob", text: "waves" },
    { kind: "whois", networkId: 1, nick: "bob" },
    { kind: "nick", networkId: 1, nick: "alice_" },
    { kind: "quote", networkId: 1, line: "TOPIC #a :new topic" },
    { kind: "list", networkId: 1, filter: ">10" },
    { kind: "command", name: "weather", args: "Paris" },
    { kind: "network.add", network, connect: true },
    { kind: "network.update", networkId: 2, network: { ...network, username: "a", realname: "A" } },
    {
      kind: "network.update",
      networkId: 3,
      network: {
        ...network,
        password: "server pass",
        saslMechanism: "PLAIN",
        saslAccount: "acct",
        saslPassword: "pw",
        clientCert: "/home/me/client.pem",
      },
    },
    { kind: "network.remove", networkId: 2 },
    { kind: "pane.focus", pane: { networkId: 1, type: "channel", name: "#deno" } },
    { kind: "pane.blur", pane: { networkId: 1, type: "server", name: "Local" } },
    { kind: "buffer.read", networkId: 1, buffer: "#deno", timestamp: "2024-01-01T00:00:00.000Z" },
    { kind: "history.page", networkId: 1, buffer: "#deno", before: 42, limit: 200 },
    {
      kind: "history.search",
      text: 'deploy "failed" *',
      networkId: 1,
      buffer: "#deno",
      sender: "bob",
      since: 0,
      until: 1_800_000_000_000,
      limit: 50,
    },
    { kind: "history.buffers" },
    { kind: "plugins.refresh" },
    { kind: "plugin.disable", name: "nickname-colors" },
    { kind: "plugin.enable", name: "nickname-colors" },
    { kind: "plugin.revoke", name: "nickname-colors" },
    { kind: "plugins.sources" },
    { kind: "plugin.upgrade.plan", name: "greeter" },
    { kind: "plugin.upgrade", name: "greeter", version: "2.0.0", consent: ["capability:storage"] },
  ];
  assert.deepEqual(new Set(valid.map((a) => a.kind)), new Set(ACTION_KINDS));
  for (const [i, action] of valid.entries()) {
    const parsed = parseAction(JSON.stringify({ ...action, id: i + 1 }));
    assert.ok(parsed.ok, `${action.kind}: ${!parsed.ok && parsed.error.message}`);
    assert.deepEqual(parsed.action, { ...action, id: i + 1 });
  }
});

Deno.test("parseAction() refuses malformed, unknown, oversized and invalid frames with a reason", () => {
  const cases: [unknown, string, number?][] = [
    ["{not json", "malformed"],
    ["[1,2]", "malformed"],
    ["null", "malformed"],
    [new Uint8Array([1]), "malformed"],
    [JSON.stringify({ kind: "rm -rf", id: 7 }), "unknown_action", 7],
    [JSON.stringify({ kind: "__proto__" }), "unknown_action"],
    [JSON.stringify({ kind: "toString" }), "unknown_action"],
    [JSON.stringify({ id: 3 }), "unknown_action", 3],
    [JSON.stringify({ kind: "ready", id: -1 }), "invalid_field"],
    [
      JSON.stringify({ kind: "say", id: 4, networkId: 1, target: "#a", text: "hi\r\nQUIT" }),
      "invalid_field",
      4,
    ],
    [JSON.stringify({ kind: "join", networkId: 1, channel: "#a b" }), "invalid_field"],
    [JSON.stringify({ kind: "plugin.upgrade", name: "g", version: "^2" }), "invalid_field"],
    [
      JSON.stringify({ kind: "plugin.upgrade", name: "g", version: "2.0.0", consent: [1] }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "join", networkId: "1", channel: "#a" }), "invalid_field"],
    [
      JSON.stringify({ kind: "history.page", networkId: 1, buffer: "#a", limit: 501 }),
      "invalid_field",
    ],
    [
      JSON.stringify({ kind: "history.page", networkId: 1, buffer: "#a", before: 0 }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "history.search", text: "   " }), "invalid_field"],
    [JSON.stringify({ kind: "history.search", text: "a\nb" }), "invalid_field"],
    [JSON.stringify({ kind: "history.search", text: "x", since: -1 }), "invalid_field"],
    [
      JSON.stringify({ kind: "quote", networkId: 1, line: "PRIVMSG #a :x\r\nQUIT" }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "say", networkId: 1, target: "#a", text: "" }), "invalid_field"],
    [
      JSON.stringify({ kind: "say", networkId: 1, target: "#a", text: "x".repeat(4001) }),
      "invalid_field",
    ],
    [
      JSON.stringify({ kind: "network.add", network: { ...network, port: 70000 } }),
      "invalid_field",
    ],
    [
      JSON.stringify({ kind: "network.add", network: { ...network, host: "a b" } }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "nick", networkId: 1, nick: "#chan" }), "invalid_field"],
    [
      JSON.stringify({ kind: "pane.focus", pane: { networkId: 1, type: "window", name: "x" } }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "plugin.disable", name: "../etc" }), "invalid_field"],
    [JSON.stringify({ kind: "say", text: "x".repeat(MAX_ACTION_BYTES) }), "too_large"],
  ];
  for (const [frame, code, id] of cases) {
    const parsed = parseAction(frame);
    assert.equal(parsed.ok, false, String(frame).slice(0, 80));
    if (parsed.ok) continue;
    assert.equal(parsed.error.kind, "error");
    assert.equal(parsed.error.code, code, `${String(frame).slice(0, 80)}: ${parsed.error.message}`);
    assert.equal(parsed.error.id, id);
    assert.match(parsed.error.message, /^Cannot accept action: /);
  }
});

Deno.test("parseAction() never throws, whatever the frame", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (frame) => {
      const parsed = parseAction(frame);
      assert.equal(typeof parsed.ok, "boolean");
    }),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(
      fc.record({ kind: fc.constantFrom(...ACTION_KINDS) }, { requiredKeys: ["kind"] }),
      fc.dictionary(fc.string(), fc.anything()),
      (head, rest) => {
        const parsed = parseAction(JSON.stringify({ ...rest, ...head }));
        assert.equal(typeof parsed.ok, "boolean");
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("parseServerMessage() keeps known messages and drops anything else", () => {
  const batch = { kind: "batch", events: [], roster: [], updates: [] };
  assert.deepEqual(parseServerMessage(JSON.stringify(batch)), batch);
  assert.equal(parseServerMessage(JSON.stringify({ kind: "batch", events: [] })), undefined);
  assert.equal(parseServerMessage("nope"), undefined);
  assert.equal(parseServerMessage(JSON.stringify({ kind: "eval", code: "x" })), undefined);
  const frontend = {
    kind: "frontend",
    event: { name: "deeplink:join", payload: { networkId: 1, targets: [] } },
  };
  assert.deepEqual(parseServerMessage(JSON.stringify(frontend)), frontend);
});

Deno.test("isDeepLinkPayload() checks the three deep-link payloads", () => {
  const targets = [{ name: "#deno", isNick: false, key: "" }];
  assert.ok(isDeepLinkPayload("deeplink:join", { networkId: 1, targets }));
  assert.ok(
    isDeepLinkPayload("deeplink:add-network", { host: "h", port: 6697, tls: true, channel: "" }),
  );
  assert.ok(
    isDeepLinkPayload("deeplink:disambiguate", {
      candidates: [{ networkId: 1, name: "A" }],
      targets,
    }),
  );
  assert.ok(!isDeepLinkPayload("deeplink:join", { networkId: "1", targets }));
  assert.ok(!isDeepLinkPayload("deeplink:join", { networkId: 1, targets: [{ name: 1 }] }));
  assert.ok(!isDeepLinkPayload("deeplink:other", {}));
});

Deno.test("parseAction() refuses a bad secret or mechanism without echoing the secret", () => {
  const secret = "hunter2\r\nQUIT";
  const parsed = parseAction(
    JSON.stringify({ kind: "network.add", network: { ...network, password: secret } }),
  );
  assert.ok(!parsed.ok);
  assert.equal(parsed.error.code, "invalid_field");
  assert.ok(!parsed.error.message.includes("hunter2"), parsed.error.message);
  const mechanism = parseAction(
    JSON.stringify({ kind: "network.add", network: { ...network, saslMechanism: "SCRAM" } }),
  );
  assert.ok(!mechanism.ok);
  assert.match(mechanism.error.message, /saslMechanism/);
});

Deno.test("readDeepLink() gives the typed link, keeping only known fields", () => {
  const targets = [{ name: "#deno", isNick: false, key: "k", extra: 1 }];
  assert.deepEqual(readDeepLink("deeplink:join", { networkId: 1, targets }), {
    name: "deeplink:join",
    payload: { networkId: 1, targets: [{ name: "#deno", isNick: false, key: "k" }] },
  });
  assert.deepEqual(
    readDeepLink("deeplink:add-network", { host: "h", port: 6697, tls: true }),
    { name: "deeplink:add-network", payload: { host: "h", port: 6697, tls: true } },
  );
  assert.deepEqual(
    readDeepLink("deeplink:disambiguate", { candidates: [{ networkId: 2, name: "B" }], targets }),
    {
      name: "deeplink:disambiguate",
      payload: {
        targets: [{ name: "#deno", isNick: false, key: "k" }],
        candidates: [{ networkId: 2, name: "B" }],
      },
    },
  );
  assert.equal(readDeepLink("deeplink:join", { networkId: "1", targets }), undefined);
  assert.equal(
    readDeepLink("deeplink:add-network", { host: "h", port: "1", tls: true }),
    undefined,
  );
  assert.equal(readDeepLink("deeplink:other", {}), undefined);
  assert.equal(readDeepLink("deeplink:join", null), undefined);
});

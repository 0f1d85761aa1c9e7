import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ACTION_KINDS,
  isDeepLinkPayload,
  MAX_ACTION_BYTES,
  parseAction,
  parseServerMessage,
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
    { kind: "command", name: "weather", args: "Paris" },
    { kind: "network.add", network, connect: true },
    {
      kind: "network.add",
      network: { ...network, password: "alice/libera:pass word" },
      connect: true,
    },
    { kind: "network.update", networkId: 2, network: { ...network, username: "a", realname: "A" } },
    { kind: "network.remove", networkId: 2 },
    { kind: "pane.focus", pane: { networkId: 1, type: "channel", name: "#deno" } },
    { kind: "pane.blur", pane: { networkId: 1, type: "server", name: "Local" } },
    { kind: "buffer.read", networkId: 1, buffer: "#deno", timestamp: "2024-01-01T00:00:00.000Z" },
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
  const secret = { ...network, password: "hunter2\r\nQUIT" };
  const refused = parseAction(JSON.stringify({ kind: "network.add", network: secret }));
  assert.ok(!refused.ok && refused.error.code === "invalid_field");
  assert.ok(!refused.error.message.includes("hunter2"), "a refused password is not echoed");
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

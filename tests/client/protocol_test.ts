import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ACTION_KINDS,
  MAX_ACTION_BYTES,
  MAX_DISK_QUOTA_MB,
  parseAction,
  parseServerMessage,
} from "../../core/protocol.js";
import type { ServerMessage } from "../../core/protocol.js";
import { parseDiskQuota } from "../../plugins/mod.ts";
import type { EventMap, EventType } from "../../bus/mod.ts";

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
    { kind: "typing", networkId: 1, target: "#deno", state: "paused" },
    {
      kind: "say",
      networkId: 1,
      target: "#deno",
      text: "agreed",
      reply: { msgid: "a1b2", nick: "bob" },
    },
    { kind: "history.message", networkId: 1, buffer: "#deno", msgid: "a1b2" },
    { kind: "redact", networkId: 1, target: "#deno", msgid: "a1b2", reason: "typo" },
    {
      kind: "react",
      networkId: 1,
      target: "#deno",
      msgid: "a1b2",
      reaction: "👍",
      remove: true,
    },
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
    { kind: "plugin.activity", name: "greeter" },
    {
      kind: "plugin.ledger",
      name: "greeter",
      window: "24h",
      ledgerKind: "irc.send",
      decision: "denied",
      text: "#deno",
    },
    { kind: "plugin.permission.revoke", name: "greeter", permission: "net:api.example.org:443" },
    { kind: "plugin.permission.grant", name: "greeter", permission: "capability:irc.send:1:#deno" },
    { kind: "plugin.upgrade", name: "greeter", version: "2.0.0", consent: ["capability:storage"] },
    { kind: "plugin.install.plan", specifier: "jsr:@test/greeter@^1.0" },
    { kind: "plugin.install.cancel", planId: "0b6c3c1e-8a54-4b8e-9d2a-2f6f3a1c9e11" },
    {
      kind: "plugin.install",
      planId: "0b6c3c1e-8a54-4b8e-9d2a-2f6f3a1c9e11",
      version: "1.0.0",
      consent: ["capability: commands (Adds /greet)"],
      scope: {
        networks: [2],
        channels: [{ networkId: 1, channel: "#deno" }],
        privateMessages: false,
      },
      diskQuotaMb: 64,
    },
  ];
  assert.deepEqual(new Set(valid.map((a) => a.kind)), new Set(ACTION_KINDS));
  for (const [i, action] of valid.entries()) {
    const parsed = parseAction(JSON.stringify({ ...action, id: i + 1 }));
    assert.ok(parsed.ok, `${action.kind}: ${!parsed.ok && parsed.error.message}`);
    assert.deepEqual(parsed.action, { ...action, id: i + 1 });
  }
});

Deno.test("parseAction() holds a plugin's disk quota to the ceiling the plugin host sets", () => {
  const install = (diskQuotaMb: number) =>
    parseAction(JSON.stringify({
      kind: "plugin.install",
      id: 1,
      planId: "0b6c3c1e-8a54-4b8e-9d2a-2f6f3a1c9e11",
      version: "1.0.0",
      consent: [],
      scope: { networks: [], channels: [], privateMessages: false },
      diskQuotaMb,
    }));
  assert.ok(install(MAX_DISK_QUOTA_MB).ok);
  assert.equal(parseDiskQuota(MAX_DISK_QUOTA_MB), MAX_DISK_QUOTA_MB);
  const over = install(MAX_DISK_QUOTA_MB + 1);
  assert.ok(!over.ok);
  assert.match(over.error.message, /diskQuotaMb/);
  assert.throws(() => parseDiskQuota(MAX_DISK_QUOTA_MB + 1), RangeError);
});

Deno.test("parseAction() takes a say of several lines (one message with draft/multiline)", () => {
  const text = "first\n\n" + "x".repeat(5000);
  const parsed = parseAction(
    JSON.stringify({ kind: "say", id: 1, networkId: 1, target: "#a", text }),
  );
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.action, { kind: "say", id: 1, networkId: 1, target: "#a", text });
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
    [
      JSON.stringify({ kind: "typing", networkId: 1, target: "#a", state: "idle" }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "plugin.upgrade", name: "g", version: "^2" }), "invalid_field"],
    [
      JSON.stringify({ kind: "plugin.upgrade", name: "g", version: "2.0.0", consent: [1] }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "join", networkId: "1", channel: "#a" }), "invalid_field"],
    [JSON.stringify({ kind: "plugin.install.plan", specifier: "./folder" }), "invalid_field"],
    [JSON.stringify({ kind: "plugin.ledger", name: "g", window: "forever" }), "invalid_field"],
    [
      JSON.stringify({ kind: "plugin.ledger", name: "g", window: "1h", decision: "maybe" }),
      "invalid_field",
    ],
    [
      JSON.stringify({ kind: "plugin.permission.revoke", name: "g", permission: "run:sh" }),
      "invalid_field",
    ],
    [
      JSON.stringify({ kind: "plugin.permission.grant", name: "g", permission: "net:a\nb" }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "plugin.install.plan", specifier: "jsr:@a/b@1 " }), "invalid_field"],
    [
      JSON.stringify({
        kind: "plugin.install",
        planId: "0b6c3c1e-8a54-4b8e-9d2a-2f6f3a1c9e11",
        version: "1.0.0",
        consent: [],
        scope: { networks: [0] },
        diskQuotaMb: 64,
      }),
      "invalid_field",
    ],
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
      JSON.stringify({ kind: "say", networkId: 1, target: "#a", text: "x".repeat(12_001) }),
      "invalid_field",
    ],
    [
      JSON.stringify({ kind: "me", networkId: 1, target: "#a", text: "x".repeat(4001) }),
      "invalid_field",
    ],
    [
      JSON.stringify({ kind: "say", networkId: 1, target: "#a", text: "a\n".repeat(200) + "z" }),
      "invalid_field",
    ],
    [JSON.stringify({ kind: "say", networkId: 1, target: "#a", text: "a\r\nb" }), "invalid_field"],
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

Deno.test("parseServerMessage() keeps every well-formed message", () => {
  const view = {
    id: 1,
    name: "Local",
    host: "127.0.0.1",
    port: 6667,
    tls: false,
    nick: "alice",
    state: "connected",
    currentNick: "alice",
    channels: [{ name: "#a", topic: "", members: ["@alice"] }],
    hasPassword: false,
    hasSaslPassword: false,
  };
  const valid: ServerMessage[] = [
    {
      kind: "hello",
      version: 1,
      networks: [view],
      plugins: [],
      roster: [{ networkId: 1, nickname: "bob", away: true, away_message: "lunch" }],
      updates: [{ type: "nickname_color", key: "bob", value: "#f80", network_id: 1 }],
      motd: [{ networkId: 1, lines: ["- welcome"] }],
    },
    { kind: "networks", networks: [view] },
    { kind: "network.state", networkId: 1, state: "connected", nick: "alice" },
    { kind: "batch", events: [], roster: [], updates: [] },
    { kind: "frontend", event: { name: "deeplink:join", payload: { networkId: 1, targets: [] } } },
    { kind: "plugins", plugins: [], audit: [], commands: [] },
    { kind: "reply", id: 7, result: { nickname: "bob" } },
    { kind: "reply", id: 8 },
    { kind: "error", code: "failed", message: "Cannot join: no", id: 9 },
  ];
  for (const message of valid) {
    const parsed = parseServerMessage(JSON.stringify(message));
    assert.ok(parsed.ok, `${message.kind}: ${!parsed.ok && parsed.error.message}`);
    assert.deepEqual(parsed.message, message);
  }
});

/** One event of every type the event map knows, well-formed: the map forces one per type. */
const SAMPLES: { [K in EventType]: EventMap[K] } = {
  "connection.established": { networkId: 1, address: "127.0.0.1", port: 6667 },
  "connection.lost": { networkId: 1, error: "EOF" },
  "message.received": {
    networkId: 1,
    channel: "#a",
    user: "bob",
    message: "hi",
    timestamp: 1,
    msgid: "x",
    history: false,
    kind: "notice",
  },
  "message.sent": { networkId: 1, channel: "", message: "hi", target: "bob", kind: "action" },
  "user.joined": { networkId: 1, user: "bob", nickname: "bob", channel: "#a" },
  "user.parted": { networkId: 1, user: "bob", nickname: "bob", channel: "#a", reason: "bye" },
  "user.quit": { networkId: 1, user: "bob", nickname: "bob", reason: "bye", channels: ["#a"] },
  "user.kicked": {
    networkId: 1,
    user: "bob",
    nickname: "bob",
    channel: "#a",
    kicker: "alice",
    reason: "loud",
  },
  "user.nick": { networkId: 1, old_nickname: "bob", nickname: "rob", channels: ["#a"] },
  "user.meta": { networkId: 1, nickname: "bob", away: false, host: "b@h" },
  "message.reacted": {
    networkId: 1,
    channel: "#a",
    user: "bob",
    replyTo: "m1",
    reaction: "👍",
    removed: false,
  },
  "user.typing": { networkId: 1, channel: "", user: "bob", peer: "bob", state: "paused" },
  "message.redacted": { networkId: 1, channel: "#a", user: "bob", msgid: "m1", reason: "oops" },
  "channel.topic": { networkId: 1, channel: "#a", topic: "t", setter: "bob" },
  "channel.mode": { networkId: 1, channel: "#a", modes: "+o bob" },
  "channels.changed": { networkId: 1, channels: ["#a"] },
  "channel.names.complete": {
    networkId: 1,
    channel: "#a",
    users: ["bob"],
    members: ["@bob"],
    prefix: "(ov)@+",
    casemapping: "rfc1459",
  },
  "server.motd": { networkId: 1, lines: ["- hi"] },
  "server.reply": {
    networkId: 1,
    type: "WARN",
    command: "PRIVMSG",
    code: "SLOW_DOWN",
    context: ["#a"],
    description: "Slow down",
    target: "#a",
  },
  "sasl.started": { networkId: 1, mechanism: "PLAIN" },
  "sasl.success": { networkId: 1 },
  "sasl.failed": { networkId: 1, error: "904" },
  "sasl.aborted": { networkId: 1 },
  "whois.received": {
    networkId: 1,
    whois: {
      nickname: "bob",
      channels: ["@#a"],
      away: false,
      secure: true,
      operator: false,
      bot: false,
      idle: 3,
    },
  },
  "error": { networkId: 1, error: "Cannot send to channel", type: "404", target: "#a" },
  "metadata.updated": { updates: [{ type: "nickname_color", key: "bob", value: "#f80" }] },
  "plugin.lifecycle": { plugin: "greeter", action: "crashed" },
  "buffer.read": { networkId: 1, buffer: "#a", timestamp: "2024-01-01T00:00:00.000Z" },
  "ui.pane.focused": { networkId: 1, type: "channel", name: "#a" },
  "ui.pane.blurred": { networkId: 1, type: "server", name: "Local" },
};

Deno.test("parseServerMessage() accepts a batch holding an event of every type", () => {
  const events = Object.entries(SAMPLES).map(([type, data]) => ({
    type,
    data,
    time: 0,
    source: "irc",
  }));
  const batch = { kind: "batch", events, roster: [], updates: [] };
  const parsed = parseServerMessage(JSON.stringify(batch));
  assert.ok(parsed.ok, !parsed.ok ? parsed.error.message : "");
  assert.deepEqual(parsed.message, batch);
  const flat = { type: "nickname_color", key: "bob", value: null };
  assert.ok(
    parseServerMessage(JSON.stringify({
      ...batch,
      events: [{ type: "metadata.updated", data: flat, time: 0, source: "system" }],
    })).ok,
  );
});

Deno.test("parseServerMessage() refuses bad frames with an error naming the bad field", () => {
  const event = (type: string, data: unknown) => ({ type, data, time: 1, source: "irc" });
  const batch = (...events: unknown[]) => ({ kind: "batch", events, roster: [], updates: [] });
  const cases: [unknown, RegExp][] = [
    [new Uint8Array([1]), /^Cannot read message: the frame must be text, got object$/],
    ["{nope", /^Cannot read message: the frame is not JSON, got "\{nope"$/],
    ["[1]", /^Cannot read message: the frame must be an object, got \[1\]$/],
    [{ kind: "eval", code: "x" }, /^Cannot read message: unknown kind, got "eval"$/],
    [{ kind: "toString" }, /unknown kind, got "toString"/],
    [
      { kind: "network.state", networkId: "1", state: "x", nick: "" },
      /^Cannot read network.state message: networkId must be a finite number, got "1"$/,
    ],
    [{ kind: "batch", events: [] }, /^Cannot read batch message: roster must be a list, got /],
    [
      batch(event("user.nick", { networkId: 1, old_nickname: "a", nickname: 5 })),
      /^Cannot read batch message: events\[0\]\.data\.nickname must be a string, got 5$/,
    ],
    [
      batch(event("user.joined", { networkId: 1, user: "a", nickname: "a", channel: "#a" }), {
        type: "rm -rf",
        data: {},
        time: 1,
        source: "irc",
      }),
      /events\[1\]\.type must be a bus event type, got "rm -rf"/,
    ],
    [batch(event("sasl.success", null)), /events\[0\]\.data must be an object, got null/],
    [
      batch({ type: "sasl.success", data: { networkId: 1 }, source: "irc" }),
      /events\[0\]\.time must be a finite number, got undefined/,
    ],
    [
      batch(event("message.received", { ...SAMPLES["message.received"], kind: "shout" })),
      /events\[0\]\.data\.kind must be one of "message", "notice", "action", "ctcp", got "shout"/,
    ],
    [
      batch(event("whois.received", { networkId: 1, whois: { nickname: "b", channels: [1] } })),
      /events\[0\]\.data\.whois\.channels must be a list of strings, got \[1\]/,
    ],
    [
      batch(event("metadata.updated", { updates: [{ type: "c", key: 1, value: 2 }] })),
      /events\[0\]\.data\.updates\[0\]\.key must be a string, got 1/,
    ],
    [
      {
        kind: "hello",
        version: 1,
        networks: [],
        plugins: [],
        roster: [],
        updates: [],
        motd: [{ networkId: 1, lines: "- hi" }],
      },
      /^Cannot read hello message: motd\[0\]\.lines must be a list of strings, got "- hi"$/,
    ],
    [
      { kind: "networks", networks: [{ id: 1 }] },
      /^Cannot read networks message: networks\[0\]\.name must be a string, got undefined$/,
    ],
    [
      { kind: "error", code: "teapot", message: "x" },
      /^Cannot read error message: code must be one of .*, got "teapot"$/,
    ],
    [
      {
        kind: "frontend",
        event: { name: "deeplink:join", payload: { networkId: "1", targets: [] } },
      },
      /^Cannot read frontend message: event\.payload must be a deeplink:join payload, got /,
    ],
    [
      { kind: "frontend", event: { name: "deeplink:eval", payload: {} } },
      /event\.payload must be a deeplink:eval payload/,
    ],
  ];
  for (const [frame, reason] of cases) {
    const parsed = parseServerMessage(
      typeof frame === "string" ? frame : (
        frame instanceof Uint8Array ? frame : JSON.stringify(frame)
      ),
    );
    assert.equal(parsed.ok, false, JSON.stringify(frame));
    if (parsed.ok) continue;
    assert.ok(parsed.error instanceof TypeError);
    assert.match(parsed.error.message, reason);
  }
});

Deno.test("parseServerMessage() never throws, whatever the frame", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (frame) => {
      assert.equal(typeof parseServerMessage(frame).ok, "boolean");
    }),
    { numRuns: 1000 },
  );
  fc.assert(
    fc.property(
      fc.constantFrom("hello", "networks", "network.state", "batch", "frontend", "reply", "error"),
      fc.dictionary(fc.string(), fc.anything()),
      (kind, rest) => {
        assert.equal(typeof parseServerMessage(JSON.stringify({ ...rest, kind })).ok, "boolean");
      },
    ),
    { numRuns: 1000 },
  );
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

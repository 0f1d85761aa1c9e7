// The ledger page's DOM-free parts: the backend's answer read field by field, and its lines.
import assert from "node:assert/strict";
import {
  entryLine,
  kindsOf,
  readLedger,
  totalLine,
} from "../../../../client/web/views/ledger_page.js";

Deno.test("readLedger() keeps what is well formed and drops the rest", () => {
  assert.equal(readLedger(null), undefined);
  assert.equal(readLedger({ entries: [] }), undefined);
  const ledger = readLedger({
    name: "p",
    since: "2026-01-01T00:00:00.000Z",
    until: "2026-01-02T00:00:00.000Z",
    kinds: ["read", 7],
    totals: [{ kind: "read", decision: "denied", count: 2, values: 1, bytes: 0 }, { kind: 1 }],
    entries: [
      { kind: "irc.send", value: "1 #deno", decision: "allowed", count: 3, bytes: 30 },
      { kind: "read", value: "/x", decision: "maybe", count: 1 },
      { kind: "read", value: "/y", decision: "denied", count: -4, bytes: "lots" },
    ],
    truncated: true,
    audit: [{ time: "t", plugin: "p", attempt: "load", decision: "allowed", detail: "" }, 5],
    granted: ["read:notes"],
    pending: ["net:a"],
    state: "running",
    budget: { cpu: { cores: 0.5, limitCores: 0.5, state: "throttled" } },
    lastStop: null,
  });
  assert.ok(ledger);
  assert.deepEqual(ledger.kinds, ["read"]);
  assert.equal(ledger.totals.length, 1);
  assert.deepEqual(ledger.entries, [
    { kind: "irc.send", value: "1 #deno", decision: "allowed", count: 3, bytes: 30 },
    { kind: "read", value: "/y", decision: "denied", count: 0, bytes: 0 },
  ]);
  assert.equal(ledger.audit.length, 1);
  assert.deepEqual(ledger.marks, ["throttled"]);
  assert.equal(ledger.lastStop, "");
});

Deno.test("entryLine() and totalLine() say what it did, the plugin's values made visible", () => {
  assert.equal(
    entryLine({ kind: "read", value: "/etc/x\u202e<b>", decision: "denied", count: 1, bytes: 0 }),
    "read ×1 /etc/x\\u{202e}<b>",
  );
  assert.equal(
    entryLine({ kind: "storage.set", value: "k", decision: "allowed", count: 2, bytes: 2048 }),
    "storage.set ×2 k (2 KiB)",
  );
  assert.equal(
    totalLine({ kind: "irc.send", decision: "allowed", count: 3, values: 2, bytes: 30 }),
    "messages sent (irc.send): 3 times, 2 values, 30 B",
  );
  assert.equal(
    totalLine({ kind: "net", decision: "denied", count: 1, values: 1, bytes: 0 }),
    "refused hosts reached (net): 1 time, 1 value",
  );
});

Deno.test("kindsOf() names the ledger kinds a permission is used through", () => {
  assert.deepEqual(kindsOf("read:notes.txt"), ["read"]);
  assert.deepEqual(kindsOf("net:example.org:443"), ["net"]);
  assert.deepEqual(kindsOf("capability:irc.send:1:#deno"), ["irc.send"]);
  assert.deepEqual(kindsOf("capability:storage"), ["storage.set", "storage.delete"]);
  assert.deepEqual(kindsOf("capability:metadata:nickname_color"), ["metadata.set"]);
  assert.deepEqual(kindsOf("capability:commands"), []);
  assert.deepEqual(kindsOf("event:message.received"), []);
  assert.deepEqual(kindsOf("read"), []);
});

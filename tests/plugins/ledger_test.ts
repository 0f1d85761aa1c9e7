/**
 * The activity ledger beyond the broker's checks: a plugin's capability calls (messages sent
 * and where, storage written, metadata set, what was refused), its filters and totals, and a
 * single permission revoked and granted again. Real plugins in real subprocesses.
 */
import assert from "node:assert/strict";
import { ActivityLedger } from "../../plugins/_activity.ts";
import { ACTIVITY_SCHEMA } from "../../storage/mod.ts";
import { migrate, openDatabase, schemaVersion } from "../../storage/database.ts";
import { main } from "../../plugins/cli.ts";
import { FIXTURES, type Harness, harness, logged, message, waitUntil } from "./_helpers.ts";

async function probe(h: Harness, secret = "/etc/hostname"): Promise<string[]> {
  const before = logged(h, "ledger-probe").filter((l) => l === "done").length;
  await h.bus.emit(message(`ledger ${secret}`));
  await waitUntil(
    () => logged(h, "ledger-probe").filter((l) => l === "done").length > before,
    "the probe to finish",
  );
  // What it said on this run: from its last first line on.
  const lines = logged(h, "ledger-probe");
  return lines.slice(lines.findLastIndex((l) => l.startsWith("send: ")));
}

async function installProbe(h: Harness): Promise<void> {
  await h.host.install(`${FIXTURES}ledger-probe`, { grant: "requested" });
  await h.host.load("ledger-probe");
}

Deno.test("the ledger counts a plugin's irc.send with where it went, its storage bytes, its metadata and its refusals", async () => {
  await using h = await harness();
  await installProbe(h);
  const said = await probe(h);
  assert.deepEqual(said, [
    "send: ok",
    "send elsewhere: CapabilityDeniedError",
    "store: ok",
    "colour: ok",
    "write notes: ok",
    "read notes: ok",
    "read secret: NotCapable",
    "done",
  ]);
  assert.deepEqual(h.sent, [{ networkId: 1, target: "#deno", text: "pong alice" }]);
  const ledger = h.host.activity("ledger-probe");
  const find = (kind: string, decision: string) =>
    ledger.filter((e) => e.kind === kind && e.decision === decision).map((e) => ({
      value: e.value,
      count: e.count,
      bytes: e.bytes,
    }));
  assert.deepEqual(find("irc.send", "allowed"), [{ value: "1 #deno", count: 1, bytes: 10 }]);
  assert.deepEqual(find("irc.send", "denied"), [{ value: "1 #elsewhere", count: 1, bytes: 0 }]);
  assert.deepEqual(find("storage.set", "allowed"), [
    { value: "asked:alice", count: 1, bytes: '{"times":1}'.length },
  ]);
  assert.deepEqual(find("metadata.set", "allowed"), [
    { value: "nickname_color alice", count: 1, bytes: '"#336699"'.length },
  ]);
  assert.deepEqual(find("read", "denied").map((e) => e.value), ["/etc/hostname"]);
  assert.ok(find("write", "allowed").some((e) => e.value.endsWith("/notes.txt")));

  // A month is read through the per-value index: the same ledger, the same totals.
  const month = { since: Date.now() - 30 * 24 * 3600_000 };
  assert.deepEqual(h.host.activity("ledger-probe", month), ledger);
  assert.deepEqual(
    h.host.activityTotals("ledger-probe", month),
    h.host.activityTotals("ledger-probe"),
  );

  // Totals per kind and decision, and the filters: kind, decision, text.
  const totals = h.host.activityTotals("ledger-probe");
  assert.deepEqual(
    totals.find((t) => t.kind === "irc.send" && t.decision === "allowed"),
    { kind: "irc.send", decision: "allowed", count: 1, values: 1, bytes: 10 },
  );
  const denied = h.host.activity("ledger-probe", { decision: "denied" });
  assert.ok(denied.length >= 2 && denied.every((e) => e.decision === "denied"));
  assert.deepEqual(
    h.host.activity("ledger-probe", { kind: "irc.send" }).map((e) => e.value).sort(),
    ["1 #deno", "1 #elsewhere"],
  );
  assert.deepEqual(
    h.host.activity("ledger-probe", { text: "ELSEWHERE" }).map((e) => e.kind),
    ["irc.send"],
  );
  // `%` is looked for as itself, not as a wildcard.
  assert.deepEqual(h.host.activity("ledger-probe", { text: "%" }), []);
  assert.equal(h.host.activity("ledger-probe", { limit: 1 }).length, 1);
  // An hour from now the window of the last minute holds nothing.
  assert.deepEqual(
    h.host.activity("ledger-probe", { since: Date.now() + 3600_000 }),
    [],
  );
});

Deno.test("revokePermission() withdraws one read path: the plugin restarts without it, is refused, and asks again until grantPermission()", async () => {
  await using h = await harness();
  await installProbe(h);
  assert.deepEqual(h.host.grantedItems("ledger-probe"), [
    "event:message.received",
    "capability:irc.send:1:#deno",
    "capability:storage",
    "capability:metadata:nickname_color",
    "read:notes.txt",
    "write:notes.txt",
  ]);
  const loads = () => h.host.audit("ledger-probe").filter((e) => e.attempt === "load").length;
  assert.equal(loads(), 1);

  await h.host.revokePermission("ledger-probe", "read:notes.txt");
  const [info] = h.host.list();
  assert.equal(info.state, "running");
  assert.equal(loads(), 2, "restarted under the narrower grant");
  assert.deepEqual(info.granted.permissions, { write: ["notes.txt"] });
  assert.deepEqual(info.pendingConsent, ["read:notes.txt"]);
  assert.ok(!h.host.grantedItems("ledger-probe").includes("read:notes.txt"));
  const revoke = h.host.audit("ledger-probe").find((e) => e.attempt === "revoke read:notes.txt");
  assert.equal(revoke?.decision, "info");

  const said = await probe(h);
  assert.ok(said.includes("read notes: NotCapable"), said.join(" | "));
  assert.ok(said.includes("write notes: ok"), said.join(" | "));
  assert.ok(
    h.host.activity("ledger-probe", { kind: "read", decision: "denied", text: "notes.txt" })
      .length === 1,
  );

  await h.host.grantPermission("ledger-probe", "read:notes.txt");
  assert.deepEqual(h.host.list()[0].pendingConsent, []);
  assert.equal(loads(), 3);
  assert.ok(
    h.host.audit("ledger-probe").some((e) =>
      e.attempt === "grant read:notes.txt" && e.decision === "allowed"
    ),
  );
  assert.ok((await probe(h)).includes("read notes: ok"));
});

Deno.test("a single revoke or grant refuses what the grant does not hold or the manifest does not ask for", async () => {
  await using h = await harness();
  await installProbe(h);
  await assert.rejects(
    () => h.host.revokePermission("ledger-probe", "net:example.org"),
    RangeError,
    'Cannot revoke "net:example.org" of plugin ledger-probe: it is not granted',
  );
  await assert.rejects(
    () => h.host.revokePermission("ledger-probe", "run:sh"),
    /Cannot read the permission: its kind must be event, capability, net, read, write or env, got "run"/,
  );
  await assert.rejects(
    () => h.host.grantPermission("ledger-probe", "net:example.org"),
    /Cannot grant "net:example.org" to plugin ledger-probe: its manifest does not ask for it/,
  );
  await assert.rejects(
    () => h.host.grantPermission("ledger-probe", "capability:storage"),
    /or it is granted already/,
  );
  // Revoking a capability and an event works the same way.
  await h.host.revokePermission("ledger-probe", "capability:irc.send:1:#deno");
  await h.host.revokePermission("ledger-probe", "event:message.received");
  assert.deepEqual(h.host.list()[0].pendingConsent, [
    "event:message.received",
    "capability:irc.send:1:#deno",
  ]);
  await h.host.grantPermission("ledger-probe", "event:message.received");
  await probe(h);
  assert.ok(logged(h, "ledger-probe").includes("send: CapabilityDeniedError"));
  assert.deepEqual(h.sent, []);
});

Deno.test("plugins revoke and plugins grant change one permission from the CLI, grant only with consent", async () => {
  await using h = await harness();
  await h.host.install(`${FIXTURES}ledger-probe`, { grant: "requested" });
  const run = async (confirm: boolean, ...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main([...args, "--data-dir", h.dataDir], {
      out: (line) => void out.push(line),
      err: (line) => void err.push(line),
      confirm: () => confirm,
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };
  assert.deepEqual(await run(false, "revoke", "ledger-probe", "net", "example.org"), {
    code: 1,
    out: "",
    err: 'Cannot revoke "net:example.org" of plugin ledger-probe: it is not granted',
  });
  assert.deepEqual(await run(false, "revoke", "ledger-probe", "read", "notes.txt"), {
    code: 0,
    out: "ledger-probe: read:notes.txt revoked; the rest of its grant stays",
    err: "",
  });
  assert.deepEqual(h.host.list()[0].pendingConsent, ["read:notes.txt"]);
  assert.deepEqual(await run(false, "grant", "ledger-probe", "read", "notes.txt"), {
    code: 1,
    out: "",
    err: "Not granted: consent was not given for read:notes.txt",
  });
  assert.deepEqual(await run(true, "grant", "ledger-probe", "read", "notes.txt"), {
    code: 0,
    out: "ledger-probe: read:notes.txt granted",
    err: "",
  });
  assert.deepEqual(h.host.list()[0].pendingConsent, []);
  assert.equal((await run(false, "revoke", "ledger-probe")).code, 2);

  // The ledger's calls in the CLI's text: where a message went and the bytes it carried.
  await h.host.load("ledger-probe");
  await probe(h);
  h.host.activity("ledger-probe"); // written to the file now, for the CLI's own connection
  const text = await run(false, "activity", "ledger-probe");
  assert.equal(text.code, 0, text.err);
  const lines = text.out.split("\n");
  assert.ok(lines.includes("  irc.send     1  1 #deno (10 bytes)"), text.out);
  assert.ok(lines.includes("  irc.send 1  1 #elsewhere"), text.out);
});

Deno.test("a ledger written before calls were counted gains their bytes, its counts kept", () => {
  const db = openDatabase(":memory:");
  // The first schema, as a client of the last release left it.
  migrate(db, "plugin_activity", [{
    version: 1,
    sql: `CREATE TABLE plugin_activity (
      plugin TEXT NOT NULL, hour INTEGER NOT NULL, kind TEXT NOT NULL, value TEXT NOT NULL,
      decision TEXT NOT NULL, count INTEGER NOT NULL, first_at INTEGER NOT NULL,
      last_at INTEGER NOT NULL, PRIMARY KEY (plugin, hour, kind, value, decision));`,
  }]);
  db.prepare("INSERT INTO plugin_activity VALUES ('p', 0, 'read', '/a', 'allowed', 4, 1, 2)").run();
  const now = 3600_000 * 5 + 10;
  {
    using ledger = new ActivityLedger(db, () => now);
    assert.equal(schemaVersion(db, "plugin_activity"), ACTIVITY_SCHEMA.plugin_activity);
    ledger.recordCall("p", { kind: "irc.send", value: "1 #deno", allowed: true, bytes: 5 });
    ledger.recordCall("p", { kind: "irc.send", value: "1 #deno", allowed: true, bytes: 7 });
    assert.deepEqual(
      ledger.entries("p", { since: 0 }).map(({ kind, count, bytes }) => ({ kind, count, bytes })),
      [{ kind: "read", count: 4, bytes: 0 }, { kind: "irc.send", count: 2, bytes: 12 }],
    );
  }
  db.close();
});

import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { createEvent } from "../../bus/events.ts";
import { ManifestError, PluginLoadError } from "../../plugins/mod.ts";
import {
  copyFixture,
  FIXTURES,
  harness,
  lifecycle,
  logged,
  message,
  waitUntil,
} from "./_helpers.ts";

Deno.test("install() refuses a plugin without consent, and a bad manifest installs nothing", async () => {
  await using h = await harness();
  await assert.rejects(() => h.host.install(`${FIXTURES}recorder`), PluginLoadError);
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(
    `${dir}/plugin.json`,
    JSON.stringify({
      name: "runner",
      version: "1.0.0",
      description: "d",
      entry: "mod.ts",
      events: [],
      permissions: { run: ["sh"] },
      capabilities: [],
      reasons: {},
    }),
  );
  await Deno.writeTextFile(`${dir}/mod.ts`, "export default {};");
  await assert.rejects(
    () => h.host.install(dir, { grant: "requested" }),
    (error: unknown) => error instanceof ManifestError && error.field === "permissions.run",
  );
  assert.deepEqual(h.host.list(), []);
  await assert.rejects(() => h.host.load("runner"), /not installed/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("load() runs setup, list() shows it, unload() tears it down and says so on the bus", async () => {
  await using h = await harness();
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  assert.equal(h.host.list()[0].state, "stopped");
  await h.host.load("recorder");
  const [info] = h.host.list();
  assert.equal(info.state, "running");
  assert.equal(info.isolation, "subprocess");
  assert.deepEqual(info.granted, info.requested);
  assert.deepEqual(info.commands, ["record", "fail"]);
  assert.deepEqual(h.host.commands(), [
    { name: "record", plugin: "recorder" },
    { name: "fail", plugin: "recorder" },
  ]);
  await waitUntil(() => lifecycle(h, "recorder", "loaded") === 1, "loaded");
  await h.host.unload("recorder");
  assert.ok(logged(h, "recorder").includes("teardown"));
  assert.deepEqual(h.host.commands(), []);
  assert.equal(h.host.list()[0].state, "stopped");
  await waitUntil(() => lifecycle(h, "recorder", "unloaded") === 1, "unloaded");
});

Deno.test("commands run in the plugin, use storage, and failures come back as errors", async () => {
  await using h = await harness();
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  await h.host.load("recorder");
  await h.host.runCommand("record", "one");
  await h.host.runCommand("record", "two");
  assert.ok(logged(h, "recorder").includes('command two ["cmd:one","cmd:two"]'));
  await assert.rejects(() => h.host.runCommand("fail", ""), /command failed on purpose/);
  await assert.rejects(() => h.host.runCommand("nope", ""), /none is registered/);
});

Deno.test("commands are not registered without the commands capability, and that is audited", async () => {
  await using h = await harness();
  await h.host.install(`${FIXTURES}recorder`, {
    grant: { events: ["message.received"], permissions: {}, capabilities: ["storage"] },
  });
  await h.host.load("recorder");
  assert.deepEqual(h.host.commands(), []);
  assert.ok(
    h.host.audit("recorder").some((e) =>
      e.decision === "denied" && e.attempt === "commands record fail"
    ),
  );
});

Deno.test("events reach only plugins that subscribed to their type", async () => {
  await using h = await harness();
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  await h.host.load("recorder");
  await h.bus.emit(createEvent("user.quit", {
    networkId: 1,
    user: "bob",
    nickname: "bob",
    reason: "bye",
    channels: [],
  }, "irc"));
  await h.bus.emit(message("first"));
  await waitUntil(
    () => logged(h, "recorder").includes("event message.received first"),
    "the message",
  );
  assert.ok(!logged(h, "recorder").some((m) => m.includes("user.quit")));
});

Deno.test("a full mailbox coalesces user.meta by key, drops the rest, and sends plugin.overflow", async () => {
  await using h = await harness({ mailboxSize: 16, batchSize: 4, maxInFlight: 1 });
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  await h.host.load("recorder");
  // All of these are delivered by the bus in one go, before the plugin can acknowledge.
  const emits = [];
  for (let i = 0; i < 4; i++) emits.push(h.bus.emit(message(`m${i}`)));
  for (let i = 0; i < 5; i++) {
    emits.push(h.bus.emit(createEvent("user.meta", {
      networkId: 1,
      nickname: "carol",
      away: i % 2 === 1,
    }, "irc")));
  }
  for (let i = 4; i < 100; i++) emits.push(h.bus.emit(message(`m${i}`)));
  await Promise.all(emits);
  await waitUntil(() => logged(h, "recorder").some((m) => m.startsWith("overflow")), "overflow");
  const events = logged(h, "recorder").filter((m) => m.startsWith("event"));
  // 4 in flight, 16 in the mailbox: 4 messages + 1 coalesced user.meta (last: away=false) + 15.
  assert.equal(events.length, 20);
  assert.deepEqual(events.filter((m) => m.includes("user.meta")), ["event user.meta carol false"]);
  assert.ok(logged(h, "recorder").includes("overflow 81"));
  assert.equal(h.host.list()[0].overflows, 81);
  assert.ok(h.host.audit("recorder").some((e) => e.attempt === "mailbox overflow"));
});

Deno.test("a stuck plugin never blocks the bus", async () => {
  await using h = await harness({ ackBudgetMs: 60_000, mailboxSize: 64 });
  await h.host.install(`${FIXTURES}spin-forever`, { grant: "requested" });
  await h.host.load("spin-forever");
  await h.bus.emit(message("spin"));
  const emits = [];
  for (let i = 0; i < 5000; i++) emits.push(h.bus.emit(message(`after ${i}`)));
  await Promise.all(emits);
  let seen = 0;
  h.bus.subscribe("sasl.success", () => void seen++);
  await h.bus.emitSync(createEvent("sasl.success", { networkId: 1 }, "irc"));
  assert.equal(seen, 1);
  assert.ok(h.host.list()[0].overflows > 0);
});

Deno.test("unload() removes the metadata the plugin set", async () => {
  await using h = await harness();
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  await h.host.load("recorder");
  await h.bus.emit(message("color", "dave"));
  await waitUntil(() => logged(h, "recorder").includes("colored"), "the colour");
  await waitUntil(() => h.events.some((e) => e.type === "metadata.updated"), "metadata.updated");
  await h.host.unload("recorder");
  await waitUntil(
    () => h.events.filter((e) => e.type === "metadata.updated").length === 2,
    "the removal",
  );
  const removal = h.events.filter((e) => e.type === "metadata.updated")[1];
  assert.deepEqual(removal.data, {
    type: "nickname_color",
    key: "dave",
    value: null,
    network_id: 1,
  });
});

Deno.test("grants persist in SQLite: a new host loads without asking again", async () => {
  const dataDir = await Deno.makeTempDir();
  {
    await using h = await harness({ dataDir });
    await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  }
  {
    await using h = await harness({ dataDir });
    await h.host.load("recorder");
    assert.equal(h.host.list()[0].state, "running");
    assert.ok(h.host.audit("recorder").length >= 2);
  }
  const db = new DatabaseSync(`${dataDir}/client.sqlite`);
  assert.throws(() => db.exec("UPDATE plugin_audit SET decision = 'allowed'"), /append-only/);
  assert.throws(() => db.exec("DELETE FROM plugin_audit"), /append-only/);
  db.close();
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("a restart after a narrowed grant runs with the new grant's Deno permissions", async () => {
  await using h = await harness({ ackBudgetMs: 300, restartBackoffMs: [10] });
  await h.host.install(`${FIXTURES}env-probe`, { grant: "requested" });
  await h.host.load("env-probe");
  // Consent withdrawn while it runs: the running plugin keeps its powers until it restarts.
  await h.host.install(`${FIXTURES}env-probe`, {
    grant: { events: ["message.received"], permissions: {}, capabilities: [] },
  });
  await h.bus.emit(message("spin"));
  await waitUntil(() => lifecycle(h, "env-probe", "restarted") === 1, "the restart");
  const states = logged(h, "env-probe").filter((line) => line.startsWith("env "));
  assert.equal(states.length, 2);
  assert.equal(states[0], "env granted");
  assert.notEqual(states[1], "env granted", "the restart still had the old grant");
});

Deno.test("an upgrade asking for more runs with the old grant until consent is given", async () => {
  await using h = await harness();
  const dir = await copyFixture("recorder");
  const manifest = JSON.parse(await Deno.readTextFile(`${dir}/plugin.json`));
  await Deno.writeTextFile(
    `${dir}/plugin.json`,
    JSON.stringify({
      ...manifest,
      capabilities: ["storage"],
      reasons: { storage: "Counts events" },
    }),
  );
  await h.host.install(dir, { grant: "requested" });
  await Deno.writeTextFile(
    `${dir}/plugin.json`,
    JSON.stringify({ ...manifest, version: "2.0.0" }),
  );
  const upgrade = await h.host.install(dir);
  assert.deepEqual(upgrade.pendingConsent, [
    "capability:commands",
    "capability:metadata:nickname_color",
  ]);
  assert.deepEqual(upgrade.grant.capabilities, ["storage"]);
  await h.host.load("recorder");
  assert.deepEqual(h.host.commands(), []);
  assert.deepEqual(h.host.list()[0].pendingConsent, upgrade.pendingConsent);
  await h.host.unload("recorder");
  const consented = await h.host.install(dir, { grant: "requested" });
  assert.deepEqual(consented.pendingConsent, []);
  await h.host.load("recorder");
  assert.equal(h.host.commands().length, 2);
  await h.host.unload("recorder");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("reload() respawns a development-mode plugin with its changed code", async () => {
  await using h = await harness();
  const dir = await copyFixture("recorder");
  await h.host.install(dir, { grant: "requested", dev: true });
  await h.host.load("recorder");
  const code = await Deno.readTextFile(`${dir}/mod.ts`);
  await Deno.writeTextFile(
    `${dir}/mod.ts`,
    code.replace('ctx.log.info("setup")', 'ctx.log.info("setup v2")'),
  );
  await h.host.reload("recorder");
  assert.ok(logged(h, "recorder").includes("setup v2"));
  await waitUntil(() => lifecycle(h, "recorder", "loaded") === 2, "loaded twice");
  await h.host.unload("recorder");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("development mode reloads a plugin when a file in its folder changes", async () => {
  await using h = await harness();
  const dir = await copyFixture("recorder");
  await h.host.install(dir, { grant: "requested", dev: true });
  await h.host.load("recorder");
  assert.equal(h.host.list()[0].dev, true);
  assert.equal(h.host.list()[0].runsFrom, dir);
  const code = await Deno.readTextFile(`${dir}/mod.ts`);
  await Deno.writeTextFile(
    `${dir}/mod.ts`,
    code.replace('ctx.log.info("setup")', 'ctx.log.info("watched")'),
  );
  await waitUntil(() => logged(h, "recorder").includes("watched"), "the reload");
  await h.host.unload("recorder");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("unload() finishes within the teardown budget even when the plugin is stuck", async () => {
  await using h = await harness({ teardownBudgetMs: 100 });
  await h.host.install(`${FIXTURES}stuck-teardown`, { grant: "requested" });
  await h.host.load("stuck-teardown");
  await h.host.unload("stuck-teardown");
  assert.equal(h.host.list()[0].state, "stopped");
  await waitUntil(() => lifecycle(h, "stuck-teardown", "unloaded") === 1, "unloaded");
  assert.ok(logged(h, "stuck-teardown").includes("stopped: did not finish teardown within 100 ms"));
  assert.ok(
    h.host.audit("stuck-teardown").some((e) =>
      e.attempt === "teardown" && e.decision === "failed" &&
      e.detail === "did not finish teardown within 100 ms"
    ),
  );
});

Deno.test("crash and overflow counts come from the audit log, so a new host still shows them", async () => {
  const dataDir = await Deno.makeTempDir();
  {
    await using h = await harness({ dataDir, ackBudgetMs: 200, restartBackoffMs: [60_000] });
    await h.host.install(`${FIXTURES}spin-forever`, { grant: "requested" });
    await h.host.load("spin-forever");
    await h.bus.emit(message("spin"));
    await waitUntil(() => lifecycle(h, "spin-forever", "crashed") === 1, "the crash");
  }
  {
    await using h = await harness({ dataDir });
    assert.equal(h.host.list()[0].crashes, 1);
  }
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("disable() persists; enable() loads again, and rolls back when the load fails", async () => {
  const dataDir = await Deno.makeTempDir();
  {
    await using h = await harness({ dataDir });
    await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
    await h.host.load("recorder");
    await h.host.disable("recorder", "testing");
    assert.equal(h.host.list()[0].state, "disabled");
  }
  {
    await using h = await harness({ dataDir });
    assert.equal(h.host.list()[0].disabledReason, "testing");
    await assert.rejects(() => h.host.load("recorder"), /it is disabled \(testing\)/);
    await h.host.enable("recorder");
    assert.equal(h.host.list()[0].state, "running");
    await h.host.install(`${FIXTURES}setup-throws`, { grant: "requested" });
    await h.host.disable("setup-throws", "broken");
    await assert.rejects(() => h.host.enable("setup-throws"), /no API key configured/);
    const info = h.host.list().find((p) => p.name === "setup-throws")!;
    assert.equal(info.state, "disabled");
    assert.equal(info.disabledReason, "broken");
  }
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("revoke() stops a plugin, empties its grant and keeps it disabled across restarts", async () => {
  const dataDir = await Deno.makeTempDir();
  {
    await using h = await harness({ dataDir });
    await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
    await h.host.load("recorder");
    await h.host.revoke("recorder");
    const info = h.host.list()[0];
    assert.equal(info.state, "disabled");
    assert.deepEqual(info.granted, { events: [], permissions: {}, capabilities: [] });
    assert.ok(h.host.audit("recorder").some((e) => e.attempt === "revoke"));
    await assert.rejects(() => h.host.revoke("nope"), /it is not installed/);
  }
  {
    await using h = await harness({ dataDir });
    assert.equal(h.host.list()[0].disabledReason, "grant revoked by the user");
    await assert.rejects(() => h.host.load("recorder"), /it is disabled/);
  }
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("audit() with last gives only the newest entries, oldest first", async () => {
  await using h = await harness();
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  await h.host.load("recorder");
  await h.host.unload("recorder");
  const all = h.host.audit();
  assert.ok(all.length >= 3, `${all.length} entries`);
  assert.deepEqual(h.host.audit(undefined, { last: 2 }), all.slice(-2));
  assert.deepEqual(h.host.audit("recorder", { last: 1 }), all.slice(-1));
});

/**
 * Every hostile fixture is contained (nothing it logs says LEAKED) and audited.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { createEvent } from "../../bus/events.ts";
import { main } from "../../plugins/cli.ts";
import {
  AUDIT_RATE_PER_MINUTE,
  type AuditEntry,
  type IsolationMode,
  PluginLoadError,
} from "../../plugins/mod.ts";
import { databasePath } from "../../storage/data_dir.ts";
import {
  FIXTURES,
  type Harness,
  harness,
  hostAndInnocentWork,
  lifecycle,
  logged,
  message,
  waitUntil,
} from "./_helpers.ts";

function denied(h: Harness, plugin: string, attempt: RegExp): boolean {
  return h.host.audit(plugin).some((e) => e.decision === "denied" && attempt.test(e.attempt));
}

async function loadFixture(h: Harness, name: string, isolation?: IsolationMode): Promise<void> {
  await h.host.install(`${FIXTURES}${name}`, { grant: "requested", isolation });
  await h.host.load(name);
}

function assertContained(h: Harness, plugin: string): void {
  const lines = logged(h, plugin);
  assert.ok(lines.includes("done"), `${plugin} finished: ${lines.join(" | ")}`);
  assert.deepEqual(lines.filter((l) => l.includes("LEAKED")), []);
}

Deno.test("hostile: reading and writing outside its data dir is blocked and audited", async () => {
  await using h = await harness();
  const secretDir = await Deno.makeTempDir();
  const secret = `${secretDir}/secret.txt`;
  await Deno.writeTextFile(secret, "top secret");
  await loadFixture(h, "read-write-outside");
  await h.bus.emit(message(secret));
  await waitUntil(() => logged(h, "read-write-outside").includes("done"), "the attempts");
  assertContained(h, "read-write-outside");
  assert.ok(logged(h, "read-write-outside").includes("inside: ok"));
  assert.ok(denied(h, "read-write-outside", /^Deno\.readTextFile$/));
  assert.ok(denied(h, "read-write-outside", /^Deno\.writeTextFile$/));
  await assert.rejects(() => Deno.stat(`${secret}.pwned`), Deno.errors.NotFound);
  await Deno.remove(secretDir, { recursive: true });
});

Deno.test("hostile: reaching an ungranted host is blocked and audited", async () => {
  await using h = await harness();
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("secret"),
  );
  await loadFixture(h, "net-ungranted");
  await h.bus.emit(message(`http://127.0.0.1:${server.addr.port}/`));
  await waitUntil(() => logged(h, "net-ungranted").includes("done"), "the attempts");
  assertContained(h, "net-ungranted");
  assert.ok(denied(h, "net-ungranted", /^fetch$/));
  assert.ok(denied(h, "net-ungranted", /^Deno\.connect$/));
});

Deno.test("hostile: reading env is blocked and audited", async () => {
  await using h = await harness();
  await loadFixture(h, "read-env");
  assertContained(h, "read-env");
  assert.ok(denied(h, "read-env", /^Deno\.env\.get$/));
  assert.ok(denied(h, "read-env", /^Deno\.env\.toObject$/));
});

Deno.test("hostile: running a subprocess is blocked and audited", async () => {
  await using h = await harness();
  await loadFixture(h, "run-subprocess");
  assertContained(h, "run-subprocess");
  assert.ok(denied(h, "run-subprocess", /^Deno\.Command\.output$/));
});

Deno.test("hostile: loading FFI is blocked and audited", async () => {
  await using h = await harness();
  await loadFixture(h, "load-ffi");
  assertContained(h, "load-ffi");
  assert.ok(denied(h, "load-ffi", /^Deno\.dlopen$/));
});

Deno.test("hostile: Deno.permissions.request is denied without a prompt, and audited", async () => {
  await using h = await harness();
  await loadFixture(h, "permission-request");
  assertContained(h, "permission-request");
  assert.ok(logged(h, "permission-request").includes("request run: denied"));
  assert.ok(denied(h, "permission-request", /^Deno\.permissions\.request\(.*"run"/));
});

Deno.test("hostile: irc.send without the capability gets CapabilityDeniedError, audited", async () => {
  await using h = await harness();
  await loadFixture(h, "irc-send-denied");
  await h.bus.emit(message("go"));
  await waitUntil(() => logged(h, "irc-send-denied").includes("done"), "the attempts");
  assertContained(h, "irc-send-denied");
  assert.deepEqual(h.sent, [{ networkId: 1, target: "#allowed", text: "this one is fine" }]);
  assert.ok(
    logged(h, "irc-send-denied").includes("send 1 #elsewhere: blocked CapabilityDeniedError true"),
  );
  assert.ok(denied(h, "irc-send-denied", /^irc\.send 1 #elsewhere$/));
  assert.ok(denied(h, "irc-send-denied", /^irc\.send 2 #allowed$/));
  assert.ok(denied(h, "irc-send-denied", /^metadata\.set nickname_color$/));
  assert.ok(denied(h, "irc-send-denied", /^storage\.set$/));
  assert.ok(
    h.host.audit("irc-send-denied").some((e) =>
      e.decision === "allowed" && e.attempt === "irc.send 1 #allowed"
    ),
  );
  assert.equal(h.host.list()[0].denied, 4);
});

Deno.test("hostile: throwing at load is a clear load error, audited, and nothing runs", async () => {
  await using h = await harness();
  await h.host.install(`${FIXTURES}throw-at-load`, { grant: "requested" });
  await assert.rejects(
    () => h.host.load("throw-at-load"),
    (error: unknown) =>
      error instanceof PluginLoadError && /setup failed: Error: boom at load/.test(error.message),
  );
  assert.equal(h.host.list()[0].state, "stopped");
  assert.ok(
    h.host.audit("throw-at-load").some((e) => e.attempt === "load" && e.decision === "failed"),
  );
  await h.host.install(`${FIXTURES}setup-throws`, { grant: "requested" });
  await assert.rejects(
    () => h.host.load("setup-throws"),
    /Cannot load plugin "setup-throws": setup failed: RangeError: no API key configured/,
  );
});

Deno.test("hostile: spinning forever is terminated, restarted with backoff, then disabled", async () => {
  await using h = await harness({ ackBudgetMs: 300, restartBackoffMs: [10, 20] });
  await loadFixture(h, "spin-forever");
  for (let crash = 1; crash <= 3; crash++) {
    if (crash > 1) {
      await waitUntil(() => lifecycle(h, "spin-forever", "restarted") === crash - 1, "restart");
    }
    await h.bus.emit(message("spin"));
    await waitUntil(() => lifecycle(h, "spin-forever", "crashed") === crash, `crash ${crash}`);
  }
  await waitUntil(() => lifecycle(h, "spin-forever", "disabled") === 1, "disabled");
  const [info] = h.host.list();
  assert.equal(info.state, "disabled");
  assert.equal(info.crashes, 3);
  assert.match(info.disabledReason ?? "", /3 crashes within 600 s/);
  assert.ok(h.host.audit("spin-forever").some((e) => e.attempt === "disable"));
  await assert.rejects(() => h.host.load("spin-forever"), /it is disabled/);
});

Deno.test("hostile: crashes older than the window do not count toward disabling", async () => {
  let offset = 0;
  await using h = await harness({
    ackBudgetMs: 300,
    restartBackoffMs: [10],
    now: () => Date.now() + offset,
  });
  await loadFixture(h, "spin-forever");
  for (let crash = 1; crash <= 4; crash++) {
    if (crash > 1) {
      await waitUntil(() => lifecycle(h, "spin-forever", "restarted") === crash - 1, "restart");
    }
    await h.bus.emit(message("spin"));
    await waitUntil(() => lifecycle(h, "spin-forever", "crashed") === crash, `crash ${crash}`);
    offset += 6 * 60 * 1000; // six minutes pass between crashes
  }
  await waitUntil(() => lifecycle(h, "spin-forever", "restarted") === 4, "fourth restart");
  assert.equal(lifecycle(h, "spin-forever", "disabled"), 0);
  assert.equal(h.host.list()[0].crashes, 4);
});

Deno.test("hostile: flooding the host stops the plugin; the host stays responsive", async () => {
  await using h = await harness({ floodLimit: 2000, restartBackoffMs: [60_000] });
  // Junk messages reach the host only from a Worker; a subprocess's runtime frames them.
  await loadFixture(h, "flood-host", "worker");
  await h.bus.emit(message("flood"));
  await waitUntil(() => lifecycle(h, "flood-host", "crashed") === 1, "the flood to be stopped");
  assert.ok(
    h.host.audit("flood-host").some((e) => e.attempt === "crash" && /flooded/.test(e.detail)),
  );
  // Its junk was refused at the boundary as malformed, and audited.
  assert.ok(
    h.host.audit("flood-host").some((e) =>
      e.attempt === "malformed message" && /kind is not a known plugin message/.test(e.detail)
    ),
  );
  let seen = 0;
  h.bus.subscribe("sasl.success", () => void seen++);
  await h.bus.emitSync(createEvent("sasl.success", { networkId: 1 }, "irc"));
  assert.equal(seen, 1);
});

Deno.test("hostile: a flood the host is slow to handle is stopped by host time, not count", async () => {
  // Each clock reading is 1 ms after the last, as if every step of the host's work took 1 ms
  // (a slow disk under the audit log): the host then gets through far fewer than floodLimit
  // messages in any one second, and only the host-time limit can stop the flood.
  let clock = Date.now();
  await using h = await harness({ now: () => clock++, restartBackoffMs: [60_000] });
  await loadFixture(h, "flood-host", "worker");
  await h.bus.emit(message("flood"));
  await waitUntil(() => lifecycle(h, "flood-host", "crashed") === 1, "the flood to be stopped");
  const audit = h.host.audit("flood-host");
  const crash = audit.find((e) => e.attempt === "crash");
  assert.match(crash?.detail ?? "", /flooded the host: its messages took over 250 ms of host time/);
  const malformed = audit.filter((e) => e.attempt === "malformed message").length;
  assert.ok(malformed > 0 && malformed < 1000, `${malformed} malformed messages handled`);
});

Deno.test("hostile: an uncaught error in onEvent is caught, audited, and the plugin lives on", async () => {
  await using h = await harness();
  await loadFixture(h, "import-uncached");
  // Under `deno test` (no --cached-only) a remote import to an unresolvable host just fails;
  // the --cached-only escape itself is tested in a real client process (escapes_test.ts).
  await h.bus.emit(message("remote"));
  await waitUntil(
    () => h.host.audit("import-uncached").some((e) => e.attempt === "uncaught error"),
    "the uncaught error",
  );
  assert.deepEqual(logged(h, "import-uncached").filter((l) => l.includes("LEAKED")), []);
  assert.equal(h.host.list()[0].state, "running");
  assert.equal(h.host.list()[0].crashes, 0);
});

Deno.test("hostile: a disabled plugin can be enabled again with a fresh crash window", async () => {
  await using h = await harness({ ackBudgetMs: 300, restartBackoffMs: [10], crashLimit: 1 });
  await loadFixture(h, "spin-forever");
  await h.bus.emit(message("spin"));
  await waitUntil(() => lifecycle(h, "spin-forever", "disabled") === 1, "disabled");
  await h.host.enable("spin-forever");
  assert.equal(h.host.list()[0].state, "running");
  assert.equal(h.host.list()[0].crashes, 1);
});

for (
  const [how, refusal] of [
    ["deep", "it nests deeper than 64 levels"],
    ["wide", "it holds more than 200000 items"],
  ]
) {
  Deno.test(`hostile: frames of ${how} arrays are refused before the host parses them`, async () => {
    await using h = await harness({ restartBackoffMs: [60_000] });
    await loadFixture(h, "recorder");
    await loadFixture(h, "deep-frame");
    await h.bus.emit(message(how));
    await waitUntil(() => lifecycle(h, "deep-frame", "crashed") === 1, "the plugin to be stopped");
    // Refused by the pass that counts brackets, not by the parser: the reason says so, and
    // quotes no more than the frame's start.
    const crash = h.host.audit("deep-frame").find((e) => e.attempt === "crash");
    assert.ok(
      crash?.detail.startsWith(
        `sent a malformed frame: Cannot parse plugin frame: ${refusal} at byte `,
      ),
      crash?.detail,
    );
    assert.match(crash?.detail ?? "", /, got "\{\\"kind\\":\\"call\\".{0,300}$/);
    using db = new DatabaseSync(databasePath(h.dataDir), { readOnly: true });
    assert.deepEqual(db.prepare("SELECT key FROM plugin_storage").all(), []);
    await hostAndInnocentWork(h);
    assert.deepEqual(logged(h, "deep-frame").filter((l) => l.includes("LEAKED")), []);
  });
}

Deno.test("hostile: a flood of audit entries is held to its rate and cannot hide another plugin's", async () => {
  // The flood guard could stop it for the host time its 4000 messages take: allowed more
  // here, the audit's own limits are what holds.
  await using h = await harness({ floodTimeLimitMs: 60_000 });
  await loadFixture(h, "recorder");
  await loadFixture(h, "read-write-outside");
  await loadFixture(h, "audit-flood");
  // The bystander's refused read of /etc/shadow comes first; the flood after it.
  await h.bus.emit(message("/etc/shadow"));
  await waitUntil(() => logged(h, "read-write-outside").includes("done"), "the bystander");
  await h.bus.emit(message("flood"));
  await waitUntil(() => logged(h, "audit-flood").includes("done"), "the flood");
  // 4000 denials made at most the rate's rows, and one row that counts the rest.
  const flood = h.host.audit("audit-flood").filter((e) => e.decision === "denied");
  assert.equal(flood.length, AUDIT_RATE_PER_MINUTE + 1, JSON.stringify(flood.slice(-3)));
  const limit = flood.at(-1);
  assert.equal(limit?.attempt, "audit limit");
  assert.equal(flood.reduce((sum, e) => sum + 1 + e.repeats, 0), 4000);
  assert.equal(h.host.list().find((p) => p.name === "audit-flood")?.denied, 4000);
  // The bystander's denial is still in view, on the page's view per plugin too.
  const isShadow = (e: AuditEntry) =>
    e.plugin === "read-write-outside" && e.attempt === "Deno.readTextFile" &&
    e.detail.includes("/etc/shadow");
  assert.ok(h.host.audit(undefined, { last: 200 }).some(isShadow));
  assert.ok(h.host.audit(undefined, { lastPerPlugin: 50 }).some(isShadow));
  await hostAndInnocentWork(h);
  assert.equal(h.host.list().find((p) => p.name === "audit-flood")?.state, "running");
});

Deno.test("hostile: line breaks and escapes in a denial print as one visible line", async () => {
  await using h = await harness();
  await loadFixture(h, "recorder");
  await loadFixture(h, "audit-forger");
  await h.bus.emit(message("forge"));
  await waitUntil(() => logged(h, "audit-forger").includes("done"), "the forgery");
  const entries = h.host.audit();
  const forged = entries.find((e) => e.plugin === "audit-forger" && e.decision === "denied");
  assert.ok(forged?.detail.includes("\n2026-01-01T00:00:00.000Z recorder ALLOWED"));
  const out: string[] = [];
  const io = { out: (line: string) => void out.push(line), err: () => {}, confirm: () => false };
  assert.equal(await main(["audit", "--data-dir", h.dataDir], io), 0);
  const lines = out.join("\n").split("\n");
  // One line per entry, each led by its own time and plugin; nothing a terminal obeys.
  assert.equal(lines.length, entries.length);
  lines.forEach((line, i) =>
    assert.ok(line.startsWith(`${entries[i].time} ${entries[i].plugin} `))
  );
  const printed = lines.find((line) => line.includes(" audit-forger DENIED "));
  assert.match(
    printed ?? "",
    /\(x\)\\n2026-01-01T00:00:00\.000Z recorder ALLOWED .*\\r\\u\{1b\}\[2K\\u\{9b\}2K\\u\{202e\}<b>pwned<\/b>\)$/,
  );
  out.length = 0;
  assert.equal(await main(["audit", "--json", "--data-dir", h.dataDir], io), 0);
  const json = out.join("\n");
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(json, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  assert.deepEqual(JSON.parse(json), entries);
  await hostAndInnocentWork(h);
});

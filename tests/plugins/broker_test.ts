/**
 * The host as each plugin's permission broker: every permission check of a subprocess plugin
 * is decided by the host, outside the plugin's process, and recorded there (the audit for
 * denials, the activity ledger for all). Real plugins, real `deno run` processes.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  MAX_CHECK_BYTES,
  parseCheck,
  PermissionBroker,
  PermissionPolicy,
} from "../../plugins/_broker.ts";
import type { AuditEntry } from "../../plugins/mod.ts";
import { main } from "../../plugins/cli.ts";
import {
  type Harness,
  harness,
  lifecycle,
  loadFixtures,
  logged,
  message,
  waitUntil,
} from "./_helpers.ts";

const policy = new PermissionPolicy({
  read: ["/data/p"],
  write: ["/data/p/out"],
  net: ["example.com", "127.0.0.1:8080"],
  env: ["TZ"],
  import: ["jsr.io"],
});

Deno.test("broker policy: paths by folder, hosts with or without a port, env by name", () => {
  const decide = (permission: string, value: string | null) =>
    policy.decide({ permission, value }).allow;
  assert.equal(decide("read", "/data/p"), true);
  assert.equal(decide("read", "/data/p/notes.txt"), true);
  assert.equal(decide("read", "/data/pe/notes.txt"), false, "a sibling sharing a prefix");
  assert.equal(decide("read", null), false, "all of the file system");
  assert.equal(decide("write", "/data/p/notes.txt"), false);
  assert.equal(decide("write", "/data/p/out/x"), true);
  assert.equal(decide("net", "example.com:443"), true);
  assert.equal(decide("net", "example.com.evil:443"), false);
  assert.equal(decide("net", "127.0.0.1:8080"), true);
  assert.equal(decide("net", "127.0.0.1:8081"), false);
  assert.equal(decide("env", "TZ"), true);
  assert.equal(decide("env", "tz"), false);
  assert.equal(decide("env", null), false, "the whole environment");
  assert.equal(decide("import", "jsr.io:443"), true);
  assert.equal(decide("import", "deno.land:443"), false);
  for (const kind of ["run", "ffi", "sys", "hrtime", "something-new"]) {
    assert.equal(decide(kind, "x"), false, kind);
  }
  const refused = policy.decide({ permission: "read", value: "/etc/shadow" });
  assert.deepEqual(refused, {
    allow: false,
    reason: 'Requires read access to "/etc/shadow", which is not granted to this plugin',
  });
});

Deno.test("broker: a malformed check is a clear error naming what came", () => {
  assert.deepEqual(parseCheck('{"id":3,"permission":"env","value":null}'), {
    id: 3,
    check: { permission: "env", value: null },
  });
  assert.throws(() => parseCheck("not json"), /not JSON: "not json"/);
  assert.throws(() => parseCheck("[1]"), /without id, permission and value/);
  assert.throws(() => parseCheck('{"id":"1","permission":"read","value":"/"}'), /without id/);
  assert.throws(() => parseCheck('{"id":1,"permission":"read","value":7}'), /without id/);
});

Deno.test("broker: answers a real deno process, which exits 87 when its broker goes away", async () => {
  const dir = await Deno.makeTempDir();
  const decisions: string[] = [];
  const broker = await PermissionBroker.listen(join(dir, "b.sock"), policy, (check, decision) => {
    decisions.push(`${check.permission} ${check.value} ${decision.allow}`);
  });
  const closed = new Promise<string>((resolve) => broker.onClose = resolve);
  const script = join(dir, "probe.ts");
  await Deno.writeTextFile(
    script,
    `try { Deno.readTextFileSync("/etc/hostname"); console.log("LEAKED"); }
     catch (e) { console.log(e.name + ": " + e.message); }
     console.log(Deno.env.get("TZ") ?? "no TZ");
     // Checks go on until one finds the broker gone.
     setInterval(() => Deno.env.get("TZ"), 5);`,
  );
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--no-config", script],
    env: { DENO_PERMISSION_BROKER_PATH: broker.path, TZ: "UTC", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("UTC")) {
    const { value, done } = await lines.read();
    if (done) break;
    out += value;
  }
  assert.match(
    out,
    /NotCapable: Requires read access to "\/etc\/hostname", which is not granted to this plugin/,
  );
  // Decisions reach the host in batches; closing the broker delivers every one first.
  await broker[Symbol.asyncDispose]();
  assert.ok(decisions.includes("read /etc/hostname false"), decisions.join("\n"));
  assert.ok(decisions.includes("env TZ true"), decisions.join("\n"));
  assert.equal(await closed, "closed its permission broker connection");
  assert.equal((await child.status).code, 87);
  await lines.cancel();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("broker: a check line past the bound ends the conversation", async () => {
  const dir = await Deno.makeTempDir();
  const broker = await PermissionBroker.listen(join(dir, "b.sock"), policy, () => {});
  const closed = new Promise<string>((resolve) => broker.onClose = resolve);
  const conn = await Deno.connect({ transport: "unix", path: broker.path });
  await conn.write(new Uint8Array(MAX_CHECK_BYTES + 1).fill(0x61)).catch(() => 0);
  assert.match(await closed, /over 16384 bytes/);
  conn.close();
  await broker[Symbol.asyncDispose]();
  await Deno.remove(dir, { recursive: true });
});

function brokerDenials(h: Harness, plugin: string): AuditEntry[] {
  return h.host.audit(plugin).filter((e) =>
    e.decision === "denied" && e.detail.endsWith("(decided by the host)")
  );
}

async function innocentWorks(h: Harness): Promise<void> {
  const text = `still here ${crypto.randomUUID()}`;
  await h.bus.emit(message(text));
  await waitUntil(
    () => logged(h, "recorder").includes(`event message.received ${text}`),
    "the innocent plugin to get an event",
  );
}

Deno.test("hostile: a plugin granted no net cannot listen, serve or connect, and the host audits each", async () => {
  await using h = await harness();
  await loadFixtures(h, "recorder", "broker-probe");
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("the host's"),
  );
  const port = server.addr.port;
  await h.bus.emit(message(`listen ${port}`));
  await waitUntil(() => logged(h, "broker-probe").includes("done"), "the probe to finish");
  const lines = logged(h, "broker-probe");
  assert.deepEqual(lines.filter((l) => l.includes("LEAKED")), [], lines.join(" | "));
  assert.ok(lines.includes("listen: NotCapable"), lines.join(" | "));
  assert.ok(lines.includes("serve: NotCapable"), lines.join(" | "));
  assert.ok(lines.includes("connect: NotCapable"), lines.join(" | "));
  const attempts = brokerDenials(h, "broker-probe").map((e) => e.attempt);
  assert.ok(attempts.includes(`net 127.0.0.1:${port}`), attempts.join(", "));
  assert.ok(attempts.some((a) => /^net 0\.0\.0\.0:\d+$/.test(a)), attempts.join(", "));
  await innocentWorks(h);
});

Deno.test("hostile: a node:worker_threads read, out of the runtime's reach, is refused and audited by the host", async () => {
  await using h = await harness();
  await loadFixtures(h, "recorder", "broker-probe");
  const dir = await Deno.makeTempDir();
  const secret = join(dir, "secret.txt");
  await Deno.writeTextFile(secret, "top secret");
  await h.bus.emit(message(`thread-read ${secret}`));
  await waitUntil(() => logged(h, "broker-probe").includes("done"), "the probe to finish");
  const lines = logged(h, "broker-probe");
  assert.ok(lines.includes("thread read: NotCapable"), lines.join(" | "));
  const entry = brokerDenials(h, "broker-probe").find((e) => e.attempt === `read ${secret}`);
  assert.ok(entry, JSON.stringify(h.host.audit("broker-probe")));
  assert.match(entry.detail, /not granted to this plugin/);
  // The ledger has it too, beside the reads of its own code that were allowed.
  const ledger = h.host.activity("broker-probe");
  assert.ok(
    ledger.some((e) => e.kind === "read" && e.value === secret && e.decision === "denied"),
    JSON.stringify(ledger),
  );
  await innocentWorks(h);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("hostile: a plugin that closes its side of the channel is ended, not kept running", async () => {
  await using h = await harness({ restartBackoffMs: [60_000], ackBudgetMs: 1000 });
  await loadFixtures(h, "recorder", "broker-probe");
  await h.bus.emit(message("close-channel /etc/shadow"));
  await waitUntil(() => lifecycle(h, "broker-probe", "crashed") === 1, "the plugin to be ended");
  const crash = h.host.audit("broker-probe").find((e) => e.attempt === "crash");
  // Deno keeps the descriptor open under a closed stdout resource: the host learns of it by
  // the pipe's end or by the batch that goes unanswered, whichever comes first.
  assert.match(
    crash?.detail ?? "",
    /^(closed its channel to the host|did not acknowledge a batch within 1000 ms)$/,
  );
  await innocentWorks(h);
});

Deno.test("plugins activity prints the ledger as text and JSON, with denials and clear errors", async () => {
  await using h = await harness();
  await loadFixtures(h, "recorder", "broker-probe");
  const secret = "/etc/shadow\nrecorder:forged";
  await h.bus.emit(message(`thread-read ${secret}`));
  await waitUntil(() => logged(h, "broker-probe").includes("done"), "the probe to finish");
  h.host.activity("broker-probe"); // written to the file now, for the CLI's own connection
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main([...args, "--data-dir", h.dataDir], {
      out: (line) => void out.push(line),
      err: (line) => void err.push(line),
      confirm: () => false,
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };
  const json = await run("activity", "broker-probe", "--json");
  assert.equal(json.code, 0, json.err);
  const report = JSON.parse(json.out);
  assert.equal(report.plugin, "broker-probe");
  assert.ok(Date.parse(report.until) - Date.parse(report.since) === 24 * 3600 * 1000);
  const denied = report.entries.find((e: { value: string }) => e.value === secret);
  assert.deepEqual(
    { kind: denied.kind, decision: denied.decision, count: denied.count },
    { kind: "read", decision: "denied", count: 1 },
  );
  assert.ok(report.entries.some((e: { decision: string }) => e.decision === "allowed"));

  const text = await run("activity", "broker-probe", "--since", "2h");
  assert.equal(text.code, 0, text.err);
  const lines = text.out.split("\n");
  assert.match(lines[0], /^broker-probe: permission checks and calls from \S+ to \S+$/);
  // The newline in the value is escaped: one entry, one line, no forged "recorder" line.
  assert.ok(lines.includes("  read   1  /etc/shadow\\nrecorder:forged"), text.out);
  assert.ok(!lines.some((l) => l.startsWith("recorder")), text.out);
  assert.ok(lines.indexOf("allowed:") < lines.indexOf("denied:"));

  assert.deepEqual(await run("activity", "nobody"), {
    code: 1,
    out: "",
    err: 'Cannot show activity: plugin "nobody" is not installed',
  });
  const badWindow = await run("activity", "broker-probe", "--since", "forever");
  assert.equal(badWindow.code, 2);
  assert.match(badWindow.err, /Cannot read --since: .* got "forever"/);
});

Deno.test("hostile: two-byte lines on stderr count as messages: the spammer is stopped, not the host", async () => {
  await using h = await harness({ restartBackoffMs: [60_000] });
  await loadFixtures(h, "recorder", "broker-probe");
  await h.bus.emit(message("tiny-lines"));
  await waitUntil(() => lifecycle(h, "broker-probe", "crashed") === 1, "the spammer to be stopped");
  const crash = h.host.audit("broker-probe").find((e) => e.attempt === "crash");
  assert.match(crash?.detail ?? "", /^flooded the host with over \d+ messages\/s$/);
  await innocentWorks(h);
});

Deno.test("hostile: require() of a file in the host's npm cache is refused and audited", async () => {
  const info = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  const npmCache: string = JSON.parse(new TextDecoder().decode(info.stdout)).npmCache;
  // A package the client itself uses is in the host's npm cache.
  const registry = join(npmCache, "registry.npmjs.org", "irc-framework");
  const [version] = [...Deno.readDirSync(registry)].filter((e) => e.isDirectory).map((e) => e.name);
  const file = join(registry, version, "package.json");
  assert.ok(Deno.statSync(file).isFile);
  await using h = await harness();
  await loadFixtures(h, "recorder", "broker-probe");
  await h.bus.emit(message(`npm-cache ${file}`));
  await waitUntil(() => logged(h, "broker-probe").includes("done"), "the probe to finish");
  const lines = logged(h, "broker-probe");
  assert.deepEqual(lines.filter((l) => l.includes("LEAKED")), [], lines.join(" | "));
  assert.ok(
    brokerDenials(h, "broker-probe").some((e) => e.attempt === `read ${file}`),
    JSON.stringify(h.host.audit("broker-probe")),
  );
  await innocentWorks(h);
});

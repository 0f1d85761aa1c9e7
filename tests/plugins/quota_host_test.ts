/**
 * The quotas, enforced from outside, on real plugins run by the host: a disk filled through
 * the Cache API (no write grant, no permission check) and CPU spun on nested workers. Each
 * test shows the plugin stopped with its reason in the audit, and a bystander still served.
 */
import assert from "node:assert/strict";
import {
  type Harness,
  harness,
  hostAndInnocentWork,
  lifecycle,
  loadFixtures,
  logged,
  message,
  waitUntil,
} from "./_helpers.ts";

/** The processes still running code of `plugin` from this harness's data dir. */
function processesOf(h: Harness, plugin: string): number[] {
  const pids: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    let cmdline = "";
    try {
      cmdline = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`);
    } catch {
      continue; // Gone meanwhile.
    }
    if (cmdline.includes(`${h.dataDir}/plugins/${plugin}/`)) pids.push(Number(entry.name));
  }
  return pids;
}

Deno.test("quota: 300 MB through the Cache API stops the plugin at its disk quota", async () => {
  await using h = await harness({ diskQuotaMb: 16, restartBackoffMs: [60_000] });
  await loadFixtures(h, "recorder", "quota-probe");
  await h.bus.emit(message("cache-fill"));
  await waitUntil(
    () => lifecycle(h, "quota-probe", "crashed") === 1,
    "the plugin to be stopped",
    60_000,
  );
  const crash = h.host.audit("quota-probe").find((e) => e.attempt === "crash");
  assert.match(
    crash?.detail ?? "",
    /^held [0-9.]+ MiB on disk \(data dir, DENO_DIR and storage\), over its quota of 16 MiB/,
  );
  assert.deepEqual(logged(h, "quota-probe").filter((l) => l.includes("LEAKED")), []);
  await hostAndInnocentWork(h);
  // Frozen by its quota, it is still killed: nothing of it is left running.
  await waitUntil(() => processesOf(h, "quota-probe").length === 0, "its processes to be gone");
});

Deno.test("quota: nested workers spinning are throttled, then stopped, and both are audited", async () => {
  await using h = await harness({ cpuWindowMs: 2000, restartBackoffMs: [60_000] });
  await loadFixtures(h, "recorder", "quota-probe");
  await h.bus.emit(message("spin"));
  await waitUntil(
    () => lifecycle(h, "quota-probe", "crashed") === 1,
    "the spinner to be stopped",
    60_000,
  );
  const audit = h.host.audit("quota-probe");
  assert.ok(
    audit.some((e) => e.attempt === "cpu" && /^throttled: /.test(e.detail)),
    JSON.stringify(audit),
  );
  const crash = audit.find((e) => e.attempt === "crash");
  assert.match(crash?.detail ?? "", /CPU|core/);
  assert.deepEqual(logged(h, "quota-probe").filter((l) => l.includes("LEAKED")), []);
  await hostAndInnocentWork(h);
  // Frozen by its quota, it is still killed: nothing of it is left running.
  await waitUntil(() => processesOf(h, "quota-probe").length === 0, "its processes to be gone");
});

Deno.test("budget: list() shows a running plugin's disk use growing after a storage write", async () => {
  await using h = await harness();
  await loadFixtures(h, "recorder");
  const budget = () => h.host.list().find((p) => p.name === "recorder")?.budget;
  await waitUntil(() => (budget()?.disk?.usedBytes ?? 0) > 0, "the first disk count");
  const before = budget()?.disk?.usedBytes ?? 0;
  assert.equal(budget()?.disk?.quotaBytes, 64 * 1024 * 1024);
  // Each entry holds its 500-character argument twice: in its key and in its value.
  for (let i = 0; i < 20; i++) await h.host.runCommand("record", `${i}`.padEnd(500, "x"));
  await waitUntil(
    () => (budget()?.disk?.usedBytes ?? 0) >= before + 20_000,
    "the storage write counted",
  );
  const { memory, lag, cpu } = budget()!;
  assert.ok(memory && memory.residentBytes > 0 && memory.limitBytes === 256 * 1024 * 1024);
  assert.deepEqual(lag, {
    waiting: 0,
    mailboxSize: 1024,
    inFlight: 0,
    oldestUnackedMs: null,
    ackBudgetMs: 5000,
  });
  assert.equal(cpu?.limitCores, 0.5);
});

Deno.test("budget: a spinner is shown throttled with its CPU average, then its stop and why", async () => {
  await using h = await harness({ cpuWindowMs: 2000, restartBackoffMs: [60_000] });
  await loadFixtures(h, "quota-probe");
  const info = () => h.host.list().find((p) => p.name === "quota-probe");
  assert.equal(info()?.lastStop, null);
  await h.bus.emit(message("spin"));
  await waitUntil(
    () => info()?.budget?.cpu?.state === "throttled",
    "the spinner throttled",
    60_000,
  );
  assert.ok((info()?.budget?.cpu?.cores ?? 0) > 0.5, JSON.stringify(info()?.budget));
  await waitUntil(
    () => lifecycle(h, "quota-probe", "crashed") === 1,
    "the spinner stopped",
    60_000,
  );
  assert.equal(info()?.budget, null);
  assert.equal(info()?.lastStop?.attempt, "crash");
  assert.match(info()?.lastStop?.reason ?? "", /kept at its limit of 0\.5 cores .*: stopped/);
});

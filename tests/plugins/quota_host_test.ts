/**
 * The quotas, enforced from outside, on real plugins run by the host: a disk filled through
 * the Cache API (no write grant, no permission check) and CPU spun on nested workers. Each
 * test shows the plugin stopped with its reason in the audit, and a bystander still served.
 */
import assert from "node:assert/strict";
import {
  harness,
  hostAndInnocentWork,
  lifecycle,
  loadFixtures,
  logged,
  message,
  waitUntil,
} from "./_helpers.ts";

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
});

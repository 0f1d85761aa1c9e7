import assert from "node:assert/strict";
import { fakeTime } from "../_fake_time.ts";
import { type CpuControl, type CpuMeter, CpuQuota } from "../../plugins/_cpu_quota.ts";

/**
 * A plugin that wants `demand` cores, as the kernel would run it: never more than its cap,
 * nothing while frozen. CPU time accrues with the fake clock.
 */
class FakePlugin implements CpuMeter, CpuControl {
  demand = 0;
  cap: number | undefined;
  frozen = false;
  actions: string[] = [];
  /** Cores other programs leave it: a busy machine gives it less than it wants. */
  free = Infinity;
  #used = 0;
  #runnable = 0;
  #at = Date.now();

  #accrue(): void {
    const now = Date.now();
    const rate = this.frozen ? 0 : Math.min(this.demand, this.cap ?? Infinity, this.free);
    this.#used += (now - this.#at) * rate;
    this.#runnable += (now - this.#at) * (this.frozen ? 0 : this.demand);
    this.#at = now;
  }

  want(cores: number): void {
    this.#accrue();
    this.demand = cores;
  }

  usageMs(): Promise<number> {
    this.#accrue();
    return Promise.resolve(this.#used);
  }

  runnableMs(): Promise<number> {
    this.#accrue();
    return Promise.resolve(this.#runnable);
  }

  limitCpu(cores: number | undefined): Promise<void> {
    this.#accrue();
    this.cap = cores;
    this.actions.push(cores === undefined ? "uncapped" : `capped to ${cores}`);
    return Promise.resolve();
  }

  freeze(): Promise<void> {
    this.#accrue();
    this.frozen = true;
    this.actions.push("frozen");
    return Promise.resolve();
  }
}

function watch(plugin: FakePlugin, events: string[]): CpuQuota {
  return new CpuQuota(plugin, plugin, {
    onThrottled: (reason) => events.push(`throttled: ${reason}`),
    onExceeded: (reason) => events.push(`exceeded: ${reason}`),
  });
}

Deno.test("CpuQuota leaves a plugin under half a core alone", async () => {
  using clock = fakeTime();
  const plugin = new FakePlugin();
  const events: string[] = [];
  await using quota = watch(plugin, events);
  plugin.want(0.45);
  await quota.start();
  await clock.tickAsync(60_000);
  assert.deepEqual(events, []);
  assert.deepEqual(plugin.actions, []);
  assert.equal(quota.state, "watching");
});

Deno.test("CpuQuota averages a start-up burst over the window", async () => {
  using clock = fakeTime();
  const plugin = new FakePlugin();
  const events: string[] = [];
  await using quota = watch(plugin, events);
  plugin.want(2);
  await quota.start();
  await clock.tickAsync(2_000); // 4 s of CPU in 2 s: 0.4 cores over 10 s
  plugin.want(0.05);
  await clock.tickAsync(60_000);
  assert.deepEqual(events, []);
  assert.equal(quota.state, "watching");
});

Deno.test("CpuQuota throttles two spinning cores, then stops them when they stay at the cap", async () => {
  using clock = fakeTime();
  const plugin = new FakePlugin();
  const events: string[] = [];
  await using quota = watch(plugin, events);
  plugin.want(2);
  await quota.start();
  await clock.tickAsync(2_000);
  assert.equal(quota.state, "watching");
  await clock.tickAsync(1_000); // 6 s of CPU over the last 10 s: over 0.5
  assert.equal(quota.state, "throttled");
  assert.deepEqual(plugin.actions, ["capped to 0.5"]);
  assert.match(events[0], /^throttled: used 0\.\d+ cores averaged over 10 s, over its limit/);
  await clock.tickAsync(10_000);
  assert.equal(quota.state, "exceeded");
  assert.deepEqual(plugin.actions, ["capped to 0.5", "frozen"]);
  assert.deepEqual(events.slice(1), [
    "exceeded: kept at its limit of 0.5 cores for 10 s while throttled (used 0.5 cores): stopped",
  ]);
  await clock.tickAsync(60_000);
  assert.equal(events.length, 2, "nothing more once stopped");
});

Deno.test("CpuQuota lifts the cap from a plugin that calms down while throttled", async () => {
  using clock = fakeTime();
  const plugin = new FakePlugin();
  const events: string[] = [];
  await using quota = watch(plugin, events);
  plugin.want(1);
  await quota.start();
  await clock.tickAsync(6_000);
  assert.equal(quota.state, "throttled");
  plugin.want(0.1);
  await clock.tickAsync(10_000);
  assert.equal(quota.state, "watching");
  assert.deepEqual(plugin.actions, ["capped to 0.5", "uncapped"]);
  assert.equal(events.length, 1);
});

Deno.test("CpuQuota stops reading once disposed", async () => {
  using clock = fakeTime();
  const plugin = new FakePlugin();
  const events: string[] = [];
  const quota = watch(plugin, events);
  await quota.start();
  await quota[Symbol.asyncDispose]();
  plugin.want(2);
  await clock.tickAsync(60_000);
  assert.deepEqual(events, []);
  assert.equal(quota.state, "disposed");
});

Deno.test("CpuQuota stops a spinner that a busy machine keeps below its cap", async () => {
  using clock = fakeTime();
  const plugin = new FakePlugin();
  const events: string[] = [];
  await using quota = watch(plugin, events);
  plugin.want(2);
  await quota.start();
  await clock.tickAsync(3_000);
  assert.equal(quota.state, "throttled");
  // Other programs leave it 0.3 cores: it uses less than its cap, yet wants 2 all along.
  plugin.free = 0.3;
  await clock.tickAsync(10_000);
  assert.equal(quota.state, "exceeded");
  assert.match(events[1], /^exceeded: kept at its limit of 0.5 cores for 10 s while throttled/);
});

Deno.test("CpuQuota lets go of a light plugin on a busy machine", async () => {
  using clock = fakeTime();
  const plugin = new FakePlugin();
  const events: string[] = [];
  await using quota = watch(plugin, events);
  plugin.want(1);
  await quota.start();
  await clock.tickAsync(6_000);
  assert.equal(quota.state, "throttled");
  plugin.free = 0.3;
  plugin.want(0.2);
  await clock.tickAsync(10_000);
  assert.equal(quota.state, "watching");
});

Deno.test("CpuQuota.averageCores reads the last window's average, throttled or not", async () => {
  using clock = fakeTime();
  const plugin = new FakePlugin();
  const events: string[] = [];
  await using quota = watch(plugin, events);
  plugin.want(0.3);
  await quota.start();
  assert.equal(quota.averageCores, 0);
  await clock.tickAsync(20_000);
  assert.ok(Math.abs(quota.averageCores - 0.3) < 0.01, `${quota.averageCores}`);
  plugin.want(2);
  await clock.tickAsync(3_000);
  assert.equal(quota.state, "throttled");
  await clock.tickAsync(9_000);
  // Capped: a full window at its limit of 0.5 cores.
  assert.ok(Math.abs(quota.averageCores - 0.5) < 0.01, `${quota.averageCores}`);
  assert.equal(quota.limitCores, 0.5);
});

/**
 * The CPU quota, enforced from outside: the whole plugin (every process and thread it runs, so
 * nested workers too) may use at most `cores` CPUs averaged over a sliding window. Past that
 * it is throttled to exactly `cores`; if it then keeps using all of that for a whole window
 * (or, on a machine too busy to give it that much, keeps wanting it: ready to run for at least
 * `cores` on average), it is frozen and reported stopped. A plugin that calms down while
 * throttled is let go.
 *
 * Why a window and not a hard cap from the start: loading a plugin (transpiling, a first
 * burst of work) may take more than half a core for a moment, which is fine; spinning is not.
 *
 * @module
 */
import type { CpuQuotaState } from "./types.ts";

/** Reads the CPU time a plugin has used so far, from outside it. */
export interface CpuMeter {
  /** CPU ms used by all its tasks since it started. */
  usageMs(): Promise<number>;
  /**
   * Ms its living threads spent running or ready to run (the kernel's schedstat): what it
   * wanted, where `usageMs` is what it got. A spinner on a machine too busy to give it its
   * whole cap still wants it all the time.
   */
  runnableMs?(): Promise<number>;
}

/** Acts on a plugin's CPU from outside it. */
export interface CpuControl {
  /** Caps it to `cores` CPUs; `undefined` lifts the cap. */
  limitCpu(cores: number | undefined): Promise<void>;
  /** Stops it running at once (it is killed afterwards by its owner). */
  freeze(): Promise<void>;
}

/** Options of {@linkcode CpuQuota}. */
export interface CpuQuotaOptions {
  /** CPUs it may use on average. Default 0.5. */
  cores?: number;
  /** The averaging window in ms. Default 10 000. */
  windowMs?: number;
  /** How often the meter is read, in ms. Default 500. */
  pollMs?: number;
  /** Share of `cores` that counts as "still at its limit" while throttled. Default 0.9. */
  busyShare?: number;
  /** The clock (ms). Default `Date.now`. */
  now?: () => number;
  /** It went over its quota and is now throttled; the reason is for the audit. */
  onThrottled?: (reason: string) => void;
  /** It stayed at its limit while throttled and is frozen: the host must stop it and audit. */
  onExceeded: (reason: string) => void;
}

interface Sample {
  at: number;
  usageMs: number;
}

/**
 * Watches one plugin's CPU time and throttles, then stops it; owns its poll timer.
 *
 * @example
 * ```ts ignore
 * await using quota = new CpuQuota(cgroup, cgroup, { onExceeded: (why) => stop(why) });
 * await quota.start();
 * ```
 */
export class CpuQuota implements AsyncDisposable {
  #meter: CpuMeter;
  #control: CpuControl;
  #cores: number;
  #windowMs: number;
  #pollMs: number;
  #busyShare: number;
  #now: () => number;
  #onThrottled: (reason: string) => void;
  #onExceeded: (reason: string) => void;
  #samples: Sample[] = [];
  /** The last window's samples whatever the state: what `averageCores` reads. */
  #recent: Sample[] = [];
  #average = 0;
  #throttledAt: Sample | undefined;
  #runnableAt: number | undefined;
  #state: CpuQuotaState = "idle";
  #timer: ReturnType<typeof setTimeout> | undefined;
  #polling: Promise<void> = Promise.resolve();

  constructor(meter: CpuMeter, control: CpuControl, options: CpuQuotaOptions) {
    this.#meter = meter;
    this.#control = control;
    this.#cores = options.cores ?? 0.5;
    this.#windowMs = options.windowMs ?? 10_000;
    this.#pollMs = options.pollMs ?? 500;
    this.#busyShare = options.busyShare ?? 0.9;
    this.#now = options.now ?? Date.now;
    this.#onThrottled = options.onThrottled ?? (() => {});
    this.#onExceeded = options.onExceeded;
  }

  /** Where it stands. */
  get state(): CpuQuotaState {
    return this.#state;
  }

  /** The CPUs it may use on average: past that it is throttled. */
  get limitCores(): number {
    return this.#cores;
  }

  /**
   * The CPUs it used, averaged over the window as of the last reading (over a full window
   * even when less has passed, as the quota counts), throttled or not.
   */
  get averageCores(): number {
    return this.#average;
  }

  /** Takes the first reading and starts polling. */
  async start(): Promise<void> {
    if (this.#state !== "idle") return;
    this.#state = "watching";
    const first = { at: this.#now(), usageMs: await this.#meter.usageMs() };
    this.#samples.push(first);
    this.#recent.push(first);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#state !== "watching" && this.#state !== "throttled") return;
    this.#timer = setTimeout(() => {
      this.#polling = this.#poll().catch(() => {
        // The plugin is gone (its cgroup or /proc entry with it): its exit says why.
      }).finally(() => this.#schedule());
    }, this.#pollMs);
  }

  async #poll(): Promise<void> {
    const sample = { at: this.#now(), usageMs: await this.#meter.usageMs() };
    this.#recent.push(sample);
    while (this.#recent.length > 1 && this.#recent[1].at <= sample.at - this.#windowMs) {
      this.#recent.shift();
    }
    this.#average = (sample.usageMs - this.#recent[0].usageMs) / this.#windowMs;
    if (this.#state === "watching") {
      this.#samples.push(sample);
      // Keep the newest sample at or before the window's start: the average's base.
      while (this.#samples.length > 1 && this.#samples[1].at <= sample.at - this.#windowMs) {
        this.#samples.shift();
      }
      // Over a full window, even when less has passed: a start-up burst is averaged away.
      const used = (sample.usageMs - this.#samples[0].usageMs) / this.#windowMs;
      if (used > this.#cores) await this.#throttle(sample, used);
    } else if (this.#state === "throttled" && this.#throttledAt) {
      const since = this.#throttledAt;
      const elapsed = sample.at - since.at;
      if (elapsed < this.#windowMs) return;
      const used = (sample.usageMs - since.usageMs) / elapsed;
      if (used >= this.#cores * this.#busyShare || await this.#wantedCap(elapsed)) {
        await this.#exceed(used);
      } else {
        await this.#release(sample);
      }
    }
  }

  /** Whether it was ready to run for at least its cap all along since it was throttled. */
  async #wantedCap(elapsed: number): Promise<boolean> {
    const before = this.#runnableAt;
    const now = await this.#meter.runnableMs?.();
    if (before === undefined || now === undefined) return false;
    return (now - before) / elapsed >= this.#cores;
  }

  async #throttle(sample: Sample, used: number): Promise<void> {
    this.#state = "throttled";
    this.#throttledAt = sample;
    await this.#control.limitCpu(this.#cores);
    this.#runnableAt = await this.#meter.runnableMs?.();
    this.#onThrottled(
      `used ${cores(used)} averaged over ${seconds(this.#windowMs)}, over its limit of ` +
        `${cores(this.#cores)}: throttled to ${cores(this.#cores)}`,
    );
  }

  async #exceed(used: number): Promise<void> {
    this.#state = "exceeded";
    await this.#control.freeze();
    this.#onExceeded(
      `kept at its limit of ${cores(this.#cores)} for ${seconds(this.#windowMs)} while ` +
        `throttled (used ${cores(used)}): stopped`,
    );
  }

  async #release(sample: Sample): Promise<void> {
    this.#state = "watching";
    this.#throttledAt = undefined;
    this.#samples = [sample];
    await this.#control.limitCpu(undefined);
  }

  /** Stops polling; the cap stays as it is (the plugin is going away). */
  async [Symbol.asyncDispose](): Promise<void> {
    this.#state = "disposed";
    clearTimeout(this.#timer);
    await this.#polling;
  }
}

function cores(value: number): string {
  return `${Number(value.toFixed(2))} cores`;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

import assert from "node:assert/strict";
import FakeTimers from "@sinonjs/fake-timers";
import { PacedQueue } from "../../irc/_paced_queue.ts";
import { backoff } from "../../irc/irc_client.ts";

Deno.test("PacedQueue sends one line per interval and drops unsent lines on close()", () => {
  const clock = FakeTimers.install({ now: 0 });
  try {
    const sent: string[] = [];
    const queue = new PacedQueue((line) => sent.push(line), { interval: 1000 });
    queue.push("NAMES #a");
    queue.push("WHO #a", "who:#a");
    queue.push("WHO #a", "who:#a");
    queue.push("WHO #b");
    assert.deepEqual(sent, ["NAMES #a"]);
    clock.tick(999);
    assert.deepEqual(sent, ["NAMES #a"]);
    clock.tick(1);
    assert.deepEqual(sent, ["NAMES #a", "WHO #a"], "a duplicate key is queued once");
    queue.close();
    clock.tick(5000);
    assert.deepEqual(sent, ["NAMES #a", "WHO #a"]);
    assert.equal(clock.countTimers(), 0, "close() leaves no timer");
  } finally {
    clock.uninstall();
  }
});

Deno.test("PacedQueue lets a burst through, then paces", () => {
  const clock = FakeTimers.install({ now: 0 });
  try {
    const sent: string[] = [];
    const queue = new PacedQueue((line) => sent.push(line), { interval: 500, burst: 3 });
    for (let i = 0; i < 5; i++) queue.push(`L${i}`);
    assert.equal(sent.length, 3);
    clock.tick(500);
    assert.equal(sent.length, 4);
    clock.tick(500);
    assert.equal(sent.length, 5);
    queue.close();
  } finally {
    clock.uninstall();
  }
});

Deno.test("backoff() grows exponentially, is capped, and jitter only shortens it", () => {
  const o = { initialDelay: 1000, maxDelay: 8000, jitter: 0.5 };
  assert.deepEqual([0, 1, 2, 3, 4, 10].map((n) => backoff(n, o, () => 0)), [
    1000,
    2000,
    4000,
    8000,
    8000,
    8000,
  ]);
  assert.equal(backoff(2, o, () => 1), 2000);
  assert.equal(backoff(0, {}, () => 0), 1000);
});

Deno.test("PacedQueue calls onSent after each real send, never for dropped lines", () => {
  const clock = FakeTimers.install({ now: 0 });
  try {
    const log: string[] = [];
    const queue = new PacedQueue((line) => log.push(`send ${line}`), { interval: 100 });
    queue.push("A", undefined, () => log.push("sent A"));
    queue.push("B", undefined, () => log.push("sent B"));
    assert.deepEqual(log, ["send A", "sent A"]);
    queue.close();
    clock.tick(1000);
    assert.deepEqual(log, ["send A", "sent A"]);
  } finally {
    clock.uninstall();
  }
});

Deno.test("PacedQueue builds a function line when its turn comes, so a waiting line sends the newest value", () => {
  const clock = FakeTimers.install({ now: 0 });
  try {
    const sent: string[] = [];
    const queue = new PacedQueue((line) => sent.push(line), { interval: 1000 });
    let marker = "t1";
    queue.push("WHO #a");
    queue.push(() => `MARKREAD #a timestamp=${marker}`, "markread:#a");
    marker = "t2";
    queue.push(() => `MARKREAD #a timestamp=${marker}`, "markread:#a");
    marker = "t3";
    clock.tick(1000);
    assert.deepEqual(sent, ["WHO #a", "MARKREAD #a timestamp=t3"]);
    clock.tick(5000);
    assert.equal(sent.length, 2, "the waiting line was sent once");
  } finally {
    clock.uninstall();
  }
});

Deno.test("PacedQueue with max refuses a line past its bound with a RangeError, queueing nothing", () => {
  const clock = FakeTimers.install({ now: 0 });
  try {
    const sent: string[] = [];
    const queue = new PacedQueue((line) => sent.push(line), { interval: 1000, max: 2 });
    queue.push("L0"); // sent at once
    queue.push("L1", "k");
    queue.push("L2");
    assert.equal(queue.room, 0);
    assert.throws(() => queue.push("L3"), RangeError);
    queue.push("L1 again", "k"); // its key is waiting: nothing to add, nothing refused
    clock.tick(1000);
    assert.equal(queue.room, 1);
    queue.push("L4");
    clock.tick(5000);
    assert.deepEqual(sent, ["L0", "L1", "L2", "L4"]);
    queue.close();
  } finally {
    clock.uninstall();
  }
});

import assert from "node:assert/strict";
import { fakeTime } from "../_fake_time.ts";
import { debounce } from "../../bus/mod.ts";

Deno.test("debounce() runs once with the last arguments, wait ms after the last call", () => {
  using clock = fakeTime();
  const calls: string[] = [];
  const fn = debounce((text: string) => calls.push(text), 10);
  fn("a");
  clock.tick(5);
  fn("ab");
  clock.tick(9);
  assert.deepEqual(calls, []);
  assert.equal(fn.pending, true);
  clock.tick(1);
  assert.deepEqual(calls, ["ab"]);
  assert.equal(fn.pending, false);
});

Deno.test("debounce() never defers past maxWait after the first pending call", () => {
  using clock = fakeTime();
  const calls: number[] = [];
  const fn = debounce((n: number) => calls.push(n), 10, { maxWait: 25 });
  for (let n = 0; n < 10; n++) {
    fn(n);
    clock.tick(5); // a steady stream, faster than `wait`
  }
  // Without maxWait nothing would run until 10 ms after the stream. With it, the call
  // pending since 0 ms runs at 25 ms (latest: n = 4), and the one pending since 25 ms at 50 ms.
  assert.deepEqual(calls, [4, 9]);
  clock.tick(100);
  assert.deepEqual(calls, [4, 9]);
});

Deno.test("debounce().flush() runs the pending call now; clear() drops it", () => {
  using clock = fakeTime();
  const calls: string[] = [];
  const fn = debounce((text: string) => calls.push(text), 10);
  fn.flush(); // nothing pending: nothing runs
  fn("flushed");
  fn.flush();
  fn("cleared");
  fn.clear();
  clock.tick(100);
  assert.deepEqual(calls, ["flushed"]);
  assert.equal(fn.pending, false);
});

Deno.test("debounce() refuses a negative or NaN wait", () => {
  assert.throws(() => debounce(() => {}, -1), TypeError);
  assert.throws(() => debounce(() => {}, 1, { maxWait: NaN }), TypeError);
});

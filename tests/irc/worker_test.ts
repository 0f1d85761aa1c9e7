// The serial worker: push order kept, flush() handles on the caller's stack until a handler
// returns a promise, and the rest follows once it settles.
import assert from "node:assert/strict";
import { SerialWorker } from "../../irc/_worker.ts";

Deno.test("SerialWorker.flush() handles queued items at once, in push order", () => {
  const seen: number[] = [];
  const worker = new SerialWorker<number>({
    handle(n) {
      seen.push(n);
    },
    failed: (error) => assert.fail(String(error)),
  });
  worker.push(1);
  worker.push(2);
  worker.push(3);
  assert.deepEqual(seen, [], "push alone waits for a microtask");
  worker.flush();
  assert.deepEqual(seen, [1, 2, 3]);
  assert.equal(worker.backlog, 0);
});

Deno.test("SerialWorker.flush() stops at a pending handler, and the rest follows in order", async () => {
  const seen: number[] = [];
  const { promise, resolve } = Promise.withResolvers<void>();
  const last = Promise.withResolvers<void>();
  const worker = new SerialWorker<number>({
    handle(n) {
      seen.push(n);
      if (n === 2) return promise;
      if (n === 5) last.resolve();
    },
    failed: (error) => assert.fail(String(error)),
  });
  for (let n = 1; n <= 4; n++) worker.push(n);
  worker.flush();
  assert.deepEqual(seen, [1, 2]);
  worker.push(5);
  worker.flush(); // the worker is waiting: no item jumps the queue
  assert.deepEqual(seen, [1, 2]);
  assert.equal(worker.backlog, 3);
  resolve();
  await last.promise;
  assert.deepEqual(seen, [1, 2, 3, 4, 5]);
});

Deno.test("SerialWorker without flush() starts on a microtask", async () => {
  const seen: number[] = [];
  const worker = new SerialWorker<number>({
    handle(n) {
      seen.push(n);
    },
    failed: (error) => assert.fail(String(error)),
  });
  worker.push(1);
  await Promise.resolve();
  assert.deepEqual(seen, [1]);
});

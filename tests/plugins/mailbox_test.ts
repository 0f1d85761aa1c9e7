import assert from "node:assert/strict";
import { Mailbox } from "../../plugins/_mailbox.ts";

Deno.test("Mailbox.take() returns batches in order and compacts as it goes", () => {
  const mailbox = new Mailbox<number>();
  for (let i = 0; i < 10_000; i++) mailbox.push(i);
  const seen: number[] = [];
  while (mailbox.length > 0) {
    const batch = mailbox.take(512);
    assert.ok(batch.length > 0 && batch.length <= 512);
    seen.push(...batch);
    if (seen.length === 5120) {
      for (let i = 10_000; i < 10_010; i++) {
        mailbox.push(i);
      }
    }
  }
  assert.deepEqual(seen, Array.from({ length: 10_010 }, (_, i) => i));
  assert.deepEqual(mailbox.take(5), []);
});

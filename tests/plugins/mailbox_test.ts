import assert from "node:assert/strict";
import { createEvent } from "../../bus/mod.ts";
import { Mailbox, type Outgoing } from "../../plugins/_mailbox.ts";

const EVENT = createEvent("connection.lost", { networkId: 1, error: "test" }, "irc");

/** An outgoing event whose JSON is `i`. */
function numbered(i: number): Outgoing {
  return { event: EVENT, json: () => String(i), own: () => undefined };
}

Deno.test("Mailbox.take() returns batches in order and compacts as it goes", () => {
  const mailbox = new Mailbox();
  for (let i = 0; i < 10_000; i++) mailbox.push(numbered(i));
  const seen: string[] = [];
  while (mailbox.length > 0) {
    const batch = mailbox.take(512);
    assert.ok(batch.length > 0 && batch.length <= 512);
    seen.push(...batch.map((item) => item.json() ?? ""));
    if (seen.length === 5120) {
      for (let i = 10_000; i < 10_010; i++) {
        mailbox.push(numbered(i));
      }
    }
  }
  assert.deepEqual(seen, Array.from({ length: 10_010 }, (_, i) => String(i)));
  assert.deepEqual(mailbox.take(5), []);
});

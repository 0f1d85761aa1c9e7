import assert from "node:assert/strict";
import { createEvent } from "../../bus/events.ts";
import { EXAMPLES, harness, waitUntil } from "./_helpers.ts";

Deno.test("autoresponder replies to a keyword with irc.send", async () => {
  await using h = await harness();
  await h.host.install(`${EXAMPLES}autoresponder`, { grant: "requested" });
  await h.host.load("autoresponder");
  await h.bus.emit(createEvent("message.received", {
    networkId: 1,
    channel: "#deno",
    user: "alice",
    message: "hey !ping",
    timestamp: 1,
  }, "irc"));
  await waitUntil(() => h.sent.length === 1, "a reply");
  assert.deepEqual(h.sent, [{ networkId: 1, target: "#deno", text: "alice: pong" }]);
});

import assert from "node:assert/strict";
import { FloodMeter } from "../../plugins/_flood.ts";

Deno.test("FloodMeter counts output bytes per one-second window", () => {
  const meter = new FloodMeter({ messages: 10, hostTimeMs: 100, bytes: 1000 });
  assert.equal(meter.countBytes(0, 600), undefined);
  assert.equal(meter.countBytes(500, 400), undefined);
  assert.equal(meter.countBytes(999, 1), "flooded the host with over 1000 bytes/s of output");
  // A new window starts afresh.
  assert.equal(meter.countBytes(1000, 1000), undefined);
});

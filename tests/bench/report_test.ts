// The bench's table is what the README takes as printed: every line states its spread, so a
// figure from one run is never read as a stable one.
import assert from "node:assert/strict";
import { spreadOf, table } from "../../bench/_report.ts";

Deno.test("spreadOf() gives the lowest and highest of the runs and their count, or says 1 run", () => {
  assert.equal(spreadOf([231, 212, 260]), "212–260 over 3");
  assert.equal(spreadOf([1.4733, 0.9051, 1.2]), "0.905–1.47 over 3");
  assert.equal(spreadOf([1_260_000, 2_079_251]), "1,260,000–2,079,251 over 2");
  assert.equal(spreadOf([0.82]), "1 run");
  assert.throws(() => spreadOf([]), /Cannot give a spread: no runs/);
});

Deno.test("table() prints a spread column in both layouts", () => {
  const plain = table([
    {
      section: "irc",
      name: "lines/s",
      value: 1_307_445,
      unit: "lines/s",
      spread: "1,259,694–2,079,251 over 7",
    },
  ]).split("\n");
  assert.equal(plain[0], "| section | measurement | value | unit | spread | note |");
  assert.equal(plain[2], "| irc | lines/s | 1,307,445 | lines/s | 1,259,694–2,079,251 over 7 |  |");

  const peers = table([
    {
      section: "peers",
      name: "usable",
      value: 246.6,
      unit: "ms",
      peer: 1011,
      ratio: 246.6 / 1011,
      spread: "ours 202–277 over 7; theirs 980–1,108 over 7",
    },
  ]).split("\n");
  assert.equal(
    peers[0],
    "| section | measurement | ours | The Lounge | ratio | unit | spread | note |",
  );
  assert.equal(
    peers[2],
    "| peers | usable | 246.6 | 1,011 | 0.24× | ms | ours 202–277 over 7; theirs 980–1,108 over 7 |  |",
  );
});

// The read gate: reading pauses on a backlog while the worker moves, goes on for a held
// worker up to the hard bound, and resumes once the worker has caught up. Turns are driven by
// hand, so no test waits on time.
import assert from "node:assert/strict";
import {
  READ_HARD_BACKLOG,
  READ_RESUME_BACKLOG,
  READ_SOFT_BACKLOG,
  ReadGate,
} from "../../irc/_read_gate.ts";

function gate() {
  const calls: string[] = [];
  const turns: (() => void)[] = [];
  const g = new ReadGate({
    pause: () => calls.push("pause"),
    resume: () => calls.push("resume"),
    nextTurn: (callback) => turns.push(callback),
  });
  const turn = () => {
    for (const callback of turns.splice(0)) callback();
  };
  return { g, calls, turn, turns };
}

Deno.test("ReadGate keeps reading under the soft bound", () => {
  const { g, calls, turns } = gate();
  g.afterRead(READ_SOFT_BACKLOG - 1);
  assert.equal(g.paused, false);
  assert.deepEqual(calls, []);
  assert.equal(turns.length, 0);
});

Deno.test("ReadGate pauses at the soft bound while the worker moves, and resumes once it caught up", () => {
  const { g, calls, turn } = gate();
  g.afterRead(READ_SOFT_BACKLOG);
  assert.deepEqual(calls, ["pause"]);
  g.beforeHandle(READ_SOFT_BACKLOG - 1);
  turn(); // the worker moved: still paused
  assert.equal(g.paused, true);
  g.beforeHandle(READ_SOFT_BACKLOG - 2);
  turn();
  assert.equal(g.paused, true);
  g.beforeHandle(READ_RESUME_BACKLOG + 1);
  assert.equal(g.paused, true);
  g.beforeHandle(READ_RESUME_BACKLOG);
  assert.deepEqual(calls, ["pause", "resume"]);
  turn(); // a stale check does nothing
  assert.deepEqual(calls, ["pause", "resume"]);
});

Deno.test("ReadGate reads on for a held worker, a read per turn, until the hard bound", () => {
  const { g, calls, turn } = gate();
  g.afterRead(READ_SOFT_BACKLOG);
  turn(); // nothing handled for a whole turn: held, so reading goes on
  assert.deepEqual(calls, ["pause", "resume"]);
  g.afterRead(READ_HARD_BACKLOG - 1);
  turn();
  assert.deepEqual(calls, ["pause", "resume", "pause", "resume"]);
  g.afterRead(READ_HARD_BACKLOG);
  turn();
  assert.deepEqual(calls, ["pause", "resume", "pause", "resume", "pause"], "stopped");
  assert.equal(g.paused, true);
  g.beforeHandle(READ_RESUME_BACKLOG);
  assert.equal(g.paused, false);
});

Deno.test("ReadGate does nothing once closed", () => {
  const { g, calls, turn } = gate();
  g.afterRead(READ_SOFT_BACKLOG);
  g.close();
  turn();
  g.beforeHandle(0);
  g.afterRead(READ_HARD_BACKLOG);
  assert.deepEqual(calls, ["pause"]);
});

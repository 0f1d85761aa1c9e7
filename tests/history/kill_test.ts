import assert from "node:assert/strict";
import { join } from "node:path";
import { MessageStore } from "../../history/mod.ts";

const FLOOD = new URL("./_flood.ts", import.meta.url).pathname;

Deno.test("kill -9 during a flood loses no line the store acknowledged", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ircbus-history-kill-" });
  try {
    const path = join(dir, "history.sqlite");
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-all", FLOOD, path],
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let acked = 0;
    let buffered = "";
    while (acked < 30_000) {
      const { value, done } = await lines.read();
      if (done) throw new Error("the flood child exited before it was killed");
      buffered += value;
      for (const match of buffered.matchAll(/acked (\d+)\n/g)) acked = Number(match[1]);
      buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
    }
    child.kill("SIGKILL");
    const status = await child.status;
    assert.equal(status.signal, "SIGKILL");
    await lines.cancel().catch(() => {});

    using store = MessageStore.open(path);
    const stored = store.search({ text: "line", buffer: "#flood", limit: 5000 });
    assert.ok(stored.length > 0);
    // Every acknowledged line, counted in the file: line 0 .. line acked-1.
    let count = 0;
    let highest = -1;
    for (const line of store.lines(1, "#flood")) {
      const n = Number(line.text.slice("line ".length));
      if (n < acked) count++;
      highest = Math.max(highest, n);
    }
    assert.equal(count, acked, `every one of the ${acked} acknowledged lines is there`);
    assert.ok(highest >= acked - 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

import assert from "node:assert/strict";
import { join } from "node:path";
import { importFlags, subprocessFlags } from "../../plugins/_endpoint.ts";
import { FIXTURES, harness, lifecycle, message, waitUntil } from "./_helpers.ts";

Deno.test("subprocessFlags() passes the same allow-lists and refuses prompts and downloads", () => {
  assert.deepEqual(
    subprocessFlags({ read: ["/d"], write: [], net: ["a:1", "b"], env: ["TZ"] }),
    ["--no-prompt", "--cached-only", "--allow-read=/d", "--allow-net=a:1,b", "--allow-env=TZ"],
  );
});

Deno.test("importFlags() allows imports from the JSR registry only, never Deno's default hosts", () => {
  const saved = Deno.env.get("JSR_URL");
  try {
    Deno.env.delete("JSR_URL");
    assert.deepEqual(importFlags(), {
      flags: ["--allow-import=jsr.io"],
      env: {},
      hosts: ["jsr.io"],
    });
    Deno.env.set("JSR_URL", "http://127.0.0.1:4507");
    assert.deepEqual(importFlags(), {
      flags: ["--allow-import=127.0.0.1:4507"],
      env: { JSR_URL: "http://127.0.0.1:4507" },
      hosts: ["127.0.0.1:4507"],
    });
  } finally {
    if (saved === undefined) Deno.env.delete("JSR_URL");
    else Deno.env.set("JSR_URL", saved);
  }
});

Deno.test("a subprocess plugin works like a Worker plugin: events, calls, commands, teardown", async () => {
  await using h = await harness({ forceSubprocess: true });
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  await h.host.load("recorder");
  assert.equal(h.host.list()[0].isolation, "subprocess");
  await h.bus.emit(message("hello"));
  await waitUntil(
    () => h.logs.some((l) => l.message === "event message.received hello"),
    "the event",
  );
  await h.host.runCommand("record", "x");
  assert.ok(h.logs.some((l) => l.message === 'command x ["cmd:x"]'));
  await h.host.unload("recorder");
  assert.ok(h.logs.some((l) => l.message === "teardown"));
});

Deno.test("a subprocess plugin's first start finds its runtime transpiled in its own DENO_DIR, made once", async () => {
  await using h = await harness({ forceSubprocess: true });
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  await h.host.load("recorder");
  const denoDir = join(h.dataDir, "plugins", ".runtime", "recorder");
  const mark = join(denoDir, "ircbus-runtime-transpiled");
  const first = await Deno.stat(mark);
  // Deno keeps the JavaScript it made of each module under gen/, named for its path.
  const main = new URL("../../plugins/_subprocess_main.ts", import.meta.url).pathname;
  assert.ok((await Deno.stat(join(denoDir, "gen", "file", `${main}.js`))).isFile);
  await h.host.unload("recorder");
  await h.host.load("recorder");
  assert.equal(h.host.list()[0].state, "running");
  // Not made again for the second start.
  assert.deepEqual((await Deno.stat(mark)).mtime, first.mtime);
});

Deno.test("hostile: unbounded allocation in a subprocess hits its heap limit; the host lives", async () => {
  await using h = await harness({ subprocessHeapMb: 64, restartBackoffMs: [10] });
  await h.host.install(`${FIXTURES}alloc-unbounded`, { grant: "requested" });
  await h.host.load("alloc-unbounded");
  assert.equal(h.host.list()[0].isolation, "subprocess");
  await h.bus.emit(message("grow"));
  await waitUntil(() => lifecycle(h, "alloc-unbounded", "crashed") === 1, "the OOM crash");
  const crash = h.host.audit("alloc-unbounded").find((e) => e.attempt === "crash");
  assert.match(crash?.detail ?? "", /subprocess exited/);
  assert.ok(h.logs.some((l) => l.level === "stderr" && /heap|memory/i.test(l.message)));
  await waitUntil(() => lifecycle(h, "alloc-unbounded", "restarted") === 1, "the restart");
  assert.equal(h.host.list()[0].state, "running");
});

Deno.test("hostile fixtures are contained in subprocess mode too", async () => {
  await using h = await harness({ forceSubprocess: true });
  for (const name of ["read-env", "run-subprocess", "load-ffi", "permission-request"]) {
    await h.host.install(`${FIXTURES}${name}`, { grant: "requested" });
    await h.host.load(name);
    await waitUntil(
      () => h.logs.some((l) => l.plugin === name && l.message === "done"),
      `${name} to finish`,
    );
    assert.deepEqual(
      h.logs.filter((l) => l.plugin === name && l.message.includes("LEAKED")),
      [],
    );
    assert.ok(h.host.list().find((p) => p.name === name)!.denied > 0, name);
  }
});

Deno.test("an event over 64 KiB crosses the subprocess pipe intact", async () => {
  await using h = await harness({ forceSubprocess: true });
  await h.host.install(`${FIXTURES}recorder`, { grant: "requested" });
  await h.host.load("recorder");
  const big = "x".repeat(200_000);
  await h.bus.emit(message(big));
  await h.bus.emit(message("after"));
  await waitUntil(
    () => h.logs.some((l) => l.message === "event message.received after"),
    "the event after the big one",
  );
  assert.ok(h.logs.some((l) => l.message === "event message.received length 200000"));
});

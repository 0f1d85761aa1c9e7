/**
 * The hostile-plugin suite: real plugins in the real sandbox (each its own Deno subprocess,
 * the default). Each test asserts that the attack had no effect, that the host and an
 * innocent plugin (`recorder`) kept working, and that the audit recorded the attempt.
 */
import assert from "node:assert/strict";
import type { AuditEntry } from "../../plugins/mod.ts";
import {
  FIXTURES,
  type Harness,
  harness,
  hostAndInnocentWork,
  lifecycle,
  loadFixtures,
  logged,
  message,
  waitUntil,
} from "./_helpers.ts";

function audited(h: Harness, plugin: string, attempt: RegExp, decision = "denied"): AuditEntry {
  const entry = h.host.audit(plugin).find((e) =>
    e.decision === decision && attempt.test(e.attempt)
  );
  assert.ok(
    entry,
    `${plugin}: no ${decision} ${attempt} in ${JSON.stringify(h.host.audit(plugin))}`,
  );
  return entry;
}

async function finished(h: Harness, plugin: string): Promise<string[]> {
  await waitUntil(() => logged(h, plugin).includes("done"), `${plugin} to finish`);
  const lines = logged(h, plugin);
  assert.deepEqual(lines.filter((l) => l.includes("LEAKED")), [], lines.join(" | "));
  return lines;
}

Deno.test("sandbox: a plugin cannot read the terminal on stdin", async () => {
  await using h = await harness();
  await loadFixtures(h, "recorder", "stdin-read");
  const lines = await finished(h, "stdin-read");
  assert.ok(lines.includes("read: nothing") && lines.includes("readSync: nothing"));
  await hostAndInnocentWork(h);
  audited(h, "stdin-read", /^Deno\.stdin\.read$/);
  audited(h, "stdin-read", /^Deno\.stdin\.readSync$/);
  audited(h, "stdin-read", /^Deno\.stdin\.readable$/);
});

Deno.test("sandbox: a plugin cannot change the host's working directory", async () => {
  await using h = await harness();
  const cwd = Deno.cwd();
  await loadFixtures(h, "recorder", "chdir");
  await finished(h, "chdir");
  assert.equal(Deno.cwd(), cwd);
  await hostAndInnocentWork(h);
  audited(h, "chdir", /^Deno\.chdir$/);
});

Deno.test("sandbox: a plugin granted one variable cannot overwrite the host's environment", async () => {
  Deno.env.set("IRCBUS_PROBE", "the host's value");
  const path = Deno.env.get("PATH");
  try {
    await using h = await harness();
    await loadFixtures(h, "recorder", "env-overwrite");
    const lines = await finished(h, "env-overwrite");
    assert.ok(lines.includes("granted: the host's value"));
    assert.ok(lines.includes("PATH: blocked NotCapable"));
    assert.equal(Deno.env.get("IRCBUS_PROBE"), "the host's value");
    assert.equal(Deno.env.get("PATH"), path);
    await hostAndInnocentWork(h);
    audited(h, "env-overwrite", /^Deno\.env\.set$/);
  } finally {
    Deno.env.delete("IRCBUS_PROBE");
  }
});

Deno.test("sandbox: a plugin's signal listeners cannot change how the host reacts", async () => {
  await using h = await harness();
  let hups = 0;
  const onHup = () => void hups++;
  Deno.addSignalListener("SIGHUP", onHup);
  try {
    await loadFixtures(h, "recorder", "signal-listener");
    const lines = await finished(h, "signal-listener");
    assert.ok(lines.includes("SIGHUP: blocked NotCapable"));
    Deno.kill(Deno.pid, "SIGHUP");
    await waitUntil(() => hups === 1, "the host's own SIGHUP handler");
    await hostAndInnocentWork(h);
    assert.deepEqual(logged(h, "signal-listener").filter((l) => l.includes("LEAKED")), []);
    audited(h, "signal-listener", /^Deno\.addSignalListener$/);
  } finally {
    Deno.removeSignalListener("SIGHUP", onHup);
  }
});

for (const how of ["frame", "stdout"] as const) {
  Deno.test(`sandbox: 60 MB on its ${how} ends that plugin with a clear error, not the host`, async () => {
    // Building 60 MB takes memory: the memory limit is raised so the frame limit is what acts.
    await using h = await harness({ restartBackoffMs: [60_000], subprocessMemoryMb: 2048 });
    await loadFixtures(h, "recorder", "big-frame");
    await h.bus.emit(message(how));
    await waitUntil(() => lifecycle(h, "big-frame", "crashed") === 1, "the plugin to be stopped");
    const crash = audited(h, "big-frame", /^crash$/, "failed");
    assert.match(
      crash.detail,
      how === "frame"
        ? /^sent a frame of 62914\d{3} bytes, over the limit of 4194304 bytes$/
        : /^flooded the host with over 16777216 bytes\/s of output$/,
    );
    assert.ok(logged(h, "big-frame").some((l) => l.startsWith("crashed: ")));
    await hostAndInnocentWork(h);
    assert.deepEqual(logged(h, "big-frame").filter((l) => l.includes("LEAKED")), []);
  });
}

Deno.test("sandbox: a slash command past its deadline fails, and its plugin is stopped", async () => {
  await using h = await harness({ commandBudgetMs: 300, restartBackoffMs: [60_000] });
  await loadFixtures(h, "recorder", "spin-command");
  await assert.rejects(
    () => h.host.runCommand("spin", ""),
    /Cannot run command: plugin "spin-command" did not finish \/spin within 300 ms/,
  );
  await waitUntil(() => lifecycle(h, "spin-command", "crashed") === 1, "crashed on the bus");
  assert.equal(
    audited(h, "spin-command", /^crash$/, "failed").detail,
    "did not finish /spin within 300 ms",
  );
  assert.ok(logged(h, "spin-command").includes("crashed: did not finish /spin within 300 ms"));
  assert.equal(h.host.list().find((p) => p.name === "spin-command")?.state, "restarting");
  await hostAndInnocentWork(h);
});

Deno.test("sandbox: 1 GB of ArrayBuffers hits the memory limit enforced from outside", async () => {
  // The V8 heap limit does not cover ArrayBuffers: only the resident-memory watchdog does.
  await using h = await harness({
    subprocessMemoryMb: 256,
    memoryPollMs: 20,
    restartBackoffMs: [60_000],
  });
  await loadFixtures(h, "recorder", "alloc-buffers");
  await h.bus.emit(message("grow"));
  await waitUntil(() => lifecycle(h, "alloc-buffers", "crashed") === 1, "the plugin to be stopped");
  const crash = audited(h, "alloc-buffers", /^crash$/, "failed");
  assert.match(crash.detail, /^used \d+ MiB of memory, over its limit of 256 MiB$/);
  assert.deepEqual(logged(h, "alloc-buffers").filter((l) => l.includes("LEAKED")), []);
  await hostAndInnocentWork(h);
});

Deno.test("sandbox: a newline in a log line cannot forge another plugin's line", async () => {
  await using h = await harness();
  await loadFixtures(h, "recorder", "log-forger");
  const lines = await finished(h, "log-forger");
  // Nothing the forger wrote is attributed to the recorder, and every line stayed one line.
  assert.deepEqual(logged(h, "recorder").filter((l) => l.includes("forged")), []);
  assert.ok(h.logs.every((l) => !["\n", "\r", "\u001b"].some((c) => l.message.includes(c))));
  assert.ok(lines.includes("hello\\n[plugin:recorder] info: forged by log-forger"));
  assert.ok(lines.includes("console\\r\\n[plugin:recorder] info: forged \\u{1b}[2K too"));
  assert.ok(
    h.logs.some((l) =>
      l.plugin === "log-forger" && l.level === "info" &&
      l.message === "raw\\r[plugin:recorder] info: forged raw"
    ),
  );
  await hostAndInnocentWork(h);
  audited(h, "log-forger", /^log control characters$/);
});

Deno.test("sandbox: nested Worker, WebSocket, EventSource, node: modules and requestSync are refused and audited", async () => {
  await using h = await harness();
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("secret"),
  );
  const dir = await Deno.makeTempDir();
  const secret = `${dir}/secret.txt`;
  await Deno.writeTextFile(secret, "top secret");
  await loadFixtures(h, "recorder", "escalate");
  await h.bus.emit(message(`${secret} ${server.addr.port}`));
  const lines = await finished(h, "escalate");
  await Deno.remove(dir, { recursive: true });
  for (const label of ["worker", "websocket", "eventsource", "node:fs", "node:net", "node:http"]) {
    assert.ok(lines.includes(`${label}: blocked NotCapable`), `${label}: ${lines.join(" | ")}`);
  }
  await hostAndInnocentWork(h);
  audited(h, "escalate", /^new Worker$/);
  assert.match(audited(h, "escalate", /^new WebSocket$/).detail, /127\.0\.0\.1/);
  assert.match(audited(h, "escalate", /^new EventSource$/).detail, /127\.0\.0\.1/);
  assert.match(audited(h, "escalate", /^node:fs$/).detail, /secret\.txt/);
  assert.match(audited(h, "escalate", /^node:net$/).detail, /127\.0\.0\.1/);
  audited(h, "escalate", /^node:child_process$/);
  audited(h, "escalate", /^Deno\.permissions\.requestSync\(\{"name":"net"\}\)$/);
  const port = String(server.addr.port);
  // Entries like the one before are counted on its row.
  assert.ok(
    h.host.audit("escalate").filter((e) => e.decision === "denied" && e.detail.includes(port))
      .reduce((n, e) => n + 1 + e.repeats, 0) >= 4,
    "the node:http attempt reached the audit too",
  );
});

Deno.test("sandbox: localStorage, the Cache API and KV are each plugin's own", async () => {
  await using h = await harness();
  await loadFixtures(h, "recorder", "storage-writer");
  assert.ok((await finished(h, "storage-writer")).includes("own: from storage-writer"));
  await loadFixtures(h, "storage-reader");
  const lines = await finished(h, "storage-reader");
  assert.ok(lines.includes("localStorage: empty") && lines.includes("caches: empty"));
  assert.ok(!lines.some((l) => l.startsWith("kv: LEAKED")));
  // The writer's data survives the reader's attempt to poison it, on disk in its own dir.
  await h.host.unload("storage-writer");
  await h.host.load("storage-writer");
  await waitUntil(
    () => logged(h, "storage-writer").filter((l) => l === "own: from storage-writer").length === 2,
    "the writer to start again",
  );
  const own = `${h.dataDir}/plugins/.runtime/storage-writer/location_data`;
  assert.ok((await Deno.stat(own)).isDirectory);
  await hostAndInnocentWork(h);
});

Deno.test("sandbox: an import outside the grant fails, and reaches the audit as denied", async () => {
  await using h = await harness();
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/secret.txt`, "top secret");
  await loadFixtures(h, "recorder", "import-outside");
  await h.bus.emit(message(`file://${dir}/secret.txt`));
  await waitUntil(
    () => h.host.audit("import-outside").some((e) => e.attempt === "import"),
    "the denied import in the audit",
  );
  await Deno.remove(dir, { recursive: true });
  assert.match(audited(h, "import-outside", /^import$/).detail, /Requires read access to .*secret/);
  assert.deepEqual(logged(h, "import-outside").filter((l) => l.includes("LEAKED")), []);
  await hostAndInnocentWork(h);
});

for (const isolation of ["subprocess", "worker"] as const) {
  Deno.test(`sandbox: imports outside the grant that the plugin catches are audited (${isolation})`, async () => {
    await using h = await harness();
    const dir = await Deno.makeTempDir();
    await Deno.writeTextFile(`${dir}/evil.js`, "export default 'LEAKED';");
    let requests = 0;
    await using server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
      requests++;
      return new Response("export default 'LEAKED';", {
        headers: { "content-type": "text/javascript" },
      });
    });
    await loadFixtures(h, "recorder");
    await h.host.install(`${FIXTURES}import-caught`, { grant: "requested", isolation });
    await h.host.load("import-caught");
    const remote = `http://127.0.0.1:${server.addr.port}/evil.js`;
    await h.bus.emit(message(`file://${dir}/evil.js ${remote}`));
    await finished(h, "import-caught");
    await Deno.remove(dir, { recursive: true });
    assert.equal(requests, 0);
    const imports = h.host.audit("import-caught").filter((e) =>
      e.attempt === "import" && e.decision === "denied"
    );
    // The two remote ones are alike: the second is counted on the first's row.
    const count = imports.reduce((n, e) => n + 1 + e.repeats, 0);
    assert.equal(count, 3, JSON.stringify(h.host.audit("import-caught")));
    assert.match(imports[0].detail, /Requires read access to .*evil\.js/);
    for (const remote of imports.slice(1)) {
      assert.match(remote.detail, /Requires import access to "127\.0\.0\.1:\d+"/);
    }
    await hostAndInnocentWork(h);
  });
}

for (const isolation of ["subprocess", "worker"] as const) {
  Deno.test(`sandbox: a plugin that disguises errors, RegExp and timers before its attempts is still audited (${isolation})`, async () => {
    await using h = await harness();
    const dir = await Deno.makeTempDir();
    await Deno.writeTextFile(`${dir}/evil.js`, "export default 'LEAKED';");
    await loadFixtures(h, "recorder");
    await h.host.install(`${FIXTURES}import-disguised`, { grant: "requested", isolation });
    await h.host.load("import-disguised");
    await h.bus.emit(message(`file://${dir}/evil.js http://127.0.0.1:9/evil.js`));
    await finished(h, "import-disguised");
    await Deno.remove(dir, { recursive: true });
    const imports = h.host.audit("import-disguised").filter((e) =>
      e.attempt === "import" && e.decision === "denied"
    );
    assert.equal(imports.length, 2, JSON.stringify(h.host.audit("import-disguised")));
    assert.match(imports[0].detail, /Requires read access to .*evil\.js/);
    assert.match(imports[1].detail, /Requires import access to "127\.0\.0\.1:9"/);
    assert.match(audited(h, "import-disguised", /^Deno\.readTextFile$/).detail, /hostname/);
    assert.match(audited(h, "import-disguised", /^node:fs$/).detail, /hostname/);
    assert.deepEqual(logged(h, "import-disguised").filter((l) => l.includes("LEAKED")), []);
    await hostAndInnocentWork(h);
  });
}

for (const isolation of ["subprocess", "worker"] as const) {
  Deno.test(`sandbox: a plugin that patches its runtime's writer, toJSON, stack traces or its permission descriptor is still audited (${isolation})`, async () => {
    await using h = await harness();
    await loadFixtures(h, "recorder");
    await h.host.install(`${FIXTURES}audit-dodge`, { grant: "requested", isolation });
    await h.host.load("audit-dodge");
    await h.bus.emit(message("go"));
    await finished(h, "audit-dodge");
    const audit = JSON.stringify(h.host.audit("audit-dodge"));
    assert.match(audited(h, "audit-dodge", /^Deno\.readTextFile$/).detail, /hostname/, audit);
    assert.match(
      audited(h, "audit-dodge", /^Deno\.permissions\.request\(/).attempt,
      /"read"/,
      audit,
    );
    assert.deepEqual(logged(h, "audit-dodge").filter((l) => l === "hidden"), []);
    await hostAndInnocentWork(h);
  });
}

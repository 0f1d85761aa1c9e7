/**
 * Pins what Deno 2.9.6 does with Worker permissions, which the host relies on.
 */
import assert from "node:assert/strict";
import { workerPermissions } from "../../plugins/_endpoint.ts";
import { createEvent } from "../../bus/events.ts";
import { FIXTURES, harness, waitUntil } from "./_helpers.ts";

function probe(permissions: Deno.PermissionOptionsObject): Promise<Record<string, string>> {
  const worker = new Worker(new URL("./fixtures/_probe_worker.ts", import.meta.url), {
    type: "module",
    deno: { permissions },
  } as WorkerOptions);
  return new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(event.message));
    };
  });
}

const ALL_DENIED = {
  read: "NotCapable",
  write: "NotCapable",
  net: "NotCapable",
  env: "NotCapable",
  run: "NotCapable",
  ffi: "NotCapable",
  sys: "NotCapable",
};

Deno.test("workerPermissions() spells out all eight keys and never inherits", () => {
  const permissions = workerPermissions({ read: ["/data"], write: [], net: ["a:1"], env: [] });
  assert.deepEqual(permissions, {
    read: ["/data"],
    write: false,
    net: ["a:1"],
    env: false,
    run: false,
    ffi: false,
    sys: false,
    import: false,
  });
  assert.ok(!(Object.values(permissions) as unknown[]).includes("inherit"));
});

Deno.test("Deno 2.9.6: a Worker with every key false is denied everything", async () => {
  const permissions = workerPermissions({ read: [], write: [], net: [], env: [] });
  assert.deepEqual(await probe(permissions), ALL_DENIED);
});

Deno.test("Deno 2.9.6: keys omitted from a Worker's permissions are denied, not inherited", async () => {
  // The docs describe omitted keys as inherited; on 2.9.6 they are denied. The host spells
  // out all eight keys anyway, so it does not depend on either behaviour.
  assert.deepEqual(await probe({}), ALL_DENIED);
  assert.deepEqual(await probe({ read: ["/etc/hostname"] }), { ...ALL_DENIED, read: "allowed" });
});

Deno.test("Deno 2.9.6: literal imports in a Worker's main module graph use the host's read permission", async () => {
  // Pinned gap: a statically visible `import("./file", { with: { type: "text" } })` in the
  // module graph a Worker starts from is loaded with the host's permissions, not the
  // worker's. So the plugin entry is never a Worker's main module: the runtime is, and it
  // imports the plugin by a computed specifier, so the plugin's imports are checked against
  // the worker (tests below and in escapes_test.ts).
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-prompt", `${FIXTURES}_import_probe_host.ts`],
    cwd: new URL("../../", import.meta.url).pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(new TextDecoder().decode(output.stdout).trim(), "read main-module-gap");
});

for (const isolation of ["worker", "subprocess"] as const) {
  Deno.test(`${isolation} isolation: a plugin cannot read files through dynamic imports`, async () => {
    const dir = await Deno.makeTempDir();
    await Deno.writeTextFile(`${dir}/secret.txt`, "secret");
    await using h = await harness();
    await h.host.install(`${FIXTURES}import-read`, { grant: "requested", isolation });
    await h.host.load("import-read");
    assert.equal(h.host.list()[0].isolation, isolation);
    await h.bus.emit(createEvent("message.received", {
      networkId: 1,
      channel: "#t",
      user: "u",
      message: `file://${dir}/secret.txt`,
      timestamp: 1,
    }, "irc"));
    await waitUntil(() => h.logs.some((l) => l.message === "done"), "the attempts");
    assert.deepEqual(h.logs.filter((l) => l.message.includes("LEAKED")), []);
    assert.ok(h.logs.some((l) => /computed: blocked Requires read access/.test(l.message)));
    assert.ok(h.logs.some((l) => /literal: blocked/.test(l.message)));
    await Deno.remove(dir, { recursive: true });
  });
}

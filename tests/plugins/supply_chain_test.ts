/**
 * A plugin loads only the modules its own install resolved: each plugin's `DENO_DIR` holds
 * the module cache made from its pinned copy, so a module another plugin (or the client)
 * cached is not there for it, and `--cached-only` refuses it. Real plugins, a real local JSR
 * registry.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { type Harness, harness, logged, message, waitUntil } from "./_helpers.ts";
import { addSdk, startRegistry } from "./_jsr_registry.ts";

const SDK = new URL("../../plugins/sdk.ts", import.meta.url).href;

async function plugin(name: string, code: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: `${name}-` });
  await Deno.writeTextFile(
    join(dir, "plugin.json"),
    JSON.stringify({
      name,
      version: "1.0.0",
      description: "supply chain probe",
      entry: "mod.ts",
      events: ["message.received"],
      permissions: {},
      capabilities: [],
      reasons: {},
    }),
  );
  await Deno.writeTextFile(join(dir, "mod.ts"), code);
  return dir;
}

async function installAndLoad(h: Harness, dir: string, name: string): Promise<void> {
  await h.host.install(dir, { grant: "requested" });
  await h.host.load(name);
}

Deno.test("supply chain: a JSR module another plugin cached is refused to a plugin that never declared it", async () => {
  await using registry = await startRegistry();
  await addSdk(registry);
  const saved = Deno.env.get("JSR_URL");
  Deno.env.set("JSR_URL", registry.url);
  try {
    await using h = await harness();
    // The first plugin declares @test/words: its install caches it, for it.
    const declared = await plugin(
      "declares-words",
      `import { definePlugin } from "${SDK}";
       import { UP } from "jsr:@test/words@1.0.0";
       export default definePlugin({ onEvent(event, ctx) { ctx.log.info("words " + UP); } });`,
    );
    await installAndLoad(h, declared, "declares-words");
    // The second computes the same specifier at run time, where its install could not see it.
    const sneaky = await plugin(
      "borrows-words",
      `import { definePlugin } from "${SDK}";
       const specifier = ["jsr:", "@test/words", "@1.0.0"].join("");
       export default definePlugin({
         async onEvent(event, ctx) {
           try { await import(specifier); ctx.log.info("LEAKED: imported words"); }
           catch (error) { ctx.log.info("refused: " + error.message.split("\\n")[0]); }
           ctx.log.info("done");
         },
       });`,
    );
    await installAndLoad(h, sneaky, "borrows-words");
    await h.bus.emit(message("go"));
    await waitUntil(() => logged(h, "borrows-words").includes("done"), "the import attempt");
    const lines = logged(h, "borrows-words");
    assert.deepEqual(lines.filter((l) => l.includes("LEAKED")), [], lines.join(" | "));
    assert.ok(lines.some((l) => /^refused: .*@test\/words/.test(l)), lines.join(" | "));
    assert.ok(
      h.host.audit("borrows-words").some((e) => e.attempt === "import" && e.decision === "denied"),
      JSON.stringify(h.host.audit("borrows-words")),
    );
    // The plugin that declared it still has it.
    await waitUntil(
      () => logged(h, "declares-words").includes("words up"),
      "the declaring plugin to use its module",
    );
    for (const dir of [declared, sneaky]) await Deno.remove(dir, { recursive: true });
  } finally {
    if (saved === undefined) Deno.env.delete("JSR_URL");
    else Deno.env.set("JSR_URL", saved);
  }
});

Deno.test("supply chain: a plugin whose cache an older client linked to the host's is told to install again", async () => {
  await using h = await harness();
  const dir = await plugin(
    "old-install",
    `import { definePlugin } from "${SDK}";
     export default definePlugin({ onEvent() {} });`,
  );
  await h.host.install(dir, { grant: "requested" });
  // What an older client made: the plugin's module cache was a link to the host's.
  const runtime = join(h.dataDir, "plugins", ".runtime", "old-install");
  const hostCache = await Deno.makeTempDir();
  await Deno.remove(join(runtime, "remote"), { recursive: true }).catch(() => {});
  await Deno.symlink(hostCache, join(runtime, "remote"));
  await assert.rejects(
    () => h.host.load("old-install"),
    /cache an older client shared between plugins: install it again/,
  );
  // The link is gone, the host's cache is untouched, and a new install runs it.
  assert.equal(
    (await Deno.lstat(join(runtime, "remote")).catch(() => undefined))?.isSymlink,
    undefined,
  );
  assert.ok((await Deno.stat(hostCache)).isDirectory);
  await h.host.install(dir, { grant: "requested" });
  await h.host.load("old-install");
  assert.equal(h.host.list().find((p) => p.name === "old-install")?.state, "running");
  for (const path of [dir, hostCache]) await Deno.remove(path, { recursive: true });
});

/**
 * `planUpgrade` and `applyUpgrade` against a local registry: the diff of an upgrade against
 * the grant, and the rollback of a version that passes its trial start but fails in the
 * running host, so the previous pinned version is put back and runs again.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { main } from "../../plugins/cli.ts";
import { applyUpgrade, planUpgrade } from "../../plugins/jsr.ts";
import { jsrDir, readPin } from "../../plugins/_jsr_pin.ts";
import { harness, waitUntil } from "./_helpers.ts";
import { addSdk, type LocalRegistry, startRegistry } from "./_jsr_registry.ts";

/** Publishes `@test/keeper@version`: it asks for storage, and `setup` is its body. */
async function addKeeper(
  registry: LocalRegistry,
  version: string,
  setup: string,
  more: Record<string, unknown> = {},
) {
  await registry.add("@test/keeper", version, {
    "/plugin.json": JSON.stringify({
      name: "keeper",
      version,
      description: "Keeps a mark in its storage, for upgrade tests",
      entry: "mod.ts",
      events: ["user.joined"],
      permissions: {},
      capabilities: ["storage"],
      reasons: { storage: "Remembers it ran" },
      ...more,
    }),
    "/mod.ts": `import { definePlugin } from "jsr:@ircbus/client@^0.1/plugin";
export default definePlugin({
  async setup(ctx) {
    ${setup}
  },
});
`,
  });
}

async function installKeeper(): Promise<{ registry: LocalRegistry; dataDir: string }> {
  const registry = await startRegistry();
  await addSdk(registry);
  await addKeeper(
    registry,
    "1.0.0",
    `await ctx.storage.set("seen", true); ctx.log.info("keeper 1.0.0 up");`,
  );
  Deno.env.set("JSR_URL", registry.url);
  const dataDir = await Deno.makeTempDir({ prefix: "plugins-test-" });
  const quiet = { out: () => {}, err: () => {}, confirm: () => false };
  const args = ["install", "jsr:@test/keeper@1.0.0", "--yes", "--data-dir", dataDir];
  assert.equal(await main(args, quiet), 0);
  return { registry, dataDir };
}

/** The plugins folder's entries two levels down (pinned copies, staging, caches, .jsr). */
async function pluginEntries(dataDir: string): Promise<string[]> {
  const root = join(dataDir, "plugins");
  const names: string[] = [];
  for await (const entry of Deno.readDir(root)) {
    names.push(entry.name);
    if (!entry.isDirectory) continue;
    for await (const inner of Deno.readDir(join(root, entry.name))) {
      names.push(`${entry.name}/${inner.name}`);
    }
  }
  return names.sort();
}

async function jsrFiles(dataDir: string): Promise<string[]> {
  return (await Array.fromAsync(Deno.readDir(jsrDir(dataDir)))).map((e) => e.name).sort();
}

Deno.test("planUpgrade() lists what the new version adds to the grant and what it drops, with its integrity and changelog", async () => {
  const { registry, dataDir } = await installKeeper();
  await using _registry = registry;
  await addKeeper(registry, "1.1.0", `ctx.log.info("keeper 1.1.0 up");`, {
    changelog: "https://example.org/keeper/releases",
    events: [],
    permissions: { net: ["api.example.org:443"] },
    reasons: { storage: "Remembers it ran", net: "Reports the weather" },
  });
  await using h = await harness({ dataDir });
  await using plan = await planUpgrade(h.host, dataDir, "keeper");
  assert.equal(plan.from, "1.0.0");
  assert.equal(plan.to, "1.1.0");
  assert.equal(plan.source, "jsr:@test/keeper");
  assert.match(plan.integrity, /^sha256-[0-9a-f]{64}$/);
  assert.equal(plan.changelog, "https://example.org/keeper/releases");
  assert.deepEqual(plan.added, ["net:api.example.org:443 (Reports the weather)"]);
  assert.deepEqual(plan.removed, ["event:user.joined"]);
});

Deno.test("applyUpgrade() puts the previous pinned version back when the new one starts in its trial but fails in the host", async () => {
  const { registry, dataDir } = await installKeeper();
  await using _registry = registry;
  // Its trial runs with empty storage and passes; the host's storage holds 1.0.0's mark.
  await addKeeper(
    registry,
    "1.1.0",
    `if (await ctx.storage.get("seen")) throw new Error("refuses the old mark");
    ctx.log.info("keeper 1.1.0 up");`,
  );
  await using h = await harness({ dataDir });
  await h.host.load("keeper");
  await waitUntil(() => h.logs.some((l) => l.message === "keeper 1.0.0 up"), "1.0.0 up");
  const pin = await readPin(dataDir, "keeper");
  const lockfile = `${jsrDir(dataDir)}/keeper.lock`;
  const lockText = () => Deno.readTextFile(lockfile).catch(() => null);
  const lock = await lockText();
  const files = await jsrFiles(dataDir);
  const entries = await pluginEntries(dataDir);

  await using plan = await planUpgrade(h.host, dataDir, "keeper");
  await assert.rejects(
    applyUpgrade(h.host, dataDir, plan, { consent: false }),
    /^PluginLoadError: Cannot load plugin "keeper": version 1\.1\.0 failed: .*refuses the old mark.*; rolled back: 1\.0\.0 stays installed$/,
  );
  const [plugin] = h.host.list();
  assert.equal(plugin.version, "1.0.0");
  assert.equal(plugin.state, "running");
  assert.deepEqual(plugin.granted.capabilities, ["storage"]);
  assert.deepEqual(await readPin(dataDir, "keeper"), pin);
  assert.equal(await lockText(), lock);
  assert.deepEqual(await jsrFiles(dataDir), files);
  // Nothing half-done anywhere in the plugins folder: no staging, trial or set-aside copy.
  assert.deepEqual(await pluginEntries(dataDir), entries);
  // Started again from its own files: 1.0.0 came up a second time.
  await waitUntil(
    () => h.logs.filter((l) => l.message === "keeper 1.0.0 up").length === 2,
    "1.0.0 up again",
  );
  assert.ok(!h.logs.some((l) => l.message === "keeper 1.1.0 up"));
});

/**
 * Upgrading a plugin from JSR on the Plugins page: the upgrade sheet's diff, integrity and
 * changelog, the click a wider version needs, and every failure (registry down, a tampered
 * file, a package gone, a version that fails to start) said in the sheet, with the previous
 * pinned version still installed and nothing half-done left in the data dir. Real registry
 * (local, `JSR_URL`), real Chromium.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { main } from "../../plugins/cli.ts";
import { readPin } from "../../plugins/_jsr_pin.ts";
import { addGreeter, addSdk, type LocalRegistry, startRegistry } from "../plugins/_jsr_registry.ts";
import { launchPage } from "./_browser.ts";
import { tempClient } from "./_helpers.ts";

const CHANGELOG = "https://example.org/greeter/CHANGELOG.md";

/** A registry with the SDK and greeter 1.0.0, installed (and pinned) in a new data dir. */
async function installed(): Promise<{ registry: LocalRegistry; dataDir: string }> {
  const registry = await startRegistry();
  await addSdk(registry);
  await addGreeter(registry, "1.0.0");
  Deno.env.set("JSR_URL", registry.url);
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-" });
  const quiet = { out: () => {}, err: () => {}, confirm: () => false };
  const args = ["install", "jsr:@test/greeter@1.0.0", "--yes", "--data-dir", dataDir];
  assert.equal(await main(args, quiet), 0);
  return { registry, dataDir };
}

/**
 * Publishes greeter 1.1.0: it reaches api.example.org (a wider `net`), no longer adds a
 * command, and links its changelog; `setup` is its body.
 */
async function addWiderGreeter(registry: LocalRegistry, setup = "ctx.log.info('greeter 1.1.0');") {
  await registry.add("@test/greeter", "1.1.0", {
    "/plugin.json": JSON.stringify({
      name: "greeter",
      version: "1.1.0",
      description: "Greets, for JSR tests",
      entry: "mod.ts",
      changelog: CHANGELOG,
      events: [],
      permissions: { net: ["api.example.org:443"] },
      capabilities: [],
      reasons: { net: "Fetches the greeting of the day" },
    }),
    "/mod.ts": `import { definePlugin } from "jsr:@ircbus/client@^0.1/plugin";
export default definePlugin({
  setup(ctx) {
    ${setup}
  },
});
`,
  });
}

/** Opens the Plugins page and the upgrade sheet of greeter, once its update is marked. */
async function openUpgrade(page: Page, before?: () => Promise<void>) {
  await page.click("#open-plugins");
  const row = page.locator('#plugin-table tr[data-plugin="greeter"]');
  await row.locator(".source .update", { hasText: "update available: 1.1.0" }).waitFor();
  await before?.();
  await row.locator('button[data-action="upgrade"]').click();
  return { row, sheet: page.locator("#upgrade-dialog") };
}

/** What the data dir holds of JSR plugins: only the installed one's folder, pin and lock. */
async function jsrFiles(dataDir: string): Promise<string[]> {
  return (await Array.fromAsync(Deno.readDir(join(dataDir, "plugins", ".jsr"))))
    .map((entry) => entry.name).sort();
}

const INSTALLED = ["greeter", "greeter.lock", "greeter.pin.json"];

Deno.test("upgrade sheet: a version that widens its net shows the diff, integrity and changelog, and upgrades only on the click", async () => {
  const { registry, dataDir } = await installed();
  await using _registry = registry;
  await addWiderGreeter(registry);
  await using client = await tempClient({ dataDir });
  await client.plugins.load("greeter");
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  const { row, sheet } = await openUpgrade(page);

  await sheet.locator("h3", { hasText: "Upgrade greeter 1.0.0 → 1.1.0" }).waitFor();
  assert.match(
    await sheet.locator(".pin").innerText(),
    /^from jsr:@test\/greeter@1\.1\.0, pinned with integrity sha256-[0-9a-f]{64}$/,
  );
  const link = sheet.locator(".changelog a");
  assert.equal(await link.getAttribute("href"), CHANGELOG);
  assert.equal(await link.getAttribute("rel"), "noopener noreferrer");
  assert.deepEqual(await sheet.locator("ul.added li").allInnerTexts(), [
    "net:api.example.org:443 (Fetches the greeting of the day)",
  ]);
  assert.deepEqual(await sheet.locator("ul.removed li").allInnerTexts(), ["capability:commands"]);
  const confirm = sheet.locator('button[data-action="confirm"]');
  assert.equal(await confirm.innerText(), "Grant and upgrade");

  // Shown, not applied: until the click, 1.0.0 runs with its grant, and the backend refuses
  // an upgrade whose consent leaves out the wider net.
  assert.equal(client.plugins.list()[0].version, "1.0.0");
  await assert.rejects(
    client.perform({ kind: "plugin.upgrade", name: "greeter", version: "1.1.0", consent: [] }),
    /asks for more and consent was not given for net:api\.example\.org:443/,
  );
  assert.equal((await readPin(dataDir, "greeter"))?.version, "1.0.0");

  // The docs' picture of the sheet is refreshed on request, so a test run leaves the tree clean.
  if (Deno.env.get("UPDATE_SCREENSHOT") === "1") {
    await Deno.writeFile(
      new URL("../../docs/screenshot-upgrade-sheet.png", import.meta.url),
      await sheet.screenshot(),
    );
  }
  await confirm.click();
  await sheet.waitFor({ state: "detached" });
  await row.locator(".source", { hasText: "jsr:@test/greeter 1.1.0" }).waitFor();
  await row.locator(".state", { hasText: "running" }).waitFor();
  const [plugin] = client.plugins.list();
  assert.equal(plugin.version, "1.1.0");
  assert.deepEqual(plugin.granted.permissions, { net: ["api.example.org:443"] });
  assert.deepEqual(plugin.granted.capabilities, []);
  const pin = await readPin(dataDir, "greeter");
  assert.equal(pin?.version, "1.1.0");
  assert.deepEqual(await jsrFiles(dataDir), INSTALLED);
  assert.deepEqual(browser.errors, []);
});

Deno.test("upgrade sheet: a version that fails to start is rolled back, and the sheet says so", async () => {
  const { registry, dataDir } = await installed();
  await using _registry = registry;
  await addWiderGreeter(registry, `throw new Error("broken setup");`);
  await using client = await tempClient({ dataDir });
  await client.plugins.load("greeter");
  const before = await readPin(dataDir, "greeter");
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  const { row, sheet } = await openUpgrade(page);
  await sheet.locator("h3", { hasText: "Upgrade greeter 1.0.0 → 1.1.0" }).waitFor();
  await sheet.locator('button[data-action="confirm"]').click();
  const error = sheet.locator(".error");
  await error.waitFor();
  assert.match(
    await error.innerText(),
    /^Cannot load plugin "greeter": version 1\.1\.0 fails to start: .*broken setup.*; rolled back: 1\.0\.0 stays installed$/,
  );
  assert.equal(await sheet.locator('button[data-action="confirm"]').count(), 0);
  const [plugin] = client.plugins.list();
  assert.equal(plugin.version, "1.0.0");
  assert.equal(plugin.state, "running");
  assert.deepEqual(plugin.granted.capabilities, ["commands"]);
  assert.deepEqual(await readPin(dataDir, "greeter"), before);
  assert.deepEqual(await jsrFiles(dataDir), INSTALLED);
  await sheet.locator('button[data-action="cancel"]', { hasText: "Close" }).click();
  await sheet.waitFor({ state: "detached" });
  await row.locator(".source", { hasText: "jsr:@test/greeter 1.0.0" }).waitFor();
  assert.deepEqual(browser.errors, []);
});

for (
  const [failure, prepare, message] of [
    [
      "a registry that is down",
      (registry: LocalRegistry) => registry.close(),
      /^Cannot install plugin jsr:@test\/greeter: the registry http:\/\/127\.0\.0\.1:\d+\/ cannot be reached/,
    ],
    [
      "a tampered file",
      async (registry: LocalRegistry) => {
        const file = join(registry.root, "@test/greeter/1.1.0/mod.ts");
        await Deno.writeTextFile(file, "export default {};\n// tampered\n");
      },
      /^Cannot install plugin jsr:@test\/greeter: integrity check failed: \/mod\.ts differs from the size of \d+ bytes/,
    ],
    [
      "a package gone from the registry",
      (registry: LocalRegistry) =>
        Deno.remove(join(registry.root, "@test/greeter"), { recursive: true }),
      /^Cannot install plugin jsr:@test\/greeter: the registry has no such package or file/,
    ],
  ] as const
) {
  Deno.test(`upgrade sheet: ${failure} is said in the sheet, and nothing changes`, async () => {
    const { registry, dataDir } = await installed();
    await using _registry = registry;
    await addWiderGreeter(registry);
    await using client = await tempClient({ dataDir });
    await client.plugins.load("greeter");
    const before = await readPin(dataDir, "greeter");
    await using browser = await launchPage();
    const { page } = browser;
    await page.goto(client.url);
    // The update was marked while the registry worked; it fails as the sheet asks.
    const { sheet } = await openUpgrade(page, () => prepare(registry));
    const error = sheet.locator(".error");
    await error.waitFor();
    assert.match(await error.innerText(), message);
    assert.equal(await sheet.locator('button[data-action="confirm"]').count(), 0);
    const [plugin] = client.plugins.list();
    assert.equal(plugin.version, "1.0.0");
    assert.equal(plugin.state, "running");
    assert.deepEqual(await readPin(dataDir, "greeter"), before);
    assert.deepEqual(await jsrFiles(dataDir), INSTALLED);
    await sheet.locator('button[data-action="cancel"]', { hasText: "Close" }).click();
    await sheet.waitFor({ state: "detached" });
    assert.deepEqual(browser.errors, []);
  });
}

Deno.test("upgrade sheet: a version republished with other bytes after the sheet showed it is refused on integrity", async () => {
  const { registry, dataDir } = await installed();
  await using _registry = registry;
  await addWiderGreeter(registry);
  await using client = await tempClient({ dataDir });
  await client.plugins.load("greeter");
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  const { sheet } = await openUpgrade(page);
  const pin = sheet.locator(".pin");
  await pin.waitFor();
  const shown = (await pin.innerText()).match(/sha256-[0-9a-f]{64}/)?.[0];
  // The registry republishes 1.1.0: a new, self-consistent manifest, other code.
  await Deno.remove(join(registry.root, "@test/greeter/1.1.0"), { recursive: true });
  await addWiderGreeter(registry, `ctx.log.info("not what was shown");`);
  await sheet.locator('button[data-action="confirm"]').click();
  const error = sheet.locator(".error");
  await error.waitFor();
  assert.match(
    await error.innerText(),
    new RegExp(
      `^Cannot upgrade plugin greeter: integrity check failed: the registry now serves 1\\.1\\.0 as sha256-[0-9a-f]{64}, not the ${shown} the sheet showed; nothing changed$`,
    ),
  );
  const [plugin] = client.plugins.list();
  assert.equal(plugin.version, "1.0.0");
  assert.equal(plugin.state, "running");
  assert.deepEqual(await jsrFiles(dataDir), INSTALLED);
  assert.deepEqual(browser.errors, []);
});

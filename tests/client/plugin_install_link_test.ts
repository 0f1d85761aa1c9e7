/**
 * `deno task run 'jsr:@scope/name'`: the link is handed to the running client (or queued at
 * cold start) and opens the consent sheet in the page, its source the command line; nothing
 * installs without the click. Real registry (local, `JSR_URL`), real Chromium.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { launchWithLink } from "../../deeplink/mod.ts";
import { readPin } from "../../plugins/_jsr_pin.ts";
import { addGreeter, addSdk, type LocalRegistry, startRegistry } from "../plugins/_jsr_registry.ts";
import { launchPage } from "./_browser.ts";
import { tempClient } from "./_helpers.ts";

const COMMAND_LINE = "Source: command line (deno task run). Install only what you trust.";

async function registry(): Promise<LocalRegistry> {
  const registry = await startRegistry();
  await addSdk(registry);
  await addGreeter(registry, "1.0.0");
  await addGreeter(registry, "1.1.0");
  Deno.env.set("JSR_URL", registry.url);
  return registry;
}

async function jsrFiles(dataDir: string): Promise<string[]> {
  try {
    return (await Array.fromAsync(Deno.readDir(join(dataDir, "plugins", ".jsr"))))
      .map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

/** Runs a later launch's handoff, its stderr kept. */
async function launch(dataDir: string, link: string) {
  const lines: string[] = [];
  const error = console.error;
  console.error = (line: string) => void lines.push(line);
  try {
    return { decision: await launchWithLink(dataDir, link), lines };
  } finally {
    console.error = error;
  }
}

Deno.test("a jsr: link handed to the running client opens the consent sheet, source: command line; Install pins it", async () => {
  await using _registry = await registry();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  await page.locator("#input").waitFor();

  const { decision, lines } = await launch(client.dataDir, "jsr:@test/greeter@^1");
  assert.deepEqual(decision, { exit: 0 }, lines.join("\n"));
  const sheet = page.locator("#install-dialog");
  await sheet.locator("h3", { hasText: "Install greeter 1.1.0" }).waitFor();
  assert.equal(await sheet.locator(".origin").innerText(), COMMAND_LINE);
  assert.match(
    await sheet.locator(".pin").innerText(),
    /^from jsr:@test\/greeter@1\.1\.0, pinned with integrity sha256-[0-9a-f]{64}$/,
  );
  assert.deepEqual(await sheet.locator("ul.requests li").allInnerTexts(), [
    "events: (none)",
    "capability: commands (Adds /greet)",
  ]);
  // The link alone installs nothing: fetched and checked, waiting for the click.
  assert.deepEqual(client.plugins.list(), []);
  assert.equal((await jsrFiles(client.dataDir)).length, 1);

  await sheet.locator('button[data-action="confirm"]').click();
  await sheet.waitFor({ state: "detached" });
  const [plugin] = client.plugins.list();
  assert.equal(plugin.version, "1.1.0");
  assert.equal((await readPin(client.dataDir, "greeter"))?.range, "^1");
  assert.deepEqual(browser.errors, []);
});

Deno.test("a jsr: link at cold start opens the sheet once the page is ready; Cancel leaves nothing", async () => {
  await using _registry = await registry();
  await using client = await tempClient({ link: "jsr:@test/greeter@1.0.0" });
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  const sheet = page.locator("#install-dialog");
  await sheet.locator("h3", { hasText: "Install greeter 1.0.0" }).waitFor();
  assert.equal(await sheet.locator(".origin").innerText(), COMMAND_LINE);
  await sheet.locator('button[data-action="cancel"]').click();
  await sheet.waitFor({ state: "detached" });
  assert.deepEqual(client.plugins.list(), []);
  assert.deepEqual(await jsrFiles(client.dataDir), []);
  assert.deepEqual(browser.errors, []);
});

Deno.test("a bad jsr: link is refused at the launch; an unknown package is said in the sheet", async () => {
  await using _registry = await registry();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  await page.locator("#input").waitFor();

  const bad = await launch(client.dataDir, "jsr:@Test/Greeter");
  assert.deepEqual(bad.decision, { exit: 2 });
  assert.match(
    bad.lines.join("\n"),
    /^JsrLinkError \[invalid_jsr_link\]: Cannot open plugin link: expected jsr:@scope\/name\[@range\]/,
  );
  assert.equal(await page.locator("#install-dialog").count(), 0);

  const unknown = await launch(client.dataDir, "jsr:@test/nothing");
  assert.deepEqual(unknown.decision, { exit: 0 });
  const sheet = page.locator("#install-dialog");
  const error = sheet.locator(".error");
  await error.waitFor();
  assert.match(
    await error.innerText(),
    /^Cannot install plugin jsr:@test\/nothing: the registry has no such package or file/,
  );
  assert.equal(await sheet.locator('button[data-action="confirm"]').count(), 0);
  assert.deepEqual(client.plugins.list(), []);
  assert.deepEqual(await jsrFiles(client.dataDir), []);
  assert.deepEqual(browser.errors, []);
});

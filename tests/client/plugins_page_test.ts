import assert from "node:assert/strict";
import { main } from "../../plugins/cli.ts";
import { FIXTURES, message, waitUntil } from "../plugins/_helpers.ts";
import { addGreeter, addSdk, startRegistry } from "../plugins/_jsr_registry.ts";
import { launchPage } from "./_browser.ts";
import { tempClient } from "./_helpers.ts";

Deno.test("the Plugins page shows source, version, update available, and upgrades with consent for what is new", async () => {
  await using registry = await startRegistry();
  await addSdk(registry);
  await addGreeter(registry, "1.0.0");
  Deno.env.set("JSR_URL", registry.url);
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-" });
  const quiet = { out: () => {}, err: () => {}, confirm: () => false };
  const args = ["install", "jsr:@test/greeter@1.0.0", "--yes", "--data-dir", dataDir];
  assert.equal(await main(args, quiet), 0);
  await addGreeter(registry, "1.1.0");
  await addGreeter(registry, "2.0.0", true);

  await using client = await tempClient({ dataDir });
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url!);
  await page.click("#open-plugins");
  const row = page.locator('#plugin-table tr[data-plugin="greeter"]');
  await row.locator(".source", { hasText: "update available: 2.0.0" }).waitFor();
  assert.match(await row.locator(".source").innerText(), /^jsr:@test\/greeter 1\.0\.0/);

  await row.locator('button[data-action="upgrade"]').click();
  // The sheet opens at once, and shows the plan once the backend has fetched and checked it.
  const sheet = page.locator("#upgrade-dialog");
  await sheet.locator("h3", { hasText: "greeter 1.0.0 → 2.0.0" }).waitFor();
  assert.deepEqual(await sheet.locator("ul.added li").allInnerTexts(), [
    "capability:storage (Remembers who was greeted)",
  ]);
  await sheet.locator('button[data-action="confirm"]').click();
  await row.locator(".source", { hasText: "jsr:@test/greeter 2.0.0" }).waitFor();
  await row.locator(".state", { hasText: "running" }).waitFor();
  const [plugin] = client.plugins.list();
  assert.equal(plugin.version, "2.0.0");
  assert.deepEqual(plugin.granted.capabilities, ["commands", "storage"]);
  assert.deepEqual(browser.errors, []);
});

Deno.test("the Plugins page shows a plugin's audit under its name, its words as visible text", async () => {
  await using client = await tempClient();
  await client.plugins.install(`${FIXTURES}audit-forger`, { grant: "requested" });
  await client.plugins.load("audit-forger");
  await client.bus.emit(message("forge"));
  await waitUntil(
    () => client.plugins.audit("audit-forger").some((e) => e.decision === "denied"),
    "the forged denial",
  );
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  await page.click("#open-plugins");
  const entries = page.locator('#audit-log li[data-plugin="audit-forger"] li');
  const denial = entries.filter({ hasText: "denied" });
  await denial.waitFor();
  const text = await denial.innerText();
  // One line, shown as written: the line break, the escapes and the override spelled out,
  // and the markup left as text.
  assert.ok(!text.includes("\n"), text);
  assert.ok(
    text.includes(
      "x)\\n2026-01-01T00:00:00.000Z recorder ALLOWED Deno.readTextFile (/etc/shadow" +
        "\\r\\u{1b}[2K\\u{9b}2K\\u{202e}<b>pwned</b>",
    ),
    text,
  );
  assert.equal(await denial.locator("b").count(), 0);
  assert.deepEqual(
    await page.locator("#audit-log > li > h4").allInnerTexts(),
    ["audit-forger"],
  );
  assert.deepEqual(browser.errors, []);
});

Deno.test("the Plugins page shows a plugin's activity ledger: what the host allowed and denied", async () => {
  await using client = await tempClient();
  await client.plugins.install(`${FIXTURES}broker-probe`, { grant: "requested" });
  await client.plugins.load("broker-probe");
  const secret = "/etc/shadow\u202e<b>x</b>";
  await client.bus.emit(message(`thread-read ${secret}`));
  await waitUntil(
    () => client.plugins.activity("broker-probe").some((e) => e.decision === "denied"),
    "the denied read in the ledger",
  );
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  await page.click("#open-plugins");
  await page.locator('tr[data-plugin="broker-probe"] button[data-action="activity"]').click();
  const sheet = page.locator("#activity-dialog");
  const denied = sheet.locator("ul.denied li");
  await denied.first().waitFor();
  // Its worker thread's start asked for the whole environment too (refused, listed as `env`).
  const lines = await denied.allInnerTexts();
  assert.ok(lines.includes("read ×1 /etc/shadow\\u{202e}<b>x</b>"), lines.join(" | "));
  assert.equal(await sheet.locator("b").count(), 0);
  // What it was allowed: reading its own code, as it loaded.
  assert.ok(
    (await sheet.locator("ul.allowed li").allInnerTexts()).some((l) => l.startsWith("read ×")),
  );
  await sheet.locator('button[data-action="close"]').click();
  await sheet.waitFor({ state: "detached" });
  assert.deepEqual(browser.errors, []);
});

Deno.test("the Plugins page shows a spinning plugin throttled, then its stop and why", async () => {
  await using client = await tempClient({
    plugins: { cpuWindowMs: 4000, restartBackoffMs: [60_000] },
  });
  await client.plugins.install(`${FIXTURES}quota-probe`, { grant: "requested" });
  await client.plugins.load("quota-probe");
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  await page.click("#open-plugins");
  const budget = page.locator('#plugin-table tr[data-plugin="quota-probe"] td.budget');
  await budget.filter({ hasText: /^CPU [0-9.]+ of 0\.5 cores; memory / }).waitFor();
  await client.bus.emit(message("spin"));
  // The page reads the budgets again while it is open: the throttle shows without a click.
  const throttled = budget.and(page.locator('[data-mark="throttled"]'));
  await throttled.waitFor({ timeout: 60_000 });
  assert.match(
    await throttled.innerText(),
    /^⚠ throttled: CPU [0-9.]+ of 0\.5 cores \(throttled\)/,
  );
  const stopped = budget.filter({ hasText: "not running" });
  await stopped.waitFor({ timeout: 60_000 });
  assert.match(
    await stopped.locator(".last-stop").innerText(),
    /^last stop: \S+ crash: kept at its limit of 0\.5 cores for 4 s while throttled .*: stopped$/,
  );
  assert.deepEqual(browser.errors, []);
});

/**
 * A plugin's ledger page: its `irc.send` (where it went, what it carried) and its refused
 * read, the filters, a per-plugin audit view another plugin cannot flood, and one click that
 * revokes a single permission with a re-consent click to give it back. Real InspIRCd, a real
 * plugin subprocess, real Chromium.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { FIXTURES, message, waitUntil } from "../plugins/_helpers.ts";
import { addLocalNetwork, launchPage, shoot } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";

/** Opens the ledger page of `plugin` from the Plugins page. */
async function openLedger(page: Page, plugin: string): Promise<Locator> {
  if (!(await page.locator("#plugin-table").isVisible())) await page.click("#open-plugins");
  await page.locator(`tr[data-plugin="${plugin}"] button[data-action="activity"]`).click();
  const sheet = page.locator(`#activity-dialog[data-plugin="${plugin}"]`);
  await sheet.waitFor();
  return sheet;
}

Deno.test("the ledger page shows a plugin's irc.send and where it went, its refused read, and filters them", async () => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await client.plugins.install(`${FIXTURES}ledger-probe`, { grant: "requested" });
  await client.plugins.load("ledger-probe");
  await using browser = await launchPage();
  const { page } = browser;
  await page.setViewportSize({ width: 1280, height: 900 });
  await using bob = new Peer(server.port, "bob");
  await page.goto(client.url);
  await addLocalNetwork(page, server.port, "#deno");
  await page.locator('#buffer-list li.selected[data-key="#deno"]').waitFor();
  await bob.irc.connect();
  bob.irc.join("#deno");
  await page.locator('#nicklist li[data-nick="bob"]').waitFor();
  bob.irc.say("#deno", "ledger /etc/shadow");
  // The plugin answers in the channel: bob hears it from the server.
  await bob.events.waitFor("message.received", (data) => data.message === "pong bob");

  const sheet = await openLedger(page, "ledger-probe");
  const allowed = sheet.locator("ul.allowed li");
  const denied = sheet.locator("ul.denied li");
  await allowed.filter({ hasText: "irc.send" }).waitFor();
  assert.deepEqual(await allowed.filter({ hasText: "irc.send" }).allInnerTexts(), [
    "irc.send ×1 1 #deno (8 B)",
  ]);
  assert.ok(
    (await allowed.allInnerTexts()).includes("storage.set ×1 asked:bob (11 B)"),
    (await allowed.allInnerTexts()).join(" | "),
  );
  const refused = await denied.allInnerTexts();
  assert.ok(refused.includes("read ×1 /etc/shadow"), refused.join(" | "));
  assert.ok(refused.includes("irc.send ×1 1 #elsewhere"), refused.join(" | "));
  assert.equal(
    await sheet.locator('ul.totals li[data-kind="irc.send"][data-decision="allowed"]').innerText(),
    "messages sent (irc.send): 1 time, 1 value, 8 B",
  );
  // Budgets in sight on the same page.
  assert.match(
    await sheet.locator(".budget").innerText(),
    /^CPU [0-9.]+ of 0\.5 cores; memory [0-9.]+ MiB of 256 MiB; disk [0-9.]+ MiB of 64 MiB; lag \d+ of 1024 waiting/,
  );
  await shoot(page, "screenshot-ledger.png");

  // Filters: denied only, then one kind and a text, then a window.
  await sheet.locator('select[name="decision"]').selectOption("denied");
  await sheet.locator("ul.allowed").waitFor({ state: "detached" });
  assert.ok((await denied.allInnerTexts()).includes("read ×1 /etc/shadow"));
  await sheet.locator('select[name="kind"]').selectOption("irc.send");
  await sheet.locator('input[name="text"]').fill("ELSE");
  await denied.filter({ hasText: "read" }).waitFor({ state: "detached" });
  assert.deepEqual(await denied.allInnerTexts(), ["irc.send ×1 1 #elsewhere"]);
  await sheet.locator('input[name="text"]').fill("nowhere");
  await sheet.locator("ul.totals li", { hasText: "Nothing in this window." }).waitFor();
  await sheet.locator('input[name="text"]').fill("");
  await sheet.locator('select[name="kind"]').selectOption("");
  await sheet.locator('select[name="decision"]').selectOption("");
  await sheet.locator('select[name="window"]').selectOption("1h");
  await allowed.filter({ hasText: "irc.send ×1 1 #deno" }).waitFor();

  await sheet.locator('button[data-action="close"]').click();
  await sheet.waitFor({ state: "detached" });
  assert.deepEqual(browser.errors, []);
});

Deno.test("one click revokes a single read path: the plugin restarts without it, and the page offers to grant it again", async () => {
  await using client = await tempClient();
  await client.plugins.install(`${FIXTURES}ledger-probe`, { grant: "requested" });
  await client.plugins.load("ledger-probe");
  const loads = () =>
    client.plugins.audit("ledger-probe").filter((e) => e.attempt === "load").length;
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  const sheet = await openLedger(page, "ledger-probe");
  const held = sheet.locator('ul.granted li[data-permission="read:notes.txt"]');
  await held.waitFor();
  assert.equal(await sheet.locator("ul.pending").count(), 0);

  await held.locator('button[data-action="revoke-permission"]').click();
  const asked = sheet.locator('ul.pending li[data-permission="read:notes.txt"]');
  await asked.waitFor();
  await held.waitFor({ state: "detached" });
  const [info] = client.plugins.list();
  assert.equal(info.state, "running");
  assert.equal(loads(), 2, "restarted under the narrower grant");
  assert.deepEqual(info.granted.permissions, { write: ["notes.txt"] });
  assert.deepEqual(info.pendingConsent, ["read:notes.txt"]);
  await sheet.locator("ol.audit li", { hasText: "revoke read:notes.txt: info" }).waitFor();

  // It reads its notes again, and is refused: the page says so beside the re-consent.
  await client.bus.emit(message("ledger"));
  await waitUntil(
    () =>
      client.plugins.activity("ledger-probe", { kind: "read", decision: "denied" }).some((e) =>
        e.value.endsWith("/notes.txt")
      ),
    "the refused read of its notes",
  );
  // A filter change reads the ledger again.
  await sheet.locator('select[name="window"]').selectOption("1h");
  await asked.filter({ hasText: /refused [1-9]\d* times in this window/ }).waitFor();
  assert.equal(loads(), 2, "nothing granted by itself");

  await asked.locator('button[data-action="grant-permission"]').click();
  await held.waitFor();
  await sheet.locator("ul.pending").waitFor({ state: "detached" });
  assert.deepEqual(client.plugins.list()[0].pendingConsent, []);
  assert.deepEqual(client.plugins.list()[0].granted.permissions, {
    read: ["notes.txt"],
    write: ["notes.txt"],
  });
  assert.equal(loads(), 3);
  assert.deepEqual(browser.errors, []);
});

Deno.test("the ledger page's audit is the plugin's own: another plugin's flood stays in its own view, bounded", async () => {
  await using client = await tempClient();
  for (const name of ["ledger-probe", "audit-flood"]) {
    await client.plugins.install(`${FIXTURES}${name}`, { grant: "requested" });
    await client.plugins.load(name);
  }
  await client.plugins.revokePermission("ledger-probe", "capability:storage");
  await client.bus.emit(message("flood"));
  await waitUntil(
    () => client.plugins.audit("audit-flood").some((e) => e.attempt === "audit limit"),
    "the flood to reach its audit limit",
  );
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  const mine = await openLedger(page, "ledger-probe");
  const entries = await mine.locator("ol.audit li").allInnerTexts();
  // Its own entries, newest first, and nothing of the flood.
  assert.match(entries[0], /^\S+ load: allowed subprocess 1\.0\.0$/);
  assert.ok(entries.some((e) => /revoke capability:storage: info/.test(e)), entries.join(" | "));
  assert.ok(!entries.some((e) => e.includes("/x")), entries.join(" | "));
  await mine.locator('button[data-action="close"]').click();
  await mine.waitFor({ state: "detached" });

  const flood = await openLedger(page, "audit-flood");
  const lines = await flood.locator("ol.audit li").allInnerTexts();
  // Bounded by its per-plugin rate: the rest is counted on one "audit limit" row.
  assert.ok(lines.length <= 200, String(lines.length));
  assert.ok(lines.some((l) => l.includes("audit limit")), lines.slice(0, 3).join(" | "));
  assert.deepEqual(browser.errors, []);
});

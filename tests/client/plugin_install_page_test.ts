/**
 * Installing a plugin from JSR by pasting its link into the Plugins page: the consent sheet
 * (its requests, scope, isolation and disk quota), Cancel, Install, and every failure said
 * in the sheet with nothing left behind. Real registry (local, `JSR_URL`), real Chromium.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { readPin } from "../../plugins/_jsr_pin.ts";
import { addGreeter, addSdk, type LocalRegistry, startRegistry } from "../plugins/_jsr_registry.ts";
import { addLocalNetwork, launchPage, shoot } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";

async function registry(): Promise<LocalRegistry> {
  const registry = await startRegistry();
  await addSdk(registry);
  await addGreeter(registry, "1.0.0");
  await addGreeter(registry, "1.1.0");
  await addGreeter(registry, "2.0.0", true);
  Deno.env.set("JSR_URL", registry.url);
  return registry;
}

/** Pastes `link` into the Plugins page and submits it: the consent sheet opens. */
async function paste(page: Page, link: string) {
  await page.click("#open-plugins");
  await page.fill("#plugin-install-link", link);
  await page.click('#plugin-install button[type="submit"]');
  return page.locator("#install-dialog");
}

/** What the data dir holds of fetched plugins: their folders, pins and lockfiles. */
async function jsrFiles(dataDir: string): Promise<string[]> {
  try {
    return (await Array.fromAsync(Deno.readDir(join(dataDir, "plugins", ".jsr"))))
      .map((entry) => entry.name).sort();
  } catch {
    return [];
  }
}

Deno.test("install by paste: the sheet lists the version, integrity, requests, scope, isolation and quota; Cancel installs nothing", async () => {
  await using _registry = await registry();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  const sheet = await paste(page, "jsr:@test/greeter@^1");
  await sheet.locator("h3", { hasText: "Install greeter 1.1.0" }).waitFor();
  assert.match(
    await sheet.locator(".pin").innerText(),
    /^from jsr:@test\/greeter@1\.1\.0, pinned with integrity sha256-[0-9a-f]{64}$/,
  );
  assert.deepEqual(await sheet.locator("ul.requests li").allInnerTexts(), [
    "events: (none)",
    "capability: commands (Adds /greet)",
  ]);
  // Private messages are off until the user turns them on.
  assert.equal(await sheet.locator('input[name="private-messages"]').isChecked(), false);
  assert.match(await sheet.locator(".isolation").innerText(), /its own subprocess/);
  assert.match(
    await sheet.locator(".boundary").innerText(),
    /^OS boundary: (on|unavailable \(.+\))$/,
  );
  assert.equal(await sheet.locator(".disk-quota input").inputValue(), "64");
  assert.equal(await jsrFiles(client.dataDir).then((f) => f.length), 1, "fetched, not placed");

  await sheet.locator('button[data-action="cancel"]').click();
  await sheet.waitFor({ state: "detached" });
  assert.deepEqual(client.plugins.list(), []);
  assert.deepEqual(await jsrFiles(client.dataDir), []);
  assert.deepEqual(browser.errors, []);
});

Deno.test("install by paste: Install pins the version, with the scope and quota picked on the sheet", async () => {
  await using _registry = await registry();
  await using client = await tempClient();
  const { networkId } = await client.perform({
    kind: "network.add",
    network: { name: "Libera", host: "127.0.0.1", port: 6667, tls: false, nick: "me" },
    connect: false,
  }) as { networkId: number };
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url);
  const sheet = await paste(page, "jsr:@test/greeter");
  await sheet.locator("h3", { hasText: "Install greeter 2.0.0" }).waitFor();
  assert.deepEqual(await sheet.locator("ul.requests li").allInnerTexts(), [
    "events: (none)",
    "capability: commands (Adds /greet)",
    "capability: storage (Remembers who was greeted)",
  ]);
  const network = sheet.locator(`input[data-network="${networkId}"]:not([data-channel])`);
  assert.match(await sheet.locator(".scope").innerText(), /all of Libera/);
  await network.check();
  await sheet.locator('input[name="private-messages"]').check();
  await sheet.locator(".disk-quota input").fill("16");
  await sheet.locator('button[data-action="confirm"]').click();
  await sheet.waitFor({ state: "detached" });
  const row = page.locator('#plugin-table tr[data-plugin="greeter"]');
  await row.locator(".state", { hasText: "running" }).waitFor();
  const [plugin] = client.plugins.list();
  assert.equal(plugin.version, "2.0.0");
  assert.deepEqual(plugin.granted.capabilities, ["commands", "storage"]);
  assert.deepEqual(plugin.granted.scope, {
    networks: [networkId],
    channels: [],
    privateMessages: true,
  });
  assert.match(
    plugin.scopeText,
    new RegExp(`limited to: network ${networkId}; private messages: shared`),
  );
  assert.equal(plugin.diskQuotaMb, 16);
  const pin = await readPin(client.dataDir, "greeter");
  assert.equal(pin?.version, "2.0.0");
  assert.equal(pin?.range, "^2.0.0");
  assert.match(pin?.integrity ?? "", /^sha256-[0-9a-f]{64}$/);
  assert.deepEqual(browser.errors, []);
});

for (
  const [failure, link, prepare, message] of [
    [
      "a registry that is down",
      "jsr:@test/greeter",
      (registry: LocalRegistry) => registry.close(),
      /^Cannot install plugin jsr:@test\/greeter: the registry http:\/\/127\.0\.0\.1:\d+\/ cannot be reached/,
    ],
    [
      "a tampered file",
      "jsr:@test/greeter@1.0.0",
      async (registry: LocalRegistry) => {
        const file = join(registry.root, "@test/greeter/1.0.0/mod.ts");
        const text = await Deno.readTextFile(file);
        await Deno.writeTextFile(file, text.replace("greeter", "GREETER"));
      },
      /^Cannot install plugin jsr:@test\/greeter@1\.0\.0: integrity check failed: \/mod\.ts differs from the checksum sha256-/,
    ],
    [
      "an unknown package",
      "jsr:@test/nothing",
      () => Promise.resolve(),
      /^Cannot install plugin jsr:@test\/nothing: the registry has no such package or file/,
    ],
  ] as const
) {
  Deno.test(`install by paste: ${failure} is said in the sheet, and nothing is left behind`, async () => {
    await using registry_ = await registry();
    await prepare(registry_);
    await using client = await tempClient();
    await using browser = await launchPage();
    const { page } = browser;
    await page.goto(client.url);
    const sheet = await paste(page, link);
    const error = sheet.locator(".error");
    await error.waitFor();
    assert.match(await error.innerText(), message);
    assert.equal(await sheet.locator('button[data-action="confirm"]').count(), 0);
    assert.deepEqual(client.plugins.list(), []);
    assert.deepEqual(await jsrFiles(client.dataDir), []);
    await sheet.locator('button[data-action="cancel"]', { hasText: "Close" }).click();
    await sheet.waitFor({ state: "detached" });
    assert.deepEqual(browser.errors, []);
  });
}

Deno.test("install: the backend grants what the plan asked and the page consented to, never more", async () => {
  await using _registry = await registry();
  await using client = await tempClient();
  const plan = await client.perform({
    kind: "plugin.install.plan",
    specifier: "jsr:@test/greeter@1.0.0",
  }) as { planId: string; version: string; requests: { text: string }[] };
  const consent = plan.requests.map((r) => r.text);
  const scope = { networks: [], channels: [], privateMessages: false };
  await assert.rejects(
    client.perform({
      kind: "plugin.install",
      planId: plan.planId,
      version: plan.version,
      consent: [...consent, "capability: storage"],
      scope,
      diskQuotaMb: 64,
    }),
    /^Error: Cannot install plugin greeter: the consent does not match the plan of 1\.0\.0/,
  );
  // Refused, the plan is gone with its files: a new one is needed.
  assert.deepEqual(client.plugins.list(), []);
  assert.deepEqual(await jsrFiles(client.dataDir), []);
  await assert.rejects(
    client.perform({
      kind: "plugin.install",
      planId: plan.planId,
      version: plan.version,
      consent,
      scope,
      diskQuotaMb: 64,
    }),
    /no install awaits consent under this plan/,
  );
  const again = await client.perform({
    kind: "plugin.install.plan",
    specifier: "jsr:@test/greeter@1.0.0",
  }) as { planId: string; version: string; requests: { text: string }[] };
  await assert.rejects(
    client.perform({
      kind: "plugin.install",
      planId: again.planId,
      version: again.version,
      consent: consent.slice(1),
      scope,
      diskQuotaMb: 64,
    }),
    /the consent does not match/,
  );
  assert.deepEqual(await jsrFiles(client.dataDir), []);
});

Deno.test("a jsr: mention in a chat line is an Install action: nothing is fetched until the sheet, which names who posted it and where", async () => {
  await using _registry = await registry();
  await using server = await startInspircd();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await using bob = new Peer(server.port, "bob");
  await page.goto(client.url);
  await addLocalNetwork(page, server.port, "#room");
  await page.locator('#buffer-list li.selected[data-key="#room"]').waitFor();
  await bob.irc.connect();
  bob.irc.join("#room");
  await page.locator('#nicklist li[data-nick="bob"]').waitFor();
  bob.irc.say("#room", "try jsr:@test/greeter@^1.0 for greetings.");
  const line = page.locator(".line", { hasText: "for greetings" });
  const action = line.locator("button.install-link");
  await action.waitFor();
  assert.equal(await action.innerText(), "Install jsr:@test/greeter@^1.0…");
  // Shown, never acted on: nothing was fetched, nothing installed.
  assert.deepEqual(await jsrFiles(client.dataDir), []);
  assert.deepEqual(client.plugins.list(), []);

  await action.click();
  const sheet = page.locator("#install-dialog");
  await sheet.locator("h3", { hasText: "Install greeter 1.1.0" }).waitFor();
  await shoot(page, "screenshot-consent-sheet.png");
  assert.equal(
    await sheet.locator(".origin").innerText(),
    "Posted by bob in #room on Local. Anyone can post a link: install only what you trust.",
  );
  // The channel it was posted in is offered in the scope picker, unpicked.
  const room = sheet.locator('input[data-channel="#room"]');
  assert.equal(await room.isChecked(), false);
  await sheet.locator('button[data-action="cancel"]').click();
  await sheet.waitFor({ state: "detached" });
  assert.deepEqual(client.plugins.list(), []);
  assert.deepEqual(await jsrFiles(client.dataDir), []);
  assert.deepEqual(browser.errors, []);
});

Deno.test("a jsr: link posted in a channel, installed from its sheet: the pinned plugin answers there, and its ledger shows the send and a refused read", async () => {
  await using registry = await startRegistry();
  await addSdk(registry);
  await registry.add("@test/pinger", "1.0.0", {
    "/plugin.json": JSON.stringify({
      name: "pinger",
      version: "1.0.0",
      description: "Answers ping, and peeks where it may not",
      entry: "mod.ts",
      events: ["message.received"],
      permissions: {},
      capabilities: ["irc.send"],
      reasons: { "irc.send": "Answers ping" },
    }),
    "/mod.ts": `import { definePlugin } from "jsr:@ircbus/client@^0.1/plugin";
export default definePlugin({
  async onEvent(event, ctx) {
    if (event.type !== "message.received" || event.data.message !== "ping") return;
    await Deno.readTextFile("/etc/shadow").catch(() => {});
    await ctx.irc.send(event.data.networkId, event.data.channel, \`pong \${event.data.user}\`);
  },
});
`,
  });
  Deno.env.set("JSR_URL", registry.url);
  await using server = await startInspircd();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await using bob = new Peer(server.port, "bob");
  await page.goto(client.url);
  await addLocalNetwork(page, server.port, "#room");
  await page.locator('#buffer-list li.selected[data-key="#room"]').waitFor();
  await bob.irc.connect();
  bob.irc.join("#room");
  await page.locator('#nicklist li[data-nick="bob"]').waitFor();
  bob.irc.say("#room", "a pinger: jsr:@test/pinger");
  const action = page.locator(".line", { hasText: "a pinger" }).locator("button.install-link");
  await action.click();
  const sheet = page.locator("#install-dialog");
  await sheet.locator("h3", { hasText: "Install pinger 1.0.0" }).waitFor();
  assert.deepEqual(await sheet.locator("ul.requests li").allInnerTexts(), [
    "events: message.received",
    "capability: irc.send (Answers ping)",
  ]);
  // Nothing runs before the click, and the scope is the user's pick: here, the one channel.
  assert.deepEqual(client.plugins.list(), []);
  await sheet.locator('input[data-channel="#room"]').check();
  await sheet.locator('button[data-action="confirm"]').click();
  await sheet.waitFor({ state: "detached" });
  await page.click("#open-plugins");
  await page.locator('#plugin-table tr[data-plugin="pinger"] .state', { hasText: "running" })
    .waitFor();
  const [plugin] = client.plugins.list();
  assert.equal(plugin.version, "1.0.0");
  assert.equal((await readPin(client.dataDir, "pinger"))?.version, "1.0.0");

  bob.irc.say("#room", "ping");
  await bob.events.waitFor("message.received", (data) => data.message === "pong bob");

  await page.locator('tr[data-plugin="pinger"] button[data-action="activity"]').click();
  const ledger = page.locator('#activity-dialog[data-plugin="pinger"]');
  const sent = ledger.locator("ul.allowed li", { hasText: "irc.send" });
  await sent.waitFor();
  assert.match(await sent.innerText(), /^irc\.send ×1 \d+ #room/);
  const refused = ledger.locator("ul.denied li", { hasText: "/etc/shadow" });
  await refused.waitFor();
  assert.match(await refused.innerText(), /^read ×1 \/etc\/shadow/);
  assert.deepEqual(browser.errors, []);
});

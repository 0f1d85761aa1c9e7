import { databasePath } from "../../storage/data_dir.ts";
import assert from "node:assert/strict";
import { type BusEvent, EventBus } from "../../mod.ts";
import { PluginHost } from "../../plugins/mod.ts";
import { handOffLink } from "../../deeplink/mod.ts";
import { openDatabase } from "../../storage/database.ts";
import { colorFor } from "../../examples/plugins/nickname-colors/mod.ts";
import { addLocalNetwork, launchPage } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";

/** Retries `attempt` until it returns true (each attempt waits on its own condition). */
async function waitUntil(attempt: () => Promise<boolean>, tries = 20): Promise<void> {
  for (let i = 0; i < tries; i++) if (await attempt()) return;
  throw new Error("Cannot finish the step: the condition never held");
}

const ARTIFACTS = new URL("../../.artifacts/client/", import.meta.url);

/** Installs the nickname-colors and autoresponder examples, with the grants they ask for. */
async function installExamples(dataDir: string): Promise<void> {
  const bus = new EventBus();
  const db = openDatabase(databasePath(dataDir));
  {
    await using host = new PluginHost({ bus, dataDir, db, onLog: () => {} });
    for (const name of ["nickname-colors", "autoresponder"]) {
      const path = new URL(`../../examples/plugins/${name}`, import.meta.url).pathname;
      await host.install(path, { grant: "requested" });
    }
  }
  await bus.close();
  db.close();
}

Deno.test("the page: add a network, chat, colours, away, deep links, plugins", async (t) => {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-client-" });
  await installExamples(dataDir);
  await using client = await tempClient({ dataDir });
  await using browser = await launchPage();
  const { page } = browser;
  await using bob = new Peer(server.port, "bob");
  await using carol = new Peer(server.port, "carol");

  await t.step("a fresh data dir shows the empty view; the form connects to InspIRCd", async () => {
    await page.goto(client.url!);
    await addLocalNetwork(page, server.port, "#room");
    await page.locator("#rail button.connected").waitFor();
    await page.locator('#buffer-list li.selected[data-key="#room"]').waitFor();
    assert.equal(client.irc(1)?.state, "connected");
  });

  await t.step("joining a channel and exchanging messages with a second client", async () => {
    await bob.irc.connect();
    bob.irc.join("#room");
    await carol.irc.connect();
    carol.irc.join("#room");
    await page.locator('#nicklist li[data-nick="carol"]').waitFor();
    bob.irc.say("#room", "hello alice, welcome to #room");
    await page.locator(".line .text", { hasText: "hello alice, welcome to #room" }).waitFor();
    carol.irc.say("#room", "the bus keeps every event in order");
    await page.fill("#input", "hi bob! thanks");
    await page.press("#input", "Enter");
    await bob.events.waitFor("message.received", (d) => d.message === "hi bob! thanks");
    await page.fill("#input", "/me waves");
    await page.press("#input", "Enter");
    // irc/ decides the kind: bob's client sees an action, its text unwrapped.
    await bob.events.waitFor(
      "message.received",
      (d) => d.kind === "action" && d.message === "waves",
    );
    await page.locator(".line.action .text", { hasText: "waves" }).waitFor();
    bob.irc.say("alice", "psst, a private word");
    await page.locator('#buffer-list li[data-key="bob"] .unread').waitFor();
  });

  await t.step("opening a buffer reports it read: buffer.read from the page", async () => {
    const read = new Promise<BusEvent<"buffer.read">>((resolve) => {
      const off = client.bus.subscribe("buffer.read", (event) => {
        off();
        resolve(event);
      });
    });
    await page.click('#buffer-list li[data-key="bob"]');
    const { data, source } = await read;
    assert.equal(source, "ui");
    assert.deepEqual([data.networkId, data.buffer], [1, "bob"]);
    assert.ok(Date.now() - Date.parse(data.timestamp) < 60_000, data.timestamp);
    await page.click('#buffer-list li[data-key="#room"]');
  });

  await t.step(
    "a plugin command from the input line: /autoreply, then the plugin answers",
    async () => {
      await page.fill("#input", "/autoreply !hello hi there");
      await page.press("#input", "Enter");
      // The command's storage write lands before the next message is handled.
      await waitUntil(async () => {
        bob.irc.say("#room", "!hello");
        const reply = bob.events.waitFor(
          "message.received",
          (d) => d.user === "alice" && d.message === "bob: hi there",
          1000,
        );
        return await reply.then(() => true, () => false);
      });
    },
  );

  await t.step("nicknames take the colour the nickname-colors plugin published", async () => {
    const nick = page.locator('.line .nick[data-nick="bob"]').first();
    await page.waitForFunction(() =>
      (document.querySelector('.line .nick[data-nick="bob"]') as HTMLElement | null)?.style.color
    );
    const [actual, expected] = await nick.evaluate((el, hsl) => {
      const probe = document.createElement("span");
      probe.style.color = hsl;
      return [(el as HTMLElement).style.color, probe.style.color];
    }, colorFor("bob"));
    assert.equal(actual, expected);
  });

  await t.step("an away user is greyed out in the nick list", async () => {
    carol.irc.quote("AWAY :lunch");
    await page.locator('#nicklist li.away[data-nick="carol"]').waitFor();
    assert.equal(await page.locator('#nicklist li.away[data-nick="bob"]').count(), 0);
  });

  await t.step("screenshot of the main view", async () => {
    client.irc(1)!.quote("TOPIC #room :ircbus: one bus, sandboxed plugins, irc:// links");
    await page.locator("#topic", { hasText: "one bus, sandboxed plugins" }).waitFor();
    // The stored lines loaded on opening #room and the live ones are one history: each once.
    assert.equal(
      await page.locator("#messages .line:not(.fold)", { hasText: "alice joined" }).count(),
      1,
    );
    await Deno.mkdir(ARTIFACTS, { recursive: true });
    // The README's picture is the page at a common laptop width.
    await page.setViewportSize({ width: 1280, height: 720 });
    const shot = await page.screenshot();
    await page.setViewportSize({ width: 1100, height: 640 });
    await Deno.writeFile(new URL("main.png", ARTIFACTS), shot);
    // The README's picture is refreshed on request, so a test run leaves the tree clean.
    if (Deno.env.get("UPDATE_SCREENSHOT") === "1") {
      await Deno.writeFile(new URL("../../docs/screenshot.png", import.meta.url), shot);
    }
  });

  await t.step("/whois, /nick and /part from the input line", async () => {
    await page.fill("#input", "/whois bob");
    await page.press("#input", "Enter");
    await page.locator(".line .text", { hasText: "bob is bob@" }).waitFor();
    await page.fill("#input", "/nick alice_");
    await page.press("#input", "Enter");
    await page.locator("#network-title", { hasText: "alice_" }).waitFor();
    await bob.events.waitFor("user.nick", (d) => d.nickname === "alice_");
    await page.fill("#input", "/join #spare");
    await page.press("#input", "Enter");
    await page.locator('#buffer-list li.selected[data-key="#spare"]').waitFor();
    await page.fill("#input", "/part");
    await page.press("#input", "Enter");
    await page.locator('#buffer-list li[data-key="#spare"]').waitFor({ state: "detached" });
    await page.fill("#input", "/nick alice");
    await page.press("#input", "Enter");
    await bob.events.waitFor("user.nick", (d) => d.nickname === "alice");
  });

  await t.step("Edit changes a saved network", async () => {
    await page.click('#rail button[data-network-id="1"]');
    await page.click("#edit-network");
    assert.equal(await page.inputValue("input[name=host]"), "127.0.0.1");
    await page.fill("input[name=name]", "Local IRC");
    await page.check("input[name=autoconnect]");
    await page.fill("input[name=channels]", "");
    await page.click("#network-save");
    await page.locator("#network-title", { hasText: "Local IRC" }).waitFor();
    const saved = client.networks.get(1)!;
    assert.equal(saved.name, "Local IRC");
    assert.equal(saved.autoconnect, true);
    await page.click('#buffer-list li[data-key="#room"]');
  });

  await t.step("deeplink:join joins the channel with its key and opens it", async () => {
    bob.irc.join("#locked");
    await bob.events.waitFor("user.joined", (d) => d.channel === "#locked");
    bob.irc.quote("MODE #locked +k sekrit");
    await bob.events.waitFor("channel.mode", (d) => d.modes.includes("k"));
    const result = await handOffLink({ dataDir, link: `irc://127.0.0.1/%23locked?key=sekrit` });
    assert.equal(result.status, "delivered");
    await page.locator('#buffer-list li.selected[data-key="#locked"]').waitFor();
    await bob.events.waitFor(
      "user.joined",
      (d) => d.nickname === "alice" && d.channel === "#locked",
    );
  });

  await t.step("deeplink:add-network opens the prefilled form and connects nothing", async () => {
    const result = await handOffLink({ dataDir, link: "ircs://irc.example.org/#deno" });
    assert.equal(result.status, "delivered");
    await page.locator("#network-dialog[open]").waitFor();
    assert.equal(await page.inputValue("input[name=host]"), "irc.example.org");
    assert.equal(await page.inputValue("input[name=port]"), "6697");
    assert.equal(await page.isChecked("input[name=tls]"), true);
    assert.equal(await page.inputValue("input[name=channels]"), "#deno");
    await page.click("#network-cancel");
    assert.equal(client.networks.list().length, 1, "the form is the consent gate");
  });

  await t.step(
    "deeplink:disambiguate shows a picker, then joins on the chosen network",
    async () => {
      await client.perform({
        kind: "network.add",
        network: {
          name: "Local again",
          host: "127.0.0.1",
          port: server.port,
          tls: false,
          nick: "alice2",
          autoconnect: false,
        },
        connect: false,
      });
      await page.locator('#rail button[data-network-id="2"]').waitFor();
      const result = await handOffLink({ dataDir, link: "irc://127.0.0.1/#picked" });
      assert.equal(result.status, "delivered");
      await page.locator("#picker-dialog[open]").waitFor();
      assert.equal(await page.locator("#picker-list button").count(), 2);
      await page.click('#picker-list button[data-network-id="2"]');
      await page.locator('#buffer-list li.selected[data-key="#picked"]').waitFor();
      assert.equal(client.irc(2)?.state, "connected");
      assert.equal(client.irc(2)?.nickname, "alice2");
    },
  );

  await t.step("the Plugins page shows grants and state, and disables and enables", async () => {
    await page.click("#open-plugins");
    const row = page.locator('#plugin-table tr[data-plugin="nickname-colors"]');
    await row.locator(".state", { hasText: "running" }).waitFor();
    const grants = await row.locator(".grants").innerText();
    assert.match(grants, /metadata:nickname_color/);
    assert.match(grants, /every network and channel; private messages: not shared/);
    await row.locator('button[data-action="disable"]').click();
    await row.locator(".state", { hasText: "disabled" }).waitFor();
    await page.locator("#audit-log li", { hasText: "disable" }).first().waitFor();
    await row.locator('button[data-action="enable"]').click();
    await row.locator(".state", { hasText: "running" }).waitFor();
    const auto = page.locator('#plugin-table tr[data-plugin="autoresponder"]');
    await auto.locator('button[data-action="revoke"]').click();
    await auto.locator(".state", { hasText: "grant revoked" }).waitFor();
    assert.match(await auto.locator(".grants").innerText(), /events: none; capabilities: none/);
    await page.click("#close-plugins");
  });

  await t.step("the page logged no errors", () => {
    assert.deepEqual(browser.errors, []);
  });
});

Deno.test("a link given at start waits for the page, then opens the Add Network form", async () => {
  await using client = await tempClient({ link: "ircs://irc.example.net:7000/#cold" });
  await using browser = await launchPage();
  await browser.page.goto(client.url!);
  await browser.page.locator("#network-dialog[open]").waitFor();
  assert.equal(await browser.page.inputValue("input[name=host]"), "irc.example.net");
  assert.equal(await browser.page.inputValue("input[name=port]"), "7000");
  assert.equal(await browser.page.inputValue("input[name=channels]"), "#cold");
});

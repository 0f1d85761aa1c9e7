// The page beside The Lounge: the header names the channel, the nick list is grouped and
// filtered, a nick opens a menu, networks are told apart, joins and parts fold, the first run
// is laid out as the working screen, a dark theme, keyboard moves and a search syntax. Real
// InspIRCd, real backend, headless Chromium, at 1280 and 390 px.
import assert from "node:assert/strict";
import { launchPage, NARROW, shoot, WIDE } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";

Deno.test("the page: channel header, grouped nick list with a filter", async (t) => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.setViewportSize(WIDE);
  await using bob = new Peer(server.port, "bob");
  await using carol = new Peer(server.port, "carol");
  const type = async (text: string) => {
    await page.fill("#input", text);
    await page.press("#input", "Enter");
  };

  await t.step("alice joins #room; bob and carol join; bob is voiced", async () => {
    await page.goto(client.url!);
    await page.locator("#empty").waitFor();
    await client.perform({
      kind: "network.add",
      network: {
        name: "Local",
        host: "127.0.0.1",
        port: server.port,
        tls: false,
        nick: "alice",
        autoconnect: false,
      },
      connect: true,
    });
    await page.locator("#rail button.connected").waitFor();
    await type("/join #room");
    await page.locator('#buffer-list li.selected[data-key="#room"]').waitFor();
    await bob.irc.connect();
    await carol.irc.connect();
    bob.irc.join("#room");
    carol.irc.join("#room");
    await page.locator("#nick-count", { hasText: "3 users" }).waitFor();
    await type("/voice bob");
    await page.locator('#nicklist li[data-nick="bob"]', { hasText: "+bob" }).waitFor();
  });

  await t.step("the header names the channel beside its topic", async () => {
    await type("/topic one bus, many plugins");
    await page.locator("#topic .topic-text", { hasText: "one bus, many plugins" }).waitFor();
    assert.equal(await page.locator("#topic .buffer-name").innerText(), "#room");
  });

  await t.step("the nick list is grouped by status with counts, and filtered", async () => {
    assert.deepEqual(await page.locator("#nicklist li.group").allInnerTexts(), [
      "OPERATORS — 1",
      "VOICED — 1",
      "USERS — 1",
    ]);
    assert.deepEqual(await page.locator("#nicklist li[data-nick]").allInnerTexts(), [
      "@alice",
      "+bob",
      "carol",
    ]);
    await page.fill("#nick-filter", "CAR");
    await page.locator("#nick-count", { hasText: "1 of 3 users" }).waitFor();
    assert.deepEqual(await page.locator("#nicklist li").allInnerTexts(), [
      "USERS — 1",
      "carol",
    ]);
    // The filter holds while the channel changes (bob comes back without his voice).
    bob.irc.part("#room");
    await page.locator("#nick-count", { hasText: "1 of 2 users" }).waitFor();
    await page.fill("#nick-filter", "");
    await page.locator("#nick-count", { hasText: "2 users" }).waitFor();
    bob.irc.join("#room");
    await page.locator("#nick-count", { hasText: "3 users" }).waitFor();
  });

  await t.step(
    "a nick opens a menu: whois, message, ignore, and what an operator may",
    async () => {
      await page.click('#nicklist li[data-nick="bob"]');
      const menu = page.locator("#nick-menu");
      await menu.waitFor();
      assert.deepEqual(await menu.locator("button").allInnerTexts(), [
        "Whois",
        "Message",
        "Ignore",
        "Give op",
        "Give voice",
        "Kick",
      ]);
      await shoot(page, "screenshot-nick-menu.png");
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
      // A nick on a message opens the same menu.
      carol.irc.say("#room", "hello from carol");
      await page.locator('#messages .line .nick[data-nick="carol"]').click();
      await menu.locator("button", { hasText: "Whois" }).click();
      await page.locator("#messages .line", { hasText: "carol is carol@" }).waitFor();
      await page.click('#nicklist li[data-nick="bob"]');
      await menu.locator("button", { hasText: "Give voice" }).click();
      await page.locator('#nicklist li[data-nick="bob"]', { hasText: "+bob" }).waitFor();
    },
  );

  await t.step(
    "ignoring a nick hides their messages, on this network, after a reload",
    async () => {
      await page.click('#nicklist li[data-nick="bob"]');
      await page.locator("#nick-menu button", { hasText: "Ignore" }).click();
      await page.locator("#messages .line", { hasText: "Ignoring bob on Local" }).waitFor();
      bob.irc.say("#room", "you cannot see me");
      carol.irc.say("#room", "but you see me");
      await page.locator("#messages .line", { hasText: "but you see me" }).waitFor();
      assert.equal(
        await page.locator("#messages .line", { hasText: "you cannot see me" }).count(),
        0,
      );
      await page.reload();
      await page.locator('#buffer-list li[data-key="#room"]').click();
      await page.locator("#messages .line", { hasText: "but you see me" }).waitFor();
      assert.equal(
        await page.locator("#messages .line", { hasText: "you cannot see me" }).count(),
        0,
      );
      await page.click('#nicklist li[data-nick="bob"]');
      await page.locator("#nick-menu button", { hasText: "Unignore" }).click();
      bob.irc.say("#room", "back in view");
      await page.locator("#messages .line", { hasText: "back in view" }).waitFor();
    },
  );

  await t.step(
    "a run of joins, parts, quits and nick changes folds into one line that opens",
    async () => {
      await using dave = new Peer(server.port, "dave");
      await dave.irc.connect();
      carol.irc.say("#room", "before the run");
      await page.locator("#messages .line", { hasText: "before the run" }).waitFor();
      dave.irc.join("#room");
      await page.locator('#nicklist li[data-nick="dave"]').waitFor();
      dave.irc.quote("NICK davey");
      await page.locator('#nicklist li[data-nick="davey"]').waitFor();
      dave.irc.part("#room");
      bob.irc.part("#room");
      const fold = page.locator("#messages .fold").last();
      await fold.locator(".fold-summary", {
        hasText: "1 user has joined, 2 users have left, 1 user changed nick",
      }).waitFor();
      assert.equal(await fold.locator(".fold-lines .line").count(), 4);
      assert.equal(
        await page.locator("#messages .fold-lines .line", { hasText: "davey left" }).isVisible(),
        false,
      );
      await fold.locator(".fold-summary").click();
      await page.locator("#messages .fold-lines .line", { hasText: "dave is now davey" }).waitFor();
      assert.equal(await fold.locator(".fold-summary").getAttribute("aria-expanded"), "true");
      bob.irc.join("#room");
      await fold.locator(".fold-summary", { hasText: "2 users have joined" }).waitFor();
      await shoot(page, "screenshot-folded.png");
    },
  );

  await t.step("folding can be switched off, and stays off after a reload", async () => {
    await page.click("#open-settings");
    await page.uncheck("#fold-presence");
    await page.click("#settings-save");
    await page.locator("#messages .line", { hasText: "davey left" }).waitFor();
    assert.equal(await page.locator("#messages .fold").count(), 0);
    await page.reload();
    await page.locator('#buffer-list li[data-key="#room"]').click();
    await page.locator("#messages .line", { hasText: "davey left" }).waitFor();
    assert.equal(await page.locator("#messages .fold").count(), 0);
    await page.click("#open-settings");
    await page.check("#fold-presence");
    await page.click("#settings-save");
    await page.locator("#messages .fold").first().waitFor();
  });

  await t.step("networks named alike keep labels told apart at a glance", async () => {
    for (const name of ["Net1", "Net2", "Net3"]) {
      await client.perform({
        kind: "network.add",
        network: { name, host: "127.0.0.1", port: 1, tls: false, nick: "a", autoconnect: false },
        connect: false,
      });
    }
    await page.locator("#network-buttons button", { hasText: "N3" }).waitFor();
    assert.deepEqual(await page.locator("#network-buttons button").allInnerTexts(), [
      "Lo",
      "N1",
      "N2",
      "N3",
    ]);
    assert.equal(
      await page.locator("#network-buttons button").nth(2).getAttribute("title"),
      "Net2 (disconnected)",
    );
  });

  await t.step("Alt+Up and Alt+Down move between buffers; Ctrl+K finds one by name", async () => {
    await type("/join #side");
    await page.locator('#buffer-list li.selected[data-key="#side"]').waitFor();
    const selected = (key: string) =>
      page.locator(`#buffer-list li.selected[data-key="${key}"]`).waitFor();
    await page.keyboard.press("Alt+ArrowUp");
    await selected("#room");
    await page.keyboard.press("Alt+ArrowUp");
    await selected("*");
    await page.keyboard.press("Alt+ArrowDown");
    await selected("#room");
    await page.keyboard.press("Alt+ArrowDown");
    await selected("#side");
    await page.keyboard.press("Control+KeyK");
    await page.locator("#switcher-input").waitFor();
    await page.keyboard.type("roo");
    await page.locator("#switcher-list li", { hasText: "#room" }).waitFor();
    assert.deepEqual(await page.locator("#switcher-list li").allInnerTexts(), ["#room\nLocal"]);
    await shoot(page, "screenshot-switcher.png");
    await page.keyboard.press("Enter");
    await page.locator('#buffer-list li.selected[data-key="#room"]').waitFor();
    assert.equal(await page.locator("#switcher-dialog[open]").count(), 0);
    // Arrows choose among the matches.
    await page.keyboard.press("Control+KeyK");
    await page.keyboard.type("#");
    await page.keyboard.press("ArrowDown");
    const chosen = await page.locator('#switcher-list li[aria-selected="true"]').innerText();
    await page.keyboard.press("Enter");
    const key = chosen.split("\n")[0].toLowerCase();
    await page.locator(`#buffer-list li.selected[data-key="${key}"]`).waitFor();
    await page.locator('#buffer-list li[data-key="#room"]').click();
  });

  await t.step(
    "the search panel takes from:, in: and days, and shows a match among its lines",
    async () => {
      bob.irc.say("#room", "the needle is here");
      carol.irc.say("#room", "another needle, from carol");
      // Enough lines after it that it is no longer drawn: the jump must bring it back.
      for (let i = 0; i < 90; i++) carol.irc.say("#room", `hay ${i}`);
      await page.locator("#messages .line", { hasText: "hay 89" }).waitFor();
      assert.equal(
        await page.locator("#messages .line", { hasText: "the needle is here" }).count(),
        0,
      );
      const pad = (n: number) => String(n).padStart(2, "0");
      const now = new Date();
      const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      await type(`/search needle from:bob in:#room on:${today}`);
      await page.locator("#search-status", { hasText: "1 found" }).waitFor();
      assert.deepEqual(await page.locator("#search-results li strong").allInnerTexts(), ["bob"]);
      await page.fill("#search-input", `needle before:${today}`);
      await page.press("#search-input", "Enter");
      await page.locator("#search-status", { hasText: "0 found" }).waitFor();
      await page.fill("#search-input", "needle in:#room");
      await page.press("#search-input", "Enter");
      await page.locator("#search-status", { hasText: "2 found" }).waitFor();
      await shoot(page, "screenshot-search.png");
      await page.locator("#search-results li", { hasText: "the needle is here" }).click();
      const found = page.locator("#messages .line.found", { hasText: "the needle is here" });
      await found.waitFor();
      assert.equal(await found.isVisible(), true);
      // In its context: the lines around it are drawn too.
      await page.locator("#messages .line", { hasText: "another needle, from carol" }).waitFor();
      await page.locator("#messages .line", { hasText: "hay 0" }).waitFor();
      await page.click("#search-close");
      await page.locator("#search-panel").waitFor({ state: "hidden" });
    },
  );

  await t.step("a dark theme follows the system; the toggle's choice is kept", async () => {
    const background = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const DARK = "rgb(30, 31, 34)";
    const LIGHT = "rgb(247, 247, 245)";
    await page.locator('#buffer-list li[data-key="#room"]').click();
    await page.emulateMedia({ colorScheme: "dark" });
    assert.equal(await background(), DARK);
    await shoot(page, "screenshot-dark.png");
    await page.click("#toggle-theme");
    assert.equal(await background(), LIGHT);
    await page.reload();
    await page.locator('#buffer-list li[data-key="#room"]').click();
    assert.equal(await background(), LIGHT, "the choice outlives a reload");
    await page.click("#toggle-theme");
    assert.equal(await background(), DARK);
    await page.emulateMedia({ colorScheme: "light" });
    assert.equal(await background(), DARK, "a chosen theme holds whatever the system says");
    await page.click("#open-settings");
    await page.selectOption("#theme", "system");
    await page.click("#settings-save");
    assert.equal(await background(), LIGHT);
  });

  await t.step("at 390 px: the header, the grouped users and their menu, dark", async () => {
    await page.setViewportSize(NARROW);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.locator("#topic .buffer-name", { hasText: "#room" }).waitFor();
    assert.equal(await page.locator("#topic .buffer-name").isVisible(), true);
    await shoot(page, "screenshot-390-dark.png");
    await page.getByRole("button", { name: "Users", exact: true }).click();
    await page.locator('#nicklist li[data-nick="carol"]').click();
    await page.locator("#nick-menu button", { hasText: "Whois" }).waitFor();
    // The menu stays inside the narrow window.
    const box = await page.locator("#nick-menu").boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= NARROW.width, JSON.stringify(box));
    await shoot(page, "screenshot-390-nick-menu.png");
    await page.locator("#nick-menu button", { hasText: "Message" }).click();
    await page.locator('#buffer-list li.selected[data-key="carol"]').waitFor({ state: "attached" });
    assert.equal(await page.locator("#nicks.open").count(), 0);
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize(WIDE);
  });

  await t.step("the page logged no errors", () => {
    assert.deepEqual(browser.errors, []);
  });
});

Deno.test("the first-run screen is laid out as the working screen: the input at the foot", async () => {
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  for (
    const [size, name] of [[WIDE, "screenshot-first-run.png"], [
      NARROW,
      "screenshot-390-first-run.png",
    ]] as const
  ) {
    await page.setViewportSize(size);
    await page.goto(client.url!);
    await page.locator("#empty").waitFor();
    await shoot(page, name);
    const input = await page.locator("#input-form").boundingBox();
    assert.ok(input, "the input is shown");
    // The input sits at the foot of the window, as it does beside the messages.
    assert.equal(Math.round(input.y + input.height), size.height);
  }
  assert.deepEqual(browser.errors, []);
});

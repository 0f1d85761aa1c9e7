/**
 * The page's input line, network form and small-screen layout in real Chromium, against a
 * real InspIRCd and a second user. Controls are found by role and label.
 */
import assert from "node:assert/strict";
import { launchPage } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";

Deno.test("the page: completion, history, paste, commands, networks, small screens, keyboard", async (t) => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await using bob = new Peer(server.port, "bob");
  const input = page.getByRole("textbox", { name: "Message" });
  const log = page.getByRole("log", { name: "Messages" });

  await t.step("add a network with a server password: connecting, then connected", async () => {
    await page.goto(client.url!);
    await page.getByRole("button", { name: "Add network" }).first().click();
    const port = page.getByLabel("Port", { exact: true });
    assert.equal(await port.inputValue(), "6697");
    await page.getByLabel("TLS", { exact: true }).uncheck();
    // A default port follows the TLS box.
    assert.equal(await port.inputValue(), "6667");
    await page.getByLabel("Name", { exact: true }).fill("Local");
    await page.getByLabel("Server", { exact: true }).fill("127.0.0.1");
    await port.fill(String(server.passwordPort));
    await page.getByLabel("Server password", { exact: true }).fill("serverpass");
    await page.getByLabel("Join after connecting").fill("#room");
    // The form's limits are the one definition's (core/network_form.js), and the page checks
    // the form with it before sending: a bad nickname is refused there, in its words.
    const nick = page.getByLabel("Nickname", { exact: true });
    assert.equal(await page.getByLabel("Name", { exact: true }).getAttribute("maxlength"), "100");
    assert.equal(await nick.getAttribute("maxlength"), "50");
    await nick.fill("#alice");
    await page.getByRole("button", { name: "Save and connect" }).click();
    await page.locator("#network-form-error").filter({
      hasText: 'Cannot save network: nick must be a nickname, got "#alice"',
    }).waitFor();
    await nick.fill("alice");
    // Every text the status line shows, from before the click on.
    await page.evaluate(() => {
      const status = document.getElementById("network-status");
      if (!status) return;
      status.dataset.seen = "";
      new MutationObserver(() => status.dataset.seen += `${status.textContent}|`).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.getByRole("button", { name: "Save and connect" }).click();
    await page.getByRole("status").filter({ hasText: /^connected$/ }).waitFor();
    const seen = (await page.locator("#network-status").getAttribute("data-seen")) ?? "";
    assert.ok(seen.split("|").includes("connecting…"), seen);
    await page.locator('#buffer-list li[aria-current=true][data-key="#room"]').waitFor();
    assert.ok(!(await page.content()).includes("serverpass"));
  });

  await t.step("Tab completes a nick at the line start with ': '", async () => {
    await bob.irc.connect();
    bob.irc.join("#room");
    await page.locator('#nicklist li[data-nick="bob"]').waitFor();
    await input.fill("bo");
    await input.press("Tab");
    assert.equal(await input.inputValue(), "bob: ");
    await input.pressSequentially("hello there");
    await input.press("Enter");
    await bob.events.waitFor("message.received", (d) => d.message === "bob: hello there");
    assert.equal(await input.inputValue(), "");
  });

  await t.step("Up recalls the last line, Down goes back to the draft", async () => {
    await input.fill("a draft");
    await input.press("ArrowUp");
    assert.equal(await input.inputValue(), "bob: hello there");
    await input.press("ArrowDown");
    assert.equal(await input.inputValue(), "a draft");
    await input.fill("");
  });

  const paste = (text: string) =>
    input.evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      el.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);

  await t.step("a paste of several lines asks first; cancel sends nothing", async () => {
    await input.focus();
    await paste("first pasted\nsecond pasted\nthird pasted\n");
    const dialog = page.getByRole("dialog", { name: "Paste several lines" });
    await dialog.getByText("Send 3 lines?").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    // A line typed after the cancel reaches bob; nothing pasted went before it.
    await input.fill("after the cancel");
    await input.press("Enter");
    await bob.events.waitFor("message.received", (d) => d.message === "after the cancel");
    const got = bob.events.of("message.received").map((d) => d.message);
    assert.ok(!got.some((m) => m.includes("pasted")), got.join(" | "));

    await paste("one /line\ntwo");
    await dialog.getByText("Send 2 lines?").waitFor();
    await dialog.getByRole("button", { name: "Send" }).click();
    await bob.events.waitFor("message.received", (d) => d.message === "two");
    // Pasted text is text: a slash inside is sent as it is.
    assert.ok(bob.events.of("message.received").some((d) => d.message === "one /line"));
  });

  await t.step("/topic sets the topic; /help and bad usage answer in the buffer", async () => {
    await input.fill("/topic set from the browser");
    await input.press("Enter");
    await bob.events.waitFor("channel.topic", (d) => d.topic === "set from the browser");
    await page.locator("#topic", { hasText: "set from the browser" }).waitFor();
    await input.fill("/help kick");
    await input.press("Enter");
    await log.getByText("/kick <nick> [reason] - Remove a nick from the current channel")
      .waitFor();
    await input.fill("/kick");
    await input.press("Enter");
    await log.locator(".line.error", { hasText: "usage: /kick <nick> [reason]" }).waitFor();
  });

  await t.step("after a kick, sending shows an error in the buffer and sends nothing", async () => {
    // alice joined first, so she holds +o: she gives it to bob, who kicks her.
    await input.fill("/op bob");
    await input.press("Enter");
    await bob.events.waitFor("channel.mode", (d) => d.modes === "+o bob");
    bob.irc.quote("KICK #room alice :testing kicks");
    await log.getByText(/You were kicked by bob/).waitFor();
    await input.fill("still here?");
    await input.press("Enter");
    await log.locator(".line.error", { hasText: "you are not in the channel" }).waitFor();
    await input.fill("/join #room");
    await input.press("Enter");
    // The names that follow our join refill the list: by then the channel is joined again.
    await page.locator('#nicklist li[data-nick="alice"]').waitFor();
    await input.fill("back again");
    await input.press("Enter");
    // One connection keeps order: what reaches bob after the refusal shows nothing went before.
    await bob.events.waitFor("message.received", (d) => d.message === "back again");
    assert.ok(!bob.events.of("message.received").some((d) => d.message === "still here?"));
  });

  await t.step(
    "keyboard only: Tab reaches a buffer, Enter opens it, Tab reaches the input",
    async () => {
      await page.locator("body").focus();
      await page.evaluate(() => {
        const el = document.activeElement;
        if (el instanceof HTMLElement) el.blur();
      });
      let reachedBuffer = false;
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        const at = await page.evaluate(() => {
          const el = document.activeElement;
          return el instanceof HTMLElement
            ? { id: el.id, key: el.dataset.key ?? "" }
            : { id: "", key: "" };
        });
        if (at.key === "*" && !reachedBuffer) {
          reachedBuffer = true;
          await page.keyboard.press("Enter");
          await page.locator('#buffer-list li[aria-current=true][data-key="*"]').waitFor();
        }
        if (at.id === "input") break;
      }
      assert.ok(reachedBuffer, "Tab never reached the server buffer");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "input");
    },
  );

  await t.step("at 390 px the buffer list is a drawer; a buffer can be chosen", async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    const drawer = page.getByRole("navigation", { name: "Channels and queries" });
    await drawer.waitFor({ state: "hidden" });
    const users = page.getByRole("complementary", { name: "Users" });
    await users.waitFor({ state: "hidden" });
    const toggle = page.getByRole("button", { name: "Channels and queries" });
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    await toggle.click();
    await drawer.waitFor({ state: "visible" });
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    await drawer.getByRole("listitem", { name: "#room" }).click();
    await drawer.waitFor({ state: "hidden" });
    await page.locator('#buffer-list li[aria-current=true][data-key="#room"]').waitFor({
      state: "attached",
    });
    await page.getByRole("button", { name: "Users", exact: true }).click();
    await users.getByText("bob").waitFor();
    await page.keyboard.press("Escape");
    await users.waitFor({ state: "hidden" });
    // Nothing is wider than the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    const artifacts = new URL("../../.artifacts/client/", import.meta.url);
    await Deno.mkdir(artifacts, { recursive: true });
    const chat = await page.screenshot();
    await Deno.writeFile(new URL("small.png", artifacts), chat);
    if (Deno.env.get("UPDATE_SCREENSHOT") === "1") {
      await Deno.writeFile(new URL("../../docs/screenshot-390-chat.png", import.meta.url), chat);
    }
    await toggle.click();
    await drawer.waitFor({ state: "visible" });
    // The drawer slides in: the picture is taken once it is in place.
    await page.waitForFunction(() =>
      getComputedStyle(document.getElementById("buffers")!).transform === "none"
    );
    const shot = await page.screenshot();
    await Deno.writeFile(new URL("small_drawer.png", artifacts), shot);
    if (Deno.env.get("UPDATE_SCREENSHOT") === "1") {
      await Deno.writeFile(new URL("../../docs/screenshot-390.png", import.meta.url), shot);
    }
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await page.setViewportSize({ width: 1100, height: 640 });
  });

  await t.step("edit the network: the saved password is kept, never shown", async () => {
    await page.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Local" });
    const password = dialog.getByLabel("Server password", { exact: true });
    assert.equal(await password.inputValue(), "");
    assert.equal(await password.getAttribute("placeholder"), "saved (leave blank to keep)");
    await dialog.getByLabel("Name", { exact: true }).fill("Renamed");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await page.locator("#network-title", { hasText: "Renamed" }).waitFor();
    assert.equal(client.networks.get(1)?.password, "serverpass");
  });

  await t.step("remove the network, after confirming: disconnected and forgotten", async () => {
    const irc = client.irc(1)!;
    await page.getByRole("button", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove network" });
    await dialog.getByText(/Remove Renamed\?/).waitFor();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await page.locator("#empty").waitFor({ state: "visible" });
    assert.equal(irc.state, "disconnected");
    assert.deepEqual(client.networks.list(), []);
  });

  assert.deepEqual(browser.errors, []);
});

/**
 * Client tags in real Chromium, against a real InspIRCd (with ircv3_ctctags) and a second
 * user: typing shown and sent, and switched off in Settings.
 */
import assert from "node:assert/strict";
import { addLocalNetwork, launchPage } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";

Deno.test("the page: typing shows who types, clears on done or a message, and is sent unless switched off", async (t) => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await using bob = new Peer(server.port, "bob");
  const input = page.getByRole("textbox", { name: "Message" });
  const typing = page.locator("#typing");

  await page.goto(client.url!);
  await addLocalNetwork(page, server.port, "#room");
  await page.locator('#buffer-list li[aria-current=true][data-key="#room"]').waitFor();
  await bob.irc.connect();
  bob.irc.join("#room");
  await page.locator('#nicklist li[data-nick="bob"]').waitFor();

  await t.step("bob types: 'bob is typing'; done clears it", async () => {
    bob.irc.typing("#room", "active");
    await page.locator("#typing", { hasText: /^bob is typing$/ }).waitFor();
    bob.irc.typing("#room", "done");
    await page.waitForFunction(() => document.getElementById("typing")?.textContent === "");
  });

  await t.step("bob's message ends his typing", async () => {
    bob.irc.typing("#room", "active");
    await page.waitForFunction(() =>
      document.getElementById("typing")?.textContent === "bob is typing"
    );
    bob.irc.say("#room", "there");
    await page.getByRole("log", { name: "Messages" }).getByText("there").waitFor();
    assert.equal(await typing.textContent(), "");
  });

  await t.step("alice types: bob is told active, then done when she clears the line", async () => {
    await input.pressSequentially("hel");
    const active = await bob.events.waitFor("user.typing", (d) => d.state === "active");
    assert.deepEqual([active.data.channel, active.data.user], ["#room", "alice"]);
    await input.fill("");
    await bob.events.waitFor("user.typing", (d) => d.state === "done");
  });

  await t.step("switched off in Settings, typing is not sent", async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByLabel("Let others see when I am typing").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    const before = bob.events.of("user.typing").length;
    await input.pressSequentially("quiet words");
    await input.press("Enter");
    await bob.events.waitFor("message.received", (d) => d.message === "quiet words");
    assert.equal(bob.events.of("user.typing").length, before);
    // The choice is kept in this browser.
    await page.reload();
    await page.getByRole("button", { name: "Settings" }).click();
    assert.equal(await page.getByLabel("Let others see when I am typing").isChecked(), false);
  });
  assert.deepEqual(browser.errors, []);
});

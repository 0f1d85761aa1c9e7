/**
 * Client tags in real Chromium, against a real InspIRCd (with ircv3_ctctags) and a second
 * user: typing shown and sent, and switched off in Settings; a reply sent from a line's Reply
 * button, its quote, and a jump that loads the original from the history; reactions counted,
 * added and taken back.
 */
import assert from "node:assert/strict";
import { addLocalNetwork, launchPage } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";
import type { Page } from "playwright-core";

/** The msgid of the line showing `text`, once it is drawn. */
async function waitForMsgid(page: Page, text: string): Promise<string> {
  // By its own text: a reply to it (ours too, with echo-message) quotes the same words.
  const line = page.locator(".line[data-msgid]", {
    has: page.locator(":scope > .text", { hasText: text }),
  });
  await line.waitFor();
  return (await line.getAttribute("data-msgid")) ?? "";
}

Deno.test("the page: typing shown and sent (unless switched off); replies sent, quoted and jumped to; reactions", async (t) => {
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

  await t.step(
    "Reply on bob's line: the answer carries his msgid and shows his line quoted",
    async () => {
      bob.irc.say("#room", "what time is it?");
      const msgid = await waitForMsgid(page, "what time is it?");
      const line = page.locator(".line", { hasText: "what time is it?" });
      await line.hover();
      await line.getByRole("button", { name: "Reply to bob" }).click();
      await page.locator("#reply-bar", { hasText: "Replying to bob: what time is it?" }).waitFor();
      await input.fill("noon");
      await input.press("Enter");
      const got = await bob.events.waitFor("message.received", (d) => d.message === "noon");
      assert.equal(got.data.replyTo, msgid, "tagged with +draft/reply");
      const answer = page.locator(".line", { hasText: "noon" });
      assert.equal(
        (await answer.locator(".quote").textContent())?.includes("what time is it?"),
        true,
      );
      assert.equal(await page.locator("#reply-bar").isHidden(), true);
    },
  );

  await t.step(
    "reactions: counted with who reacted; ours added from the picker and taken back",
    async () => {
      const msgid = await waitForMsgid(page, "what time is it?");
      const line = page.locator(`.line[data-msgid="${msgid}"]`);
      bob.irc.react("#room", { msgid, reaction: "👍" });
      await line.getByRole("button", { name: "👍 1: bob" }).waitFor();
      await line.hover();
      await line.getByRole("button", { name: "Add reaction" }).click();
      await line.getByRole("button", { name: "React 👍" }).click();
      const both = line.getByRole("button", { name: "👍 2: bob, alice" });
      await both.waitFor();
      assert.equal(await both.getAttribute("aria-pressed"), "true");
      const added = await bob.events.waitFor("message.reacted", (d) => d.user === "alice");
      assert.deepEqual([added.data.replyTo, added.data.reaction], [msgid, "👍"]);
      // Pressing ours takes it back.
      await both.click();
      await line.getByRole("button", { name: "👍 1: bob" }).waitFor();
      await bob.events.waitFor("message.reacted", (d) => d.user === "alice" && d.removed);
      // After a reload they come from the history store.
      await page.reload();
      await page.locator('#buffer-list li[data-key="#room"]').click();
      await page.locator(`.line[data-msgid="${msgid}"]`).getByRole("button", { name: "👍 1: bob" })
        .waitFor();
    },
  );

  await t.step(
    "a reply to a line far back: quoted from the history, the jump loads it",
    async () => {
      bob.irc.say("#room", "the far original");
      const original = await waitForMsgid(page, "the far original");
      for (let i = 0; i < 260; i++) bob.irc.say("#room", `filler ${i}`);
      bob.irc.say("#room", "answering far back", { reply: { msgid: original, nick: "bob" } });
      await page.locator(".line", { hasText: "answering far back" }).waitFor();
      // After a reload the buffer holds the newest stored page only: the original is not in it.
      await page.reload();
      await page.locator('#buffer-list li[data-key="#room"]').click();
      const reply = page.locator(".line", { hasText: "answering far back" });
      await reply.locator(".quote", { hasText: "the far original" }).waitFor();
      assert.equal(await page.locator(`.line[data-msgid="${original}"]`).count(), 0);
      await reply.getByRole("button", { name: "Jump to the original" }).click();
      const jumped = page.locator(".line.found", { hasText: "the far original" });
      await jumped.waitFor();
      assert.equal(await jumped.isVisible(), true);
    },
  );

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

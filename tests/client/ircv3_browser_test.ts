/**
 * The rest of the IRCv3 set in real Chromium, against a scripted server (no Debian server
 * offers draft/multiline or sends FAIL/WARN/NOTE on cue): a received multiline message is
 * one line, a paste of several lines goes out as one BATCH, a bot is marked on its messages
 * and in the nick list, and standard replies show in the buffer they concern, after a reload
 * too. At 1280 and 390 px, with screenshots for docs/ when UPDATE_SCREENSHOT=1.
 */
import assert from "node:assert/strict";
import { addLocalNetwork, launchPage, NARROW, shoot, WIDE } from "./_browser.ts";
import { tempClient } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";

Deno.test("the page: multiline, bots and standard replies, at 1280 and 390 px", async (t) => {
  await using server = new ScriptedServer();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.setViewportSize(WIDE);
  await page.goto(client.url!);
  const accepted = server.accept();
  await addLocalNetwork(page, server.port, "#t");
  const peer = await accepted;
  const nick = await peer.register({
    caps: "batch server-time message-tags standard-replies " +
      "draft/multiline=max-bytes=4096,max-lines=24",
    isupport: "CASEMAPPING=rfc1459 CHANTYPES=# PREFIX=(ov)@+ BOT=B",
  });
  await peer.expect(/^JOIN #t/);
  await peer.send(
    `:${nick}!u@h JOIN #t`,
    `:peer.test 353 ${nick} = #t :${nick} @robot bob`,
    `:peer.test 366 ${nick} #t :End of /NAMES list.`,
  );
  const log = page.getByRole("log", { name: "Messages" });
  const input = page.locator("#input");

  await t.step("a received multiline batch is one line, its line breaks kept", async () => {
    await peer.send(
      "@msgid=ml1 :bob!b@h BATCH +b1 draft/multiline #t",
      "@batch=b1 :bob!b@h PRIVMSG #t :roses are red",
      "@batch=b1 :bob!b@h PRIVMSG #t :violets are ",
      "@batch=b1;draft/multiline-concat :bob!b@h PRIVMSG #t :blue",
      ":bob!b@h BATCH -b1",
    );
    const line = page.locator('.line[data-msgid="ml1"]');
    await line.waitFor();
    assert.equal(await line.locator(".text").innerText(), "roses are red\nviolets are blue");
    assert.equal(await log.locator(".line.message").count(), 1);
  });

  await t.step("a bot is marked BOT on its messages and in the nick list", async () => {
    // WHO's B flag (the server's BOT=B) and the `bot` tag on its message.
    await peer.send(
      `:peer.test 352 ${nick} #t r h peer.test robot H@B :0 Robot`,
      "@msgid=r1;bot :robot!r@h PRIVMSG #t :build 42 passed",
    );
    const line = page.locator('.line[data-msgid="r1"]');
    await line.locator(".bot-badge", { hasText: "BOT" }).waitFor();
    await page.locator('#nicklist li.bot[data-nick="robot"] .bot-badge').waitFor();
    assert.equal(await page.locator('#nicklist li.bot[data-nick="bob"]').count(), 0);
    assert.equal(await page.locator('.line[data-msgid="ml1"] .bot-badge').count(), 0);
  });

  await t.step("standard replies show in the buffer they concern", async () => {
    await peer.send(
      ":peer.test WARN PRIVMSG SLOW_DOWN #t :You are sending messages too fast",
      ":peer.test FAIL JOIN CHANNEL_FULL #t :Cannot join: the channel is full",
    );
    const warn = log.locator(".line.reply", { hasText: "SLOW_DOWN" });
    await warn.locator(".reply-type.warn", { hasText: "WARN" }).waitFor();
    const fail = log.locator(".line.reply", { hasText: "CHANNEL_FULL" });
    await fail.locator(".reply-type.fail", { hasText: "FAIL" }).waitFor();
    // A FAIL is shown once, as its reply, not again as an error line.
    assert.equal(await log.getByText("Cannot join: the channel is full").count(), 1);
    await shoot(page, "screenshot-ircv3.png");
  });

  await t.step("with draft/multiline, a paste of several lines is one BATCH, unasked", async () => {
    await input.focus();
    await input.evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      el.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, "line one\nline two\nline three\n");
    await peer.expect(/^BATCH -/);
    const opened = peer.received.findLastIndex((l) => l.startsWith("BATCH +"));
    const ref = peer.received[opened].split(" ")[1].slice(1);
    assert.deepEqual(peer.received.slice(opened), [
      `BATCH +${ref} draft/multiline #t`,
      `@batch=${ref} PRIVMSG #t :line one`,
      `@batch=${ref} PRIVMSG #t :line two`,
      `@batch=${ref} PRIVMSG #t :line three`,
      `BATCH -${ref}`,
    ]);
    assert.ok(!(await page.getByRole("dialog", { name: "Paste several lines" }).isVisible()));
    const ours = log.locator(".line.message", { hasText: "line one" });
    await ours.waitFor();
    assert.equal(await ours.locator(".text").innerText(), "line one\nline two\nline three");
  });

  await t.step("at 390 px the same lines, badges and replies show", async () => {
    await page.setViewportSize(NARROW);
    await page.locator('.line[data-msgid="r1"] .bot-badge').waitFor({ state: "visible" });
    await log.locator(".line.reply .reply-type.warn").waitFor({ state: "visible" });
    const box = await page.locator('.line[data-msgid="ml1"]').boundingBox();
    assert.ok(box && box.width <= NARROW.width, `the line fits: ${JSON.stringify(box)}`);
    await shoot(page, "screenshot-390-ircv3.png");
    await page.setViewportSize(WIDE);
  });

  await t.step("after a reload, the stored lines show the same", async () => {
    await peer.send(":peer.test NOTE * OPER_MESSAGE :Restarting at midnight");
    await page.reload();
    await page.locator('#buffer-list li[data-key="#t"]').click();
    const line = page.locator('.line[data-msgid="ml1"] .text');
    await line.waitFor();
    assert.equal(await line.innerText(), "roses are red\nviolets are blue");
    await log.locator(".line.reply .reply-type.warn", { hasText: "WARN" }).waitFor();
    await log.locator(".line.reply", { hasText: "SLOW_DOWN" }).waitFor();
    // The roster still knows robot is a bot: its stored line is marked as the live one was.
    await page.locator('.line[data-msgid="r1"] .bot-badge').waitFor();
  });

  assert.deepEqual(browser.errors, []);
  await peer.close();
});

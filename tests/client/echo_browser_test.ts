/**
 * Our own lines in real Chromium, against a scripted server offering echo-message (so the
 * test can hold the echo back): a line sent shows once, when the echo brings its msgid, and
 * can then be replied to, reacted to and deleted like anyone's.
 */
import assert from "node:assert/strict";
import { addLocalNetwork, launchPage } from "./_browser.ts";
import { tempClient } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";

Deno.test("the page: with echo-message our line shows once, from its echo, and can be replied to, reacted to and deleted", async () => {
  await using server = new ScriptedServer();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url!);
  const accepted = server.accept();
  await addLocalNetwork(page, server.port, "#t");
  const peer = await accepted;
  const nick = await peer.register({
    caps: "batch server-time message-tags echo-message draft/message-redaction",
  });
  await peer.expect(/^JOIN #t/);
  await peer.send(
    `:${nick}!u@h JOIN #t`,
    `:peer.test 353 ${nick} = #t :${nick} bob`,
    `:peer.test 366 ${nick} #t :End of /NAMES list.`,
  );
  await page.locator('#buffer-list li[aria-current=true][data-key="#t"]').waitFor();
  const log = page.getByRole("log", { name: "Messages" });
  const input = page.getByRole("textbox", { name: "Message" });
  await input.fill("my own words");
  await input.press("Enter");
  assert.equal(await peer.expect(/^PRIVMSG #t/), "PRIVMSG #t :my own words");
  // Sent but not echoed yet: bob's next line is drawn, ours not yet.
  await peer.send("@msgid=b1 :bob!b@h PRIVMSG #t :before the echo");
  await log.getByText("before the echo").waitFor();
  assert.equal(await log.getByText("my own words").count(), 0);

  await peer.send(`@msgid=e1 :${nick}!u@h PRIVMSG #t :my own words`);
  const own = page.locator('.line[data-msgid="e1"]');
  await own.getByText("my own words").waitFor();
  assert.equal(await log.getByText("my own words").count(), 1, "shown once");

  await own.hover();
  await own.getByRole("button", { name: "Add reaction" }).click();
  await own.getByRole("button", { name: "React 👍" }).click();
  assert.equal(await peer.expect(/draft\/react/), "@+draft/react=👍;+draft/reply=e1 TAGMSG #t");
  await own.getByRole("button", { name: `👍 1: ${nick}` }).waitFor();

  await own.hover();
  await own.getByRole("button", { name: `Reply to ${nick}` }).click();
  await input.fill("and more");
  await input.press("Enter");
  assert.equal(await peer.expect(/PRIVMSG #t :and more/), "@+draft/reply=e1 PRIVMSG #t :and more");

  await own.hover();
  await own.getByRole("button", { name: "Delete message" }).click();
  assert.equal(await peer.expect(/^REDACT/), "REDACT #t e1");
  await peer.send(`:${nick}!u@h REDACT #t e1`);
  await own.locator(".text", { hasText: /^Deleted$/ }).waitFor();
  assert.deepEqual(browser.errors, []);
  await peer.close();
});

/**
 * Deleting messages in real Chromium, against a scripted server offering
 * draft/message-redaction (no Debian server does): the Delete button sends REDACT, and a
 * REDACT from the server replaces the text with "Deleted", in the line and in a reply's quote,
 * after a reload too (through the history store).
 */
import assert from "node:assert/strict";
import { addLocalNetwork, launchPage } from "./_browser.ts";
import { tempClient } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";

Deno.test("the page: a message deleted shows 'Deleted' everywhere; Delete sends REDACT", async () => {
  await using server = new ScriptedServer();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url!);
  const accepted = server.accept();
  await addLocalNetwork(page, server.port, "#t");
  const peer = await accepted;
  const nick = await peer.register({
    caps: "batch server-time message-tags draft/message-redaction",
  });
  await peer.expect(/^JOIN #t/);
  await peer.send(
    `:${nick}!u@h JOIN #t`,
    `:peer.test 353 ${nick} = #t :${nick} bob`,
    `:peer.test 366 ${nick} #t :End of /NAMES list.`,
    "@msgid=m1 :bob!b@h PRIVMSG #t :a secret password",
    "@msgid=m2;+draft/reply=m1 :bob!b@h PRIVMSG #t :ignore that",
    "@msgid=m3 :bob!b@h PRIVMSG #t :a typo here",
  );
  const log = page.getByRole("log", { name: "Messages" });
  const m1 = page.locator('.line[data-msgid="m1"]');
  const m2 = page.locator('.line[data-msgid="m2"]');
  const m3 = page.locator('.line[data-msgid="m3"]');
  await m3.waitFor();
  await m2.locator(".quote", { hasText: "a secret password" }).waitFor();

  // bob deletes his first line: "Deleted" in its place and in the quote of the reply.
  await peer.send(":bob!b@h REDACT #t m1 :oops");
  await m1.locator(".text", { hasText: /^Deleted$/ }).waitFor();
  await m2.locator(".quote", { hasText: "Deleted" }).waitFor();
  assert.equal(await log.getByText("a secret password").count(), 0);

  // The server offers redaction: Delete sends REDACT, the server's relay deletes it here.
  await m3.hover();
  await m3.getByRole("button", { name: "Delete message" }).click();
  assert.equal(await peer.expect(/^REDACT/), "REDACT #t m3");
  await peer.send(`:${nick}!u@h REDACT #t m3`);
  await m3.locator(".text", { hasText: /^Deleted$/ }).waitFor();

  // After a reload the store's lines say the same.
  await page.reload();
  await page.locator('#buffer-list li[data-key="#t"]').click();
  await page.locator('.line[data-msgid="m1"] .text', { hasText: /^Deleted$/ }).waitFor();
  await page.locator('.line[data-msgid="m3"] .text', { hasText: /^Deleted$/ }).waitFor();
  assert.equal(await log.getByText("a secret password").count(), 0);
  assert.equal(await log.getByText("a typo here").count(), 0);
  assert.deepEqual(browser.errors, []);
  await peer.close();
});

/**
 * The page folds buffer names by the network's CASEMAPPING, the one fold irc/ and the store
 * use, in real Chromium: on a real InspIRCd (rfc1459) `bob[m]` and `BOB{M}` are one query
 * buffer; on a scripted ascii server (no Debian server speaks it) `#Ä` and `#ä` are two
 * channel buffers.
 */
import assert from "node:assert/strict";
import { addLocalNetwork, launchPage } from "./_browser.ts";
import { Peer, startInspircd, tempClient } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";

Deno.test("the page: bob[m] and BOB{M} are one buffer on a real InspIRCd (rfc1459)", async () => {
  await using server = await startInspircd();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url!);
  await addLocalNetwork(page, server.port, "#room");
  await page.locator('#buffer-list li[data-key="#room"]').waitFor();
  await using bob = new Peer(server.port, "bob[m]");
  await bob.irc.connect();
  bob.irc.say("alice", "one");
  const query = page.locator('#buffer-list li[data-key="bob{m}"]');
  await query.click();
  const input = page.getByRole("textbox", { name: "Message" });
  await input.fill("/msg BOB{M} two");
  await input.press("Enter");
  const log = page.getByRole("log", { name: "Messages" });
  await log.getByText("two").waitFor();
  await log.getByText("one").waitFor();
  const keys = await page.locator("#buffer-list li[data-key]").evaluateAll((items) =>
    items.map((li) => li instanceof HTMLElement ? li.dataset.key : "")
  );
  assert.deepEqual(keys.filter((key) => key?.startsWith("bob")), ["bob{m}"]);
  assert.deepEqual(browser.errors, []);
});

Deno.test("the page: #Ä and #ä are two buffers on an ascii server", async () => {
  await using server = new ScriptedServer();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  await page.goto(client.url!);
  const accepted = server.accept();
  await addLocalNetwork(page, server.port, "#x");
  const peer = await accepted;
  const nick = await peer.register({ isupport: "CASEMAPPING=ascii CHANTYPES=# PREFIX=(ov)@+" });
  await peer.expect(/^JOIN #x/);
  for (const channel of ["#Ä", "#ä"]) {
    await peer.send(`:${nick}!u@h JOIN ${channel}`, `:bob!b@h PRIVMSG ${channel} :in ${channel}`);
  }
  const upper = page.locator('#buffer-list li[data-key="#Ä"]');
  const lower = page.locator('#buffer-list li[data-key="#ä"]');
  await upper.waitFor();
  await lower.waitFor();
  const log = page.getByRole("log", { name: "Messages" });
  await upper.click();
  await log.getByText("in #Ä", { exact: true }).waitFor();
  assert.equal(await log.getByText("in #ä", { exact: true }).count(), 0);
  await lower.click();
  await log.getByText("in #ä", { exact: true }).waitFor();
  assert.equal(await log.getByText("in #Ä", { exact: true }).count(), 0);
  assert.deepEqual(browser.errors, []);
  await peer.close();
});

// Scrollback from the history store in a real Chromium page, with a real InspIRCd and the real
// SQLite file: a line received, the page reloaded, the client restarted, the line still shown
// (a mention still highlighted); unread counts come back; /search finds the line.
import assert from "node:assert/strict";
import { createEvent } from "../../bus/mod.ts";
import { startClient } from "../../client/mod.ts";
import { addLocalNetwork, launchPage } from "./_browser.ts";
import { FAST_IRC, Peer, SocketPage, startInspircd, tempClient } from "./_helpers.ts";

Deno.test("history in the page survives a reload and a restart; unread counts too; /search finds a line", async () => {
  await using server = await startInspircd();
  const dataDir = await Deno.makeTempDir({ prefix: "ircbus-scrollback-" });
  try {
    await using browser = await launchPage();
    const { page } = browser;
    const line = (text: string) => page.locator(".line .text", { hasText: text });
    const mention = page.locator(".line.highlight .text", { hasText: "alice: are you around?" });
    await using bob = new Peer(server.port, "bob");

    const first = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    try {
      await page.goto(first.url);
      await addLocalNetwork(page, server.port, "#side #room");
      await page.locator('#buffer-list li[data-key="#side"]').waitFor();
      await page.locator('#buffer-list li[data-key="#room"]').click();

      await bob.irc.connect();
      bob.irc.join("#room");
      bob.irc.join("#side");
      await page.locator('#nicklist li[data-nick="bob"]').waitFor();
      bob.irc.say("#room", "remember this line");
      bob.irc.say("#room", "alice: are you around?");
      await mention.waitFor();

      await page.reload();
      await page.locator('#buffer-list li[data-key="#room"]').click();
      await line("remember this line").waitFor();
      assert.equal(await line("remember this line").count(), 1, "shown once, not twice");
      // A mention read back from the store is marked as it was when it came.
      await mention.waitFor();
      assert.equal(await page.locator(".line.highlight").count(), 1);

      // Read #room, then bob writes privately while alice looks at #room.
      bob.irc.say("alice", "a private word before the restart");
      bob.irc.say("#side", "one on the side");
      bob.irc.say("#side", "two on the side");
      await page.locator('#buffer-list li[data-key="bob"] .unread').waitFor();
      await page.locator('#buffer-list li[data-key="#side"] .unread', { hasText: "2" }).waitFor();
      await first.history!.flush();
    } finally {
      await first.shutdown();
    }

    const second = await startClient({ dataDir, irc: FAST_IRC, log: () => {} });
    try {
      await page.goto(second.url);
      await page.locator("#rail button.connected").waitFor();
      // The conversation comes back with its unread count, before it is opened; the channel
      // once the client has rejoined it.
      assert.equal(
        await page.locator('#buffer-list li[data-key="bob"] .unread').textContent(),
        "1",
      );
      await page.locator('#buffer-list li[data-key="#side"] .unread', { hasText: "2" }).waitFor();
      await page.locator('#buffer-list li[data-key="#room"]').click();
      await line("remember this line").waitFor();
      await mention.waitFor();
      await page.locator('#buffer-list li[data-key="bob"]').click();
      await line("a private word before the restart").waitFor();

      await page.locator('#buffer-list li[data-key="#room"]').click();
      await page.fill("#input", "/search remember");
      await page.press("#input", "Enter");
      await page.locator("#search-status", { hasText: "1 found" }).waitFor();
      await page.locator("#search-results li", { hasText: "remember this line" }).waitFor();
      assert.deepEqual(browser.errors, []);
    } finally {
      await second.shutdown();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a history page comes after the batch that carried its lines: the page merges them with its live lines and shows none twice", async () => {
  await using client = await tempClient();
  await using page = await SocketPage.greeted(client.url!);
  for (let i = 0; i < 50; i++) {
    await client.bus.emit(createEvent(
      "message.received",
      { networkId: 1, channel: "#deno", user: "bob", message: `line ${i}`, timestamp: 0 },
      "irc",
    ));
  }
  // Asked at once: the page's batch timer has not fired yet, the store commits on asking.
  const reply = await page.request({ kind: "history.page", networkId: 1, buffer: "#deno" }, 1);
  assert.ok(Array.isArray(reply.result));
  const stored = reply.result.map((line: { text: string }) => line.text);
  assert.equal(stored.at(-1), "line 49");
  const before = page.received.slice(0, page.received.indexOf(reply));
  const live = before.flatMap((m) => m.kind === "batch" && Array.isArray(m.events) ? m.events : [])
    .filter((e) => e?.type === "message.received").map((e) => e.data.message);
  assert.deepEqual(live, stored);
});

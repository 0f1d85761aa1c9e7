// A flood into the open buffer, then reading back: every line can still be scrolled to, though
// only the newest are in the document while the view follows the end; after a reload, older
// pages come from the history store through the same window.
import assert from "node:assert/strict";
import { launchPage } from "./_browser.ts";
import { joinScripted, tempClient } from "./_helpers.ts";
import { ScriptedServer } from "../irc/_peer.ts";

Deno.test("the page: after 1,500 lines in the open channel, scrolling up reaches the oldest kept, and after a reload the first stored", async () => {
  await using server = new ScriptedServer();
  await using client = await tempClient();
  await using browser = await launchPage();
  const { page } = browser;
  const peer = await joinScripted(client, server, "#flood");
  await page.goto(client.url);
  // A click on the channel while a line arrives (its unread count redrawn between the press
  // and the release) still opens it.
  const entry = page.locator('#buffer-list li[data-key="#flood"]');
  await entry.waitFor();
  const at = await entry.boundingBox();
  assert.ok(at);
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  await peer.send(":bob!b@h PRIVMSG #flood :while pressed");
  await entry.locator(".unread").waitFor();
  await page.mouse.up();
  await page.locator("#messages .line .text", { hasText: "while pressed" }).waitFor();

  // A burst shorter than the window is drawn over a few frames (20 lines each): every line
  // shows, in order, and the view stays at the end.
  await peer.send(...Array.from({ length: 45 }, (_, i) => `:bob!b@h PRIVMSG #flood :burst ${i}`));
  await page.locator("#messages .line .text", { hasText: /^burst 44$/ }).waitFor();
  const burst = await page.locator("#messages").evaluate((box) => {
    const last = [...box.querySelectorAll(":scope > .chunk > .line")].at(-1)
      ?.getBoundingClientRect();
    const shown = box.getBoundingClientRect();
    return {
      texts: [...box.querySelectorAll(".line .text")].map((t) => t.textContent)
        .filter((t) => t?.startsWith("burst ")),
      inside: last !== undefined && last.top >= shown.top && last.bottom <= shown.bottom + 1,
    };
  });
  assert.deepEqual(burst, {
    texts: Array.from({ length: 45 }, (_, i) => `burst ${i}`),
    inside: true,
  });

  const total = 1500;
  for (let sent = 0; sent < total; sent += 100) {
    await peer.send(
      ...Array.from({ length: 100 }, (_, i) => `:bob!b@h PRIVMSG #flood :flood line ${sent + i}`),
    );
  }
  const scrollUntil = async (target: ReturnType<typeof line>) => {
    for (let tries = 0; tries < 100 && await target.count() === 0; tries++) {
      await page.locator("#messages").evaluate((box) => (box.scrollTop = 0));
      await page.locator("#messages").evaluate(() =>
        new Promise((resolve) => requestAnimationFrame(resolve))
      );
    }
    await target.waitFor();
  };
  const drawn = async () =>
    (await page.locator("#messages .line .text").allInnerTexts())
      .filter((t) => t.startsWith("flood line ")).map((t) => Number(t.slice(11)));
  const line = (n: number) =>
    page.locator("#messages .line .text", { hasText: new RegExp(`^flood line ${n}$`) });
  await line(total - 1).waitFor();
  // The view follows the end: the newest line is drawn last, inside the scrolled box (even
  // when the stored page arrived mid-flood and the lines were drawn again).
  const newest = await page.locator("#messages").evaluate((box) => {
    // The box holds its lines in chunks, a flush's lines each.
    const lastLine = [...box.querySelectorAll(":scope > .chunk > .line")].at(-1);
    const last = lastLine?.getBoundingClientRect();
    const shown = box.getBoundingClientRect();
    return {
      text: lastLine?.querySelector(".text")?.textContent,
      inside: last !== undefined && last.top >= shown.top && last.bottom <= shown.bottom + 1,
    };
  });
  assert.deepEqual(newest, { text: `flood line ${total - 1}`, inside: true });

  // Scroll to the top until the oldest kept line (the 1,000th from the end) is drawn.
  await scrollUntil(line(total - 1000));
  // Lines read back are in order, with none missing between the oldest and the newest.
  let numbers = await drawn();
  const from = numbers[0];
  assert.ok(from <= total - 1000, `scrolled back to line ${from}`);
  assert.deepEqual(numbers, Array.from({ length: total - from }, (_, i) => from + i));

  // Reading old lines, the reader stays where they are while new ones arrive below.
  // What the reader sees: the first line in view, and where.
  const reading = async () =>
    await page.locator("#messages").evaluate((box) => {
      const top = box.getBoundingClientRect().top;
      const first = [...box.querySelectorAll(":scope > .chunk > .line")]
        .find((el) => el.getBoundingClientRect().bottom > top);
      return {
        text: first?.querySelector(".text")?.textContent,
        at: Math.round((first?.getBoundingClientRect().top ?? 0) - top),
      };
    });
  const before = await reading();
  await peer.send(
    ...Array.from({ length: 30 }, (_, i) => `:bob!b@h PRIVMSG #flood :while reading ${i}`),
  );
  await page.locator("#messages .line .text", { hasText: /^while reading 29$/ }).waitFor();
  assert.deepEqual(await reading(), before);

  // Further up, the lines the flood pushed out of the page come from the store, back to the
  // first one, without a reload.
  await scrollUntil(line(0));
  numbers = await drawn();
  assert.deepEqual(numbers, Array.from({ length: total }, (_, i) => i));

  // After a reload the buffer opens with its newest stored page; scrolling up draws the
  // page's lines, then older pages from the history store, back to the first line.
  await client.history!.flush();
  await page.reload();
  await page.locator('#buffer-list li[data-key="#flood"]').click();
  await line(total - 1).waitFor();
  await scrollUntil(line(0));
  numbers = await drawn();
  assert.deepEqual(numbers, Array.from({ length: total }, (_, i) => i));
});
